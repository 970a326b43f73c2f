import { analyzeTables } from '../db/analyze-tables';
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
/** Tables a harvest writes in bulk: their planner statistics are refreshed (analyze-tables.ts). */
const HARVEST_TABLES = ['records', 'record_history', 'outbox', 'oai_items', 'harvest_records'] as const;
/** A long run refreshes them every this many pages too (20 pages of up to 500 records). */
const ANALYZE_EVERY_PAGES = 20;

export function harvestRunHandler(deps: ProcessorDeps): JobHandler<'harvest.run'> {
  return async (p, ctx) => {
    // statistics are an optimisation: a failure is logged, never fails the run
    const analyze = () => analyzeTables(deps.db, HARVEST_TABLES).catch((err: unknown) => {
      ctx.logger.warn({ err: (err as Error)?.message }, 'ANALYZE setelah panen gagal');
    });
    let pages = 0;
    const run = await executeHarvestRun({
      afterPage: () => {
        pages++;
        if (pages % ANALYZE_EVERY_PAGES === 0) void analyze();
      },
      store: harvestStoreFor(deps.db),
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
