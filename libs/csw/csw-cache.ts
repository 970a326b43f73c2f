import type { KeyValueStore } from '../cache/key-value';
import { createResponseCache, type CachedCswResult, type ResponseCache } from '../search/response-cache';
import { cswCacheKey, cswTtlSeconds } from './csw-cache-key';
import type { CswLogger, CswService } from './csw-service';

export type { CachedCswResult };
export type CswResponseCache = ResponseCache;

/** An ows:ExceptionReport (CSW sends them with HTTP 200 by default) is never cached. */
const EXCEPTION_ROOT = /^\s*(?:<\?xml[^?]*\?>\s*)?<(?:[\w.-]+:)?ExceptionReport[\s>/]/;

/**
 * The search core's response cache (libs/search/response-cache.ts) in front of the CSW
 * service: keyed by the parsed CswRequest (csw-cache-key.ts), GetCapabilities 10 minutes,
 * everything else 60 s.
 */
export function createCswResponseCache(kv: KeyValueStore, service: CswService, logger?: CswLogger): CswResponseCache {
  return createResponseCache(kv, {
    parse: (req) => service.parse(req),
    handle: (req) => service.handle(req),
    execute: (parsed, ctx) => service.execute(parsed, ctx),
    cacheKey: cswCacheKey,
    ttlSeconds: cswTtlSeconds,
    isError: (r) => EXCEPTION_ROOT.test(r.body),
  }, logger);
}
