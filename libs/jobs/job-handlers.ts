import type { Logger } from '../logger';
import { JOB_NAMES, type JobName, type JobPayload } from './job-registry';

/** What a handler learns about the run it is part of. */
export interface JobContext {
  jobId: string;
  jobName: JobName;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** the request that caused the job, when there was one */
  requestId?: string;
  logger: Logger;
}

export type JobHandler<N extends JobName> = (payload: JobPayload<N>, ctx: JobContext) => Promise<void>;

/** A handler for every registered job: leaving one out is a compile error. */
export type JobHandlers = { readonly [N in JobName]: JobHandler<N> };

export class MissingJobHandlerError extends Error {
  constructor(readonly missing: string[], readonly unknown: string[]) {
    super(
      [
        missing.length ? `job tanpa handler: ${missing.join(', ')}` : '',
        unknown.length ? `handler untuk job yang tidak terdaftar: ${unknown.join(', ')}` : '',
      ].filter(Boolean).join('; '),
    );
    this.name = 'MissingJobHandlerError';
  }
}

/**
 * The start-up half of "a job without a handler cannot ship": the type catches it at compile
 * time, this catches what a cast or a JavaScript caller slipped past the compiler.
 */
export function assertCompleteHandlers(handlers: object): asserts handlers is JobHandlers {
  const given = handlers as Record<string, unknown>;
  const missing = JOB_NAMES.filter((n) => typeof given[n] !== 'function');
  const unknown = Object.keys(given).filter((k) => !(JOB_NAMES as string[]).includes(k));
  if (missing.length || unknown.length) throw new MissingJobHandlerError(missing, unknown);
}

/** Calls the handler registered for `name` with a payload already validated for that name. */
export function runHandler<N extends JobName>(handlers: JobHandlers, name: N, payload: JobPayload<N>, ctx: JobContext): Promise<void> {
  const handler = handlers[name] as JobHandler<N>;
  return handler(payload, ctx);
}
