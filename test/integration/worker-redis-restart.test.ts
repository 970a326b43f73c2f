import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { parseConfig, type Config } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createRecordsService } from '../../libs/catalogue/records.service';
import { recordStoreFor, findRecordById } from '../../libs/db/record.repository';
import { renderVersions } from '../../libs/db/render.repository';
import { bullPrefix } from '../../libs/jobs/redis-connection';
import { startApiRuntime, type ApiRuntime } from '../../services/api/runtime';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, createFixtureUser } from '../helpers/fixtures';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { TEST_SESSION_SECRET } from '../helpers/test-app';
import { rendersAt, waitFor } from './worker-test-support';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-servers';

/**
 * "No render is lost when Redis restarts." A private redis-server without persistence is
 * stopped and started again (the machine's shared Redis is never touched): jobs queued
 * before the stop vanish with it, and a status change made while it is down must still
 * succeed. After Redis returns, the outbox relay delivers the pending event and the
 * reconciler re-queues what vanished, until every render matches its record's version.
 */
describe('Redis stopped during a status change', () => {
  let redis: PrivateRedis;
  let t: TestDatabase;
  let config: Readonly<Config>;
  let api: ApiRuntime | undefined;
  let worker: WorkerRuntime | undefined;
  let dataDir: string;
  const logger = createLogger('silent');

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'gk-redis-restart-'));
    config = Object.freeze(parseConfig({
      DATABASE_URL: t.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'gkrestart',
      SESSION_SECRET: TEST_SESSION_SECRET,
      ADMIN_PASSWORD: 'admin-password-123',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RECONCILE_INTERVAL_SECONDS: '3600', // runs are triggered by the test (and at worker start)
    }));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await redis.stop();
    await t.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the change succeeds while Redis is down, and renders catch up after it returns', async () => {
    api = await startApiRuntime(config, logger);
    const records = createRecordsService({ store: recordStoreFor(api.db), afterCommit: (e) => api!.afterCommit(e) });
    const org = await createOrganisation(api.db, { name: 'Organisasi Redis' });
    const owner = await createFixtureUser(api.db, 'redis-produsen', 'PRODUSEN', org.id);
    const admin = await createFixtureUser(api.db, 'redis-admin', 'ADMIN', org.id);
    const asOwner = { id: owner.id, role: owner.role, organisationId: org.id };
    const asAdmin = { id: admin.id, role: admin.role, organisationId: org.id };

    // 1. two records are created while no worker runs: their event jobs wait in Redis
    const lost = await records.create(asOwner, completeDoc({ title: 'Rekaman Yang Jobnya Hilang' }));
    const changed = await records.create(asOwner, completeDoc({ title: 'Rekaman Yang Statusnya Berubah' }));
    const queue = new Queue('events', { connection: { url: redis.url }, prefix: bullPrefix(config.redisPrefix) });
    try {
      await waitFor(async () => (await queue.getWaitingCount()) === 2, 'dua job event menunggu di Redis');
    } finally {
      await queue.close();
    }

    // 2. Redis stops: without persistence the two queued jobs are gone for good
    await redis.stop();

    // 3. a status change while Redis is down: the use case commits, the outbox keeps the event
    const submitted = await records.patch(asOwner, changed.id, { status: 'QCQE_PROCESS', reviewerId: null });
    expect(submitted.status).toBe('QCQE_PROCESS');
    const pending = await api.db.query<{ type: string }>('SELECT type FROM outbox WHERE dispatched_at IS NULL ORDER BY id');
    expect(pending.rows.map((r) => r.type)).toEqual(['record.status-changed']);
    // an admin edit too, so the status-changed record ends two versions ahead of its first render
    const edited = await records.patch(asAdmin, changed.id, { title: 'Rekaman Yang Statusnya Berubah (revisi)' });
    expect(edited.version).toBe(submitted.version + 1);

    // 4. Redis returns (empty); the worker starts: its reconciler re-queues what vanished
    await redis.start();
    worker = await startWorker(config, logger);
    await waitFor(() => rendersAt(api!.db, lost.id, lost.version), 'render rekaman yang jobnya hilang', 60_000);
    await waitFor(() => rendersAt(api!.db, changed.id, edited.version), 'render versi terbaru', 60_000);

    // the relays delivered the events written while Redis was down
    await waitFor(async () => {
      const r = await api!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL');
      return r.rows[0]?.n === 0;
    }, 'outbox kosong');
    const current = await findRecordById(api.db, changed.id);
    expect(current?.version).toBe(edited.version);
    expect(Object.values(await renderVersions(api.db, changed.id)).every((v) => v === edited.version)).toBe(true);
    await worker.jobs.whenIdle();
    expect(await worker.jobs.failedJobs()).toEqual([]);
  });
});
