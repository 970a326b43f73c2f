import { lintasOrgRecountJobId } from '../jobs/job-ids';
import type { JobContext, JobHandler } from '../jobs/job-handlers';
import type { ProcessorDeps } from './processor-deps';

/** At most this many organisations are recounted for one event whose organisation is unknown. */
const MAX_STALE_PER_EVENT = 100;

/**
 * Called by the record event jobs: queues a recount of the organisation's stored
 * cross-organisation counts when a change has outdated them (the database marks that in the
 * change's own transaction, see migration 005). When the organisation is unknown — a
 * `record.deleted` event carries only the record id — every outdated organisation is
 * recounted, which includes the deleted record's. The endpoint never depends on this job
 * for correctness (it counts live while the stored counts are outdated); the job only keeps
 * the stored counts usable.
 */
export async function enqueueLintasOrgRecounts(
  deps: ProcessorDeps,
  ctx: JobContext,
  where: { organisationId?: string | undefined; recordId?: string },
): Promise<number> {
  let orgId = where.organisationId;
  const store = deps.stores.lintasOrg;
  if (!orgId && where.recordId) orgId = await store.organisationOfRecord(where.recordId);
  const orgs = orgId
    ? ((await store.countsState(orgId)) === 'stale' ? [orgId] : [])
    : await store.staleOrganisations(MAX_STALE_PER_EVENT);
  for (const organisationId of orgs) {
    await deps.enqueue('lintas-org.recount', { organisationId }, { jobId: lintasOrgRecountJobId(organisationId, ctx.jobId) });
  }
  return orgs.length;
}

/** `lintas-org.recount`: counts live and stores the counts with the change they reflect. */
export function lintasOrgRecountHandler(deps: ProcessorDeps): JobHandler<'lintas-org.recount'> {
  return async (p, ctx) => {
    const out = await deps.stores.lintasOrg.recount(p.organisationId);
    if (out.status === 'stored') {
      ctx.logger.info({ organisationId: p.organisationId, ...out.counts, countedSeq: out.countedSeq }, 'jumlah lintas organisasi disimpan');
    } else {
      ctx.logger.debug({ organisationId: p.organisationId, outcome: out.status }, 'jumlah lintas organisasi tidak disimpan');
    }
  };
}
