import path from 'node:path';

/**
 * Where the tests' third-party data lives: test/data, inside the repository, so that a clone
 * runs its tests without anything beside it. Every reader takes its path from here (sources
 * and terms in test/data/README.md).
 */
export const TEST_DATA_DIR = path.resolve(__dirname, '../data');

/** pycsw's CSW suites: `<suite>/{data,get,post,expected}` for apiso, cite, default, iso19115p3, utf-8 */
export const CSW_SUITES_DIR = path.join(TEST_DATA_DIR, 'csw-suites/suites');

/** OGC, ISO 19139 and ISO 19115-3 XSDs, with `catalog.xml` mapping absolute locations to them */
export const CSW_SCHEMAS_DIR = path.join(TEST_DATA_DIR, 'csw-suites/schemas');

/** The bundled, offline JSON Schemas of OGC API – Records 1.0 (draft-07) */
export const OAREC_SCHEMAS_DIR = path.join(TEST_DATA_DIR, 'oarec-schemas/bundled');

/**
 * 177 real ISO records from other catalogues and tools (`iso19139/`, `iso19115-3/`, `iso19115-2/`),
 * one record per file, with `manifest.tsv` naming each file's repository, commit and path
 * (test/data/iso-corpus/README.md): what "nothing lost" is measured against.
 */
export const ISO_CORPUS_DIR = path.join(TEST_DATA_DIR, 'iso-corpus');
