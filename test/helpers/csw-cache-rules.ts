import request from 'supertest';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { CswIdentity } from '../../libs/csw/csw-identity';
import { findRecordById } from '../../libs/db/record.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { CSW_WARM_REQUESTS, warmCswCache } from '../../libs/processors/csw-warm.hook';
import { assembleCswWarmer } from '../../libs/assembly/catalogue-assembly';
import { completeDoc, loginAgent, seedWorld, type Agent, type World } from './fixtures';
import type { TestApp } from './test-app';

/**
 * The CSW cache rules of issue 4, as one scenario both run modes must pass (server: Redis;
 * embedded: the in-process store): hit/miss with ETag and 304, Cache-Control lifetimes, and a
 * fresh answer right after every change that commits through the REST API — publish, edit of
 * a published record, unpublish, a CSW settings change — with the worker's warming on top.
 */
export const GET_RECORDS = { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief' };
export const GET_CAPABILITIES = { service: 'CSW', request: 'GetCapabilities' };

export const csw = (t: TestApp, query: Record<string, string>, headers: Record<string, string> = {}) =>
  request(t.app).get('/metadata/csw').query(query).set(headers);

/** dc:identifier values of a GetRecords / GetRecordById answer */
export const identifiers = (xml: string): string[] => [...xml.matchAll(/<dc:identifier>([^<]*)<\/dc:identifier>/g)].map((m) => m[1]!);

async function patch(agent: Agent, id: string, body: Record<string, unknown>): Promise<MetadataRecord> {
  const res = await agent.patch(`/api/metadata/${encodeURIComponent(id)}`).send(body);
  if (res.status !== 200) throw new Error(`PATCH ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MetadataRecord;
}

/** create → submit → review → publish, each step by the user the workflow wants */
export async function publishThroughWorkflow(w: World, title: string): Promise<MetadataRecord> {
  const { produsen, qcqe, admin } = w.a;
  const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title }));
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = (created.body as MetadataRecord).id;
  await patch(produsen.agent, id, { status: 'QCQE_PROCESS', reviewerId: qcqe.user.id });
  await patch(qcqe.agent, id, { status: 'REVIEW' });
  return patch(admin.agent, id, { status: 'PUBLISHED' });
}

export const NEW_IDENTITY: CswIdentity = {
  title: 'Katalog Geospasial Uji Cache',
  providerName: 'Badan Uji Cache',
  abstract: 'Identitas yang diubah lewat API admin.',
  individualName: 'Sari',
  positionName: 'Pengelola Katalog',
  voice: '+62-21-555',
  electronicMailAddress: 'katalog@example.go.id',
  hoursOfService: '08.00–16.00 WIB',
  contactInstructions: 'Hubungi lewat surel.',
  role: 'pointOfContact',
};

export function describeCswCacheRules(getApp: () => TestApp, opts: { settleJobs: boolean }): void {
  let w: World;
  let t: TestApp;
  /** embedded mode runs jobs in process: let them finish so their bumps do not land mid-check */
  const settle = async () => {
    if (opts.settleJobs) await t.deps.jobs.whenIdle();
  };

  beforeAll(async () => {
    t = getApp();
    w = await seedWorld(t);
  });

  it('answers the first GetRecords from the database (miss), the same request from the cache (hit, same ETag)', async () => {
    const first = await csw(t, GET_RECORDS);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(first.headers['content-type']).toBe('application/xml; charset=UTF-8');
    const second = await csw(t, GET_RECORDS);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.text).toBe(first.text);
    // the key is the parsed request: other parameter case and order, same entry
    const respelled = await csw(t, { ElementSetName: 'brief', RESULTTYPE: 'results', TypeNames: 'csw:Record', request: 'GetRecords', VERSION: '2.0.2', service: 'CSW' });
    expect(respelled.headers['x-cache']).toBe('hit');
    expect(respelled.headers.etag).toBe(first.headers.etag);
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const full = await csw(t, GET_RECORDS);
    const etag = full.headers.etag as string;
    const res = await csw(t, GET_RECORDS, { 'If-None-Match': etag });
    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(etag);
    expect((await csw(t, GET_RECORDS, { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });

  it('keeps GetCapabilities 10 minutes and never caches an exception', async () => {
    const caps = await csw(t, GET_CAPABILITIES);
    expect(caps.headers['cache-control']).toBe('public, max-age=0, s-maxage=600');
    const bad = await csw(t, { service: 'CSW', version: '2.0.2', request: 'GetRecords', outputSchema: 'urn:nope' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('ExceptionReport');
    expect(bad.headers['cache-control']).toBe('no-store');
    expect(bad.headers['x-cache']).toBe('bypass');
  });

  let publishedId: string;

  it('shows a record published through the workflow in the very next GetRecords', async () => {
    const before = await csw(t, GET_RECORDS);
    expect(before.headers['x-cache']).toBe('hit');
    const rec = await publishThroughWorkflow(w, 'Peta Rawan Longsor Uji Cache');
    publishedId = rec.id;
    const after = await csw(t, GET_RECORDS);
    expect(after.headers['x-cache']).toBe('miss');
    expect(identifiers(after.text)).toContain(publishedId);
    expect(after.text).toContain('Peta Rawan Longsor Uji Cache');
    await settle();
  });

  it('shows a direct correction of a published record (ADMIN) in the next answer', async () => {
    // the worker has rendered the published version: after the edit that render is stale
    const current = (await findRecordById(t.db, publishedId))!;
    await upsertRenders(t.db, current.id, current.version, await t.deps.renderer.renderAll(current));
    const byId = { service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: publishedId, elementSetName: 'full' };
    const old = await csw(t, byId);
    expect(old.text).toContain('Peta Rawan Longsor Uji Cache');
    expect((await csw(t, byId)).headers['x-cache']).toBe('hit');
    // a published record changes at once only through an admin's direct correction (a plain edit starts a revision)
    const corrected = await w.a.admin.agent.post(`/api/metadata/${encodeURIComponent(publishedId)}/corrections`)
      .send({ reason: 'Judul diperbaiki.', patch: { title: 'Peta Rawan Longsor Uji Cache (revisi)' } });
    expect(corrected.status).toBe(200);
    const edited = await csw(t, byId);
    expect(edited.headers['x-cache']).toBe('miss');
    expect(edited.text).toContain('Peta Rawan Longsor Uji Cache (revisi)');
    expect(edited.text).not.toContain('Peta Rawan Longsor Uji Cache<');
    const list = await csw(t, GET_RECORDS);
    expect(list.text).toContain('Peta Rawan Longsor Uji Cache (revisi)');
    await settle();
  });

  it('drops a record unpublished (PUBLISHED → PRIVATE) from the next answer', async () => {
    expect(identifiers((await csw(t, GET_RECORDS)).text)).toContain(publishedId);
    await patch(w.a.admin.agent, publishedId, { status: 'PRIVATE', statusNote: 'Ditarik sementara' });
    const after = await csw(t, GET_RECORDS);
    expect(identifiers(after.text)).not.toContain(publishedId);
    const byId = await csw(t, { service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: publishedId });
    expect(identifiers(byId.text)).toEqual([]);
    await settle();
  });

  it('shows a CSW settings change (PUT /api/admin/csw/settings) in the next GetCapabilities', async () => {
    await csw(t, GET_CAPABILITIES);
    expect((await csw(t, GET_CAPABILITIES)).headers['x-cache']).toBe('hit');
    // the service identity belongs to the service administrator (the bootstrap admin), not an organisation ADMIN
    const serviceAdmin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');
    const put = await serviceAdmin.put('/api/admin/csw/settings').send(NEW_IDENTITY);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...NEW_IDENTITY, provider: 'builtin', appliedImmediately: true });
    const caps = await csw(t, GET_CAPABILITIES);
    expect(caps.headers['x-cache']).toBe('miss');
    expect(caps.text).toContain(`<ows:Title>${NEW_IDENTITY.title}</ows:Title>`);
    expect(caps.text).toContain(NEW_IDENTITY.electronicMailAddress);
    const got = await serviceAdmin.get('/api/admin/csw/settings');
    expect(got.body).toMatchObject(NEW_IDENTITY);
    // not for anyone else, an organisation ADMIN included
    expect((await w.a.produsen.agent.put('/api/admin/csw/settings').send(NEW_IDENTITY)).status).toBe(403);
    expect((await w.a.admin.agent.put('/api/admin/csw/settings').send(NEW_IDENTITY)).status).toBe(403);
  });

  it('lets the worker warm GetCapabilities and the first GetRecords page after a change', async () => {
    await patch(w.a.admin.agent, publishedId, { status: 'PUBLISHED' });
    if (opts.settleJobs) {
      // embedded: the record.status-changed job ran in process and has warmed already
      await settle();
    } else {
      // what the worker's record.status-changed job does after render and bump, with the
      // warmer the worker assembles from its own configuration (the same as the API's)
      const cswWarm = assembleCswWarmer({ config: t.config, db: t.db, kv: t.deps.kv, logger: t.deps.logger, renderer: t.deps.renderer });
      await warmCswCache({ logger: t.deps.logger, cswWarm }, { recordId: publishedId, reason: 'status-changed' });
    }
    for (const req of CSW_WARM_REQUESTS) {
      const res = await csw(t, req.query as Record<string, string>);
      expect(res.headers['x-cache']).toBe('hit');
    }
    const firstPage = await csw(t, CSW_WARM_REQUESTS[1]!.query as Record<string, string>);
    expect(identifiers(firstPage.text)).toContain(publishedId);
  });
}
