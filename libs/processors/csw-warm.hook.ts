import type { CswHttpRequest } from '../csw/csw-service';
import type { ProcessorDeps } from './processor-deps';

/** A change that touched what CSW shows, after its renders are stored and the generation bumped. */
export interface CswWarmRequest {
  recordId: string;
  reason: 'status-changed' | 'updated';
}

/**
 * What the worker warms after a change: GetCapabilities and the first page of GetRecords
 * as the common clients ask for it. The cache key is the parsed request, so each entry here
 * also serves every spelling of the same request (any parameter case or order, GET or POST).
 */
export const CSW_WARM_REQUESTS: readonly CswHttpRequest[] = [
  { method: 'GET', query: { service: 'CSW', request: 'GetCapabilities' } },
  // a plain GetRecords on GET: csw:Record, results, summary, 100 records
  { method: 'GET', query: { service: 'CSW', version: '2.0.2', request: 'GetRecords' } },
  // OWSLib's / QGIS MetaSearch's first page: summary, 10 records
  {
    method: 'GET',
    query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'summary', maxRecords: '10' },
  },
  // the first page of an ISO 19139 harvest
  {
    method: 'GET',
    query: {
      service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'gmd:MD_Metadata', resultType: 'results',
      outputSchema: 'http://www.isotc211.org/2005/gmd', elementSetName: 'full', maxRecords: '10',
    },
  },
];

/** What warming needs of the handlers' dependencies. */
export type CswWarmDeps = Pick<ProcessorDeps, 'logger' | 'cswWarm' | 'changesQueued'>;

/**
 * Called by the `record.status-changed` and `record.updated` jobs when the change touched a
 * PUBLISHED record, after the renders are stored and the generation is bumped, so what is
 * warmed here is already fresh. Best effort: the generation bump alone keeps CSW correct and
 * warming only makes the first request after a change fast, so a failure is logged, not
 * retried (a retry would render and bump again). The response cache warmed is the one the
 * process's assembly built from its own configuration (libs/assembly/catalogue-assembly.ts),
 * the same configuration every API process of the deployment runs with; absent when CSW is
 * an external provider.
 */
export async function warmCswCache(deps: CswWarmDeps, change: CswWarmRequest): Promise<void> {
  if (!deps.cswWarm) return;
  if (await deps.changesQueued?.()) {
    // a bulk of changes (an import's events): each would bump the generation again right after
    // this warmed it, so only the last one warms
    deps.logger.debug({ recordId: change.recordId }, 'perubahan lain menunggu; cache CSW dihangatkan oleh yang terakhir');
    return;
  }
  try {
    let warmed = 0;
    for (const req of CSW_WARM_REQUESTS) {
      const out = await deps.cswWarm.refresh(req);
      if (out.cache === 'miss') warmed += 1;
    }
    deps.logger.debug({ recordId: change.recordId, reason: change.reason, warmed }, 'cache CSW dihangatkan');
  } catch (err) {
    deps.logger.warn({ recordId: change.recordId, err: (err as Error)?.message ?? String(err) }, 'cache CSW tidak dapat dihangatkan');
  }
}
