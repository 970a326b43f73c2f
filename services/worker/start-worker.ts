import { Redis } from 'ioredis';
import type { Config } from '../../libs/config';
import type { Logger } from '../../libs/logger';
import { openDatabase } from '../../libs/db/open-database';
import type { OutboxRelay } from '../../libs/db/outbox-relay';
import { createRedisStore } from '../../libs/cache/redis-store';
import type { JobSystem } from '../../libs/processors/job-system';
import { assembleJobWork } from '../../libs/assembly/job-assembly';
import type { RecordRenderer } from '../../libs/processors/processor-deps';
import { startReconciler, type Reconciler } from '../../libs/processors/reconciler';
import { createDefaultRenderer } from '../../libs/processors/default-renderer';
import { createMetrics, type Metrics } from '../../libs/metrics/metrics';
import { instrumentRenderer } from '../../libs/metrics/render-metrics';
import { startMetricsServer, type MetricsServer } from '../../libs/metrics/metrics-server';
import { openObjectStore } from '../../libs/objectstore/open-object-store';
import { syncHarvestSchedules } from '../../libs/processors/harvest-schedules';
import { listScheduledSources } from '../../libs/db/harvest-source.repository';
import { renderStoreFor } from '../../libs/assembly/job-stores';

export interface WorkerRuntime {
  jobs: JobSystem;
  reconciler: Reconciler;
  relay: OutboxRelay;
  /** job durations/counts, renders and queue gauges of this worker */
  metrics: Metrics;
  /** the /metrics + /healthz server, when WORKER_METRICS_PORT is set */
  metricsServer: MetricsServer | undefined;
  /** stops taking work, lets active jobs finish, closes every connection */
  close(): Promise<void>;
}

export interface StartWorkerOptions {
  /** replaces libs/render's renderer (tests) */
  renderer?: RecordRenderer;
}

/**
 * The worker process as a plain function: object store (orphaned thumbnails) → database →
 * Redis key/value (CSW generation) → BullMQ workers for every queue → outbox relay →
 * reconciler. The relay runs here too so
 * events written by processes that do not relay for long (a CLI import that exits) still
 * reach the queue; several relays are safe (FOR UPDATE SKIP LOCKED).
 */
export async function startWorker(config: Readonly<Config>, logger: Logger, opts: StartWorkerOptions = {}): Promise<WorkerRuntime> {
  if (!config.redisUrl) {
    throw new Error('Worker memerlukan REDIS_URL dan DATABASE_URL (mode server); pada mode embedded job berjalan di dalam proses API.');
  }
  // first: a store the config cannot describe fails the start before any connection is opened
  const objectStore = openObjectStore(config);
  const { db, applied } = await openDatabase(config);
  if (applied.length) logger.info({ applied }, 'migrasi diterapkan');

  // the same fail-fast settings as the API: a job that cannot bump the CSW generation retries
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'koneksi Redis bermasalah'));
  try {
    await redis.connect();
  } catch (err) {
    await db.close().catch(() => undefined);
    await objectStore.close().catch(() => undefined);
    redis.disconnect();
    throw err;
  }
  const kv = createRedisStore(redis, `${config.redisPrefix}:`);

  // the worker runs the jobs in server mode, so job and render metrics live here
  const metrics = createMetrics('worker');
  const baseRenderer = opts.renderer ?? (await createDefaultRenderer());
  const renderer = instrumentRenderer(baseRenderer, metrics);
  // the job side, assembled as the API assembles it (libs/assembly/job-assembly.ts)
  const { jobs, relay } = await assembleJobWork({ config, db, kv, logger, role: 'worker', renderer, objectStore, metrics });
  metrics.setQueueSource(() => jobs.queueCounts());
  relay.kick();
  // harvest schedules are BullMQ job schedulers in Redis; upserting them again is harmless and
  // restores them should Redis have lost its data
  await syncHarvestSchedules(() => listScheduledSources(db), jobs).catch((err) => logger.warn({ err: (err as Error).message }, 'jadwal panen belum dapat disinkronkan'));
  const reconciler = startReconciler({
    renders: renderStoreFor(db),
    logger,
    intervalMs: config.worker.reconcileIntervalSeconds * 1000,
    enqueue: (p) => jobs.enqueue('record.render', p, { retryExhausted: true }),
  });
  const metricsServer = config.worker.metricsPort === undefined
    ? undefined
    : await startMetricsServer(metrics, { port: config.worker.metricsPort, token: config.metricsToken });
  logger.info({ concurrency: config.worker.concurrency, prefix: config.redisPrefix, metricsPort: metricsServer?.port }, 'worker siap');

  return {
    jobs,
    reconciler,
    relay,
    metrics,
    metricsServer,
    async close() {
      await metricsServer?.close();
      await reconciler.stop();
      await relay.stop();
      await jobs.close(); // BullMQ worker.close(): active jobs run to the end first
      redis.disconnect();
      // a renderer this process compiled is its to stop (one handed in stays the caller's)
      if (!opts.renderer) await baseRenderer.close?.();
      await objectStore.close();
      await db.close();
    },
  };
}
