import { Queue } from 'bullmq';
import { parseConfig, type Config } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createRedisStore } from '../../libs/cache/redis-store';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createUser } from '../../libs/db/user.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { renderVersions } from '../../libs/db/render.repository';
import { renderJobId } from '../../libs/jobs/job-ids';
import { JobPayloadError } from '../../libs/jobs/job-registry';
import { bullPrefix } from '../../libs/jobs/redis-connection';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import { createJobSystem, type JobSystem } from '../../libs/processors/job-system';
import { createDefaultRenderer } from '../../libs/processors/default-renderer';
import { jobHandlerServices } from '../helpers/job-handler-services';
import type { RecordRenderer } from '../../libs/processors/processor-deps';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import { TEST_REDIS_URL } from '../helpers/env';
import { rendersAt, waitFor } from './worker-test-support';

/**
 * The BullMQ side of the job system against the real Redis: worker-side validation,
 * permanent failures kept visible, transient failures retried, deleted records, event
 * dispatch rules. The renderer is the real one, wrapped so chosen titles fail the way a
 * broken record or a dying render thread would.
 */
describe('job system on BullMQ (server mode)', () => {
  let t: TestDatabase;
  let prefix: string;
  let config: Readonly<Config>;
  let redis: Redis;
  let producer: JobSystem;
  let worker: JobSystem;
  let orgId: string;
  let ownerId: string;
  let transientFailuresLeft = 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    prefix = testRedisPrefix().replace(/:$/, '');
    config = Object.freeze(parseConfig({
      DATABASE_URL: t.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent',
    }));
    const real = await createDefaultRenderer();
    const renderer: RecordRenderer = {
      render: (r, f) => real.render(r, f),
      async renderAll(r: MetadataRecord) {
        if (r.title === 'RUSAK') throw new Error('stylesheet tidak dapat memproses rekaman ini');
        if (r.title === 'SEMENTARA' && transientFailuresLeft > 0) {
          transientFailuresLeft--;
          throw Object.assign(new Error('thread render berhenti'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
        }
        return real.renderAll(r);
      },
    };
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    const kv = createRedisStore(redis, `${prefix}:`);
    const logger = createLogger('silent');
    producer = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer' });
    worker = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'worker', handlerServices: await jobHandlerServices(renderer) });
    const org = await createOrganisation(t.db, { name: 'Organisasi BullMQ' });
    orgId = org.id;
    ownerId = (await createUser(t.db, { username: 'bull', passwordHash: 'x', role: 'PRODUSEN', organisationId: org.id })).id;
  });

  afterAll(async () => {
    await producer.close();
    await worker.close();
    redis.disconnect();
    await t.drop();
    await deleteKeys(`${prefix}:`);
  });

  const record = async (title: string, id = `bull-${Math.random().toString(36).slice(2, 10)}`): Promise<MetadataRecord> =>
    (await insertRecord(t.db, { id, status: 'DRAFT', organisationId: orgId, ownerId, reviewerId: null, doc: { title, fileIdentifier: id } }))!;

  it('the producer validates payloads before anything reaches Redis', async () => {
    await expect(producer.enqueue('record.render', { recordId: 'x' } as never)).rejects.toThrow(JobPayloadError);
  });

  it('renders a record whose id contains ":" under its deterministic job id', async () => {
    const rec = await record('Peta Berpengenal URN', `urn:uji:${Math.random().toString(36).slice(2, 8)}`);
    await producer.enqueue('record.render', { recordId: rec.id, version: rec.version });
    await waitFor(() => rendersAt(t.db, rec.id, rec.version), 'render rekaman URN');
  });

  it('an unrenderable record fails once, for good, and stays visible as a failed job', async () => {
    const rec = await record('RUSAK');
    await producer.enqueue('record.render', { recordId: rec.id, version: rec.version });
    const jobId = renderJobId(rec.id, rec.version);
    const failed = await waitFor(async () => (await worker.failedJobs()).find((f) => f.id === jobId), 'job gagal permanen');
    expect(failed).toMatchObject({ name: 'record.render', attemptsMade: 1, unrecoverable: true });
    expect(failed.reason).toContain('stylesheet tidak dapat memproses rekaman ini');
    // the reconciler's re-enqueue does not run a permanently failed job again
    await producer.enqueue('record.render', { recordId: rec.id, version: rec.version }, { retryExhausted: true });
    await producer.whenIdle();
    expect((await worker.failedJobs()).filter((f) => f.id === jobId)).toHaveLength(1);
    expect(await renderVersions(t.db, rec.id)).toEqual({});
  });

  it('a transient failure is retried with backoff and then succeeds', async () => {
    const rec = await record('SEMENTARA');
    transientFailuresLeft = 1;
    await producer.enqueue('record.render', { recordId: rec.id, version: rec.version });
    await waitFor(() => rendersAt(t.db, rec.id, rec.version), 'render setelah percobaan ulang');
    expect(transientFailuresLeft).toBe(0);
    expect((await worker.failedJobs()).find((f) => f.id === renderJobId(rec.id, rec.version))).toBeUndefined();
  });

  it('the worker refuses a payload that bypassed the producer, without retrying', async () => {
    const queue = new Queue('render', { connection: { url: TEST_REDIS_URL }, prefix: bullPrefix(prefix) });
    try {
      await queue.add('record.render', { payload: { recordId: 42 } }, { jobId: 'raw-invalid', attempts: 5 });
      const failed = await waitFor(async () => (await worker.failedJobs()).find((f) => f.id === 'raw-invalid'), 'job tidak valid gagal');
      expect(failed).toMatchObject({ attemptsMade: 1, unrecoverable: true });
      expect(failed.reason).toMatch(/recordId must be string/);
    } finally {
      await queue.close();
    }
  });

  it('a render job for a deleted record simply completes', async () => {
    await producer.enqueue('record.render', { recordId: 'sudah-dihapus', version: 3 });
    await producer.whenIdle();
    expect((await worker.failedJobs()).find((f) => f.id === renderJobId('sudah-dihapus', 3))).toBeUndefined();
  });

  it('events: one job per outbox id; other event types and malformed payloads are skipped', async () => {
    const rec = await record('Dari Event');
    const created = { id: 9001, type: 'record.created', payload: { recordId: rec.id, version: 1 }, createdAt: new Date().toISOString() };
    await producer.dispatchEvent(created);
    await producer.dispatchEvent(created); // the relay re-sent it: same job id, deduplicated
    await producer.dispatchEvent({ id: 9002, type: 'user.created', payload: { userId: 'u1' }, createdAt: created.createdAt });
    await producer.dispatchEvent({ id: 9003, type: 'record.updated', payload: { version: 'x' }, createdAt: created.createdAt });
    await waitFor(() => rendersAt(t.db, rec.id, 1), 'render dari event');
    const events = new Queue('events', { connection: { url: TEST_REDIS_URL }, prefix: bullPrefix(prefix) });
    try {
      await producer.whenIdle();
      expect((await events.getJob('evt-9001'))?.name).toBe('record.created');
      expect(await events.getJob('evt-9002')).toBeUndefined();
      expect(await events.getJob('evt-9003')).toBeUndefined();
      expect(await events.getCompletedCount()).toBe(1);
    } finally {
      await events.close();
    }
  });
});
