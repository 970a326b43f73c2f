import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MetadataDoc, MetadataRecord } from '../../libs/catalogue/record.types';
import { METADATA_SCHEMA } from '../../libs/catalogue/metadata.schema';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import { importMetadataXml, type ImportResult } from '../../libs/import';
import { findXmlFiles } from '../../libs/import/xml-files';
import { CSW_SUITES_DIR as SUITES } from '../helpers/test-data';
import { createRenderer, type Renderer } from '../../libs/render';
import {
  ANTIMERIDIAN, DUBLIN_CORE_IMPORT, FULL, MINIMAL, NO_EXTENT, OPEN_TIME, SERVICE, SPECIAL_CHARS, docOf, generateRecord, sampleRecord,
} from '../helpers/sample-records';
import { withoutRenderDerived } from '../helpers/render-derived';
import { GROWN_DATASET, GROWN_SERVICE } from '../helpers/grown-records';

/**
 * gmd → mdb2018 → import: a record rendered the way CSW and export serve it (our gmd builder,
 * then our gmd-to-mdb2018 stylesheet through the real renderer) and imported back gives the same
 * document, field for field. The same for the shared suite records: file → JSON → mdb2018 → JSON.
 */


let renderer: Renderer;
beforeAll(async () => { renderer = await createRenderer(); }, 300_000);

function viaMdb(record: MetadataRecord, format: 'mdb2018' | 'mdb2016' = 'mdb2018'): ImportResult {
  const r = importMetadataXml(renderer.render(record, format));
  expect(r.sourceFormat).toBe(format);
  return { ...r, doc: withoutRenderDerived(r.doc, record) };
}

/** FULL as a service: with FULL, every property of the schema is set by one of the two. */
const EVERY_SERVICE = sampleRecord('rec-every-service', {
  ...docOf(FULL),
  title: 'Layanan Unduh Peta Rupabumi',
  hierarchyLevel: 'service',
  // deliberately not what the first protocol (OGC:WMS → "view") would suggest: it must be carried, not derived
  serviceType: 'download',
});

/**
 * ISO 19115-3 requires srv:serviceType on a service identification, so a service record without
 * one comes back with the type the stylesheet derives from its first protocol.
 */
function derivedServiceType(protocol: string): string {
  const p = protocol.toUpperCase();
  if (/WMS|WMTS|TMS/.test(p)) return 'view';
  if (/WFS|WCS|DOWNLOAD|ATOM/.test(p)) return 'download';
  if (/CSW/.test(p)) return 'discovery';
  if (/WPS/.test(p)) return 'invoke';
  return 'other';
}

/** a conformity date's type written as the default comes back as that default */
function normalise(field: string, value: unknown): unknown {
  if (field !== 'conformity' || !Array.isArray(value)) return value;
  return value.map((c: Record<string, unknown>) => ({ ...c, specificationDateType: c.specificationDateType ?? 'publication' }));
}

function expectedAfterRender(doc: MetadataDoc): MetadataDoc {
  if (doc.hierarchyLevel !== 'service' || doc.serviceType) return doc;
  return { ...doc, serviceType: derivedServiceType(doc.distributions?.[0]?.protocol ?? '') };
}

describe('JSON → gmd → mdb2018 → JSON', () => {
  it('the full fixtures set every property of the metadata schema', () => {
    const schemaFields = Object.keys(METADATA_SCHEMA.properties as Record<string, unknown>).sort();
    // FULL and EVERY_SERVICE hold the model before issue 19 §4, the grown records the fields it added
    const covered = new Set([FULL, EVERY_SERVICE, GROWN_DATASET, GROWN_SERVICE].flatMap((r) => Object.keys(docOf(r))));
    expect(schemaFields.filter((f) => !covered.has(f))).toEqual([]);
  });

  it.each([['GROWN_DATASET', GROWN_DATASET], ['GROWN_SERVICE', GROWN_SERVICE]] as const)(
    'keeps every field of issue 19 §4 of %s through mdb2018 and mdb2016',
    (_name, record) => {
      for (const format of ['mdb2018', 'mdb2016'] as const) {
        const { doc } = viaMdb(record, format);
        // the fields the grown model added, compared one by one (the older fields have their own tests above)
        for (const field of ['translations', 'alternateTitles', 'edition', 'resourceIdentifiers', 'parentIdentifier', 'serviceTypeVersions',
          'couplingType', 'operations', 'operatesOn', 'distributors', 'additionalReferenceSystems', 'additionalResolutions',
          'formatVersions', 'conformity', 'processSteps', 'associatedResources', 'additionalOverviews'] as const) {
          const want = docOf(record)[field];
          if (want === undefined) continue;
          expect({ format, field, value: normalise(field, doc[field]) }).toEqual({ format, field, value: normalise(field, want) });
        }
      }
    },
  );

  it('keeps every field of the full sample record, without warnings', () => {
    const { doc, warnings } = viaMdb(FULL);
    expect(doc).toEqual(docOf(FULL));
    expect(warnings).toEqual([]);
  });

  it('keeps every field of a full service record, its serviceType included', () => {
    const { doc, warnings } = viaMdb(EVERY_SERVICE);
    expect(doc).toEqual(docOf(EVERY_SERVICE));
    expect(warnings).toEqual([]);
  });

  it.each([
    ['MINIMAL', MINIMAL], ['ANTIMERIDIAN', ANTIMERIDIAN], ['DUBLIN_CORE_IMPORT', DUBLIN_CORE_IMPORT], ['NO_EXTENT', NO_EXTENT], ['OPEN_TIME', OPEN_TIME],
  ] as const)('keeps the shared sample record %s', (_name, record) => {
    expect(viaMdb(record).doc).toEqual(docOf(record));
  });

  it('keeps a service record without serviceType, which gains the type derived from its protocol', () => {
    expect(viaMdb(SERVICE).doc).toEqual({ ...docOf(SERVICE), serviceType: 'view' });
  });

  it('keeps XML special characters (only characters XML 1.0 cannot hold are dropped)', () => {
    const record = SPECIAL_CHARS; // its abstract holds a literal "&amp;", which must come back as written
    const expected = docOf(record);
    expected.lineage = expected.lineage?.replace(/\u0007/g, '');
    // not a URL our schema accepts (raw <, >, "): the import percent-encodes it, as from gmd
    expected.distributions = [{ ...expected.distributions![0]!, url: 'https://example.go.id/data?a=1&b=%3C2%3E&c=%223%22' }];
    expect(viaMdb(record).doc).toEqual(expected);
  });

  it('keeps generated records of every hierarchy level (keyword values de-duplicated)', () => {
    for (let i = 0; i < 24; i++) {
      const record = generateRecord(i);
      const doc = docOf(record);
      const expected = expectedAfterRender({
        ...doc,
        ...(doc.keywords ? { keywords: doc.keywords.map((k) => ({ ...k, values: [...new Set(k.values)] })) } : {}),
      });
      const got = viaMdb(record).doc;
      expect(validateMetadataDoc(got).ok).toBe(true);
      expect(got).toEqual(expected);
    }
  });

  it('the 2016 namespace set round-trips the full record too', () => {
    expect(viaMdb(FULL, 'mdb2016').doc).toEqual(docOf(FULL));
  });
});

describe('shared suite records: file → JSON → mdb2018 → JSON', () => {
  const files = ['apiso', 'cite', 'iso19115p3'].flatMap((s) => findXmlFiles([path.join(SUITES, s, 'data')]));
  const firstImport = new Map(files.map((f) => [f, importMetadataXml(readFileSync(f, 'utf8')).doc]));

  it('finds the 33 suite records', () => {
    expect(files).toHaveLength(33);
  });

  it.each(files.map((f) => [path.relative(SUITES, f), f]))('%s', (_name, file) => {
    const first = firstImport.get(file!)!;
    expect(viaMdb(sampleRecord(first.fileIdentifier!, first)).doc).toEqual(expectedAfterRender(first));
  });
});
