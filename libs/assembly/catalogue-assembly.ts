import type { Config, ServiceIdentity } from '../config';
import type { KeyValueStore } from '../cache/key-value';
import type { Database } from '../db/database';
import { loadServiceIdentity } from '../db/service-identity.repository';
import { documentAwareRenderer } from './document-renderer';
import { createSearchStore } from '../db/search.repository';
import { gateQueryable } from '../db/gated-queryable';
import { createBuiltinCsw, type BuiltinCsw, type BuiltinCswSettings } from '../csw/csw-endpoint';
import type { SearchStore } from '../search/search.ports';
import { createSearchCore, type SearchCore } from '../search/search-core';
import { createMatchCounter } from '../search/match-count';
import { memoByGeneration } from '../response-cache/generation-memo';
import { createResponseCache, type ResponseCache, type ResponseCacheFactory } from '../response-cache/response-cache';
import { createOarecService, type OarecService } from '../oarec/oarec-service';
import { recordRichView } from './record-rich-view';
import type { Logger } from '../logger';
import type { JobSystem } from '../processors/job-system';
import type { CswWarmTarget, RecordRenderer } from '../processors/processor-deps';

/**
 * The built-in catalogue service, assembled once per API process (services/api/runtime.ts) and handed to
 * the routes that need it (CSW, OGC API – Records, the system status probe): ONE search store
 * over the database, one identity, and each protocol adapter with its response cache in front.
 */
export interface BuiltinCatalogue {
  store: SearchStore;
  /** the catalogue's identity (title, abstract, contact) as stored over the CSW_* defaults: CSW, OGC API – Records and OAI-PMH show it */
  getIdentity(): Promise<ServiceIdentity>;
  /** how the built-in CSW answers (public base URL, exception status, identity defaults) */
  cswSettings: BuiltinCswSettings;
  /** absent when CSW_PROVIDER=external (then CSW is proxied, OARec still answers from here) */
  csw?: BuiltinCsw;
  /** the protocol-independent search (CSW and OARec run on it; pages may use it for counts) */
  core: SearchCore;
  /** OGC API – Records with the same response cache and generation as CSW */
  oarec: { service: OarecService; cache: ResponseCache };
}

/**
 * Statements the public, unauthenticated protocols (CSW and OGC API – Records together) may run
 * at once: 6 of the pool's 10 connections, so the logged-in REST API always keeps 4
 * (libs/db/gated-queryable.ts).
 */
export const PUBLIC_DB_SHARE = 6;

export interface BuiltinCatalogueDeps {
  config: Readonly<Config>;
  db: Database;
  kv: KeyValueStore;
  logger: Logger;
  renderer?: RecordRenderer;
  jobs?: Pick<JobSystem, 'enqueue'>;
  /**
   * Makes the response caches in front of CSW and OGC API – Records: a different cache
   * implementation than libs/response-cache's createResponseCache (the default), put in by
   * whoever assembles the process (services/api/runtime.ts, ApiRuntimeOptions).
   */
  responseCache?: ResponseCacheFactory;
}

export function createBuiltinCatalogue(deps: BuiltinCatalogueDeps): BuiltinCatalogue {
  const { config, db, kv, logger, jobs } = deps;
  const renderer = deps.renderer && documentAwareRenderer(db, deps.renderer);
  const makeCache: ResponseCacheFactory = deps.responseCache ?? createResponseCache;
  const publicDb = gateQueryable(db, PUBLIC_DB_SHARE);
  const store = createSearchStore(publicDb);
  // one memo and one set of background counts for both protocols: a broad search counted for
  // CSW is exact for OGC API – Records too (same compiled filter)
  const counter = createMatchCounter(store, config.searchCount, logger);
  const core = createSearchCore(store, counter);
  // read once per public generation (saving the identity bumps it), not on every uncached answer
  const getIdentity = memoByGeneration(kv, () => loadServiceIdentity(db, config.csw.identity));
  const cswSettings = builtinCswSettings(config);
  const csw = config.csw.provider === 'builtin'
    ? createBuiltinCsw({
      ...cswSettings,
      store,
      core,
      getIdentity,
      kv,
      logger,
      responseCache: makeCache,
      ...(renderer ? { renderer } : {}),
      // a render was older than its record: have the stored forms brought up to date
      onRenderedOnTheSpot: (records) => {
        for (const rec of records) {
          jobs?.enqueue('record.render', { recordId: rec.id, version: rec.version }).catch((err: unknown) => {
            logger.warn({ recordId: rec.id, err: (err as Error)?.message }, 'job render belum dapat dijadwalkan; rekonsiliasi menyusul');
          });
        }
      },
    })
    : undefined;
  const oarecService = createOarecService({
    baseUrl: config.baseUrl,
    core,
    store,
    getIdentity,
    ...(renderer ? { renderIso: async (record, format) => renderer.render(record, format) } : {}),
    richView: (record) => recordRichView(publicDb, record),
    logger,
  });
  const oarec = { service: oarecService, cache: makeCache(kv, oarecService, logger) };
  return { store, getIdentity, cswSettings, core, oarec, ...(csw ? { csw } : {}) };
}

/** The built-in CSW's settings, read from the process's configuration (every process of a deployment runs with the same). */
function builtinCswSettings(config: Readonly<Config>): BuiltinCswSettings {
  return { baseUrl: config.baseUrl, exceptionHttpStatus: config.csw.exceptionHttpStatus, identityDefaults: config.csw.identity };
}

export type CswWarmerDeps = Pick<BuiltinCatalogueDeps, 'config' | 'db' | 'kv' | 'logger'> & { renderer: RecordRenderer };

/**
 * The built-in CSW as the jobs warm it after a change (libs/processors/csw-warm.hook.ts): the
 * same settings, identity and response cache (same key/value store) as the API's answers, so
 * an API serves a warmed entry as if it had computed it; but it answers no user, so it runs
 * on the jobs' own connections (no public share) and counts exactly with the page, under the
 * job statement timeout, so what it warms is an exact, cacheable answer. Assembled once per
 * process that runs jobs; undefined when CSW is an external provider.
 */
export function assembleCswWarmer(deps: CswWarmerDeps): CswWarmTarget | undefined {
  const { config, db, kv, logger } = deps;
  if (config.csw.provider !== 'builtin') return undefined;
  const renderer = documentAwareRenderer(db, deps.renderer);
  const store = createSearchStore(db);
  const csw = createBuiltinCsw({
    ...builtinCswSettings(config),
    store,
    counter: createMatchCounter(store, { exactRows: 1_000_000_000, concurrency: 0 }),
    getIdentity: memoByGeneration(kv, () => loadServiceIdentity(db, config.csw.identity)),
    kv,
    logger,
    renderer,
  });
  return csw.cache;
}
