import { randomUUID } from 'node:crypto';
import { runWithContext, type Logger } from '../logger';
import { assertCompleteHandlers, runHandler, type JobHandlers } from './job-handlers';
import {
  JOBS, QUEUE_NAMES, retryOptionsFor, validateJobPayload, type JobName, type JobPayload, type QueueName, type RetryOverrides,
} from './job-registry';
import { backoffDelay, isUnrecoverable } from './job-errors';
import { nextCronTime, parseCron } from './cron';
import type { AddJobOptions, FailedJobInfo, JobRunner, QueueJobCounts } from './job-runner';

export interface InlineRunnerOptions {
  handlers: JobHandlers;
  logger: Logger;
  /** jobs run at once (default 2): enough to overlap I/O without starving HTTP requests */
  concurrency?: number;
  /** replaces every job's backoff base (tests use a few ms instead of seconds) */
  backoffMs?: number;
  /** attempts/backoff of some jobs changed for this deployment */
  retryOverrides?: RetryOverrides;
  /**
   * How many waiting jobs the producers that can wait (outbox relay, reconciler) fill the queue
   * up to (default 500): `room()` tells them what is left. Other adds are never refused.
   */
  maxQueued?: number;
  /** called when the queue has drained to half of `maxQueued`, so the waiting producers refill it */
  onRoom?: () => void;
}

interface Entry {
  id: string;
  name: JobName;
  payload: JobPayload<JobName>;
  requestId: string | undefined;
  attemptsMade: number;
  timer?: NodeJS.Timeout;
}

/**
 * Embedded mode's job queue: the same registry, validation, handlers, job-id dedup, retries
 * with exponential backoff and UnrecoverableError rules as BullMQ, in process memory. Like
 * BullMQ, the ids of the last `keepCompleted` completed jobs of each name are remembered and
 * an add with such an id is ignored (a re-run event must not send a notification twice). What is
 * still waiting when the process stops is not kept: the reconciler, which also runs in the
 * embedded process, re-enqueues renders that lag behind at the next start.
 */
export function createInlineRunner(opts: InlineRunnerOptions): JobRunner {
  assertCompleteHandlers(opts.handlers);
  const concurrency = opts.concurrency ?? 2;
  const maxQueued = opts.maxQueued ?? 500;
  const waitingByName = new Map<JobName, number>();
  const countWaiting = (name: JobName, d: number): void => { waitingByName.set(name, (waitingByName.get(name) ?? 0) + d); };
  const log = opts.logger;
  const entries = new Map<string, Entry>(); // waiting, running or waiting for a retry
  const waiting: Entry[] = [];
  const failed = new Map<string, FailedJobInfo>(); // insertion order = oldest first
  const completed = new Map<JobName, Set<string>>(); // per name, insertion order = oldest first
  const active = new Set<Entry>();
  const schedules = new Map<string, NodeJS.Timeout>();
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = (): void => {
    if (entries.size > 0) return;
    const ws = idleWaiters;
    idleWaiters = [];
    for (const w of ws) w();
  };

  const keepFailed = (info: FailedJobInfo, limit: number): void => {
    failed.delete(info.id);
    failed.set(info.id, info);
    const ofName = [...failed.values()].filter((f) => f.name === info.name);
    for (const old of ofName.slice(0, Math.max(0, ofName.length - limit))) failed.delete(old.id);
  };

  const keepCompleted = (e: Entry): void => {
    const limit = JOBS[e.name].options.keepCompleted;
    if (limit <= 0) return;
    let ids = completed.get(e.name);
    if (!ids) completed.set(e.name, (ids = new Set()));
    ids.delete(e.id);
    ids.add(e.id);
    for (const old of ids) {
      if (ids.size <= limit) break;
      ids.delete(old);
    }
  };
  const isCompleted = (id: string): boolean => [...completed.values()].some((ids) => ids.has(id));

  const pump = (): void => {
    const before = waiting.length;
    while (!closed && active.size < concurrency && waiting.length > 0) {
      const e = waiting.shift()!;
      countWaiting(e.name, -1);
      active.add(e);
      void execute(e).finally(() => {
        active.delete(e);
        pump();
        settleIdle();
      });
    }
    if (before >= maxQueued / 2 && waiting.length < maxQueued / 2) opts.onRoom?.();
  };

  const execute = async (e: Entry): Promise<void> => {
    const def = JOBS[e.name];
    const retry = retryOptionsFor(e.name, opts.retryOverrides);
    const attempt = e.attemptsMade + 1;
    const ctx = { jobId: e.id, jobName: e.name, ...(e.requestId ? { requestId: e.requestId } : {}) };
    try {
      await runWithContext(ctx, () => runHandler(opts.handlers, e.name, e.payload, { ...ctx, attempt, logger: log }));
      entries.delete(e.id);
      keepCompleted(e);
    } catch (err) {
      e.attemptsMade = attempt;
      const unrecoverable = isUnrecoverable(err);
      const reason = (err as Error)?.message ?? String(err);
      if (!unrecoverable && attempt < retry.attempts && !closed) {
        const delay = backoffDelay({ backoffMs: opts.backoffMs ?? retry.backoffMs }, attempt);
        log.warn({ jobId: e.id, jobName: e.name, attempt, delay, err: reason }, 'job gagal; dicoba lagi');
        e.timer = setTimeout(() => {
          e.timer = undefined;
          waiting.push(e);
          countWaiting(e.name, 1);
          pump();
        }, delay);
        return;
      }
      entries.delete(e.id);
      log.error({ jobId: e.id, jobName: e.name, attempt, unrecoverable, err: reason }, 'job gagal permanen');
      keepFailed(
        { id: e.id, name: e.name, payload: e.payload, attemptsMade: attempt, reason, unrecoverable, failedAt: new Date().toISOString() },
        def.options.keepFailed,
      );
    }
  };

  return {
    kind: 'inline',
    async add<N extends JobName>(name: N, payload: JobPayload<N>, addOpts: AddJobOptions = {}): Promise<void> {
      const valid = validateJobPayload(name, payload);
      if (closed) throw new Error('antrean job sudah ditutup');
      const def = JOBS[name];
      const id = addOpts.jobId ?? def.defaultJobId?.(valid as never) ?? randomUUID();
      if (entries.has(id) || isCompleted(id)) return; // same id queued, running or kept as completed: BullMQ's dedup rule
      const prev = failed.get(id);
      if (prev) {
        if (!addOpts.retryExhausted || prev.unrecoverable) return;
        failed.delete(id);
      }
      const e: Entry = { id, name, payload: valid, requestId: addOpts.requestId, attemptsMade: 0 };
      entries.set(id, e);
      waiting.push(e);
      countWaiting(name, 1);
      // run on a later tick, like a queue: the caller's transaction/response is never delayed
      setImmediate(pump);
    },
    room: () => Math.max(0, maxQueued - waiting.length),
    waitingCount: (name) => waitingByName.get(name) ?? 0,
    whenIdle() {
      if (entries.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async failedJobs(limit = 100) {
      return [...failed.values()].reverse().slice(0, limit);
    },
    async queueCounts() {
      const counts = Object.fromEntries(
        QUEUE_NAMES.map((q) => [q, { waiting: 0, active: 0, delayed: 0, failed: 0 }]),
      ) as Record<QueueName, QueueJobCounts>;
      const of = (name: JobName): QueueJobCounts => counts[JOBS[name].queue];
      for (const e of waiting) of(e.name).waiting++;
      for (const e of active) of(e.name).active++;
      for (const e of entries.values()) if (e.timer) of(e.name).delayed++;
      for (const f of failed.values()) of(f.name as JobName).failed++;
      return counts;
    },
    async upsertSchedule(scheduleId, pattern, name, payload) {
      const valid = validateJobPayload(name, payload);
      const cron = parseCron(pattern);
      const arm = (): void => {
        const prev = schedules.get(scheduleId);
        if (prev) clearTimeout(prev);
        const at = nextCronTime(cron, new Date());
        if (!at || closed) return;
        // long waits are re-armed in steps: setTimeout holds at most ~24.8 days
        const wait = Math.min(at.getTime() - Date.now(), 2 ** 31 - 1);
        const t = setTimeout(() => {
          if (Date.now() >= at.getTime() - 5 && !closed) {
            this.add(name, valid).catch((err: Error) => log.warn({ scheduleId, err: err.message }, 'job terjadwal tidak dapat ditambahkan'));
          }
          arm();
        }, Math.max(0, wait));
        t.unref();
        schedules.set(scheduleId, t);
      };
      arm();
    },
    async removeSchedule(scheduleId) {
      const t = schedules.get(scheduleId);
      if (t) clearTimeout(t);
      schedules.delete(scheduleId);
    },
    async close() {
      closed = true;
      for (const t of schedules.values()) clearTimeout(t);
      schedules.clear();
      let dropped = 0;
      for (const e of [...entries.values()]) {
        if (active.has(e)) continue;
        if (e.timer) clearTimeout(e.timer);
        entries.delete(e.id);
        dropped++;
      }
      waiting.length = 0;
      waitingByName.clear();
      if (dropped) log.info({ dropped }, 'job yang belum berjalan dilepas; rekonsiliasi menyusulkan render saat mulai');
      // running jobs finish (and are not retried); whenIdle resolves once they have
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
