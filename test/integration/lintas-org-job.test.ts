import type { LintasOrgCounts } from '../../libs/catalogue/records.ports';
import { readLintasOrgCounts, recountLintasOrg } from '../../libs/db/lintas-org.repository';
import { createLogger } from '../../libs/logger';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, seedRecord, seedWorld, type Agent, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { waitFor } from './worker-test-support';

/**
 * The `lintas-org.recount` job and the stored counts behind
 * GET /api/admin/organisasi/lintas-org-check: the answer is right immediately after every
 * committed change — before the job ran (counted live), and after it (read from the table).
 */

let t: TestApp;
let w: World;
let worker: WorkerRuntime | undefined;

beforeAll(async () => {
  t = await startTestApp('server');
  w = await seedWorld(t, { allowLintasOrgA: true, allowLintasOrgB: true });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

const recordPath = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;
const counts = (draft: number, pending: number): LintasOrgCounts => ({ draft, pending, total: draft + pending });

async function endpoint(agent: Agent): Promise<LintasOrgCounts> {
  const res = await agent.get('/api/admin/organisasi/lintas-org-check');
  expect(res.status).toBe(200);
  return res.body as LintasOrgCounts;
}

interface Row { draft: number; pending: number; change_seq: string; counted_seq: string | null }
async function storedRow(orgId: string): Promise<Row | undefined> {
  const r = await t.db.query<Row>(
    'SELECT draft, pending, change_seq::text, counted_seq::text FROM organisation_lintas_counts WHERE organisation_id = $1', [orgId]);
  return r.rows[0];
}

/** Waits until the job stored `expected` as the current counts of the organisation. */
async function storedByJob(orgId: string, expected: LintasOrgCounts): Promise<void> {
  await waitFor(async () => {
    const r = await readLintasOrgCounts(t.db, orgId);
    return r.source === 'stored' && JSON.stringify(r.counts) === JSON.stringify(expected);
  }, `jumlah tersimpan ${JSON.stringify(expected)}`);
}

async function create(title: string): Promise<string> {
  const res = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title }));
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function patch(agent: Agent, id: string, body: Record<string, unknown>): Promise<void> {
  const res = await agent.patch(recordPath(id)).send(body);
  expect(res.status).toBe(200);
}

const r: Record<string, string> = {};

describe('before any job ran (no worker): every answer is counted live', () => {
  it('a cross-organisation submission counts at once; the table only marks the change', async () => {
    expect(await endpoint(w.a.admin.agent)).toEqual(counts(0, 0));
    r.one = await create('Peta Lintas Satu');
    await patch(w.a.produsen.agent, r.one, { status: 'QCQE_PROCESS', reviewerId: w.b.qcqe.user.id });
    expect(await endpoint(w.a.admin.agent)).toEqual(counts(0, 1));
    expect(await endpoint(w.b.admin.agent)).toEqual(counts(0, 0));

    const row = await storedRow(w.a.org.id);
    expect(row).toMatchObject({ counted_seq: null });
    expect(Number(row!.change_seq)).toBeGreaterThanOrEqual(1);
    expect(await readLintasOrgCounts(t.db, w.a.org.id)).toEqual({ counts: counts(0, 1), source: 'live' });
    // an own-organisation reviewer, a record without reviewer: nothing to count
    r.own = await create('Peta Reviewer Sendiri');
    await patch(w.a.produsen.agent, r.own, { status: 'QCQE_PROCESS', reviewerId: w.a.qcqe.user.id });
    r.none = await create('Peta Tanpa Reviewer');
    expect(await endpoint(w.a.admin.agent)).toEqual(counts(0, 1));
  });
});

describe('with the worker: the job stores the counts, the endpoint stays current after each change', () => {
  beforeAll(async () => {
    worker = await startWorker({ ...t.config, worker: { ...t.config.worker, reconcileIntervalSeconds: 3600 } }, createLogger('silent'));
  });

  it('the outstanding events are recounted and the endpoint then reads the stored counts', async () => {
    await storedByJob(w.a.org.id, counts(0, 1));
    const row = (await storedRow(w.a.org.id))!;
    expect(row).toMatchObject({ draft: 0, pending: 1 });
    expect(row.counted_seq).toBe(row.change_seq);
    expect(await endpoint(w.a.admin.agent)).toEqual(counts(0, 1));
  });

  const steps: { what: string; run: () => Promise<void>; a: LintasOrgCounts; b?: LintasOrgCounts }[] = [
    { what: 'passed QC by the other organisation\'s reviewer', run: () => patch(w.b.qcqe.agent, r.one!, { status: 'REVIEW' }), a: counts(0, 1) },
    {
      what: 'rejected: back with the producer',
      run: () => patch(w.b.qcqe.agent, r.one!, { status: 'REJECTED', statusNote: 'Perbaiki sistem referensi.' }),
      a: counts(1, 0),
    },
    { what: 'back to draft, reviewer kept', run: () => patch(w.a.produsen.agent, r.one!, { status: 'DRAFT' }), a: counts(1, 0) },
    {
      what: 'a second cross-organisation submission',
      run: async () => {
        r.two = await create('Peta Lintas Dua');
        await patch(w.a.produsen.agent, r.two, { status: 'QCQE_PROCESS', reviewerId: w.b.qcqe2.user.id });
      },
      a: counts(1, 1),
    },
    {
      what: 'a record of B reviewed from A counts for B only',
      run: async () => {
        const res = await w.b.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Organisasi B' }));
        r.ofB = res.body.id as string;
        await patch(w.b.produsen.agent, r.ofB, { status: 'QCQE_PROCESS', reviewerId: w.a.qcqe2.user.id });
      },
      a: counts(1, 1),
      b: counts(0, 1),
    },
    {
      what: 'the draft with a cross-organisation reviewer deleted',
      run: async () => { expect((await w.a.produsen.agent.delete(recordPath(r.one!))).status).toBe(204); },
      a: counts(0, 1),
    },
    {
      what: 'the switch turned off with force: assignments released',
      run: async () => {
        const res = await w.a.admin.agent.patch('/api/admin/organisasi?force=true').send({ allowLintasOrgReviewer: false });
        expect(res.status).toBe(200);
      },
      a: counts(0, 0),
      b: counts(0, 1),
    },
  ];

  it.each(steps.map((s) => [s.what, s] as const))('%s: right after the change, and once the job stored it', async (_what, step) => {
    await step.run();
    // immediately: whether or not the job has run yet
    expect(await endpoint(w.a.admin.agent)).toEqual(step.a);
    if (step.b) expect(await endpoint(w.b.admin.agent)).toEqual(step.b);
    await storedByJob(w.a.org.id, step.a);
    if (step.b) await storedByJob(w.b.org.id, step.b);
    expect(await endpoint(w.a.admin.agent)).toEqual(step.a);
  });

  it('no job failed on the way', async () => {
    await waitFor(async () => (await t.db.query('SELECT 1 FROM outbox WHERE dispatched_at IS NULL')).rowCount === 0, 'outbox kosong');
    await worker!.jobs.whenIdle();
    expect(await worker!.jobs.failedJobs()).toEqual([]);
  });
});

describe('the freshness rule under a race', () => {
  it('a recount that read before a change committed stores its counts as outdated, never as current', async () => {
    expect((await w.a.admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: true })).status).toBe(200);
    const id = await create('Peta Balapan');
    await patch(w.a.produsen.agent, id, { status: 'QCQE_PROCESS', reviewerId: w.b.qcqe.user.id });
    await storedByJob(w.a.org.id, counts(0, 1));
    // from here on only direct SQL: no event, so no job of the worker joins the race
    await waitFor(async () => (await t.db.query('SELECT 1 FROM outbox WHERE dispatched_at IS NULL')).rowCount === 0, 'outbox kosong');
    await worker!.jobs.whenIdle();

    let recount: ReturnType<typeof recountLintasOrg> | undefined;
    await t.db.transaction(async (tx) => {
      // the change marks the counts row (trigger) and holds its lock until commit
      await tx.query('UPDATE records SET reviewer_id = NULL, version = version + 1 WHERE id = $1', [id]);
      recount = recountLintasOrg(t.db, w.a.org.id);
      // the recount has taken its snapshot (before this commit) and waits for the row lock
      await waitFor(async () => {
        const q = await t.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query LIKE '%INSERT INTO organisation_lintas_counts AS s%'`);
        return q.rowCount > 0;
      }, 'penghitungan menunggu kunci baris');
    });
    const out = await recount!;
    expect(out).toMatchObject({ status: 'stored', counts: counts(0, 1) }); // what its snapshot saw
    const row = (await storedRow(w.a.org.id))!;
    expect(Number(row.counted_seq)).toBeLessThan(Number(row.change_seq));
    // so the answer is counted live: the record lost its reviewer
    expect(await readLintasOrgCounts(t.db, w.a.org.id)).toEqual({ counts: counts(0, 0), source: 'live' });
    expect(await endpoint(w.a.admin.agent)).toEqual(counts(0, 0));
    // the next recount makes the stored counts current again
    expect(await recountLintasOrg(t.db, w.a.org.id)).toMatchObject({ status: 'stored', counts: counts(0, 0) });
    expect(await readLintasOrgCounts(t.db, w.a.org.id)).toEqual({ counts: counts(0, 0), source: 'stored' });
  });

  it('a reviewer moving to another organisation outdates the counts of the organisations they review for', async () => {
    await seedRecord(t.db, { owner: w.a.produsen2.user, status: 'QCQE_PROCESS', reviewerId: w.b.qcqe.user.id });
    await recountLintasOrg(t.db, w.a.org.id);
    expect(await readLintasOrgCounts(t.db, w.a.org.id)).toEqual({ counts: counts(0, 1), source: 'stored' });
    // moved into A, b-qcqe's assignment is no longer a cross-organisation one
    await t.db.query('UPDATE users SET organisation_id = $2 WHERE id = $1', [w.b.qcqe.user.id, w.a.org.id]);
    expect(await readLintasOrgCounts(t.db, w.a.org.id)).toEqual({ counts: counts(0, 0), source: 'live' });
    expect(await endpoint(w.a.admin.agent)).toEqual(counts(0, 0));
  });

  it('an unknown organisation is not stored', async () => {
    expect(await recountLintasOrg(t.db, 'org-tidak-ada')).toEqual({ status: 'no-organisation' });
  });
});
