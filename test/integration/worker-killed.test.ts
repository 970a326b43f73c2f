import pg from 'pg';
import { Queue } from 'bullmq';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createUser } from '../../libs/db/user.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { renderVersions } from '../../libs/db/render.repository';
import { renderJobId } from '../../libs/jobs/job-ids';
import { bullPrefix } from '../../libs/jobs/redis-connection';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import { TEST_REDIS_URL } from '../helpers/env';
import { rendersAt, spawnWorker, waitFor, type ChildWorker } from './worker-test-support';

/**
 * The worker as its own process. A job is held in the middle of its work in a controlled
 * way: the test keeps `record_renders` locked (SHARE mode: reads pass, the render's upsert
 * waits), so the job is provably active when the process is killed or asked to stop.
 */
// several waits of child processes per test, each with a 120 s hang bound
jest.setTimeout(600_000);

describe('worker process: a job interrupted mid-way', () => {
  let t: TestDatabase;
  let prefix: string;
  let queue: Queue;
  let ownerId: string;
  let orgId: string;
  const children: ChildWorker[] = [];

  const env = (): Record<string, string> => ({
    DATABASE_URL: t.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'info',
    WORKER_CONCURRENCY: '1',
    // a killed worker's job counts as stalled after 5 s instead of 30 s (not less: a live worker
    // renews its lock every 2.5 s, and on a loaded machine its event loop may stall for a second)
    WORKER_LOCK_DURATION_MS: '5000',
    WORKER_STALLED_INTERVAL_MS: '1000',
    RECONCILE_INTERVAL_SECONDS: '3600',
  });

  const start = (): ChildWorker => {
    const c = spawnWorker(env());
    children.push(c);
    return c;
  };

  /** a second connection that holds the lock until released */
  async function lockRenders(): Promise<{ release(): Promise<void> }> {
    const c = new pg.Client({ connectionString: t.url });
    await c.connect();
    await c.query('BEGIN');
    await c.query('LOCK TABLE record_renders IN SHARE MODE');
    return {
      async release() {
        await c.query('ROLLBACK');
        await c.end();
      },
    };
  }

  /** the job's upsert is waiting for our lock: it is active and half done */
  const upsertIsWaiting = async (): Promise<boolean> => {
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO record_renders%'`,
    );
    return (r.rows[0]?.n ?? 0) > 0;
  };

  async function newRecord(title: string): Promise<MetadataRecord> {
    const id = `killed-${Math.random().toString(36).slice(2, 10)}`;
    const rec = await insertRecord(t.db, { id, status: 'PUBLISHED', organisationId: orgId, ownerId, reviewerId: null, doc: { title, fileIdentifier: id } });
    return rec!;
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    prefix = testRedisPrefix().replace(/:$/, '');
    queue = new Queue('render', { connection: { url: TEST_REDIS_URL }, prefix: bullPrefix(prefix) });
    const org = await createOrganisation(t.db, { name: 'Organisasi Uji Worker' });
    orgId = org.id;
    ownerId = (await createUser(t.db, { username: 'pemilik', passwordHash: 'x', role: 'PRODUSEN', organisationId: org.id })).id;
  });

  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await queue.close();
    await t.drop();
    await deleteKeys(`${prefix}:`);
  });

  it('a worker killed (SIGKILL) mid-job: the next worker finishes the job', async () => {
    const rec = await newRecord('Peta Yang Terputus');
    const lock = await lockRenders();
    let released = false;
    try {
      const first = start();
      // the reconciler at start queues the render; the job reaches its upsert and waits
      await waitFor(upsertIsWaiting, 'job render menunggu kunci tabel');
      const jobId = renderJobId(rec.id, rec.version);
      expect(await queue.getJobState(jobId)).toBe('active');

      first.proc.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      // A dead client's backend keeps waiting for the lock and would still commit the
      // insert once it gets it; a real crash loses it, so end that backend the same way.
      await t.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      await lock.release();
      released = true;
      expect(await renderVersions(t.db, rec.id)).toEqual({});
      expect(await queue.getJobState(jobId)).toBe('active'); // still owned by the dead worker

      const second = start();
      await waitFor(() => rendersAt(t.db, rec.id, rec.version), 'render selesai oleh worker kedua');
      // it was the interrupted job that ran again (stalled-job recovery), not a new one
      await waitFor(async () => second.output().includes(jobId), 'log job yang dipulihkan');
      expect(second.output()).toMatch(/"msg":"job terhenti \(worker mati\?\); dijalankan ulang"/);
      expect(await queue.getFailedCount()).toBe(0);

      second.proc.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    } finally {
      if (!released) await lock.release();
    }
  });

  it('SIGTERM lets the active job finish before the worker exits', async () => {
    const rec = await newRecord('Peta Saat Berhenti');
    const lock = await lockRenders();
    let released = false;
    try {
      const worker = start();
      await waitFor(upsertIsWaiting, 'job render menunggu kunci tabel');
      worker.proc.kill('SIGTERM');
      await waitFor(async () => worker.output().includes('menunggu job yang sedang berjalan'), 'worker menerima SIGTERM');
      expect(worker.proc.exitCode).toBeNull(); // still there: the job is not done
      await lock.release();
      released = true;
      const exit = await worker.exited;
      expect(exit.code).toBe(0);
      expect(await rendersAt(t.db, rec.id, rec.version)).toBe(true);
      expect(worker.output()).toContain('worker berhenti dengan bersih');
      expect(await queue.getFailedCount()).toBe(0);
    } finally {
      if (!released) await lock.release();
    }
  });
});
