import type { JobName, JobPayload, QueueName } from './job-registry';

/** Options of one enqueue. */
export interface AddJobOptions {
  /** deterministic id; defaults to the job's `defaultJobId` or a unique id */
  jobId?: string;
  /** carried into the job's log lines (request → job → render) */
  requestId?: string;
  /**
   * When a job with this id already failed after using up its retries (a transient cause,
   * e.g. the database was away for minutes), run it again instead of ignoring the add.
   * Jobs that failed with UnrecoverableError stay failed. Used by the reconciler.
   */
  retryExhausted?: boolean;
}

/** A job that failed for good, as kept for inspection (the last N per runner). */
export interface FailedJobInfo {
  id: string;
  name: string;
  payload: unknown;
  attemptsMade: number;
  reason: string;
  /** true when it stopped because of UnrecoverableError rather than exhausted retries */
  unrecoverable: boolean;
  failedAt: string;
}

/** How many jobs of one queue are in each state (the metrics' queue gauges). */
export interface QueueJobCounts {
  /** waiting to run (prioritized included) */
  waiting: number;
  active: number;
  /** scheduled for later, e.g. waiting for a retry's backoff */
  delayed: number;
  /** failed for good and kept for inspection */
  failed: number;
}

/** The common face of the BullMQ queues and the inline runner. */
export interface JobRunner {
  readonly kind: 'bullmq' | 'inline';
  /** validates and enqueues; throws on an invalid payload, an unknown job, or an unreachable queue */
  add<N extends JobName>(name: N, payload: JobPayload<N>, opts?: AddJobOptions): Promise<void>;
  /**
   * How many more jobs the producers that can wait (outbox relay, reconciler) should add now.
   * The inline runner keeps its queue in memory and bounds it; BullMQ's lives in Redis (absent).
   */
  room?(): number;
  /** jobs of `name` waiting to run (inline runner only) */
  waitingCount?(name: JobName): number;
  /** resolves when nothing is waiting, running or scheduled for retry */
  whenIdle(): Promise<void>;
  failedJobs(limit?: number): Promise<FailedJobInfo[]>;
  /** job counts per queue of the registry, read when metrics are scraped */
  queueCounts(): Promise<Record<QueueName, QueueJobCounts>>;
  /**
   * Adds `name` with `payload` on a 5-field cron pattern (UTC) under `scheduleId`, replacing a
   * schedule of that id: a BullMQ job scheduler in server mode, an in-process timer inline.
   */
  upsertSchedule<N extends JobName>(scheduleId: string, pattern: string, name: N, payload: JobPayload<N>): Promise<void>;
  removeSchedule(scheduleId: string, name: JobName): Promise<void>;
  close(): Promise<void>;
}
