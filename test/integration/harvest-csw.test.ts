import type { HarvestSource } from '../../libs/harvest/harvest.types';
import { findRecordById, updateRecordContent } from '../../libs/db/record.repository';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, seedRecord } from '../helpers/fixtures';
import { updateRecordStatus } from '../../libs/db/record.repository';
import { findByIdentifier, keyOf, runSource, setSourceStatus, startSourceCatalogue, startTestWorker, type SourceCatalogue, HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Harvesting a real second geokatalog over CSW 2.0.2 (the apiso golden records), through the
 * REST API and a real BullMQ worker: review mode, provenance, an unchanged re-run that writes
 * nothing, a change at the source, identifier collisions, the 409 on local edits and detaching.
 */

const ctx = useSeededApp({ env: { ...HARVEST_TEST_ENV } });
let source: SourceCatalogue;
let worker: WorkerRuntime;
let src: HarvestSource;
let localId: string;

beforeAll(async () => {
  source = await startSourceCatalogue('apiso');
  worker = await startTestWorker(ctx.t);
  // a local record of the target holding one of the source's identifiers: never overwritten
  localId = source.loaded.loaded[0]!.id;
  // a local record of the source's own organisation (another organisation's never-public
  // record reserves nothing and is not looked at: migration 040)
  await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT', id: localId, doc: completeDoc({ title: 'Rekaman lokal' }) });
}, 300_000);

afterAll(async () => {
  await worker?.close();
  await source?.close();
});

const versions = async (ids: string[]): Promise<Record<string, number>> => {
  const r = await ctx.t.db.query<{ id: string; version: number }>('SELECT file_identifier AS id, version FROM records WHERE file_identifier = ANY($1::text[])', [ids]);
  return Object.fromEntries(r.rows.map((x) => [x.id, x.version]));
};

describe('CSW source in review mode', () => {
  it('adds a source for the ADMIN\'s own organisation (defaults applied)', async () => {
    const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({ name: 'Simpul APISO', url: source.cswUrl, protocol: 'csw' });
    expect(res.status).toBe(201);
    src = res.body as HarvestSource;
    expect(src).toMatchObject({
      organisationId: ctx.w.a.org.id, mode: 'review', pageSize: 100, recordForm: 'iso19139', schedule: null, hasCredentials: false, ownerId: ctx.w.a.admin.user.id,
    });
  });

  it('first run: every record arrives as a DRAFT of the organisation, the local identifier is skipped and reported', async () => {
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    const n = source.loaded.loaded.length;
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toEqual({ listed: n, added: n - 1, updated: 0, unchanged: 0, withdrawn: 0, skipped: 1, failed: 0 });
    expect(run.report!.skippedRecords).toEqual([{ identifier: localId, reason: expect.stringContaining('rekaman lokal') }]);
    expect(run.report!).toMatchObject({ recordForm: 'iso19139', incremental: false, matched: n, errors: [] });
    expect(run.report!.pages).toBeGreaterThanOrEqual(1);
    expect(run.report!.bytes).toBeGreaterThan(1000);
    const ids = source.loaded.loaded.slice(1).map((l) => l.id);
    const r = await ctx.t.db.query<{ id: string; status: string; organisation_id: string; title: string }>(
      'SELECT file_identifier AS id, status, organisation_id, title FROM records WHERE file_identifier = ANY($1::text[]) ORDER BY file_identifier', [ids],
    );
    expect(r.rows).toHaveLength(ids.length);
    for (const row of r.rows) expect(row).toMatchObject({ status: 'DRAFT', organisation_id: ctx.w.a.org.id });
    const titles = Object.fromEntries(source.loaded.loaded.map((l) => [l.id, l.title]));
    for (const row of r.rows) expect(row.title).toBe(titles[row.id]);
    // the local record is untouched
    expect((await findByIdentifier(ctx.t.db, localId))!.title).toBe('Rekaman lokal');
  });

  it('a harvested record carries its provenance in the REST representation and a history entry naming the source and run', async () => {
    const id = source.loaded.loaded[1]!.id;
    const runs = await ctx.w.a.admin.agent.get(`/api/admin/harvest-sources/${src.id}/runs`);
    const firstRun = (runs.body as { id: string }[])[0]!.id;
    const res = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, id)}`);
    expect(res.status).toBe(200);
    expect(res.body.harvest).toEqual({
      source: { id: src.id, name: 'Simpul APISO', url: source.cswUrl, protocol: 'csw' },
      sourceIdentifier: id, run: firstRun, fetchedAt: expect.any(String), withdrawnAt: null,
    });
    const h = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, id)}/history`);
    expect(h.body[0].note).toContain(`sumber ${src.id}, run ${firstRun}`);
  });

  it('an unchanged re-run writes nothing: no record version moves and no event is written', async () => {
    const ids = source.loaded.loaded.slice(1).map((l) => l.id);
    const before = await versions(ids);
    const outboxBefore = (await ctx.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]!.n;
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toMatchObject({ added: 0, updated: 0, unchanged: ids.length, withdrawn: 0, failed: 0, skipped: 1 });
    expect(await versions(ids)).toEqual(before);
    expect((await ctx.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]!.n).toBe(outboxBefore);
  });

  it('a record changed at the source is updated (and stays in review); the others stay unchanged', async () => {
    const id = source.loaded.loaded[2]!.id;
    const at = await findRecordById(source.t.db, id);
    const { id: _i, status: _s, organisationId: _o, ownerId: _w, reviewerId: _r, version: _v, createdAt: _c, updatedAt: _u, publishedAt: _p, ...doc } = at!;
    await updateRecordContent(source.t.db, id, { ...doc, title: 'Judul baru di sumber' });
    await source.freshen(); // the source's own worker would bump its CSW cache generation
    const before = await versions([id]);
    const run = await runSource(ctx.w.a.admin.agent, src.id, { incremental: true });
    expect(run.status).toBe('succeeded');
    expect(run.report!.incremental).toBe(true);
    expect(run.report!.counts).toMatchObject({ updated: 1, added: 0, failed: 0 });
    const rec = await findByIdentifier(ctx.t.db, id);
    expect(rec).toMatchObject({ title: 'Judul baru di sumber', status: 'DRAFT', version: before[id]! + 1 });
  });

  it('refuses a local content edit of a harvested record (409) but lets the review go on', async () => {
    const id = source.loaded.loaded[3]!.id;
    const path = `/api/metadata/${await keyOf(ctx.t.db, id)}`;
    const edit = await ctx.w.a.admin.agent.patch(path).send({ abstract: 'suntingan lokal' });
    expect(edit.status).toBe(409);
    expect(edit.headers['content-type']).toMatch(/problem\+json/);
    expect(edit.body.detail).toContain('detach-harvest');
    // another organisation does not even learn that the record exists
    expect((await ctx.w.b.admin.agent.patch(path).send({ abstract: 'x' })).status).toBe(404);
  });

  it('detaching: only an ADMIN of the record\'s organisation; afterwards the record is local and editable', async () => {
    const id = source.loaded.loaded[3]!.id;
    const path = `/api/metadata/${await keyOf(ctx.t.db, id)}`;
    expect((await ctx.w.a.produsen.agent.post(`${path}/detach-harvest`).send({})).status).toBe(403);
    expect((await ctx.w.b.admin.agent.post(`${path}/detach-harvest`).send({})).status).toBe(404);
    const detached = await ctx.w.a.admin.agent.post(`${path}/detach-harvest`).send({});
    expect(detached.status).toBe(200);
    // the record view every mutating answer gives (issue 20): now editable, with its ETag
    expect(detached.body).toMatchObject({ permissions: { edit: true }, allowedTransitions: expect.any(Array) });
    expect(detached.headers.etag).toBe(`"${detached.body.version as number}"`);
    expect((await ctx.w.a.admin.agent.post(`${path}/detach-harvest`).send({})).status).toBe(409);
    const got = await ctx.w.a.admin.agent.get(path);
    expect(got.body.harvest).toBeUndefined();
    expect((await ctx.w.a.admin.agent.patch(path).send({ abstract: 'suntingan lokal' })).status).toBe(200);
    // the next run reports the identifier as a local record instead of overwriting the edit
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.report!.skippedRecords.map((s) => s.identifier).sort()).toEqual([localId, id].sort());
    expect((await findByIdentifier(ctx.t.db, id))!.abstract).toBe('suntingan lokal');
  });

  it('a second source listing the same identifiers skips them as another source\'s', async () => {
    const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({ name: 'Simpul APISO kedua', url: source.cswUrl, protocol: 'csw', pageSize: 5 });
    expect(res.status).toBe(201);
    const run = await runSource(ctx.w.a.admin.agent, res.body.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts.added).toBe(0);
    expect(run.report!.pages).toBeGreaterThanOrEqual(3); // 5 per page
    expect(run.report!.skippedRecords.filter((s) => s.reason.includes('sumber lain')).length).toBe(source.loaded.loaded.length - 2);
  });

  it('the source withdraws records still in review: they leave the review queue as PRIVATE with history; a detached local edit is untouched', async () => {
    const draftId = source.loaded.loaded[4]!.id;
    const reviewId = source.loaded.loaded[5]!.id;
    const detachedId = source.loaded.loaded[3]!.id; // detached and edited locally above
    // one harvested record is already under review by a QCQE of the organisation
    await updateRecordStatus(ctx.t.db, await keyOf(ctx.t.db, reviewId), { status: 'REVIEW', reviewerId: ctx.w.a.qcqe.user.id, markPublished: false });
    expect((await findByIdentifier(ctx.t.db, draftId))!.status).toBe('DRAFT');
    const inQueue = async (): Promise<string[]> => {
      const res = await ctx.w.a.qcqe.agent.get('/api/metadata').query({ status: 'REVIEW', pageSize: 100 });
      expect(res.status).toBe(200);
      return (res.body.items as { id: string }[]).map((i) => i.id);
    };
    expect(await inQueue()).toContain(await keyOf(ctx.t.db, reviewId));
    for (const id of [draftId, reviewId, detachedId]) await setSourceStatus(source, id, 'PRIVATE');

    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toMatchObject({ withdrawn: 2, added: 0, updated: 0, failed: 0 });
    for (const [id, from] of [[draftId, 'DRAFT'], [reviewId, 'REVIEW']] as const) {
      const rec = await findByIdentifier(ctx.t.db, id);
      expect(rec).toMatchObject({ status: 'PRIVATE', reviewerId: null });
      const h = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, id)}/history`);
      expect(h.body.at(-1)).toMatchObject({ from, to: 'PRIVATE', note: expect.stringContaining(`run ${run.id}): tidak ada lagi di sumber`) });
      expect((await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, id)}`)).body.harvest.withdrawnAt).toEqual(expect.any(String));
    }
    // the QCQE's review queue no longer holds it
    expect(await inQueue()).not.toContain(await keyOf(ctx.t.db, reviewId));
    // nobody moves it back by hand while the source has withdrawn it
    const back = await ctx.w.a.admin.agent.patch(`/api/metadata/${await keyOf(ctx.t.db, draftId)}`).send({ status: 'DRAFT' });
    expect(back.status).toBe(409);
    expect(back.body.detail).toContain('ditarik di sumber');
    // the detached record is local now: its status and its local edit stay
    expect(await findByIdentifier(ctx.t.db, detachedId)).toMatchObject({ abstract: 'suntingan lokal', status: 'DRAFT' });
  });

  it('listed again by the source, a withdrawn record comes back as DRAFT to be reviewed again', async () => {
    const draftId = source.loaded.loaded[4]!.id;
    await setSourceStatus(source, draftId, 'PUBLISHED');
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toMatchObject({ updated: 1, withdrawn: 0, failed: 0 });
    expect((await findByIdentifier(ctx.t.db, draftId))!.status).toBe('DRAFT');
    expect((await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, draftId)}`)).body.harvest.withdrawnAt).toBeNull();
    const h = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, draftId)}/history`);
    expect(h.body.at(-1)).toMatchObject({ from: 'PRIVATE', to: 'DRAFT', note: expect.stringContaining('perlu review ulang') });
  });
});
