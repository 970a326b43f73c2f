import { spawn } from 'node:child_process';
import path from 'node:path';
import { ConfigError, parseConfig } from '../../libs/config';
import request from 'supertest';
import { insertRecord } from '../../libs/db/record.repository';
import { toOaiIdentifier } from '../../libs/oai/request/oai-identifiers';
import { oaiGet } from '../helpers/oai-client';
import { completeDoc, loginAgent, seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/* Issue 12, finding 4 (the smaller ones): hidden identifiers, internals in answers, /metrics. */

const REPO_ROOT = path.resolve(__dirname, '../..');

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp('server', { METRICS_TOKEN: 'token-metrik-uji-0123' });
  w = await seedWorld(t);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('client-supplied identifiers (scoped: per organisation, and among public records)', () => {
  const csw = (id: string) => request(t.app).get('/metadata/csw').query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id, elementSetName: 'brief' });
  const oarec = (id: string) => request(t.app).get(`/collections/metadata/items/${encodeURIComponent(id)}`).query({ f: 'json' });
  const oaiIdentifier = (id: string) => toOaiIdentifier(t.config.oai.repositoryIdentifier, id);
  /** a record of `owner`'s organisation under review, with its own key and the given file identifier */
  async function underReview(owner: World['a']['produsen'], key: string, fileIdentifier: string, title: string) {
    const rec = await insertRecord(t.db, {
      id: key, fileIdentifier, status: 'REVIEW', organisationId: owner.user.organisationId, ownerId: owner.user.id, reviewerId: null,
      doc: completeDoc({ fileIdentifier, title }),
    });
    if (!rec) throw new Error(`fixture ${key} not inserted`);
    return rec;
  }
  /** the body with what differs between any two creations (keys, identifiers, times) blanked */
  const shape = (body: Record<string, unknown>) => ({ ...body, id: '<id>', fileIdentifier: '<fid>', createdAt: '<t>', updatedAt: '<t>' });

  it('the identifier of another organisation\'s hidden DRAFT gets what a free identifier gets: 201, same body shape; both records intact', async () => {
    const hidden = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT', id: 'id-rahasia-a' });
    expect((await w.b.produsen.agent.get(`/api/metadata/${hidden.id}`)).status).toBe(404);

    const onHidden = await w.b.produsen.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: 'id-rahasia-a' }));
    const onFree = await w.b.produsen.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: 'id-bebas-sama-sekali' }));
    expect([onHidden.status, onFree.status]).toEqual([201, 201]);
    expect(Object.keys(onHidden.body).sort()).toEqual(Object.keys(onFree.body).sort());
    expect(shape(onHidden.body)).toEqual(shape(onFree.body));
    expect(Object.keys(onHidden.headers).sort()).toEqual(Object.keys(onFree.headers).sort());
    // the key is the server's in both cases: it tells nothing about other records
    expect(onHidden.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(onFree.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(onHidden.body).toMatchObject({ fileIdentifier: 'id-rahasia-a', organisationId: w.b.org.id, version: 1 });

    // never overwritten: A's record is exactly as it was, and each organisation has its own
    const still = await w.a.produsen.agent.get(`/api/metadata/${hidden.id}`);
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ id: hidden.id, fileIdentifier: 'id-rahasia-a', organisationId: w.a.org.id, version: hidden.version, title: hidden.title });
    const rows = await t.db.query<{ organisation_id: string }>('SELECT organisation_id FROM records WHERE file_identifier = $1 ORDER BY organisation_id', ['id-rahasia-a']);
    expect(rows.rows.map((r) => r.organisation_id).sort()).toEqual([w.a.org.id, w.b.org.id].sort());

    // the same for an XML import and for renaming a draft onto the identifier
    const xml = `<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">
  <gmd:fileIdentifier><gco:CharacterString>id-rahasia-a</gco:CharacterString></gmd:fileIdentifier>
  <gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>Impor</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation></gmd:MD_DataIdentification></gmd:identificationInfo>
</gmd:MD_Metadata>`;
    const imported = await w.b.admin.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xml);
    // B itself already uses it now (onHidden): that is B's own record, so 409 names nothing hidden
    expect(imported.status).toBe(409);
    expect(imported.body.detail).toContain('organisasi Anda');
    const draft = await w.b.produsen2.agent.post('/api/metadata').send(completeDoc());
    const renamed = await w.b.produsen2.agent.patch(`/api/metadata/${draft.body.id}`).send({ fileIdentifier: 'id-rahasia-a-2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.fileIdentifier).toBe('id-rahasia-a-2');
  });

  it('publishing is refused with a clear 409 while a public record elsewhere holds the identifier; public protocols see one record', async () => {
    const a = await underReview(w.a.produsen, 'kunci-a-bersama', 'id-bersama', 'Versi Organisasi A');
    const b = await underReview(w.b.produsen, 'kunci-b-bersama', 'id-bersama', 'Versi Organisasi B');
    // B publishes first: nothing public holds the identifier
    const pubB = await w.b.admin.agent.patch(`/api/metadata/${b.id}`).send({ status: 'PUBLISHED' });
    expect(pubB.status).toBe(200);
    // A's attempt now: 409, names the identifier and that it is public (which it is), A's record untouched
    const pubA = await w.a.admin.agent.patch(`/api/metadata/${a.id}`).send({ status: 'PUBLISHED' });
    expect(pubA.status).toBe(409);
    expect(pubA.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(pubA.body.detail).toContain('"id-bersama"');
    expect(pubA.body.detail).toContain('dipublikasikan');
    expect(pubA.body.errors).toEqual([expect.objectContaining({ path: '/fileIdentifier' })]);
    const aNow = await w.a.admin.agent.get(`/api/metadata/${a.id}`);
    expect(aNow.body).toMatchObject({ status: 'REVIEW', version: a.version, title: 'Versi Organisasi A' });

    // CSW, OGC API – Records and OAI-PMH: the identifier names B's record only
    const byId = await csw('id-bersama');
    expect(byId.status).toBe(200);
    expect(byId.text.match(/<csw:BriefRecord/g)).toHaveLength(1);
    expect(byId.text).toContain('Versi Organisasi B');
    expect(byId.text).not.toContain('Versi Organisasi A');
    const item = await oarec('id-bersama');
    expect(item.status).toBe(200);
    expect(JSON.parse(item.text)).toMatchObject({ id: 'id-bersama', properties: { title: 'Versi Organisasi B' } });
    const got = await oaiGet(t.app, { verb: 'GetRecord', identifier: oaiIdentifier('id-bersama'), metadataPrefix: 'oai_dc' });
    expect(got.records).toHaveLength(1);
    expect(got.records[0]!.metadata?.textContent).toContain('Versi Organisasi B');
    // the internal key is not a public name
    expect((await oarec(b.id)).status).toBe(404);
    expect((await csw(b.id)).text).not.toContain('<csw:BriefRecord');

    // withdrawing keeps the identifier public (OAI-PMH lists it as deleted): A still cannot take it
    expect((await w.b.admin.agent.patch(`/api/metadata/${b.id}`).send({ status: 'PRIVATE', statusNote: 'Ditarik untuk uji' })).status).toBe(200);
    expect((await w.a.admin.agent.patch(`/api/metadata/${a.id}`).send({ status: 'PUBLISHED' })).status).toBe(409);
    // a published identifier is fixed; A renames its own record and publishes
    expect((await w.b.admin.agent.patch(`/api/metadata/${b.id}`).send({ fileIdentifier: 'id-baru-b' })).status).toBe(422);
    expect((await w.a.admin.agent.patch(`/api/metadata/${a.id}`).send({ fileIdentifier: 'id-bersama-a' })).status).toBe(200);
    // a new record with an identifier that is (or was) public is refused at once: public information only
    const again = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: 'id-bersama' }));
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('dipublikasikan');
    expect((await w.a.admin.agent.patch(`/api/metadata/${a.id}`).send({ status: 'PUBLISHED' })).status).toBe(200);
    expect(JSON.parse((await oarec('id-bersama-a')).text)).toMatchObject({ id: 'id-bersama-a', properties: { title: 'Versi Organisasi A' } });
    // B's withdrawn record may come back: it holds the identifier itself
    expect((await w.b.admin.agent.patch(`/api/metadata/${b.id}`).send({ status: 'PUBLISHED' })).status).toBe(200);
  });

  it('two organisations publishing the same identifier at once: exactly one succeeds, the other gets the clear 409', async () => {
    const a = await underReview(w.a.produsen, 'kunci-a-balapan', 'id-balapan', 'Balapan A');
    const b = await underReview(w.b.produsen, 'kunci-b-balapan', 'id-balapan', 'Balapan B');
    const [ra, rb] = await Promise.all([
      w.a.admin.agent.patch(`/api/metadata/${a.id}`).send({ status: 'PUBLISHED' }),
      w.b.admin.agent.patch(`/api/metadata/${b.id}`).send({ status: 'PUBLISHED' }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const n = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE file_identifier = 'id-balapan' AND status = 'PUBLISHED'");
    expect(n.rows[0]!.n).toBe(1);
  });
});

describe('no internals in public answers', () => {
  it('the system status names no server path for the local object store', async () => {
    const admin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');
    const res = await admin.get('/api/admin/organisasi/status');
    expect(res.status).toBe(200);
    expect(res.body.objectstore.detail).toContain('DATA_DIR');
    expect(JSON.stringify(res.body)).not.toContain(t.config.dataDir);
    expect(JSON.stringify(res.body)).not.toMatch(/"\/(?:tmp|home|var|work|app)\//);
  });
});

describe('/metrics in server mode', () => {
  const serverEnv = { DATABASE_URL: 'postgres://x@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1', SESSION_SECRET: 'x'.repeat(32) };

  it('the configuration of the API (and of a worker with a metrics port) requires METRICS_TOKEN', () => {
    const err = (() => { try { parseConfig(serverEnv, { process: 'api' }); } catch (e) { return e; } return undefined; })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.join('\n')).toContain('METRICS_TOKEN');
    expect(() => parseConfig({ ...serverEnv, METRICS_TOKEN: 'ada' }, { process: 'api' })).not.toThrow();
    expect(() => parseConfig(serverEnv, { process: 'worker' })).not.toThrow();
    expect(() => parseConfig({ ...serverEnv, WORKER_METRICS_PORT: '9464' }, { process: 'worker' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseConfig({}, { process: 'api' })).not.toThrow(); // embedded: optional
    expect(() => parseConfig(serverEnv)).not.toThrow(); // CLI and migrations serve no metrics
  });

  it('the real API entry point refuses to start without it, listing it (exit 2)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...serverEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toContain('METRICS_TOKEN');
  }, 90_000);

  it('with the token set, /metrics wants it', async () => {
    expect((await t.agent().get('/metrics')).status).toBe(401);
    expect((await t.agent().get('/metrics').set('Authorization', 'Bearer token-metrik-uji-0123')).status).toBe(200);
  });
});
