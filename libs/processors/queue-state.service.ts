import { AppError } from '../errors';
import { JOBS, QUEUE_NAMES, type JobName, type QueueName } from '../jobs/job-registry';
import type { JobSystem } from './job-system';

/** One queue's jobs by state. */
export interface QueueState {
  name: QueueName;
  waiting: number;
  active: number;
  /** waiting for a retry's backoff (or scheduled later) */
  delayed: number;
  failed: number;
}

/** A job that failed for good, as the queue screen lists it (its payload stays on the server). */
export interface FailedJobView {
  id: string;
  name: string;
  queue: QueueName | null;
  attemptsMade: number;
  reason: string;
  /** stopped by a permanent error: a retry would fail the same way, so none is offered */
  unrecoverable: boolean;
  failedAt: string;
}

export interface QueuesOverview {
  /** `inline`: the embedded process runs the jobs itself; `bullmq`: Redis queues run by the worker */
  runner: JobSystem['kind'];
  queues: QueueState[];
  failed: FailedJobView[];
}

export interface QueueStateService {
  overview(): Promise<QueuesOverview>;
  /** runs a failed job again under its id; 404 when it is not (or no longer) kept, 409 when it failed permanently */
  retry(id: string): Promise<FailedJobView>;
}

/** How many failed jobs the screen lists (each runner keeps its own last N per job name). */
const FAILED_LISTED = 100;

const queueOf = (name: string): QueueName | null => (name in JOBS ? JOBS[name as JobName].queue : null);

const view = (f: Awaited<ReturnType<JobSystem['failedJobs']>>[number]): FailedJobView => ({
  id: f.id, name: f.name, queue: queueOf(f.name), attemptsMade: f.attemptsMade, reason: f.reason, unrecoverable: f.unrecoverable, failedAt: f.failedAt,
});

/**
 * The job queues' state for the service administrator's queue screen, the same in both run modes
 * over the job system's own counts and failed-job lists: in the embedded default that is the
 * in-process runner (the only place the state exists), in server mode BullMQ's queues in Redis.
 * A retry re-adds the failed job under its id with `retryExhausted`, the path the reconciler uses.
 */
export function createQueueStateService(jobs: Pick<JobSystem, 'kind' | 'queueCounts' | 'failedJobs' | 'enqueue'>): QueueStateService {
  const findFailed = async (id: string) => (await jobs.failedJobs(FAILED_LISTED * 5)).find((f) => f.id === id);
  return {
    async overview() {
      const [counts, failed] = await Promise.all([jobs.queueCounts(), jobs.failedJobs(FAILED_LISTED)]);
      return {
        runner: jobs.kind,
        queues: QUEUE_NAMES.map((name) => ({ name, ...counts[name] })),
        failed: failed.sort((a, b) => b.failedAt.localeCompare(a.failedAt)).slice(0, FAILED_LISTED).map(view),
      };
    },

    async retry(id) {
      const f = await findFailed(id);
      if (!f || !(f.name in JOBS)) throw new AppError('NOT_FOUND', 'Job gagal tidak ditemukan (mungkin sudah diulang atau dibuang).');
      if (f.unrecoverable) throw new AppError('CONFLICT', 'Job ini gagal permanen; mengulangnya akan gagal dengan cara yang sama.');
      await jobs.enqueue(f.name as JobName, f.payload as never, { jobId: f.id, retryExhausted: true });
      return view(f);
    },
  };
}
