import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogRules, defaultSchemasDir, entrySchemaFor, loadSchemaFiles, mapLocation } from '../../libs/import/xsd/xsd-files';
import { createXsdValidator } from '../../libs/import/xsd/xsd-validator';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/*
 * The product's XSD check (libs/import/xsd): the schemas in schemas/xsd, absolute imports mapped
 * through the catalog in memory, validated by libxml2 in WebAssembly — no xmllint binary, no network.
 */
const corpus = (f: string): string => readFileSync(path.join(ISO_CORPUS_DIR, f), 'utf8');

describe('the XSD files', () => {
  it('maps every absolute schema location of the ISO sets to a file that is there', () => {
    const dir = defaultSchemasDir();
    const files = loadSchemaFiles(dir);
    const names = new Set(files.map((f) => `/${f.fileName}`));
    const rules = catalogRules(readFileSync(path.join(dir, 'catalog.xml'), 'utf8'));
    expect(mapLocation('http://www.w3.org/1999/xlink.xsd', rules)).toBe('/pycsw/core/schemas/w3c/1999/xlink.xsd');
    const absolute = files.flatMap((f) => [...f.contents.matchAll(/schemaLocation\s*=\s*"(https?:[^"]+)"/g)].map((m) => `${f.fileName}: ${m[1]}`));
    expect(absolute).toEqual([]);
    const local = files.flatMap((f) => [...f.contents.matchAll(/schemaLocation\s*=\s*"(\/[^"]+)"/g)].map((m) => m[1] as string));
    expect(local.length).toBeGreaterThan(0);
    expect(local.filter((l) => !names.has(path.posix.normalize(l)))).toEqual([]);
  });

  it('chooses the 2007 ISO 19139 set for a document written with GML 3.2', () => {
    expect(entrySchemaFor('iso19139', '<x xmlns:gml="http://www.opengis.net/gml/3.2"/>')).toBe('iso19139-gml32.xsd');
    expect(entrySchemaFor('iso19139', '<x xmlns:gml="http://www.opengis.net/gml"/>')).toBe('iso19139.xsd');
    expect(entrySchemaFor('iso19115-3-2018', '')).toBe('iso19115-3-2018.xsd');
  });
});

describe('createXsdValidator', () => {
  const validator = createXsdValidator();

  it('validates a batch of documents of several schemas in input order, with line numbers for findings', async () => {
    const good = corpus('iso19139/ckanext-spatial__04_Dataset_Valid.xml');
    const bad = good.replace('</gmd:MD_DataIdentification>', '<gmd:fremd/></gmd:MD_DataIdentification>');
    const iso3 = corpus('iso19115-3/aodn-es-indexer__sample1.xml');
    const [a, b, c] = await validator.validate([
      { xml: good, schema: 'iso19139' }, { xml: iso3, schema: 'iso19115-3-2018' }, { xml: bad, schema: 'iso19139' },
    ]);
    expect(a).toEqual({ source: 'xsd', xsd: 'iso19139-gml32.xsd', valid: true, findings: [] });
    expect(b).toMatchObject({ xsd: 'iso19115-3-2018.xsd' });
    expect(c!.valid).toBe(false);
    expect(c!.findings).toEqual([expect.objectContaining({ message: expect.stringContaining('fremd') })]);
    const lineOfBad = bad.split('\n').findIndex((l) => l.includes('<gmd:fremd/>')) + 1;
    expect(c!.findings[0]!.line).toBe(lineOfBad);
  }, 120_000);

  it('reports a malformed document as findings, not as an error', async () => {
    const [r] = await validator.validate([{ xml: '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd">', schema: 'iso19139' }]);
    expect(r!.valid).toBe(false);
    expect(r!.findings.length).toBeGreaterThan(0);
  }, 120_000);
});
