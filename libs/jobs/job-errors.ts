import { UnrecoverableError } from 'bullmq';
import type { JobRetryOptions } from './job-registry';

/**
 * A failure no retry can fix (an invalid record, a broken stylesheet): BullMQ moves the job
 * to failed at once, and so does the inline runner. BullMQ's own class, so a handler throws
 * the same error in both modes.
 */
export { UnrecoverableError };

export const isUnrecoverable = (err: unknown): boolean =>
  err instanceof UnrecoverableError || (err as { name?: string } | null)?.name === 'UnrecoverableError';

/** BullMQ's exponential backoff formula, so both runners wait the same: backoff × 2^(attemptsMade−1). */
export function backoffDelay(options: Pick<JobRetryOptions, 'backoffMs'>, attemptsMade: number): number {
  return Math.round(options.backoffMs * 2 ** Math.max(0, attemptsMade - 1));
}

/** Waits at most `ms` for `p`: a producer must fail fast instead of hanging while Redis is away. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what}: tidak ada jawaban dalam ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
  });
}
