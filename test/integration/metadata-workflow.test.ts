import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { currentPublicGeneration } from '../../libs/response-cache/generation';
import { completeDoc, minimalDoc, seedRecord, type Agent } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * The review workflow over REST: a record's whole life with its history and outbox events,
 * the submission rules (completeness, reviewer choice), the status-change body, concurrency
 * and CSW cache invalidation. Who may do which transition is the access matrix's job.
 */

const ctx = useSeededApp();

const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

async function move(agent: Agent, id: string, body: Record<string, unknown>, expected = 200): Promise<MetadataRecord> {
  const res = await agent.patch(path(id)).send(body);
  if (res.status !== expected) throw new Error(`PATCH ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MetadataRecord;
}

describe('a record\'s life', () => {
  it('goes DRAFT → … → PUBLISHED ⇄ PRIVATE with history, events, versions and publishedAt', async () => {
    const { produsen, qcqe, admin } = ctx.w.a;
    const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Rawan Banjir' }));
    expect(created.status).toBe(201);
    const id = (created.body as MetadataRecord).id;

    let rec = await move(produsen.agent, id, { status: 'QCQE_PROCESS', reviewerId: qcqe.user.id, statusNote: 'Mohon direview' });
    expect(rec).toMatchObject({ status: 'QCQE_PROCESS', reviewerId: qcqe.user.id, version: 2 });
    rec = await move(qcqe.agent, id, { status: 'REVIEW' });
    const noNote = await qcqe.agent.patch(path(id)).send({ status: 'REJECTED' });
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors).toEqual([expect.objectContaining({ path: '/statusNote' })]);
    rec = await move(qcqe.agent, id, { status: 'REJECTED', statusNote: 'Abstrak kurang jelas' });
    rec = await move(produsen.agent, id, { status: 'DRAFT' });
    const edited = await produsen.agent.patch(path(id)).send({ abstract: 'Abstrak yang diperjelas.' });
    expect(edited.status).toBe(200);
    rec = await move(produsen.agent, id, { status: 'QCQE_PROCESS' });
    expect(rec.reviewerId).toBe(qcqe.user.id); // the assignment survives the rejection round
    rec = await move(qcqe.agent, id, { status: 'REVIEW' });

    const genBefore = await currentPublicGeneration(ctx.t.deps.kv);
    rec = await move(admin.agent, id, { status: 'PUBLISHED' });
    expect(await currentPublicGeneration(ctx.t.deps.kv)).toBeGreaterThan(genBefore);
    expect(rec.publishedAt).not.toBeNull();
    const firstPublication = rec.publishedAt;
    rec = await move(admin.agent, id, { status: 'PRIVATE', statusNote: 'Sementara ditarik' });
    expect(rec.publishedAt).toBe(firstPublication);
    rec = await move(admin.agent, id, { status: 'PUBLISHED' });
    expect(rec.publishedAt).toBe(firstPublication); // the first publication is kept
    expect(rec.version).toBe(11);

    const history = await produsen.agent.get(`${path(id)}/history`);
    expect(history.status).toBe(200);
    const steps = (history.body as { from: string | null; to: string; actorUsername: string; note: string | null; at: string }[])
      .map((h) => [h.from, h.to, h.actorUsername, h.note]);
    expect(steps).toEqual([
      [null, 'DRAFT', 'a-produsen', null],
      ['DRAFT', 'QCQE_PROCESS', 'a-produsen', 'Mohon direview'],
      ['QCQE_PROCESS', 'REVIEW', 'a-qcqe', null],
      ['REVIEW', 'REJECTED', 'a-qcqe', 'Abstrak kurang jelas'],
      ['REJECTED', 'DRAFT', 'a-produsen', null],
      ['DRAFT', 'QCQE_PROCESS', 'a-produsen', null],
      ['QCQE_PROCESS', 'REVIEW', 'a-qcqe', null],
      ['REVIEW', 'PUBLISHED', 'a-admin', null],
      ['PUBLISHED', 'PRIVATE', 'a-admin', 'Sementara ditarik'],
      ['PRIVATE', 'PUBLISHED', 'a-admin', null],
    ]);
    expect((history.body as { actorId: string }[])[3]!.actorId).toBe(qcqe.user.id);

    const events = await ctx.t.db.query<{ type: string; payload: Record<string, unknown> }>(
      "SELECT type, payload FROM outbox WHERE payload->>'recordId' = $1 ORDER BY id", [id]);
    const sc = 'record.status-changed';
    expect(events.rows.map((e) => e.type)).toEqual(['record.created', sc, sc, sc, sc, 'record.updated', sc, sc, sc, sc, sc]);
    expect(events.rows[8]!.payload).toEqual({
      recordId: id, from: 'REVIEW', to: 'PUBLISHED', version: 9, actorId: admin.user.id, organisationId: ctx.w.a.org.id,
    });
  });

  it('writes the history row and the event in the transaction of the status change (a refused change leaves neither)', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'REVIEW' });
    const count = async () => (await ctx.t.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM record_history WHERE record_id = $1) + (SELECT count(*) FROM outbox WHERE payload->>'recordId' = $1) AS n", [rec.id],
    )).rows[0]!.n;
    await move(ctx.w.a.produsen.agent, rec.id, { status: 'PUBLISHED' }, 403);
    await move(ctx.w.a.admin.agent, rec.id, { status: 'DRAFT' }, 409);
    expect(Number(await count())).toBe(0);
    await move(ctx.w.a.admin.agent, rec.id, { status: 'PUBLISHED' });
    expect(Number(await count())).toBe(2);
  });

  it('does not touch the CSW cache generation for changes CSW cannot see', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    const before = await currentPublicGeneration(ctx.t.deps.kv);
    await move(ctx.w.a.produsen.agent, rec.id, { status: 'QCQE_PROCESS' });
    expect(await currentPublicGeneration(ctx.t.deps.kv)).toBe(before);
    const pub = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'PUBLISHED' });
    expect((await ctx.w.a.admin.agent.post(`${path(pub.id)}/corrections`).send({ reason: 'Tujuan diperjelas', patch: { purpose: 'Diperbarui' } })).status).toBe(200);
    expect(await currentPublicGeneration(ctx.t.deps.kv)).toBeGreaterThan(before);
  });
});

describe('submission rules', () => {
  it('refuses an incomplete record with every missing field (422)', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT', doc: minimalDoc() });
    const res = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ status: 'QCQE_PROCESS' });
    expect(res.status).toBe(422);
    expect((res.body.errors as { path: string }[]).map((e) => e.path)).toEqual(
      expect.arrayContaining(['/abstract', '/language', '/hierarchyLevel', '/contacts', '/dates']));
  });

  it('accepts a reviewer of another organisation only when the organisation allows it', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    const refused = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ status: 'QCQE_PROCESS', reviewerId: ctx.w.b.qcqe.user.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/reviewerId' })]);
    await ctx.t.db.query('UPDATE organisations SET allow_lintas_org_reviewer = true WHERE id = $1', [ctx.w.a.org.id]);
    try {
      const ok = await move(ctx.w.a.produsen.agent, rec.id, { status: 'QCQE_PROCESS', reviewerId: ctx.w.b.qcqe.user.id });
      expect(ok.reviewerId).toBe(ctx.w.b.qcqe.user.id);
      // now the reviewer from B sees it and acts on it; the QCQE of A no longer does
      expect((await ctx.w.b.qcqe.agent.get(path(rec.id))).status).toBe(200);
      expect((await ctx.w.a.qcqe.agent.patch(path(rec.id)).send({ status: 'REVIEW' })).status).toBe(403);
      expect((await ctx.w.b.qcqe.agent.patch(path(rec.id)).send({ status: 'REVIEW' })).status).toBe(200);
    } finally {
      await ctx.t.db.query('UPDATE organisations SET allow_lintas_org_reviewer = false WHERE id = $1', [ctx.w.a.org.id]);
    }
  });

  it.each([
    ['a PRODUSEN', () => ctx.w.a.produsen2.user.id],
    ['an ADMIN', () => ctx.w.a.admin.user.id],
    ['an unknown user', () => 'tidak-ada'],
  ])('refuses %s as reviewer (422)', async (_label, reviewerId) => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    const res = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ status: 'QCQE_PROCESS', reviewerId: reviewerId() });
    expect(res.status).toBe(422);
  });

  it('refuses a deactivated QCQE as reviewer (422)', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    await ctx.t.db.query('UPDATE users SET active = false WHERE id = $1', [ctx.w.a.qcqe2.user.id]);
    try {
      expect((await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ status: 'QCQE_PROCESS', reviewerId: ctx.w.a.qcqe2.user.id })).status).toBe(422);
    } finally {
      await ctx.t.db.query('UPDATE users SET active = true WHERE id = $1', [ctx.w.a.qcqe2.user.id]);
    }
  });
});

describe('status-change body', () => {
  it.each([
    [{ status: 'SELESAI' }, '/status'],
    [{ status: 7 }, '/status'],
    [{ status: 'QCQE_PROCESS', statusNote: 42 }, '/statusNote'],
    [{ status: 'QCQE_PROCESS', reviewerId: 5 }, '/reviewerId'],
    [{ status: 'QCQE_PROCESS', version: 2 }, '/version'],
    [{ statusNote: 'tanpa status' }, '/statusNote'],
    [{ reviewerId: 'x' }, '/reviewerId'],
  ])('%j → 422 at %s', async (body, errorPath) => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    const res = await ctx.w.a.produsen.agent.patch(path(rec.id)).send(body);
    expect(res.status).toBe(422);
    expect((res.body.errors as { path: string }[]).map((e) => e.path)).toContain(errorPath);
  });

  it('refuses a reviewer named outside a submission (422)', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'QCQE_PROCESS' });
    expect((await ctx.w.a.admin.agent.patch(path(rec.id)).send({ status: 'REVIEW', reviewerId: ctx.w.a.qcqe.user.id })).status).toBe(422);
  });

  it('honours If-Match on status changes too', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'REVIEW' });
    expect((await ctx.w.a.admin.agent.patch(path(rec.id)).set('If-Match', '"7"').send({ status: 'PUBLISHED' })).status).toBe(412);
    const ok = await ctx.w.a.admin.agent.patch(path(rec.id)).set('If-Match', `"${rec.version}"`).send({ status: 'PUBLISHED' });
    expect(ok.status).toBe(200);
    expect(ok.headers.etag).toBe(`"${rec.version + 1}"`);
  });
});

describe('concurrency', () => {
  it('lets exactly one of two simultaneous identical transitions through; the other finds nothing left to do (409)', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'REVIEW' });
    const results = await Promise.all([
      ctx.w.a.admin.agent.patch(path(rec.id)).send({ status: 'PUBLISHED' }),
      ctx.w.a.admin.agent.patch(path(rec.id)).send({ status: 'PUBLISHED' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const h = await ctx.t.db.query('SELECT 1 FROM record_history WHERE record_id = $1', [rec.id]);
    expect(h.rowCount).toBe(1);
  });

  it('serialises a rejection and a publication of the same record: one wins, the other sees the new status', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'REVIEW' });
    const [pub, rej] = await Promise.all([
      ctx.w.a.admin.agent.patch(path(rec.id)).send({ status: 'PUBLISHED' }),
      ctx.w.a.qcqe.agent.patch(path(rec.id)).send({ status: 'REJECTED', statusNote: 'Belum layak' }),
    ]);
    expect([pub.status, rej.status].sort()).toEqual([200, 409]);
    const final = (await ctx.w.a.admin.agent.get(path(rec.id))).body as MetadataRecord;
    expect(final.version).toBe(rec.version + 1);
    expect(final.status).toBe(pub.status === 200 ? 'PUBLISHED' : 'REJECTED');
  });
});
