import type { Config, ServiceIdentity } from '../../libs/config';
import type { KeyValueStore } from '../../libs/cache/key-value';
import type { Database } from '../../libs/db/database';
import { loadServiceIdentity } from '../../libs/db/service-identity.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import { gateQueryable } from '../../libs/db/gated-queryable';
import { createBuiltinCsw, type BuiltinCsw, type BuiltinCswSettings } from '../../libs/csw/csw-endpoint';
import type { SearchStore } from '../../libs/search/search-port';
import { createSearchCore, type SearchCore } from '../../libs/search/search-core';
import { createMatchCounter } from '../../libs/search/match-count';
import { createResponseCache, type ResponseCache } from '../../libs/response-cache/response-cache';
import { createOarecService, type OarecService } from '../../libs/oarec/oarec-service';
import type { Logger } from '../../libs/logger';
import type { JobSystem } from '../../libs/processors/job-system';
import type { RecordRenderer } from '../../libs/processors/processor-deps';

/**
 * The built-in catalogue service, assembled once per API process (runtime.ts) and handed to
 * the routes that need it (CSW, OGC API – Records, the system status probe): ONE search store
 * over the database, one identity, and each protocol adapter with its response cache in front.
 */
export interface BuiltinCatalogue {
  store: SearchStore;
  /** the catalogue's identity (title, abstract, contact) as stored over the CSW_* defaults: CSW, OGC API – Records and OAI-PMH show it */
  getIdentity(): Promise<ServiceIdentity>;
  /** what the worker must know to warm the cache exactly as this API answers */
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
}

export function createBuiltinCatalogue(deps: BuiltinCatalogueDeps): BuiltinCatalogue {
  const { config, db, kv, logger, renderer, jobs } = deps;
  const store = createSearchStore(gateQueryable(db, PUBLIC_DB_SHARE));
  // one memo and one set of background counts for both protocols: a broad search counted for
  // CSW is exact for OGC API – Records too (same compiled filter)
  const counter = createMatchCounter(store, config.searchCount, logger);
  const core = createSearchCore(store, counter);
  const getIdentity = () => loadServiceIdentity(db, config.csw.identity);
  const cswSettings: BuiltinCswSettings = {
    baseUrl: config.baseUrl,
    exceptionHttpStatus: config.csw.exceptionHttpStatus,
    identityDefaults: config.csw.identity,
  };
  const csw = config.csw.provider === 'builtin'
    ? createBuiltinCsw({
      ...cswSettings,
      store,
      core,
      getIdentity,
      kv,
      logger,
      benchAlwaysMiss: config.csw.benchAlwaysMiss === true,
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
    logger,
  });
  const oarec = { service: oarecService, cache: createResponseCache(kv, oarecService, logger) };
  return { store, getIdentity, cswSettings, core, oarec, ...(csw ? { csw } : {}) };
}
