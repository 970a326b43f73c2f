import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { DocumentXsdReport } from '../../libs/catalogue/record-document';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import { checkPendingDocuments } from '../../libs/processors/xsd-check.processor';
import { OPENAPI_DOCUMENT } from '../../services/api/openapi/openapi-document';
import type { Agent } from '../helpers/fixtures';
import { waitUntil } from '../helpers/private-servers';
import { useSeededApp, type SeededApp } from '../helpers/seeded-app';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/*
 * Issue 19 points 2, 4 and 5 in both run modes: every stored document gets an XSD report from the
 * official schemas after the write (a record that breaks its XSD is still imported); the XML view
 * checks an edited document (XSD + our rules, line diff, field changes), saves it as a new document
 * version with the JSON re-derived from it, refuses one that does not pass (422 with the findings),
 * and two stored versions can be compared as a line diff.
 */

const VALID = readFileSync(path.join(ISO_CORPUS_DIR, 'iso19139/ckanext-spatial__04_Dataset_Valid.xml'), 'utf8');
const TITLE = 'Test Record 04 Dataset Valid';
/** an element ISO 19139 does not have, where the schema allows none */
const broken = (xml: string): string => xml.replace('</gmd:MD_DataIdentification>', '<gmd:unsurTakDikenal>x</gmd:unsurTakDikenal></gmd:MD_DataIdentification>');
const withId = (xml: string, id: string): string => xml.replace('<gco:CharacterString>test-record-04</gco:CharacterString>', `<gco:CharacterString>${id}</gco:CharacterString>`);
const p = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

type Version = { seq: number; origin: string; xsd: DocumentXsdReport | null; validation: unknown[] };

async function importXml(agent: Agent, xml: string): Promise<MetadataRecord> {
  const res = await agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xml);
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MetadataRecord;
}

const versions = async (agent: Agent, id: string): Promise<Version[]> => (await agent.get(`${p(id)}/documents`)).body as Version[];

/** The XSD job: run in process by the inline runner (embedded); in server mode the worker's handler code is run here. */
async function xsdOf(ctx: SeededApp, mode: 'server' | 'embedded', agent: Agent, id: string): Promise<DocumentXsdReport> {
  if (mode === 'server') await checkPendingDocuments({ stores: jobStoresFor(ctx.t.db) });
  return waitUntil(async () => (await versions(agent, id))[0]?.xsd, `XSD report of ${id}`);
}

describe('the OpenAPI document', () => {
  it('describes the XML view endpoints', () => {
    const paths = (OPENAPI_DOCUMENT as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths;
    expect(Object.keys(paths['/api/metadata/{id}/document/check']!.post!.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '422']));
    expect(Object.keys(paths['/api/metadata/{id}/document']!.put!.responses)).toEqual(expect.arrayContaining(['200', '412', '422']));
    expect(paths['/api/metadata/{id}/documents/{seq}/diff']!.get).toBeDefined();
  });
});

describe.each(['server', 'embedded'] as const)('XSD reports and the XML view (%s mode)', (mode) => {
  const ctx = useSeededApp({ mode });

  it('gives a valid corpus record a passing XSD report, and a broken one findings while it is still imported', async () => {
    const { produsen } = ctx.w.a;
    const good = await importXml(produsen.agent, withId(VALID, `xv-good-${mode}`));
    const bad = await importXml(produsen.agent, broken(withId(VALID, `xv-bad-${mode}`)));
    expect(bad.title).toBe(TITLE);
    const goodXsd = await xsdOf(ctx, mode, produsen.agent, good.id);
    expect(goodXsd).toMatchObject({ source: 'xsd', valid: true, findings: [] });
    const badXsd = await xsdOf(ctx, mode, produsen.agent, bad.id);
    expect(badXsd.valid).toBe(false);
    expect(badXsd.findings.map((f) => f.message).join('\n')).toContain('unsurTakDikenal');
    expect(badXsd.findings[0]!.line).toEqual(expect.any(Number));
    // the record view carries the current document's reports
    const read = await produsen.agent.get(p(bad.id));
    expect(read.body.isoDocument).toMatchObject({ seq: 1, origin: 'import', xsd: { valid: false } });
  });

  it('checks an edited document, saves it as a new version with the JSON re-derived, and diffs the versions', async () => {
    const { produsen } = ctx.w.a;
    const xml = withId(VALID, `xv-edit-${mode}`);
    const rec = await importXml(produsen.agent, xml);
    const edited = xml.replace(TITLE, 'Judul Disunting Lewat XML');

    const check = await produsen.agent.post(`${p(rec.id)}/document/check`).set('Content-Type', 'application/xml').send(edited);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ passed: true, schema: 'iso19139', xsd: { valid: true } });
    expect(check.body.diff).toContain(`-                  <gco:CharacterString>${TITLE}</gco:CharacterString>`);
    expect(check.body.diff).toContain('+                  <gco:CharacterString>Judul Disunting Lewat XML</gco:CharacterString>');
    expect(JSON.stringify(check.body.changes)).toContain('Judul Disunting Lewat XML');
    // checking stores nothing
    expect(await versions(produsen.agent, rec.id)).toHaveLength(1);

    const save = await produsen.agent.put(`${p(rec.id)}/document`).set('Content-Type', 'application/xml').set('If-Match', `"${rec.version}"`).send(edited);
    expect(save.status).toBe(200);
    expect(save.body).toMatchObject({ title: 'Judul Disunting Lewat XML', version: rec.version + 1, fileIdentifier: `xv-edit-${mode}` });
    const list = await versions(produsen.agent, rec.id);
    expect(list.map((v) => [v.seq, v.origin])).toEqual([[2, 'import'], [1, 'import']]);
    const stored = await produsen.agent.get(`${p(rec.id)}/documents/2`).buffer(true).parse((res, cb) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => cb(null, text));
    });
    expect(stored.body).toBe(edited);

    const diff = await produsen.agent.get(`${p(rec.id)}/documents/2/diff?against=1`);
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({ seq: 2, against: 1 });
    expect(diff.body.diff).toMatch(/^--- versi 1\n\+\+\+ versi 2\n@@ /);
    expect(diff.body.diff).toContain('+                  <gco:CharacterString>Judul Disunting Lewat XML</gco:CharacterString>');
    expect((await produsen.agent.get(`${p(rec.id)}/documents/1/diff?against=1`)).body.diff).toBe('');
    expect((await produsen.agent.get(`${p(rec.id)}/documents/3/diff?against=1`)).status).toBe(404);
    expect((await produsen.agent.get(`${p(rec.id)}/documents/2/diff`)).status).toBe(400);

    // the same document again: no new version
    const again = await produsen.agent.put(`${p(rec.id)}/document`).set('Content-Type', 'application/xml').send(edited);
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(rec.version + 1);
  });

  it('refuses a document that does not pass (422 with the findings), a changed identifier, a DTD, and callers who may not edit', async () => {
    const { produsen, produsen2, qcqe } = ctx.w.a;
    const xml = withId(VALID, `xv-refuse-${mode}`);
    const rec = await importXml(produsen.agent, xml);
    const put = (agent: Agent, body: string) => agent.put(`${p(rec.id)}/document`).set('Content-Type', 'application/xml').send(body);

    const check = await produsen.agent.post(`${p(rec.id)}/document/check`).set('Content-Type', 'application/xml').send(broken(xml));
    expect(check.status).toBe(200);
    expect(check.body.passed).toBe(false);
    expect(check.body.xsd.findings.length).toBeGreaterThan(0);

    const bad = await put(produsen.agent, broken(xml));
    expect(bad.status).toBe(422);
    expect(bad.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(bad.body.xsd.valid).toBe(false);
    expect(JSON.stringify(bad.body.errors)).toContain('unsurTakDikenal');

    const renamed = await put(produsen.agent, withId(VALID, `xv-lain-${mode}`));
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0].path).toBe('/fileIdentifier');

    const dtd = await put(produsen.agent, `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]>${xml.replace(/^<\?xml[^>]*\?>/, '')}`);
    expect(dtd.status).toBe(400);
    expect((await produsen.agent.put(`${p(rec.id)}/document`).set('Content-Type', 'application/json').send({})).status).toBe(415);

    // another producer of the organisation may read a DRAFT? either way, not edit it
    expect([403, 404]).toContain((await put(produsen2.agent, xml.replace(TITLE, 'x'))).status);
    expect([403, 404]).toContain((await put(qcqe.agent, xml.replace(TITLE, 'x'))).status);
    expect(await versions(produsen.agent, rec.id)).toHaveLength(1);
    expect((await produsen.agent.get(p(rec.id))).body.title).toBe(TITLE);
  });
});
