import { executeHarvestRun } from '../harvest/harvest-run';
import type { JobHandler } from '../jobs/job-handlers';
import { UnrecoverableError } from '../jobs/job-errors';
import type { ProcessorDeps } from './processor-deps';

/**
 * The planner statistics of the tables a harvest writes in bulk are refreshed after a run that
 * changed records (libs/db analyze-tables.ts, behind `refreshHarvestStatistics`); a long run
 * refreshes them every this many pages too (20 pages of up to 500 records).
 */
const ANALYZE_EVERY_PAGES = 20;

/**
 * `harvest.run`: one run of a harvest source (libs/harvest). A run that ends `failed` (the source
 * refused, a page broke, the time limit) has its report stored, and the job then fails without
 * retry, so it shows on the queue dashboard and in the failed-job metrics as well.
 */
export function harvestRunHandler(deps: ProcessorDeps): JobHandler<'harvest.run'> {
  return async (p, ctx) => {
    // statistics are an optimisation: a failure is logged, never fails the run
    const analyze = () => deps.stores.refreshHarvestStatistics().catch((err: unknown) => {
      ctx.logger.warn({ err: (err as Error)?.message }, 'ANALYZE setelah panen gagal');
    });
    let pages = 0;
    const run = await executeHarvestRun({
      afterPage: () => {
        pages++;
        if (pages % ANALYZE_EVERY_PAGES === 0) void analyze();
      },
      store: deps.stores.harvest,
      secrets: deps.harvest.secrets,
      userAgent: deps.harvest.userAgent,
      outbound: deps.harvest.outbound,
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
    const c = run?.report?.counts;
    if (c && c.added + c.updated + c.withdrawn > 0) await analyze();
    if (run?.status === 'failed') {
      throw new UnrecoverableError(`run panen ${run.id} gagal: ${(run.report?.errors ?? []).join('; ')}`);
    }
  };
}
