import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SaxonJS, { type SaxonNode } from 'saxon-js';
import { createRenderer, type Renderer } from '../../libs/render';
import { compileStylesheets } from '../../libs/render/stylesheet-compiler';
import { RENDER_PLAN } from '../../libs/render/render-plan';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { SAMPLE_RECORDS, generateRecord } from '../helpers/sample-records';
import { awkwardRecord } from '../helpers/awkward-records';

/**
 * The brief and summary element sets are cut from the full form's tree in TypeScript
 * (libs/render/element-sets.ts) instead of by four XSLT passes. The stylesheets that used to
 * make them are kept in test/fixtures/retired-xslt as the definition: run by SaxonJS on the
 * full forms, they must give the renderer's text byte for byte, for every record here.
 */
const RETIRED = path.join(__dirname, '../fixtures/retired-xslt');
const FORMS = [
  { form: 'gmd-summary', from: 'gmd', stylesheet: 'gmd-to-gmd-summary.xsl' },
  { form: 'gmd-brief', from: 'gmd', stylesheet: 'gmd-to-gmd-brief.xsl' },
  { form: 'mdb2018-summary', from: 'mdb2018', stylesheet: 'mdb2018-to-mdb2018-summary.xsl' },
  { form: 'mdb2018-brief', from: 'mdb2018', stylesheet: 'mdb2018-to-mdb2018-brief.xsl' },
] as const;

const RECORDS: MetadataRecord[] = [
  ...SAMPLE_RECORDS,
  ...Array.from({ length: 60 }, (_, i) => generateRecord(i)),
  ...SAMPLE_RECORDS.map(awkwardRecord),
  ...Array.from({ length: 20 }, (_, i) => awkwardRecord(generateRecord(i), i)),
];

let cacheDir: string;
let sef: ReadonlyMap<string, object>;
let mdbSef: object;
let renderer: Renderer;
beforeAll(async () => {
  cacheDir = mkdtempSync(path.join(tmpdir(), 'gk-retired-xslt-'));
  let mdb;
  [{ sef }, mdb, renderer] = await Promise.all([
    compileStylesheets(FORMS.map((f) => f.stylesheet), { xsltDir: RETIRED, cacheDir }),
    compileStylesheets(['gmd-to-mdb2018.xsl']),
    createRenderer(),
  ]);
  mdbSef = mdb.sef.get('gmd-to-mdb2018.xsl') as object;
}, 300_000);
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/**
 * What the retired stylesheet writes, run as the old renderer ran it: on the parsed gmd text
 * (the same tree as the renderer's, render-gmd-tree.test.ts), or on the mdb2018 result tree
 * (its text, serialised by xmldom, does not parse back to the same tree when the record holds
 * a carriage return).
 */
function byStylesheet(stylesheet: string, from: 'gmd' | 'mdb2018', record: MetadataRecord, gmd: string): string {
  let sourceNode: SaxonNode = SaxonJS.getPlatform().parseXmlFromString(gmd);
  if (from === 'mdb2018') {
    const plan = RENDER_PLAN.mdb2018;
    const params = plan.kind === 'xslt' && plan.params ? Object.fromEntries(Object.entries(plan.params(record)).map(([k, v]) => [`Q{}${k}`, v])) : {};
    sourceNode = SaxonJS.transform({ stylesheetInternal: mdbSef, sourceNode, destination: 'document', stylesheetParams: params }, 'sync').principalResult as SaxonNode;
  }
  return SaxonJS.transform({ stylesheetInternal: sef.get(stylesheet) as object, sourceNode, destination: 'serialized' }, 'sync').principalResult as string;
}

/** Where two texts part, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `${JSON.stringify(a.slice(Math.max(0, i - 60), i + 60))} ≠ ${JSON.stringify(b.slice(Math.max(0, i - 60), i + 60))}`;
}

it('runs on records with awkward text', () => {
  expect(RECORDS.filter((r) => r.id.includes('awkward'))).toHaveLength(30);
});

// the retired gmd brief knew only MD_DataIdentification: a service record's gmd form is
// srv:SV_ServiceIdentification since issue 19 §4, whose brief (service type, extent, the srv
// schema's mandatory properties withheld) is pinned by render-grown-model.test.ts and render-xsd.test.ts
const comparable = (form: string, r: MetadataRecord): boolean => form !== 'gmd-brief' || r.hierarchyLevel !== 'service';

it.each(FORMS.map((f) => [f.form, f]))('%s: the same text as the retired stylesheet', (_name, f) => {
  const differing = RECORDS.filter((r) => comparable(f.form, r)).flatMap((r) => {
    const set = renderer.renderAll(r);
    const want = byStylesheet(f.stylesheet, f.from, r, set.gmd);
    return set[f.form] === want ? [] : [`${r.id}: ${firstDifference(set[f.form], want)}`];
  });
  expect(differing).toEqual([]);
}, 300_000);

it('the brief forms are smaller than the summary forms, which are smaller than the full ones', () => {
  const set = renderer.renderAll(generateRecord(7));
  expect(set['gmd-brief'].length).toBeLessThan(set['gmd-summary'].length);
  expect(set['gmd-summary'].length).toBeLessThan(set.gmd.length);
  expect(set['mdb2018-brief'].length).toBeLessThan(set['mdb2018-summary'].length);
  expect(set['mdb2018-summary'].length).toBeLessThan(set.mdb2018.length);
});
