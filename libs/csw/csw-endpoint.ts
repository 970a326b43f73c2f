import type { KeyValueStore } from '../cache/key-value';
import type { CswIdentity } from './csw-identity';
import type { MetadataRecord } from '../catalogue/record.types';
import type { RenderFormat } from '../render/formats';
import type { SearchStore } from '../search/search.ports';
import type { MatchCounter } from '../search/match-count';
import type { SearchCore } from '../search/search-core';
import { cswCacheable, type CswResponseCache } from './csw-cache';
import { createResponseCache, type ResponseCacheFactory } from '../response-cache/response-cache';
import { createCswService, type CswLogger, type CswService } from './csw-service';

/** The renderer as CSW needs it (libs/render's renderer and the worker's pool both fit). */
export interface CswRecordRenderer {
  render(record: MetadataRecord, format: RenderFormat): string | Promise<string>;
}

/** How this deployment's built-in CSW answers: what the API and the cache-warming worker share. */
export interface BuiltinCswSettings {
  /** public base URL, without trailing slash */
  baseUrl: string;
  exceptionHttpStatus: 'csw202' | 'ows11';
  /** the CSW_* identity, under what an administrator stored */
  identityDefaults: CswIdentity;
}

export interface BuiltinCswDeps extends BuiltinCswSettings {
  /** the search core's database port */
  store: SearchStore;
  /** the search core GetRecords and GetDomain go through (shared with OGC API – Records in the API) */
  core?: SearchCore;
  /** without `core`: how its search core counts (libs/search/match-count.ts); one with the default settings otherwise */
  counter?: MatchCounter;
  /** the identity GetCapabilities shows (the stored one over identityDefaults) */
  getIdentity(): Promise<CswIdentity>;
  kv: KeyValueStore;
  logger?: CswLogger;
  /** renders a PUBLISHED record whose stored render is missing or older than the record */
  renderer?: CswRecordRenderer;
  /** told which records were rendered on the spot, so their stored renders can be brought up to date */
  onRenderedOnTheSpot?(records: { id: string; version: number }[]): void;
  /**
   * Makes the response cache in front of the service: a different cache implementation than
   * libs/response-cache's createResponseCache (the default).
   */
  responseCache?: ResponseCacheFactory;
}

export interface BuiltinCsw {
  service: CswService;
  cache: CswResponseCache;
}

/**
 * The built-in CSW provider: the protocol service over PostgreSQL with the response cache in
 * front. A render that lags behind its record (an edit of a published record the worker has
 * not rendered yet) is rendered on the spot, so the answer after an edit shows the edit.
 */
export function createBuiltinCsw(deps: BuiltinCswDeps): BuiltinCsw {
  const { renderer } = deps;
  const renderOnce = renderer ? memoisedRender(renderer) : undefined;
  const renderMissing = renderOnce
    ? async (ids: string[], format: RenderFormat): Promise<Map<string, string>> => {
        const out = new Map<string, string>();
        const rendered: { id: string; version: number }[] = [];
        for (const id of ids) {
          const record = await deps.store.recordById(id);
          if (!record || record.status !== 'PUBLISHED') continue;
          try {
            out.set(id, await renderOnce(record, format));
            rendered.push({ id, version: record.version });
          } catch (err) {
            deps.logger?.error({ err, recordId: id, format }, 'CSW: rekaman tidak dapat dirender');
          }
        }
        if (rendered.length) deps.onRenderedOnTheSpot?.(rendered);
        return out;
      }
    : undefined;

  const service = createCswService({
    store: deps.store,
    ...(deps.core ? { core: deps.core } : {}),
    ...(deps.counter ? { counter: deps.counter } : {}),
    baseUrl: deps.baseUrl,
    getIdentity: deps.getIdentity,
    exceptionHttpStatus: deps.exceptionHttpStatus,
    ...(renderMissing ? { renderMissing } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const makeCache: ResponseCacheFactory = deps.responseCache ?? createResponseCache;
  return { service, cache: makeCache(deps.kv, cswCacheable(service), deps.logger) };
}

/** Renders kept after an on-the-spot render; the worker stores the real ones shortly after. */
const RECENT_RENDERS = 2_000;

/**
 * Until the worker has stored a record's renders, every CSW answer that includes the record
 * would render it again — with many concurrent harvesters that starves the event loop. Keyed
 * by (id, version, format), concurrent requests share one render in flight and later ones
 * reuse the result; a new version is a new key, so nothing stale is ever served.
 */
function memoisedRender(renderer: CswRecordRenderer) {
  const inFlight = new Map<string, Promise<string>>();
  const recent = new Map<string, string>();
  return async (record: MetadataRecord, format: RenderFormat): Promise<string> => {
    const key = `${record.id}\u0000${record.version}\u0000${format}`;
    const done = recent.get(key);
    if (done !== undefined) return done;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = Promise.resolve()
        .then(() => renderer.render(record, format))
        .then((xml) => {
          recent.set(key, xml);
          // Map keeps insertion order: drop the oldest beyond the bound
          if (recent.size > RECENT_RENDERS) recent.delete(recent.keys().next().value as string);
          return xml;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
