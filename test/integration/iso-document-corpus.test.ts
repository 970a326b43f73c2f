import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { Element, Node } from '@xmldom/xmldom';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import type { DocumentSchema } from '../../libs/catalogue/record-document';
import type { ProcessorDeps } from '../../libs/processors/processor-deps';
import { renderAndStore } from '../../libs/processors/render-record.processor';
import { toOaiIdentifier } from '../../libs/oai/request/oai-identifiers';
import { createDefaultRenderer } from '../../libs/processors/default-renderer';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { runCliInProcess } from '../helpers/cli-runner';
import { seedWorld, type World } from '../helpers/fixtures';
import { mapBounded } from '../helpers/bounded-pool';
import { startCrosswalkThreads } from '../helpers/crosswalk-threads';
import { compareLeafValues, leafValues, normaliseLeaf, sumComparisons, type LeafComparison } from '../helpers/leaf-values';
import { oaiGet } from '../helpers/oai-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/**
 * Issue 19: every record of the real-world ISO corpus (test/data/iso-corpus) is accepted by both
 * import paths — the CLI batch import and the REST upload the workbench uses — and comes back
 * in its own schema with its content: CSW GetRecordById (elementSetName=full, the record's own
 * outputSchema) from the forms the render job stored, and the REST export. Kept leaf values
 * (test/helpers/leaf-values.ts) must be ≥ 99.5 % over the corpus and ≥ 98 % for each record.
 * The identifiers real catalogues use (a URL, slashes, spaces, `..`) are matched exactly by
 * CSW, OGC API – Records (percent-encoded in the path) and OAI-PMH.
 *
 * The same imported and rendered corpus is then fetched in the schema it was NOT written in
 * (issue 19, crosswalks): 19115-3 documents as ISO 19139 (gmd), 19139 / 19115-2 documents as
 * 19115-3 (mdb/2.0). What comes back holds every value the crosswalk of the stored document gives
 * — including values the JSON projection does not carry (a service's operatesOn, contacts' phone
 * numbers). These checks were a suite of their own that imported and rendered all 177 files a
 * second time; here they read the records this suite already imported and rendered.
 *
 * The corpus is rendered on two worker threads — the renderer the embedded API uses
 * (createDefaultRenderer with threads), the same stylesheets as the in-process one — and the
 * crosswalks the served records are compared with run on two threads too (crosswalk-threads.ts):
 * SaxonJS is synchronous CPU work, and in this thread the corpus would go through one core. The
 * loops keep a few records in flight (mapBounded) so that both threads
 * stay busy while this thread stores renders and answers the CSW requests.
 */
const DIRS = ['iso19139', 'iso19115-2', 'iso19115-3'];
const FILES = DIRS.flatMap((d) => readdirSync(path.join(ISO_CORPUS_DIR, d)).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(ISO_CORPUS_DIR, d, f)));

const CSW = '/metadata/csw';
const GMD = 'http://www.isotc211.org/2005/gmd';
const MDB2018 = 'http://standards.iso.org/iso/19115/-3/mdb/2.0';
const SRV_GMD = 'http://www.isotc211.org/2005/srv';
const CIT2018 = 'http://standards.iso.org/iso/19115/-3/cit/2.0';
/** records in flight at once: two threads, each with the next record waiting (see the comment above) */
const IN_FLIGHT = 4;

/** a CLI-imported record: its stored document is the file as written (the import test checks it) */
interface Stored { recordId: string; fileIdentifier: string; schema: DocumentSchema; xml: string }

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

function report(label: string, items: { file: string; c: LeafComparison }[]): void {
  const all = sumComparisons(items.map((i) => i.c));
  const worst = [...items].sort((a, b) => a.c.ratio - b.c.ratio)[0];
  // the figures the issue asks for, printed with the run
  console.log(`${label}: ${items.length} records, ${all.kept}/${all.total} leaf values kept (${(all.ratio * 100).toFixed(2)} %); `
    + `lowest ${worst ? `${path.basename(worst.file)} ${(worst.c.ratio * 100).toFixed(2)} %` : '-'}`);
  expect(all.ratio).toBeGreaterThanOrEqual(0.995);
  for (const i of items) expect({ file: i.file, ratio: i.c.ratio >= 0.98 ? 'ok' : i.c.ratio, lost: i.c.ratio >= 0.98 ? [] : i.c.lost }).toEqual({ file: i.file, ratio: 'ok', lost: [] });
}

describe('issue 19: the ISO corpus through both import paths, served back in its own schema and in the other one', () => {
  let t: TestApp;
  let w: World;
  const byFile = new Map<string, Stored>();
  const uploaded = new Map<string, string>();
  /** file → the record CSW returned in the other schema, and what the crosswalk of its document gives */
  const served = new Map<string, { record: Element; expected: string }>();

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('REST upload (the workbench path, as drafts of another organisation first, so that the published copies do not hold the identifiers): every file is accepted (201) with its document and check report', async () => {
    for (const file of FILES) {
      const res = await w.b.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(readFileSync(file, 'utf8'));
      expect({ file, status: res.status, body: res.status === 201 ? '' : res.body }).toEqual({ file, status: 201, body: '' });
      expect(Array.isArray(res.body.validation)).toBe(true);
      uploaded.set(file, res.body.id as string);
    }
    // the record read back carries its current document's schema, origin and report
    const one = uploaded.get(FILES[0]!)!;
    const read = await w.b.produsen.agent.get(`/api/metadata/${encodeURIComponent(one)}`);
    expect(read.body.isoDocument).toMatchObject({ seq: 1, origin: 'import', schema: 'iso19139', validation: expect.any(Array) });
  }, 300_000);

  it(`CLI import: all ${FILES.length} corpus files are imported with their documents, none refused`, async () => {
    expect(FILES.length).toBe(177);
    const out = await runCliInProcess({ db: t.db, url: t.config.databaseUrl!, sessionSecret: 'iso-document-test-secret-0123456789abcdef' },
      ['import', ...DIRS.map((d) => path.join(ISO_CORPUS_DIR, d)), '--org', w.a.org.id, '--publish', '--threads', '0']);
    expect({ code: out.code, output: out.code === 0 ? '' : `${out.out}\n${out.err}` }).toEqual({ code: 0, output: '' });
    const rows = await t.db.query<{ id: string; file_identifier: string; schema: DocumentSchema; xml: string }>(
      `SELECT r.id, r.file_identifier, d.schema, d.xml FROM records r JOIN record_documents d ON d.record_id = r.id
        WHERE r.organisation_id = $1 AND r.status = 'PUBLISHED' AND d.origin = 'import'`, [w.a.org.id]);
    expect(rows.rows).toHaveLength(FILES.length);
    // each stored document is the file as written (a leading byte-order mark aside)
    const byXml = new Map(rows.rows.map((r) => [r.xml, r]));
    for (const file of FILES) {
      const written = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      const row = byXml.get(written);
      expect({ file, stored: !!row }).toEqual({ file, stored: true });
      byFile.set(file, { recordId: row!.id, fileIdentifier: row!.file_identifier, schema: row!.schema, xml: row!.xml });
    }
  }, 300_000);

  it('the render job writes each document as its own schema\'s full form; CSW GetRecordById full gives it back', async () => {
    const renderer = await createDefaultRenderer({ threads: 2 });
    const deps = { stores: jobStoresFor(t.db), renderer } as unknown as ProcessorDeps;
    const items = await mapBounded(FILES, IN_FLIGHT, async (file) => {
      const s = byFile.get(file)!;
      const out = await renderAndStore(deps, s.recordId);
      expect(out.status).toBe('rendered');
      const outputSchema = s.schema === 'iso19115-3-2018' ? MDB2018 : GMD;
      const res = await request(t.app).get(CSW).query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: s.fileIdentifier, elementSetName: 'full', outputSchema });
      expect(res.status).toBe(200);
      const root = parseXmlSafely(text(res)).documentElement!;
      expect(root.localName).toBe('GetRecordByIdResponse');
      const record = firstChildElement(root);
      expect({ file, got: record?.localName }).toEqual({ file, got: expect.stringMatching(/^M[DI]_Metadata$/) });
      return { file, c: compareLeafValues(leafValues(readFileSync(file, 'utf8')), leafValues(record!)) };
    }).finally(() => renderer.close?.());
    report('CSW GetRecordById full, own schema', items);
  }, 600_000);

  // --- the other schema, from the forms the render job stored above
  it('CSW GetRecordById full in the other schema answers every record with its metadata record', async () => {
    const threads = await startCrosswalkThreads(2);
    await mapBounded(FILES, IN_FLIGHT, async (file) => {
      const s = byFile.get(file)!;
      const other = is19115p3(s.schema) ? GMD : MDB2018;
      const got = await request(t.app).get(CSW).query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: s.fileIdentifier, elementSetName: 'full', outputSchema: other });
      expect({ file, status: got.status }).toEqual({ file, status: 200 });
      const record = firstChildElement(parseXmlSafely(text(got)).documentElement!);
      expect({ file, root: record?.localName }).toEqual({ file, root: expect.stringMatching(/^M[DI]_Metadata$/) });
      const expected = await threads.crosswalk(s.xml, s.schema, is19115p3(s.schema) ? 'iso19139' : 'iso19115-3-2018');
      served.set(file, { record: record!, expected });
    }).finally(() => threads.close());
    expect(served.size).toBe(FILES.length);
  }, 600_000);

  it('serves every record in the other schema with every value the crosswalk of its document gives', () => {
    const items: { file: string; c: LeafComparison }[] = [];
    for (const file of FILES) {
      const s = served.get(file)!;
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
    for (const [file, r] of [...byFile].filter(([, x]) => is19115p3(x.schema))) {
      const doc = parseXmlSafely(r.xml);
      const record = served.get(file)!.record;
      const operatesOn = Array.from(doc.getElementsByTagNameNS('*', 'operatesOn'));
      if (operatesOn.length) {
        services++;
        expect({ file, n: record.getElementsByTagNameNS(SRV_GMD, 'operatesOn').length }).toEqual({ file, n: operatesOn.length });
      }
      const numbers = texts(doc, CIT2018, 'number').concat(texts(doc, 'http://standards.iso.org/iso/19115/-3/cit/1.0', 'number'));
      if (numbers.length) {
        phones++;
        const values = leafValues(record);
        for (const n of numbers) expect({ file, phone: n, served: values.has(`text\u0000${normaliseLeaf(n)}`) }).toEqual({ file, phone: n, served: true });
      }
    }
    expect(services).toBeGreaterThan(0);
    expect(phones).toBeGreaterThan(0);
  });

  it('a 19139 record fetched as 19115-3 carries its contacts\' phones', () => {
    let phones = 0;
    for (const [file, r] of [...byFile].filter(([, x]) => !is19115p3(x.schema))) {
      const doc = parseXmlSafely(r.xml);
      const voices = [...texts(doc, GMD, 'voice'), ...texts(doc, GMD, 'facsimile')];
      if (!voices.length) continue;
      phones++;
      const record = served.get(file)!.record;
      const values = leafValues(record);
      for (const v of voices) expect({ file, phone: v, served: values.has(`text\u0000${normaliseLeaf(v)}`) }).toEqual({ file, phone: v, served: true });
    }
    expect(phones).toBeGreaterThan(0);
  });

  it('REST export in the record\'s own schema gives the document back', async () => {
    const items = await mapBounded(FILES, IN_FLIGHT, async (file) => {
      const s = byFile.get(file)!;
      const format = s.schema === 'iso19115-3-2018' ? 'mdb2018' : s.schema === 'iso19115-3-2016' ? 'mdb2016' : 'gmd';
      const res = await w.b.produsen.agent.get(`/api/metadata/${encodeURIComponent(uploaded.get(file)!)}/export/xml?format=${format}`).buffer(true);
      expect({ file, status: res.status }).toEqual({ file, status: 200 });
      return { file, c: compareLeafValues(leafValues(readFileSync(file, 'utf8')), leafValues(text(res))) };
    });
    report('REST export, own schema', items);
  }, 600_000);

  it('a 19115-3 record exported in the other 19115-3 namespace set is its document with the module namespaces moved', async () => {
    const i3 = FILES.filter((f) => is19115p3(byFile.get(f)!.schema));
    const items = await mapBounded(i3, IN_FLIGHT, async (file) => {
      const s = byFile.get(file)!;
      const other = s.schema === 'iso19115-3-2018' ? 'mdb2016' : 'mdb2018';
      const res = await w.b.produsen.agent.get(`/api/metadata/${encodeURIComponent(uploaded.get(file)!)}/export/xml?format=${other}`).buffer(true);
      expect({ file, status: res.status }).toEqual({ file, status: 200 });
      const ns = parseXmlSafely(text(res)).documentElement!.namespaceURI;
      expect({ file, ns }).toEqual({ file, ns: `http://standards.iso.org/iso/19115/-3/mdb/${other === 'mdb2016' ? '1.0' : '2.0'}` });
      return { file, c: compareLeafValues(leafValues(readFileSync(file, 'utf8')), leafValues(text(res))) };
    });
    expect(items.length).toBeGreaterThan(0);
    for (const { file, c } of items) expect({ file, lost: c.lost }).toEqual({ file, lost: [] });
  }, 600_000);

  it('a stored document comes back unchanged, byte for byte after its XML declaration', async () => {
    const file = FILES.find((f) => f.includes('geonorge-api__specific-usage'))!;
    const s = byFile.get(file)!;
    const res = await request(t.app).get(CSW).query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: s.fileIdentifier, elementSetName: 'full', outputSchema: GMD });
    const written = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').replace(/^<\?xml[^?]*\?>\s*/, '');
    expect(text(res)).toContain(written);
  });

  it('identifiers real catalogues publish (URL, slashes, spaces, ..) are matched exactly by CSW, OGC API – Records and OAI-PMH', async () => {
    const ids = ['https://ioos.noaa.gov/stations/BRJASL', 'hello/i/am/a/path', "../../../I'm Trying to go back a few directories/../..", '/i/started/with/a/slash'];
    for (const id of ids) {
      const held = [...byFile.values()].find((s) => s.fileIdentifier === id);
      expect({ id, held: !!held }).toEqual({ id, held: true });
      const csw = await request(t.app).get(CSW).query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id, elementSetName: 'brief' });
      const cswRoot = parseXmlSafely(text(csw)).documentElement!;
      const rec = firstChildElement(cswRoot);
      expect({ id, found: rec ? leafValues(rec).has(`text\u0000${id}`) : false }).toEqual({ id, found: true });

      const oarec = await request(t.app).get(`/collections/metadata/items/${encodeURIComponent(id)}`).set('Accept', 'application/geo+json');
      expect({ id, status: oarec.status, itemId: oarec.body?.id }).toEqual({ id, status: 200, itemId: id });

      const oai = await oaiGet(t.app, { verb: 'GetRecord', identifier: toOaiIdentifier(t.config.oai.repositoryIdentifier, id), metadataPrefix: 'iso19139' });
      expect({ id, errors: oai.errors }).toEqual({ id, errors: [] });
      expect(leafValues(oai.records[0]!.metadata!).has(`text\u0000${id}`)).toBe(true);
    }
    // an identifier nobody holds is still "not found", never a near match
    const none = await request(t.app).get(`/collections/metadata/items/${encodeURIComponent('hello/i/am/a')}`).set('Accept', 'application/geo+json');
    expect(none.status).toBe(404);
  }, 120_000);

  it('keeps every version of the document: an edit adds an editor version (the patched document), the import stays readable', async () => {
    const file = FILES[0]!;
    const id = uploaded.get(file)!;
    const agent = w.b.produsen.agent;
    const before = await agent.get(`/api/metadata/${encodeURIComponent(id)}`);
    const patched = await agent.patch(`/api/metadata/${encodeURIComponent(id)}`).set('If-Match', before.headers.etag as string)
      .send({ abstract: 'Abstrak yang diubah di editor.' });
    expect(patched.status).toBe(200);
    const versions = await agent.get(`/api/metadata/${encodeURIComponent(id)}/documents`);
    expect(versions.body.map((v: { seq: number; origin: string }) => [v.seq, v.origin])).toEqual([[2, 'editor'], [1, 'import']]);
    await renderAndStore({ stores: jobStoresFor(t.db), renderer: t.deps.renderer } as unknown as ProcessorDeps, id);
    const editor = await agent.get(`/api/metadata/${encodeURIComponent(id)}/documents/2`).buffer(true);
    expect(editor.status).toBe(200);
    expect(text(editor)).toContain('Abstrak yang diubah di editor.');
    const imported = await agent.get(`/api/metadata/${encodeURIComponent(id)}/documents/1`).buffer(true);
    expect(text(imported)).toBe(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
    expect((await agent.get(`/api/metadata/${encodeURIComponent(id)}/documents/9`)).status).toBe(404);
    expect((await agent.get(`/api/metadata/${encodeURIComponent(id)}/documents/x`)).status).toBe(400);
    // another organisation's producer does not see the draft's documents either
    expect((await w.a.produsen.agent.get(`/api/metadata/${encodeURIComponent(id)}/documents`)).status).toBe(404);
  }, 120_000);
});
