import type { RecordComment } from '../../libs/catalogue/record-comments';
import type { WorkDashboard } from '../../libs/catalogue/work-dashboard';
import { OPENAPI_DOCUMENT } from '../../services/api/openapi/openapi-document';
import { completeDoc, minimalDoc, seedRecord } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 20 §2 over REST, in both run modes: reviewers' comments by field (who may write, read
 * and resolve them; bad input as problem+json), and the "waiting for me" dashboard with the
 * rejection reason and the time a record has waited.
 */
describe.each(['server', 'embedded'] as const)('comments and dashboard (%s mode)', (mode) => {
  const ctx = useSeededApp({ mode });
  const comments = (id: string): string => `/api/metadata/${encodeURIComponent(id)}/comments`;

  it('lets the reviewer and the admin comment on a field or the record, the author read and resolve', async () => {
    const { produsen, produsen2, qcqe, qcqe2, admin } = ctx.w.a;
    const rec = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'QCQE_PROCESS', reviewerId: qcqe.user.id, doc: completeDoc() });

    const byReviewer = await qcqe.agent.post(comments(rec.id)).send({ field: 'abstract', body: '  Sebutkan sumber data.  ' });
    expect(byReviewer.status).toBe(201);
    expect(byReviewer.headers.location).toBe(`${comments(rec.id)}/${(byReviewer.body as RecordComment).id}`);
    expect(byReviewer.body).toMatchObject({ recordId: rec.id, field: 'abstract', body: 'Sebutkan sumber data.', authorId: qcqe.user.id, recordVersion: rec.version, resolvedAt: null });
    const byAdmin = await admin.agent.post(comments(rec.id)).send({ body: 'Rekaman secara umum sudah baik.' });
    expect(byAdmin.status).toBe(201);
    expect((byAdmin.body as RecordComment).field).toBeNull();

    // not the author, not another QCQE while one is assigned, not another organisation (404: cannot see it)
    expect((await produsen.agent.post(comments(rec.id)).send({ body: 'x' })).status).toBe(403);
    expect((await qcqe2.agent.post(comments(rec.id)).send({ body: 'x' })).status).toBe(403);
    expect((await ctx.w.b.admin.agent.post(comments(rec.id)).send({ body: 'x' })).status).toBe(404);
    expect((await ctx.w.b.admin.agent.get(comments(rec.id))).status).toBe(404);
    expect((await ctx.w.anonymous.get(comments(rec.id))).status).toBe(401);

    const listed = await produsen.agent.get(comments(rec.id));
    expect(listed.status).toBe(200);
    expect((listed.body.items as RecordComment[]).map((c) => [c.field, c.body])).toEqual([['abstract', 'Sebutkan sumber data.'], [null, 'Rekaman secara umum sudah baik.']]);

    const id = (byReviewer.body as RecordComment).id;
    expect((await qcqe.agent.post(`${comments(rec.id)}/${id}/resolve`)).status).toBe(403);
    expect((await produsen2.agent.post(`${comments(rec.id)}/${id}/resolve`)).status).toBe(403);
    const resolved = await produsen.agent.post(`${comments(rec.id)}/${id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id, resolvedById: produsen.user.id, resolvedAt: expect.any(String) });
    const again = await produsen.agent.post(`${comments(rec.id)}/${id}/resolve`);
    expect(again.body.resolvedAt).toBe(resolved.body.resolvedAt);
    expect((await produsen.agent.post(`${comments(rec.id)}/99999999/resolve`)).status).toBe(404);
    expect((await produsen.agent.post(`${comments(rec.id)}/abc/resolve`)).status).toBe(404);
  });

  it('refuses bad comments with every problem at once, as problem+json', async () => {
    const { produsen, qcqe } = ctx.w.a;
    const rec = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'QCQE_PROCESS', doc: completeDoc() });
    const bad = await qcqe.agent.post(comments(rec.id)).send({ body: '   ', field: '/title', extra: 1 });
    expect(bad.status).toBe(422);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect((bad.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/body', '/extra', '/field']);
    const long = await qcqe.agent.post(comments(rec.id)).send({ body: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    const notObject = await qcqe.agent.post(comments(rec.id)).send([1, 2]);
    expect(notObject.status).toBe(422);
    expect((await qcqe.agent.post(comments('tidak-ada')).send({ body: 'x' })).status).toBe(404);
  });

  it('drops the comments with their record', async () => {
    const { produsen, admin } = ctx.w.a;
    const rec = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT', doc: minimalDoc() });
    expect((await admin.agent.post(comments(rec.id)).send({ field: 'title', body: 'Judul terlalu umum.' })).status).toBe(201);
    expect((await produsen.agent.delete(`/api/metadata/${encodeURIComponent(rec.id)}`)).status).toBe(204);
    expect((await ctx.t.db.query('SELECT 1 FROM record_comments WHERE record_id = $1', [rec.id])).rowCount).toBe(0);
  });

  it('lists what waits for each role, oldest first, with the rejection reason and open comments', async () => {
    const { produsen, qcqe, admin } = ctx.w.a;
    const api = (agent: typeof produsen.agent) => agent.get('/api/dashboard');
    const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title: `Dasbor ditolak ${mode}` }));
    const id = created.body.id as string;
    const move = async (agent: typeof produsen.agent, body: Record<string, unknown>) => {
      const r = await agent.patch(`/api/metadata/${encodeURIComponent(id)}`).send(body);
      expect(r.status).toBe(200);
    };
    await move(produsen.agent, { status: 'QCQE_PROCESS', reviewerId: qcqe.user.id });
    let qc = (await api(qcqe.agent)).body as WorkDashboard;
    expect(qc.toReview.map((r) => r.id)).toContain(id);
    expect(qc.toFix).toEqual([]);
    expect(qc.mine).toEqual([]);
    await move(qcqe.agent, { status: 'REJECTED', statusNote: 'Sumber data belum disebut.' });
    await qcqe.agent.post(comments(id)).send({ field: 'lineage', body: 'Tambahkan silsilah.' });

    const prod = (await api(produsen.agent)).body as WorkDashboard;
    const fix = prod.toFix.find((r) => r.id === id);
    expect(fix).toMatchObject({ status: 'REJECTED', title: `Dasbor ditolak ${mode}`, openComments: 1, rejection: { note: 'Sumber data belum disebut.', by: expect.any(String) } });
    expect(Date.parse(fix!.since)).toBeGreaterThanOrEqual(Date.parse(created.body.createdAt as string));
    expect(prod.toReview).toEqual([]);
    expect(prod.toPublish).toEqual([]);
    const rejectedGroup = prod.mine.find((g) => g.status === 'REJECTED');
    expect(rejectedGroup?.items.map((r) => r.id)).toContain(id);
    expect(prod.mine.map((g) => g.status)).toEqual(['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE']);

    // back to draft: the reason stays with it until it is submitted again
    await move(produsen.agent, { status: 'DRAFT' });
    const back = ((await api(produsen.agent)).body as WorkDashboard).toFix.find((r) => r.id === id);
    expect(back).toMatchObject({ status: 'DRAFT', rejection: { note: 'Sumber data belum disebut.' } });
    await move(produsen.agent, { status: 'QCQE_PROCESS' });
    qc = (await api(qcqe.agent)).body as WorkDashboard;
    expect(qc.toReview.find((r) => r.id === id)?.rejection).toBeNull();
    await move(qcqe.agent, { status: 'REVIEW' });
    const adm = (await api(admin.agent)).body as WorkDashboard;
    expect(adm.toPublish.map((r) => r.id)).toContain(id);
    // another organisation's admin sees nothing of it
    const other = (await api(ctx.w.b.admin.agent)).body as WorkDashboard;
    expect([...other.toPublish, ...other.toReview, ...other.toFix].map((r) => r.id)).not.toContain(id);
    expect((await ctx.w.anonymous.get('/api/dashboard')).status).toBe(401);
  });

  it('describes the new endpoints in the OpenAPI document', () => {
    const paths = OPENAPI_DOCUMENT.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/metadata/{id}/comments'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(paths['/api/metadata/{id}/comments/{commentId}/resolve']?.post).toBeDefined();
    expect(paths['/api/dashboard']?.get).toBeDefined();
  });
});
