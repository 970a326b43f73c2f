import type { MetadataRecord, RecordStatus } from '../../libs/catalogue/record.types';
import { seedRecord } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/* /api/admin/organisasi: the cross-organisation ("lintas-org") reviewer check and switch. */

const ctx = useSeededApp({ world: { allowLintasOrgA: true, allowLintasOrgB: true } });

const seedA = (status: RecordStatus, reviewerId: string | null): Promise<MetadataRecord> =>
  seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status, reviewerId });

async function recordRow(id: string): Promise<{ status: string; reviewer_id: string | null; version: number }> {
  const r = await ctx.t.db.query<{ status: string; reviewer_id: string | null; version: number }>(
    'SELECT status, reviewer_id, version FROM records WHERE id = $1', [id]);
  return r.rows[0]!;
}

describe('access', () => {
  it('is for ADMINs only', async () => {
    for (const agent of [ctx.w.a.produsen.agent, ctx.w.a.qcqe.agent]) {
      expect((await agent.get('/api/admin/organisasi/lintas-org-check')).status).toBe(403);
      expect((await agent.get('/api/admin/organisasi')).status).toBe(403);
      expect((await agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: false })).status).toBe(403);
    }
    expect((await ctx.w.anonymous.get('/api/admin/organisasi/lintas-org-check')).status).toBe(401);
  });

  it('GET / answers the caller\'s own organisation', async () => {
    const res = await ctx.w.b.admin.agent.get('/api/admin/organisasi');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: ctx.w.b.org.id, name: ctx.w.b.org.name, allowLintasOrgReviewer: true, createdAt: expect.any(String) });
  });
});

describe('counts and the switch', () => {
  const r: Record<string, MetadataRecord> = {};

  beforeAll(async () => {
    const revB = ctx.w.b.qcqe.user.id;
    r.draft = await seedA('DRAFT', revB);
    r.rejected = await seedA('REJECTED', revB);
    r.qcqe = await seedA('QCQE_PROCESS', revB);
    r.review = await seedA('REVIEW', ctx.w.b.qcqe2.user.id);
    // not counted: finished reviews, own-organisation reviewers, no reviewer
    r.published = await seedA('PUBLISHED', revB);
    r.private = await seedA('PRIVATE', revB);
    r.sameOrg = await seedA('QCQE_PROCESS', ctx.w.a.qcqe.user.id);
    r.none = await seedA('DRAFT', null);
    // a record of B reviewed from A counts for B only
    r.ofB = await seedRecord(ctx.t.db, { owner: ctx.w.b.produsen.user, status: 'REVIEW', reviewerId: ctx.w.a.qcqe.user.id });
  });

  it('counts open cross-organisation assignments of the caller\'s organisation', async () => {
    const a = await ctx.w.a.admin.agent.get('/api/admin/organisasi/lintas-org-check');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ draft: 2, pending: 2, total: 4 });
    const b = await ctx.w.b.admin.agent.get('/api/admin/organisasi/lintas-org-check');
    expect(b.body).toEqual({ draft: 0, pending: 1, total: 1 });
  });

  it('validates the body (422) and the force flag (400)', async () => {
    expect((await ctx.w.a.admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: 'tidak' })).status).toBe(422);
    const extra = await ctx.w.a.admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: false, name: 'Baru' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual([expect.objectContaining({ path: '/name' })]);
    expect((await ctx.w.a.admin.agent.patch('/api/admin/organisasi?force=ya').send({ allowLintasOrgReviewer: false })).status).toBe(400);
  });

  it('refuses to switch off with open assignments: 409 carrying the counts, nothing changed', async () => {
    const res = await ctx.w.a.admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: false });
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.counts).toEqual({ draft: 2, pending: 2, total: 4 });
    expect((await ctx.w.a.admin.agent.get('/api/admin/organisasi')).body.allowLintasOrgReviewer).toBe(true);
    expect((await recordRow(r.draft!.id)).reviewer_id).toBe(ctx.w.b.qcqe.user.id);
  });

  it('with ?force=true releases those assignments in the same change; the records keep their status', async () => {
    const res = await ctx.w.a.admin.agent.patch('/api/admin/organisasi?force=true').send({ allowLintasOrgReviewer: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ctx.w.a.org.id, allowLintasOrgReviewer: false });

    for (const key of ['draft', 'rejected', 'qcqe', 'review']) {
      const before = r[key]!;
      expect(await recordRow(before.id)).toEqual({ status: before.status, reviewer_id: null, version: before.version + 1 });
      const ev = await ctx.t.db.query<{ payload: Record<string, unknown> }>(
        "SELECT payload FROM outbox WHERE type = 'record.updated' AND payload->>'recordId' = $1", [before.id]);
      expect(ev.rows.map((e) => e.payload)).toEqual([{ recordId: before.id, version: before.version + 1, status: before.status }]);
      const h = await ctx.t.db.query('SELECT 1 FROM record_history WHERE record_id = $1', [before.id]);
      expect(h.rowCount).toBe(0); // no status change, so no history row
    }
    for (const key of ['published', 'private', 'sameOrg', 'ofB']) {
      const before = r[key]!;
      expect(await recordRow(before.id)).toEqual({ status: before.status, reviewer_id: before.reviewerId, version: before.version });
    }
    expect((await ctx.w.a.admin.agent.get('/api/admin/organisasi/lintas-org-check')).body).toEqual({ draft: 0, pending: 0, total: 0 });
    expect((await ctx.w.b.admin.agent.get('/api/admin/organisasi/lintas-org-check')).body).toEqual({ draft: 0, pending: 1, total: 1 });
  });

  it('a released record is back with the organisation\'s own QCQE, and the former reviewer loses sight of it', async () => {
    const id = encodeURIComponent(r.qcqe!.id);
    expect((await ctx.w.b.qcqe.agent.get(`/api/metadata/${id}`)).status).toBe(404);
    expect((await ctx.w.a.qcqe.agent.patch(`/api/metadata/${id}`).send({ status: 'REVIEW' })).status).toBe(200);
  });

  it('once off, a submission naming a reviewer of another organisation is refused; switching on again allows it', async () => {
    const rec = await seedA('DRAFT', null);
    const path = `/api/metadata/${encodeURIComponent(rec.id)}`;
    expect((await ctx.w.a.produsen.agent.patch(path).send({ status: 'QCQE_PROCESS', reviewerId: ctx.w.b.qcqe.user.id })).status).toBe(422);
    const on = await ctx.w.a.admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: true });
    expect(on.status).toBe(200);
    expect(on.body.allowLintasOrgReviewer).toBe(true);
    expect((await ctx.w.a.produsen.agent.patch(path).send({ status: 'QCQE_PROCESS', reviewerId: ctx.w.b.qcqe.user.id })).status).toBe(200);
    expect((await ctx.w.a.admin.agent.get('/api/admin/organisasi/lintas-org-check')).body).toEqual({ draft: 0, pending: 1, total: 1 });
  });

  it('switches off directly when nothing is open', async () => {
    const res = await ctx.w.b.admin.agent.patch('/api/admin/organisasi?force=false').send({ allowLintasOrgReviewer: true });
    expect(res.status).toBe(200);
    await ctx.t.db.query('UPDATE records SET status = $2 WHERE id = $1', [r.ofB!.id, 'PUBLISHED']);
    const off = await ctx.w.b.admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: false });
    expect(off.status).toBe(200);
    expect(off.body.allowLintasOrgReviewer).toBe(false);
  });
});
