import type { KeyValueStore } from '../cache/key-value';
import type { Config } from '../config';
import { createBullmqRunner } from '../jobs/bullmq-runner';
import { createInlineRunner } from '../jobs/inline-runner';
import { eventJobId } from '../jobs/job-ids';
import type { JobHandlers } from '../jobs/job-handlers';
import { jobForEvent, validateJobPayload, type JobName, type JobPayload, type QueueName, type RetryOverrides } from '../jobs/job-registry';
import type { AddJobOptions, FailedJobInfo, JobRunner, QueueJobCounts } from '../jobs/job-runner';
import { bullPrefix } from '../jobs/redis-connection';
import { currentContext, type Logger } from '../logger';
import type { ObjectStore } from '../objectstore/object-store';
import type { CswWarmTarget, EnqueueJob, RecordRenderer } from './processor-deps';
import type { JobStores, OutboxEvent } from './job-stores.ports';
import { createProcessors } from './processor-map';
import { startReconciler, type Reconciler } from './reconciler';
import type { Metrics } from '../metrics/metrics';
import type { RunLimits } from '../harvest/harvest-run';
import { harvestOutboundPolicy, harvestRunLimits, harvestSecretBox, harvestUserAgent } from '../harvest/harvest-settings';

export interface JobSystem {
  readonly kind: 'inline' | 'bullmq';
  /** hands an outbox event to its job (`evt-<outbox id>`); throws when the queue cannot take it */
  dispatchEvent(e: OutboxEvent): Promise<void>;
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: Pick<AddJobOptions, 'jobId' | 'retryExhausted'>): Promise<void>;
  /** a cron schedule of a job (BullMQ job scheduler, or an in-process timer embedded) */
  upsertSchedule<N extends JobName>(scheduleId: string, pattern: string, name: N, payload: JobPayload<N>): Promise<void>;
  removeSchedule(scheduleId: string, name: JobName): Promise<void>;
  /** resolves once nothing is queued, running or waiting for a retry (tests, CLI) */
  whenIdle(): Promise<void>;
  /** jobs that failed for good, newest first */
  failedJobs(limit?: number): Promise<FailedJobInfo[]>;
  /** how many more jobs producers that can wait should add now (Infinity with BullMQ) */
  room(): number;
  /** job counts per queue (BullMQ's in server mode, the inline runner's in embedded mode) */
  queueCounts(): Promise<Record<QueueName, QueueJobCounts>>;
  /** lets running jobs finish, then closes queues, workers and the reconciler */
  close(): Promise<void>;
}

export interface JobSystemOptions {
  config: Readonly<Config>;
  /** what the handlers and the reconciler read and write (libs/db behind ports, wired by libs/assembly) */
  stores: JobStores;
  kv: KeyValueStore;
  logger: Logger;
  /** 'producer' only enqueues (the API in server mode); 'worker' also consumes */
  role: 'producer' | 'worker';
  /**
   * What the handlers use, built once by the process's assembly and closed by it: the renderer,
   * where thumbnails live (orphans are removed on `record.deleted`) and the CSW response cache
   * to warm. Only a process that runs jobs needs them (embedded mode, or the 'worker' role).
   */
  handlerServices?: { renderer: RecordRenderer; objectStore: Pick<ObjectStore, 'delete'>; cswWarm?: CswWarmTarget };
  /** run the render reconciler in this process (default: embedded mode only; the worker process starts its own) */
  reconcile?: boolean;
  /** inline runner only: replaces the registry's backoff base (tests) */
  inlineBackoffMs?: number;
  /** wraps the handlers this process runs (libs/metrics times and counts them this way) */
  instrumentHandlers?: (handlers: JobHandlers) => JobHandlers;
  /** the process's metrics (harvest counters) */
  metrics?: Metrics;
  /** replaces harvest run limits (tests: short timeouts) */
  harvestLimits?: Partial<RunLimits>;
  /** inline runner only: the queue has room again (the outbox relay is kicked with it) */
  onQueueRoom?: () => void;
}

/** The request id of the work in progress, carried into the jobs it adds. */
const requestIdNow = (): { requestId?: string } => {
  const requestId = currentContext().requestId;
  return requestId ? { requestId } : {};
};

/**
 * The job system of a process. Embedded mode (no REDIS_URL): handlers run in process through
 * the inline runner, whatever the role, and the reconciler runs here too. Server mode: BullMQ
 * queues; the 'worker' role adds one Worker per queue.
 */
export async function createJobSystem(opts: JobSystemOptions): Promise<JobSystem> {
  const { config, logger } = opts;
  const consumes = !config.redisUrl || opts.role === 'worker';
  const retryOverrides: RetryOverrides = { notify: { attempts: config.notify.maxAttempts, backoffMs: config.notify.backoffMs } };
  // handlers add follow-up jobs (notifications, recounts) to the runner created below
  let runner: JobRunner | undefined;
  const followUp: EnqueueJob = (name, payload, addOpts = {}) => {
    if (!runner) throw new Error('antrean job belum siap');
    return runner.add(name, payload, { ...addOpts, ...requestIdNow() });
  };
  if (consumes && !opts.handlerServices) throw new Error('job system yang menjalankan job memerlukan renderer dan object store dari perakitannya');
  const services = opts.handlerServices!;
  const processors = consumes
    ? createProcessors({
        stores: opts.stores,
        kv: opts.kv,
        logger,
        renderer: services.renderer,
        objectStore: services.objectStore,
        ...(services.cswWarm ? { cswWarm: services.cswWarm } : {}),
        notify: { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, waGatewayUrl: config.waGatewayUrl, waGatewayToken: config.waGatewayToken },
        baseUrl: config.baseUrl,
        enqueue: followUp,
        harvest: {
          secrets: harvestSecretBox(config),
          userAgent: harvestUserAgent(config),
          outbound: harvestOutboundPolicy(config),
          limits: { ...harvestRunLimits(config), ...opts.harvestLimits },
        },
        ...(opts.metrics ? { metrics: opts.metrics } : {}),
        // a bulk of changes bumps the public generation and warms the CSW cache once, after the
        // last one (coalesced-bumps.ts): the in-process queue's count, or BullMQ's events queue
        changesQueued: () => {
          if (runner?.waitingCount) return runner.waitingCount('record.status-changed') + runner.waitingCount('record.updated') > 0;
          if (!runner) return false;
          return runner.queueCounts().then((c) => c.events.waiting > 0, () => false);
        },
      })
    : undefined;
  const handlers = processors && opts.instrumentHandlers ? opts.instrumentHandlers(processors) : processors;

  if (!config.redisUrl) {
    runner = createInlineRunner({
      handlers: handlers!, logger, retryOverrides, ...(opts.inlineBackoffMs !== undefined ? { backoffMs: opts.inlineBackoffMs } : {}),
      ...(opts.onQueueRoom ? { onRoom: opts.onQueueRoom } : {}),
    });
  } else {
    runner = createBullmqRunner({
      redisUrl: config.redisUrl,
      prefix: bullPrefix(config.redisPrefix),
      logger,
      retryOverrides,
      ...(handlers
        ? {
            consume: {
              handlers,
              concurrency: config.worker.concurrency,
              lockDurationMs: config.worker.lockDurationMs,
              stalledIntervalMs: config.worker.stalledIntervalMs,
            },
          }
        : {}),
    });
  }

  const jobs: JobRunner = runner;
  const enqueue: JobSystem['enqueue'] = (name, payload, addOpts = {}) => jobs.add(name, payload, { ...addOpts, ...requestIdNow() });

  let reconciler: Reconciler | undefined;
  if (opts.reconcile ?? !config.redisUrl) {
    reconciler = startReconciler({
      renders: opts.stores.renders,
      logger,
      intervalMs: config.worker.reconcileIntervalSeconds * 1000,
      enqueue: (p) => jobs.add('record.render', p, { retryExhausted: true }),
      ...(jobs.room ? { room: () => jobs.room!() } : {}),
    });
  }

  return {
    kind: jobs.kind,
    async dispatchEvent(e) {
      const name = jobForEvent(e.type);
      if (!name) {
        // events for other consumers (notifications, audit) pass through without a job
        logger.debug({ eventId: e.id, type: e.type }, 'event tanpa job; dilewati');
        return;
      }
      let payload: JobPayload<JobName>;
      try {
        payload = validateJobPayload(name, e.payload);
      } catch (err) {
        // a malformed event never becomes valid; holding it would block every later event
        logger.error({ eventId: e.id, type: e.type, err: (err as Error).message }, 'event tidak valid; dilewati');
        return;
      }
      await jobs.add(name, payload, { jobId: eventJobId(e.id) });
    },
    enqueue,
    upsertSchedule: (id, pattern, name, payload) => jobs.upsertSchedule(id, pattern, name, payload),
    removeSchedule: (id, name) => jobs.removeSchedule(id, name),
    whenIdle: () => jobs.whenIdle(),
    failedJobs: (limit) => jobs.failedJobs(limit),
    queueCounts: () => jobs.queueCounts(),
    room: () => (jobs.room ? jobs.room() : Infinity),
    async close() {
      await reconciler?.stop();
      await jobs.close();
    },
  };
}
