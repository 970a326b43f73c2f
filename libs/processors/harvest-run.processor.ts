import { harvestStoreFor } from '../db/harvest-store';
import { executeHarvestRun } from '../harvest/harvest-run';
import type { JobHandler } from '../jobs/job-handlers';
import { UnrecoverableError } from '../jobs/job-errors';
import type { ProcessorDeps } from './processor-deps';

/**
 * `harvest.run`: one run of a harvest source (libs/harvest). A run that ends `failed` (the source
 * refused, a page broke, the time limit) has its report stored, and the job then fails without
 * retry, so it shows on the queue dashboard and in the failed-job metrics as well.
 */
export function harvestRunHandler(deps: ProcessorDeps): JobHandler<'harvest.run'> {
  return async (p, ctx) => {
    const run = await executeHarvestRun({
      store: harvestStoreFor(deps.db),
      secrets: deps.harvest.secrets,
      userAgent: deps.harvest.userAgent,
      logger: ctx.logger,
      limits: deps.harvest.limits,
      onFinished: (source, r) => {
        deps.metrics?.harvestRuns.inc({ outcome: r.status });
        if (r.report.counts.failed > 0) deps.metrics?.harvestRecordFailures.inc({ source: source.id }, r.report.counts.failed);
      },
    }, {
      sourceId: p.sourceId,
      trigger: p.trigger,
      ...(p.runId ? { runId: p.runId } : {}),
      ...(p.incremental !== undefined ? { incremental: p.incremental } : {}),
    });
    if (run?.status === 'failed') {
      throw new UnrecoverableError(`run panen ${run.id} gagal: ${(run.report?.errors ?? []).join('; ')}`);
    }
  };
}
