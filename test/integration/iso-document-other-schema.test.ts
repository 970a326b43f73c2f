import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { Element, Node } from '@xmldom/xmldom';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import type { DocumentSchema } from '../../libs/catalogue/record-document';
import type { ProcessorDeps } from '../../libs/processors/processor-deps';
import { renderAndStore } from '../../libs/processors/render-record.processor';
import { compileCrosswalks, crosswalk, type CrosswalkSefs } from '../../libs/render/crosswalk';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { runCliInProcess } from '../helpers/cli-runner';
import { seedWorld, type World } from '../helpers/fixtures';
import { compareLeafValues, leafValues, normaliseLeaf, sumComparisons, type LeafComparison } from '../helpers/leaf-values';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/**
 * Issue 19: a record with a stored ISO document is served in the schema it was not written in
 * through our crosswalks, not from the JSON projection. Every record of the real-world corpus is
 * imported, rendered by the render job, and fetched with CSW GetRecordById (full) in the OTHER
 * schema: 19115-3 documents as ISO 19139 (gmd), 19139 / 19115-2 documents as 19115-3 (mdb/2.0).
 * What comes back holds every value the crosswalk of the stored document gives — including
 * values the JSON projection does not carry (a service's operatesOn, contacts' phone numbers).
 */
const DIRS = ['iso19139', 'iso19115-2', 'iso19115-3'];
const FILES = DIRS.flatMap((d) => readdirSync(path.join(ISO_CORPUS_DIR, d)).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(ISO_CORPUS_DIR, d, f)));

const CSW = '/metadata/csw';
const GMD = 'http://www.isotc211.org/2005/gmd';
const MDB2018 = 'http://standards.iso.org/iso/19115/-3/mdb/2.0';
const SRV_GMD = 'http://www.isotc211.org/2005/srv';
const CIT2018 = 'http://standards.iso.org/iso/19115/-3/cit/2.0';

const is19115p3 = (s: DocumentSchema): boolean => s === 'iso19115-3-2018' || s === 'iso19115-3-2016';
const text = (res: request.Response): string => (typeof res.text === 'string' && res.text !== '' ? res.text : String(res.body));
const firstChildElement = (el: Element): Element | undefined => {
  for (let c: Node | null = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) return c as Element;
  return undefined;
};
/** The value of each `local` element: its first gco:CharacterString (a localised value's translations aside), spaces collapsed. */
const texts = (el: { getElementsByTagNameNS(ns: string, local: string): ArrayLike<Element> }, ns: string, local: string): string[] =>
  Array.from(el.getElementsByTagNameNS(ns, local))
    .map((e) => (e.getElementsByTagNameNS('*', 'CharacterString')[0]?.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);

describe('issue 19: a stored document served in the other schema through the crosswalks', () => {
  let t: TestApp;
  let w: World;
  let sefs: CrosswalkSefs;
  const rows: { file: string; recordId: string; fileIdentifier: string; schema: DocumentSchema; xml: string }[] = [];
  /** file → the record CSW returned in the other schema, and what the crosswalk of its document gives */
  const served = new Map<string, { record: Element; expected: string; schema: DocumentSchema }>();

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
    sefs = await compileCrosswalks();
    const out = await runCliInProcess({ db: t.db, url: t.config.databaseUrl!, sessionSecret: 'iso-other-schema-test-secret-0123456789abcdef' },
      ['import', ...DIRS.map((d) => path.join(ISO_CORPUS_DIR, d)), '--org', w.a.org.id, '--publish', '--threads', '0']);
    expect({ code: out.code, output: out.code === 0 ? '' : `${out.out}\n${out.err}` }).toEqual({ code: 0, output: '' });
    const res = await t.db.query<{ id: string; file_identifier: string; schema: DocumentSchema; xml: string }>(
      `SELECT r.id, r.file_identifier, d.schema, d.xml FROM records r JOIN record_documents d ON d.record_id = r.id
        WHERE r.organisation_id = $1 AND r.status = 'PUBLISHED' AND d.origin = 'import'`, [w.a.org.id]);
    const byXml = new Map(res.rows.map((r) => [r.xml, r]));
    for (const file of FILES) {
      const row = byXml.get(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
      expect({ file, stored: !!row }).toEqual({ file, stored: true });
      rows.push({ file, recordId: row!.id, fileIdentifier: row!.file_identifier, schema: row!.schema, xml: row!.xml });
    }
    // the render job stores every form; CSW serves the stored ones
    const deps = { stores: jobStoresFor(t.db), renderer: t.deps.renderer } as unknown as ProcessorDeps;
    for (const r of rows) {
      expect({ file: r.file, status: (await renderAndStore(deps, r.recordId)).status }).toEqual({ file: r.file, status: 'rendered' });
      const other = is19115p3(r.schema) ? GMD : MDB2018;
      const got = await request(t.app).get(CSW).query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: r.fileIdentifier, elementSetName: 'full', outputSchema: other });
      expect({ file: r.file, status: got.status }).toEqual({ file: r.file, status: 200 });
      const record = firstChildElement(parseXmlSafely(text(got)).documentElement!);
      expect({ file: r.file, root: record?.localName }).toEqual({ file: r.file, root: expect.stringMatching(/^M[DI]_Metadata$/) });
      const expected = crosswalk(sefs, r.xml, r.schema, is19115p3(r.schema) ? 'iso19139' : 'iso19115-3-2018');
      served.set(r.file, { record: record!, expected, schema: r.schema });
    }
  }, 900_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves every record in the other schema with every value the crosswalk of its document gives', () => {
    const items: { file: string; c: LeafComparison }[] = [];
    for (const [file, s] of served) {
      const c = compareLeafValues(leafValues(s.expected), leafValues(s.record));
      items.push({ file, c });
      expect({ file, lost: c.lost }).toEqual({ file, lost: [] });
    }
    const all = sumComparisons(items.map((i) => i.c));
    console.log(`CSW GetRecordById full, other schema: ${items.length} records, ${all.kept}/${all.total} crosswalked leaf values served`);
    expect(items).toHaveLength(177);
  });

  it('a 19115-3 service fetched as gmd carries its operatesOn and its contacts\' phones', () => {
    let services = 0;
    let phones = 0;
    for (const r of rows.filter((x) => is19115p3(x.schema))) {
      const doc = parseXmlSafely(r.xml);
      const record = served.get(r.file)!.record;
      const operatesOn = Array.from(doc.getElementsByTagNameNS('*', 'operatesOn'));
      if (operatesOn.length) {
        services++;
        expect({ file: r.file, n: record.getElementsByTagNameNS(SRV_GMD, 'operatesOn').length }).toEqual({ file: r.file, n: operatesOn.length });
      }
      const numbers = texts(doc, CIT2018, 'number').concat(texts(doc, 'http://standards.iso.org/iso/19115/-3/cit/1.0', 'number'));
      if (numbers.length) {
        phones++;
        const values = leafValues(record);
        for (const n of numbers) expect({ file: r.file, phone: n, served: values.has(`text\u0000${normaliseLeaf(n)}`) }).toEqual({ file: r.file, phone: n, served: true });
      }
    }
    expect(services).toBeGreaterThan(0);
    expect(phones).toBeGreaterThan(0);
  });

  it('a 19139 record fetched as 19115-3 carries its contacts\' phones', () => {
    let phones = 0;
    for (const r of rows.filter((x) => !is19115p3(x.schema))) {
      const doc = parseXmlSafely(r.xml);
      const voices = [...texts(doc, GMD, 'voice'), ...texts(doc, GMD, 'facsimile')];
      if (!voices.length) continue;
      phones++;
      const record = served.get(r.file)!.record;
      const values = leafValues(record);
      for (const v of voices) expect({ file: r.file, phone: v, served: values.has(`text\u0000${normaliseLeaf(v)}`) }).toEqual({ file: r.file, phone: v, served: true });
    }
    expect(phones).toBeGreaterThan(0);
  });
});
