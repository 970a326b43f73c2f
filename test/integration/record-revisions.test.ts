import request from 'supertest';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { currentPublicGeneration } from '../../libs/response-cache/generation';
import { OPENAPI_DOCUMENT } from '../../services/api/openapi/openapi-document';
import { completeDoc, type Agent } from '../helpers/fixtures';
import { harvestAll } from '../helpers/oai-client';
import { pngHeader } from '../helpers/image-headers';
import { useSeededApp, type SeededApp } from '../helpers/seeded-app';

/*
 * Issue 20 §1: revising a published record through review, in both run modes. The public
 * protocols (CSW GetRecordById, OGC API – Records item, OAI-PMH selective harvest, the public
 * page) keep answering with the published version until the revision is published, then with
 * the new one; one open revision per record (concurrent starts: one 201, one 409); a plain edit
 * of a published record is refused (409), an ADMIN's direct correction needs a reason and is in
 * the history; a withdrawal needs a reason and shows as a deletion in OAI-PMH.
 */

const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

async function move(agent: Agent, id: string, body: Record<string, unknown>): Promise<MetadataRecord> {
  const res = await agent.patch(path(id)).send(body);
  if (res.status !== 200) throw new Error(`PATCH ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MetadataRecord;
}

/** A record taken through the whole review to PUBLISHED by the people of organisation A. */
async function publishNew(ctx: SeededApp, title: string, fileIdentifier: string): Promise<MetadataRecord> {
  const { produsen, qcqe, admin } = ctx.w.a;
  const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title, fileIdentifier }));
  expect(created.status).toBe(201);
  const id = (created.body as MetadataRecord).id;
  await move(produsen.agent, id, { status: 'QCQE_PROCESS', reviewerId: qcqe.user.id });
  await move(qcqe.agent, id, { status: 'REVIEW' });
  return move(admin.agent, id, { status: 'PUBLISHED' });
}

/** What each public protocol answers for the identifier: the title they carry. */
async function publicTitles(ctx: SeededApp, fileIdentifier: string) {
  const app = ctx.t.app;
  const csw = await request(app).get('/metadata/csw')
    .query({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: fileIdentifier, elementSetName: 'full' });
  expect(csw.status).toBe(200);
  const cswTitle = /<dc:title>([^<]*)<\/dc:title>/.exec(csw.text)?.[1];
  const item = await request(app).get(`/collections/metadata/items/${encodeURIComponent(fileIdentifier)}`).query({ f: 'json' });
  expect(item.status).toBe(200);
  const oarecTitle = (JSON.parse(item.text) as { properties: { title: string } }).properties.title;
  return { csw: cswTitle, oarec: oarecTitle };
}

/** OAI-PMH ListRecords (oai_dc) from a moment: identifier → title / deleted. */
async function oaiFrom(ctx: SeededApp, from: string): Promise<Map<string, string>> {
  const { records } = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', from });
  return new Map(records.map((r) => [r.recordId, r.deleted ? '(deleted)' : (r.metadata?.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'title')[0]?.textContent ?? '')]));
}

/** an OAI-PMH `from` (seconds granularity) after everything written so far */
async function nextSecond(): Promise<string> {
  await new Promise((r) => setTimeout(r, 1100));
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

describe('the OpenAPI document', () => {
  it('describes the revision and correction endpoints and the fields they add', () => {
    const doc = OPENAPI_DOCUMENT as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths['/api/metadata/{id}/revisions']!.post!.responses)).toEqual(expect.arrayContaining(['201', '403', '404', '409']));
    expect(Object.keys(doc.paths['/api/metadata/{id}/corrections']!.post!.responses)).toEqual(expect.arrayContaining(['200', '403', '409', '422']));
    expect(JSON.stringify(doc.components.schemas.MetadataRecord)).toContain('"revisionOf"');
    expect(JSON.stringify(doc.components.schemas.HistoryEntry)).toContain('direct-correction');
  });
});

describe.each(['server', 'embedded'] as const)('revisions of published records (%s mode)', (mode) => {
  const ctx = useSeededApp({ mode });

  it('keeps the published version online until the revision is published, then replaces it in one go', async () => {
    const { produsen, produsen2, qcqe, admin } = ctx.w.a;
    const fid = `rev-flow-${mode}`;
    const published = await publishNew(ctx, 'Peta Tutupan Lahan', fid);
    expect(await publicTitles(ctx, fid)).toEqual({ csw: 'Peta Tutupan Lahan', oarec: 'Peta Tutupan Lahan' });
    const since = await nextSecond();

    // the owner's colleague starts the revision: a DRAFT working copy with the same identifier
    const started = await produsen2.agent.post(`${path(published.id)}/revisions`).send({});
    expect(started.status).toBe(201);
    const rev = started.body as MetadataRecord & { permissions: Record<string, boolean> };
    expect(rev).toMatchObject({ status: 'DRAFT', revisionOf: published.id, fileIdentifier: fid, ownerId: produsen2.user.id, title: 'Peta Tutupan Lahan' });
    expect(rev.id).not.toBe(published.id);
    expect(started.headers.location).toBe(path(rev.id));
    // only one open revision
    const second = await produsen.agent.post(`${path(published.id)}/revisions`).send({});
    expect(second.status).toBe(409);
    expect(second.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(second.body.revisionId).toBe(rev.id);
    // the record names its open revision
    const withRevision = await produsen.agent.get(path(published.id));
    expect(withRevision.body.openRevision).toMatchObject({ id: rev.id, status: 'DRAFT' });
    // the identifier of a working copy is its record's
    const rename = await produsen2.agent.patch(path(rev.id)).send({ fileIdentifier: 'lain' });
    expect(rename.status).toBe(422);

    const edited = await produsen2.agent.patch(path(rev.id)).send({ title: 'Peta Tutupan Lahan (revisi)' });
    expect(edited.status).toBe(200);
    const diff = await produsen2.agent.get(`${path(rev.id)}/changes`);
    expect(diff.body).toMatchObject({ since: { version: published.version }, changes: [{ path: '/title', before: 'Peta Tutupan Lahan', after: 'Peta Tutupan Lahan (revisi)' }] });

    // the same review as a new record: rejected back to its author, then through
    await move(produsen2.agent, rev.id, { status: 'QCQE_PROCESS', reviewerId: qcqe.user.id });
    await move(qcqe.agent, rev.id, { status: 'REJECTED', statusNote: 'Judul kurang tepat' });
    await move(produsen2.agent, rev.id, { status: 'DRAFT' });
    await move(produsen2.agent, rev.id, { status: 'QCQE_PROCESS' });
    await move(qcqe.agent, rev.id, { status: 'REVIEW' });

    // all this time the public answers are the published version, and the feed did not move
    expect(await publicTitles(ctx, fid)).toEqual({ csw: 'Peta Tutupan Lahan', oarec: 'Peta Tutupan Lahan' });
    expect((await oaiFrom(ctx, since)).has(fid)).toBe(false);
    const page = await request(ctx.t.app).get(`/collections/metadata/items/${encodeURIComponent(fid)}`).query({ f: 'html' });
    expect(page.text).toContain('Peta Tutupan Lahan');
    expect(page.text).not.toContain('(revisi)');

    const genBefore = await currentPublicGeneration(ctx.t.deps.kv);
    const done = await move(admin.agent, rev.id, { status: 'PUBLISHED', statusNote: 'Revisi disetujui' });
    expect(done).toMatchObject({ id: published.id, status: 'PUBLISHED', title: 'Peta Tutupan Lahan (revisi)', publishedAt: published.publishedAt });
    expect(done.version).toBe(published.version + 1);
    expect(await currentPublicGeneration(ctx.t.deps.kv)).toBeGreaterThan(genBefore);

    expect(await publicTitles(ctx, fid)).toEqual({ csw: 'Peta Tutupan Lahan (revisi)', oarec: 'Peta Tutupan Lahan (revisi)' });
    expect((await oaiFrom(ctx, since)).get(fid)).toBe('Peta Tutupan Lahan (revisi)');
    // the working copy is gone, its history is the record's
    expect((await produsen2.agent.get(path(rev.id))).status).toBe(404);
    const after = await produsen.agent.get(path(published.id));
    expect(after.body.openRevision).toBeNull();
    const history = (await produsen.agent.get(`${path(published.id)}/history`)).body as { from: string | null; to: string; action: string | null; note: string | null }[];
    expect(history.slice(-7).map((h) => [h.from, h.to, h.action])).toEqual([
      [null, 'DRAFT', 'revision-started'],
      ['DRAFT', 'QCQE_PROCESS', null],
      ['QCQE_PROCESS', 'REJECTED', null],
      ['REJECTED', 'DRAFT', null],
      ['DRAFT', 'QCQE_PROCESS', null],
      ['QCQE_PROCESS', 'REVIEW', null],
      ['REVIEW', 'PUBLISHED', 'revision-published'],
    ]);
    // the publication snapshot is the new version: nothing changed since it was published
    expect((await produsen.agent.get(`${path(published.id)}/changes`)).body).toMatchObject({ since: { version: done.version }, changes: [] });
    // the author of the revision is told, as the owner of a new record is
    const events = await ctx.t.db.query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM outbox WHERE type = 'record.status-changed' AND payload->>'recordId' = $1 ORDER BY id DESC LIMIT 1", [published.id]);
    expect(events.rows[0]!.payload).toMatchObject({ from: 'REVIEW', to: 'PUBLISHED', authorId: produsen2.user.id, version: done.version });
  });

  it('lets one of two concurrent starts win; the other gets 409 problem+json', async () => {
    const { produsen, produsen2, admin } = ctx.w.a;
    const published = await publishNew(ctx, 'Peta Batas Desa', `rev-race-${mode}`);
    const answers = await Promise.all([produsen, produsen2, admin].map((u) => u.agent.post(`${path(published.id)}/revisions`).send({})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.headers['content-type']).toMatch(/application\/problem\+json/);
    const open = await ctx.t.db.query('SELECT id FROM records WHERE revision_of = $1', [published.id]);
    expect(open.rows).toHaveLength(1);
    // the database refuses a second working copy whoever writes it
    await expect(ctx.t.db.query(
      `INSERT INTO records (id, status, organisation_id, owner_id, doc, revision_of, file_identifier)
       VALUES ('rev-race-extra-${mode}', 'DRAFT', $1, $2, '{}'::jsonb, $3, $4)`,
      [ctx.w.a.org.id, produsen.user.id, published.id, published.fileIdentifier])).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a plain edit of a published record; an ADMIN corrects it directly with a reason, audited', async () => {
    const { produsen, admin } = ctx.w.a;
    const fid = `rev-correct-${mode}`;
    const published = await publishNew(ctx, 'Peta Jaringan Jalan', fid);
    for (const agent of [produsen.agent, admin.agent]) {
      const plain = await agent.patch(path(published.id)).send({ title: 'Peta Jaringan Jalan (revisi)' });
      expect(plain.status).toBe(409);
      expect(plain.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(plain.body.revisionsUrl).toBe(`${path(published.id)}/revisions`);
    }
    expect(await publicTitles(ctx, fid)).toMatchObject({ oarec: 'Peta Jaringan Jalan' });

    const noReason = await admin.agent.post(`${path(published.id)}/corrections`).send({ patch: { title: 'Peta Jaringan Jalan Nasional' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([expect.objectContaining({ path: '/reason' })]);
    const byProducer = await produsen.agent.post(`${path(published.id)}/corrections`).send({ reason: 'Salah ketik', patch: { title: 'X' } });
    expect(byProducer.status).toBe(403);

    const fixed = await admin.agent.post(`${path(published.id)}/corrections`)
      .set('If-Match', `"${published.version}"`).send({ reason: 'Salah ketik pada judul', patch: { title: 'Peta Jaringan Jalan Nasional' } });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ id: published.id, status: 'PUBLISHED', title: 'Peta Jaringan Jalan Nasional', version: published.version + 1 });
    expect(await publicTitles(ctx, fid)).toEqual({ csw: 'Peta Jaringan Jalan Nasional', oarec: 'Peta Jaringan Jalan Nasional' });
    const history = (await produsen.agent.get(`${path(published.id)}/history`)).body as { from: string; to: string; action: string | null; note: string | null; actorUsername: string }[];
    expect(history.at(-1)).toMatchObject({ from: 'PUBLISHED', to: 'PUBLISHED', action: 'direct-correction', note: 'Salah ketik pada judul', actorUsername: 'a-admin' });
    // the corrected version is the one a later review compares with
    expect((await produsen.agent.get(`${path(published.id)}/changes`)).body.changes).toEqual([]);
  });

  it('carries a browse graphic uploaded to the revision over to the record when the revision is published', async () => {
    const { produsen, qcqe, admin } = ctx.w.a;
    const published = await publishNew(ctx, 'Peta Curah Hujan', `rev-thumb-${mode}`);
    const rev = (await produsen.agent.post(`${path(published.id)}/revisions`).send({})).body as MetadataRecord;
    const png = pngHeader(320, 200, 77);
    // the published record's graphic is not replaced in place (409); the revision's is
    expect((await produsen.agent.put(`${path(published.id)}/thumbnail`).set('Content-Type', 'image/png').send(png)).status).toBe(409);
    expect((await produsen.agent.put(`${path(rev.id)}/thumbnail`).set('Content-Type', 'image/png').send(png)).status).toBe(200);
    await move(produsen.agent, rev.id, { status: 'QCQE_PROCESS' });
    await move(qcqe.agent, rev.id, { status: 'REVIEW' });
    const done = await move(admin.agent, rev.id, { status: 'PUBLISHED' });
    expect(done.thumbnailUrl).toMatch(new RegExp(`/api/metadata/${encodeURIComponent(published.id)}/thumbnail$`));
    const got = await ctx.w.anonymous.get(`${path(published.id)}/thumbnail`).buffer(true);
    expect(got.status).toBe(200);
    expect(Buffer.from(got.body as Buffer).equals(png)).toBe(true);
  });

  it('asks a reason for a withdrawal, keeps the history, and shows the withdrawal in OAI-PMH', async () => {
    const { admin } = ctx.w.a;
    const fid = `rev-withdraw-${mode}`;
    const published = await publishNew(ctx, 'Peta Sungai', fid);
    const since = await nextSecond();
    const noReason = await admin.agent.patch(path(published.id)).send({ status: 'PRIVATE' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([expect.objectContaining({ path: '/statusNote' })]);
    await move(admin.agent, published.id, { status: 'PRIVATE', statusNote: 'Data sumber ditarik instansi' });
    expect((await oaiFrom(ctx, since)).get(fid)).toBe('(deleted)');
    const history = (await admin.agent.get(`${path(published.id)}/history`)).body as { from: string; to: string; action: string | null; note: string | null }[];
    expect(history.at(-1)).toMatchObject({ from: 'PUBLISHED', to: 'PRIVATE', action: 'withdrawal', note: 'Data sumber ditarik instansi' });
    expect(history.length).toBeGreaterThan(4);
    // a withdrawn record is not revised (a revision is of a published record)
    expect((await admin.agent.post(`${path(published.id)}/revisions`).send({})).status).toBe(409);
  });
});
