import { createBuiltinCsw, type BuiltinCsw } from '../csw/csw-endpoint';
import type { CswHttpRequest } from '../csw/csw-service';
import { readBuiltinCswSettings } from '../csw/csw-shared-settings';
import { loadServiceIdentity } from '../db/service-identity.repository';
import { createSearchStore } from '../db/search.repository';
import { createMatchCounter } from '../search/match-count';
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
export type CswWarmDeps = Pick<ProcessorDeps, 'db' | 'kv' | 'logger' | 'renderer' | 'changesQueued'>;

// one service per deps (schemas and the compiled writers are shared anyway)
const builtins = new WeakMap<CswWarmDeps, { settingsJson: string; csw: BuiltinCsw }>();

/**
 * Called by the `record.status-changed` and `record.updated` jobs when the change touched a
 * PUBLISHED record, after the renders are stored and the generation is bumped, so what is
 * warmed here is already fresh. Best effort: the generation bump alone keeps CSW correct and
 * warming only makes the first request after a change fast, so a failure is logged, not
 * retried (a retry would render and bump again). Nothing is warmed until an API has
 * published its CSW settings (csw-shared-settings.ts).
 */
export async function warmCswCache(deps: CswWarmDeps, change: CswWarmRequest): Promise<void> {
  if (deps.changesQueued?.()) {
    // a bulk of changes (an import's events): each would bump the generation again right after
    // this warmed it, so only the last one warms
    deps.logger.debug({ recordId: change.recordId }, 'perubahan lain menunggu; cache CSW dihangatkan oleh yang terakhir');
    return;
  }
  try {
    const settings = await readBuiltinCswSettings(deps.kv);
    if (!settings) {
      deps.logger.debug({ recordId: change.recordId }, 'pengaturan CSW dari API belum ada; cache CSW tidak dihangatkan');
      return;
    }
    const settingsJson = JSON.stringify(settings);
    let entry = builtins.get(deps);
    if (!entry || entry.settingsJson !== settingsJson) {
      // the worker's own assembly of the same built-in CSW the API runs (builtin-catalogue.ts there)
      const store = createSearchStore(deps.db);
      const csw = createBuiltinCsw({
        ...settings,
        store,
        // the worker answers no user: it counts exactly with the page, under its connections'
        // job statement timeout, so what it warms is an exact, cacheable answer
        counter: createMatchCounter(store, { exactRows: 1_000_000_000, concurrency: 0 }),
        getIdentity: () => loadServiceIdentity(deps.db, settings.identityDefaults),
        kv: deps.kv,
        logger: deps.logger,
        renderer: deps.renderer,
      });
      entry = { settingsJson, csw };
      builtins.set(deps, entry);
    }
    let warmed = 0;
    for (const req of CSW_WARM_REQUESTS) {
      const out = await entry.csw.cache.refresh(req);
      if (out.cache === 'miss') warmed += 1;
    }
    deps.logger.debug({ recordId: change.recordId, reason: change.reason, warmed }, 'cache CSW dihangatkan');
  } catch (err) {
    deps.logger.warn({ recordId: change.recordId, err: (err as Error)?.message ?? String(err) }, 'cache CSW tidak dapat dihangatkan');
  }
}
