import { RENDER_FORMATS, type RenderFormat } from '../../libs/render/formats';
import { createRenderer, type RenderSet } from '../../libs/render';
import { SAMPLE_RECORDS, SERVICE, generateRecord, sampleRecord } from '../helpers/sample-records';
import { CSW_SUITES_DIR as SUITES } from '../helpers/test-data';
import { validateXsdMany, type XsdSchema } from '../helpers/xsd';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importMetadataXml } from '../../libs/import';

/**
 * Every form of every sample record is valid against the official schema of its form
 * (test/data/csw-suites/schemas), checked with xmllint: one xmllint run per form.
 */
// gmd forms with gmx: a keyword or thesaurus title with a known URI is a gmx:Anchor (issue 20 §5)
const SCHEMA: Record<RenderFormat, XsdSchema> = {
  gmd: 'gmd-gmx', 'gmd-summary': 'gmd-gmx', 'gmd-brief': 'gmd-gmx',
  mdb2016: 'mdb2016',
  mdb2018: 'mdb2018', 'mdb2018-summary': 'mdb2018', 'mdb2018-brief': 'mdb2018',
  'dc-full': 'csw-record', 'dc-summary': 'csw-record', 'dc-brief': 'csw-record',
};

const RECORDS = [
  ...SAMPLE_RECORDS,
  ...Array.from({ length: 8 }, (_, i) => generateRecord(i)),
  sampleRecord('rec-service-typed', { ...SERVICE, serviceType: 'THREDDS OPeNDAP & "lainnya"', topicCategories: [] }),
  sampleRecord('rec-entity-text', { title: 'Judul &amp; &#65;', abstract: 'a &lt; b', hierarchyLevel: 'service', distributions: [] }),
  // keyword anchors (gmx:Anchor → gcx:Anchor in 19115-3) and a contact's online resource (issue 20 §5)
  sampleRecord('rec-anchors', {
    title: 'Anchor', keywords: [{ type: 'theme', thesaurus: 'GEMET', thesaurusAnchor: 'http://www.eionet.europa.eu/gemet/', values: ['Hidrografi', 'Air'],
      anchors: [{ value: 'Hidrografi', uri: 'http://inspire.ec.europa.eu/theme/hy?a=1&b=2' }] }],
    contacts: [{ role: 'pointOfContact', organisationName: 'BIG', email: 'a@big.go.id', onlineResource: 'https://big.go.id/' }, { role: 'custodian', organisationName: 'Hanya URL', onlineResource: 'https://x.example/' }],
  }),
];

// The sample records of the CSW suites (CITE Dublin Core, ISO 19139, ISO 19115-3), imported as
// a user would import them: what the catalogue stores of real-world metadata must render valid too.
const SUITE_RECORDS = ['cite', 'apiso', 'iso19115p3'].flatMap((suite) =>
  readdirSync(path.join(SUITES, suite, 'data'))
    .filter((f) => f.endsWith('.xml'))
    .map((f) => {
      const { doc } = importMetadataXml(readFileSync(path.join(SUITES, suite, 'data', f), 'utf8'));
      return sampleRecord(doc.fileIdentifier ?? `${suite}-${f}`, doc);
    }),
);

let renders: { id: string; set: RenderSet }[];

beforeAll(async () => {
  const renderer = await createRenderer();
  renders = [...RECORDS, ...SUITE_RECORDS].map((r) => ({ id: r.id, set: renderer.renderAll(r) }));
}, 300_000);

it('includes every sample record of the CSW suites', () => {
  expect(SUITE_RECORDS.length).toBe(12 + 17 + 4);
});

it('covers every render form', () => {
  expect(Object.keys(SCHEMA).sort()).toEqual([...RENDER_FORMATS].sort());
});

describe.each(RENDER_FORMATS.map((f) => [f]))('%s', (format) => {
  it(`every sample record validates against the ${SCHEMA[format]} schema`, () => {
    const results = validateXsdMany(renders.map((r) => r.set[format]), SCHEMA[format]);
    const invalid = results.flatMap((res, i) => (res.valid ? [] : [`${renders[i]!.id}: ${res.errors}`]));
    expect(invalid).toEqual([]);
  }, 300_000);
});

it('the validator does reject an invalid document (the check is not vacuous)', () => {
  const gmd = renders[0]!.set.gmd.replace('<gmd:dateStamp>', '<gmd:dateStampX>').replace('</gmd:dateStamp>', '</gmd:dateStampX>');
  const [res] = validateXsdMany([gmd], 'gmd');
  expect(res!.valid).toBe(false);
  expect(res!.errors).toMatch(/dateStampX/);
}, 300_000);
