import type { CswIdentity } from '../csw-identity';
import type { SearchStore } from '../../search/search.ports';
import type { MatchCounter } from '../../search/match-count';
import type { SearchCore } from '../../search/search-core';
import type { RenderFormat } from '../../render/formats';

/** Minimal logger surface (pino's Logger satisfies it). */
export interface CswLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CswServiceDeps {
  /**
   * the search core's database port (libs/db implements it, the runtime wires it): GetRecordById
   * and on-the-spot renders read records by identifier through it; searching goes through `core`
   */
  store: SearchStore;
  /** the search core every search goes through (shared with OGC API – Records in the API); one over `store` otherwise */
  core?: SearchCore;
  /** public base URL (scheme + host + optional path), without trailing slash */
  baseUrl: string;
  getIdentity(): Promise<CswIdentity>;
  exceptionHttpStatus: 'csw202' | 'ows11';
  /**
   * Renders records whose stored render is missing (id → XML). Ids it cannot render are
   * left out of the response and numberOfRecordsReturned counts only what is sent.
   */
  renderMissing?(ids: string[], format: RenderFormat): Promise<Map<string, string>>;
  /** how the search core counts matches when no `core` is given; one of its own otherwise */
  counter?: MatchCounter;
  /** the capabilities updateSequence (e.g. the cache generation); omitted when absent */
  getUpdateSequence?(): Promise<string | undefined>;
  logger?: CswLogger;
}

/**
 * What the caller knows about the request beyond the request itself. `countScope` is the cache
 * generation read BEFORE any database work, as a local scope (libs/response-cache/response-cache.ts,
 * local-scope.ts): with it, exact counts may be reused from the count memo (count-memo.ts);
 * without it they are computed.
 */
export interface ExecuteContext {
  countScope?: string;
}
