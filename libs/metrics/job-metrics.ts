import type { JobHandler, JobHandlers } from '../jobs/job-handlers';
import { JOB_NAMES, type JobName } from '../jobs/job-registry';
import type { Metrics } from './metrics';

/**
 * Wraps every handler of the processor map so each attempt is timed and counted: completed,
 * or failed (a failed attempt that BullMQ or the inline runner retries counts as failed once,
 * then as completed when a retry succeeds). The runner's retry rules are untouched: the error
 * is rethrown as it came. Hand it to `createJobSystem({ instrumentHandlers })`.
 */
export function instrumentJobHandlers(handlers: JobHandlers, metrics: Metrics): JobHandlers {
  const wrap = <N extends JobName>(name: N, handler: JobHandler<N>): JobHandler<N> => async (payload, ctx) => {
    const end = metrics.jobDuration.startTimer({ job: name });
    try {
      await handler(payload, ctx);
    } catch (err) {
      end({ outcome: 'failed' });
      metrics.jobsFailed.inc({ job: name });
      throw err;
    }
    end({ outcome: 'completed' });
    metrics.jobsCompleted.inc({ job: name });
  };
  const out: Partial<Record<JobName, unknown>> = {};
  for (const name of JOB_NAMES) out[name] = wrap(name, handlers[name] as JobHandler<typeof name>);
  // every registered name was wrapped above, so the map is complete
  return out as unknown as JobHandlers;
}
