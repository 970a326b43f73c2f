import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { runWithContext, type Logger } from '../logger';
import { assertCompleteHandlers, runHandler, type JobHandlers } from './job-handlers';
import {
  JOBS, QUEUE_NAMES, retryOptionsFor, validateJobPayload, type JobName, type JobPayload, type QueueName, type RetryOverrides,
} from './job-registry';
import { UnrecoverableError, isUnrecoverable, withTimeout } from './job-errors';
import { producerConnection, workerConnection } from './redis-connection';
import type { AddJobOptions, FailedJobInfo, JobRunner, QueueJobCounts } from './job-runner';

/** What a job carries in Redis: the validated payload plus the context it was enqueued in. */
export interface JobEnvelope {
  payload: unknown;
  requestId?: string;
}

/** failedReason prefix of jobs stopped by UnrecoverableError: the reconciler never re-runs those. */
export const PERMANENT_FAILURE_MARK = '[permanen] ';

export interface ConsumerOptions {
  handlers: JobHandlers;
  /** jobs run at once per queue */
  concurrency: number;
  /** a job whose lock is not renewed for this long counts as stalled (its worker died) */
  lockDurationMs: number;
  /** how often stalled jobs are looked for and moved back to waiting */
  stalledIntervalMs: number;
}

export interface BullmqRunnerOptions {
  redisUrl: string;
  /** Redis key prefix of this deployment's queues, e.g. `gk:bull` */
  prefix: string;
  logger: Logger;
  /** given = this process also consumes (the worker role) */
  consume?: ConsumerOptions;
  /** an enqueue that gets no answer within this time fails (default 5 s) */
  enqueueTimeoutMs?: number;
  /** attempts/backoff of some jobs changed for this deployment (applied when a job is added) */
  retryOverrides?: RetryOverrides;
}

const bullOptions = (name: JobName, jobId: string | undefined, overrides: RetryOverrides | undefined): JobsOptions => {
  const o = retryOptionsFor(name, overrides);
  return {
    ...(jobId ? { jobId } : {}),
    attempts: o.attempts,
    backoff: { type: 'exponential', delay: o.backoffMs },
    removeOnComplete: o.keepCompleted === 0 ? true : { count: o.keepCompleted },
    removeOnFail: { count: o.keepFailed },
  };
};

/**
 * The server-mode job queue: one BullMQ Queue per queue name (producers fail fast while Redis
 * is away, so the outbox keeps the event), and with `consume` one Worker per queue whose
 * processor validates the payload and calls the registered handler.
 */
export function createBullmqRunner(opts: BullmqRunnerOptions): JobRunner {
  const log = opts.logger;
  const timeout = opts.enqueueTimeoutMs ?? 5_000;
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((q) => {
      // Not skipWaitingForReady: with no offline queue BullMQ's start-up check would fail for
      // good if Redis were away at that moment. Until the first connection an add waits and
      // `withTimeout` fails it; afterwards an add while Redis is away rejects at once.
      const queue = new Queue(q, { connection: producerConnection(opts.redisUrl), prefix: opts.prefix });
      queue.on('error', (err) => log.warn({ queue: q, err: err.message }, 'antrean job: kesalahan Redis'));
      return [q, queue];
    }),
  ) as Record<QueueName, Queue>;

  const workers: Worker[] = [];
  if (opts.consume) {
    const c = opts.consume;
    assertCompleteHandlers(c.handlers);
    for (const q of QUEUE_NAMES) {
      const worker = new Worker(q, (job: Job) => processJob(c.handlers, job, log), {
        connection: workerConnection(opts.redisUrl),
        prefix: opts.prefix,
        concurrency: c.concurrency,
        lockDuration: c.lockDurationMs,
        stalledInterval: c.stalledIntervalMs,
        maxStalledCount: 2,
      });
      worker.on('error', (err) => log.error({ queue: q, err: err.message }, 'worker job: kesalahan'));
      worker.on('stalled', (jobId) => log.warn({ queue: q, jobId }, 'job terhenti (worker mati?); dijalankan ulang'));
      worker.on('failed', (job, err) => {
        if (!job) return;
        const final = job.finishedOn !== undefined || isUnrecoverable(err) || job.attemptsMade >= (job.opts.attempts ?? 1);
        const fields = { queue: q, jobId: job.id, jobName: job.name, attempt: job.attemptsMade, err: err.message };
        if (final) log.error(fields, 'job gagal permanen');
        else log.warn(fields, 'job gagal; dicoba lagi');
      });
      workers.push(worker);
    }
  }

  const getJob = async (q: QueueName, id: string): Promise<Job | undefined> => (await queues[q].getJob(id)) as Job | undefined;

  return {
    kind: 'bullmq',
    async add<N extends JobName>(name: N, payload: JobPayload<N>, addOpts: AddJobOptions = {}): Promise<void> {
      const valid = validateJobPayload(name, payload);
      const def = JOBS[name];
      const jobId = addOpts.jobId ?? def.defaultJobId?.(valid as never);
      if (jobId?.includes(':')) throw new Error(`job id "${jobId}" tidak boleh memuat ":"`);
      if (addOpts.retryExhausted && jobId) {
        const existing = await withTimeout(getJob(def.queue, jobId), timeout, 'membaca job');
        if (existing && (await withTimeout(existing.isFailed(), timeout, 'membaca status job'))) {
          if (!existing.failedReason?.startsWith(PERMANENT_FAILURE_MARK)) {
            await withTimeout(existing.retry('failed'), timeout, 'mengulang job');
            log.info({ jobId, jobName: name }, 'job yang kehabisan percobaan dijalankan ulang');
          }
          return;
        }
      }
      const envelope: JobEnvelope = { payload: valid, ...(addOpts.requestId ? { requestId: addOpts.requestId } : {}) };
      // BullMQ ignores an add whose jobId already exists (waiting, active, delayed or kept)
      await withTimeout(queues[def.queue].add(name, envelope, bullOptions(name, jobId, opts.retryOverrides)), timeout, `menambah job ${name}`);
    },
    async whenIdle() {
      for (;;) {
        const counts = await Promise.all(
          QUEUE_NAMES.map((q) => queues[q].getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
        );
        if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async failedJobs(limit = 100) {
      const perQueue = await Promise.all(QUEUE_NAMES.map((q) => queues[q].getFailed(0, limit - 1)));
      return perQueue
        .flat()
        .map((j): FailedJobInfo => ({
          id: String(j.id),
          name: j.name,
          payload: (j.data as JobEnvelope | undefined)?.payload,
          attemptsMade: j.attemptsMade,
          reason: j.failedReason,
          unrecoverable: j.failedReason?.startsWith(PERMANENT_FAILURE_MARK) ?? false,
          failedAt: new Date(j.finishedOn ?? j.timestamp).toISOString(),
        }))
        .sort((a, b) => b.failedAt.localeCompare(a.failedAt))
        .slice(0, limit);
    },
    async queueCounts() {
      const per = await Promise.all(
        QUEUE_NAMES.map(async (q): Promise<[QueueName, QueueJobCounts]> => {
          const c = await withTimeout(
            queues[q].getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'), timeout, `menghitung job ${q}`,
          );
          return [q, { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 }];
        }),
      );
      return Object.fromEntries(per) as Record<QueueName, QueueJobCounts>;
    },
    async upsertSchedule(scheduleId, pattern, name, payload) {
      const valid = validateJobPayload(name, payload);
      const o = bullOptions(name, undefined, opts.retryOverrides);
      const envelope: JobEnvelope = { payload: valid };
      await withTimeout(queues[JOBS[name].queue].upsertJobScheduler(scheduleId, { pattern, tz: 'UTC' }, {
        name, data: envelope, opts: { attempts: o.attempts, backoff: o.backoff, removeOnComplete: o.removeOnComplete, removeOnFail: o.removeOnFail },
      }), timeout, `menjadwalkan ${name}`);
    },
    async removeSchedule(scheduleId, name) {
      await withTimeout(queues[JOBS[name].queue].removeJobScheduler(scheduleId), timeout, `menghapus jadwal ${name}`);
    },
    async close() {
      // workers first: close() lets active jobs finish and renew their locks meanwhile
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(QUEUE_NAMES.map((q) => queues[q].close()));
    },
  };
}

async function processJob(handlers: JobHandlers, job: Job, logger: Logger): Promise<void> {
  const envelope = (job.data ?? {}) as JobEnvelope;
  let name: JobName;
  let payload: JobPayload<JobName>;
  try {
    payload = validateJobPayload(job.name, envelope.payload);
    name = job.name as JobName;
  } catch (err) {
    // a payload that does not fit its schema never will: no retry
    throw new UnrecoverableError(`${PERMANENT_FAILURE_MARK}${(err as Error).message}`);
  }
  const ctx = { jobId: String(job.id), jobName: name, ...(envelope.requestId ? { requestId: envelope.requestId } : {}) };
  try {
    await runWithContext(ctx, () => runHandler(handlers, name, payload, { ...ctx, attempt: job.attemptsMade + 1, logger }));
  } catch (err) {
    if (isUnrecoverable(err)) {
      const message = (err as Error).message ?? String(err);
      throw new UnrecoverableError(message.startsWith(PERMANENT_FAILURE_MARK) ? message : `${PERMANENT_FAILURE_MARK}${message}`);
    }
    throw err;
  }
}
