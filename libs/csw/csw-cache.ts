import type { KeyValueStore } from '../cache/key-value';
import { createResponseCache, type CacheableService, type CachedResult, type ResponseCache } from '../response-cache/response-cache';
import { cswCacheKey, cswTtlSeconds } from './csw-cache-key';
import type { CswLogger, CswService } from './csw-service';
import type { CswRequest } from './request/csw-request';
import { echoRequestId, echoRequestIdBytes } from './responses/get-records.writer';

export type { CachedResult };
export type CswResponseCache = ResponseCache;

/** An ows:ExceptionReport (CSW sends them with HTTP 200 by default) is never cached. */
const EXCEPTION_ROOT = /^\s*(?:<\?xml[^?]*\?>\s*)?<(?:[\w.-]+:)?ExceptionReport[\s>/]/;

/**
 * The requestId of a GetRecords is echoed in the answer (csw:RequestId) but changes nothing
 * else: the request is computed and stored WITHOUT it, and the echo is put into the body when
 * it is served. 600 requests that differ only in requestId are one entry, not 600 copies.
 * (resultType=validate echoes the whole request, requestId included: it stays as it is.)
 */
function withoutRequestId(parsed: CswRequest): { parsed: CswRequest; echo: string | undefined } {
  if (parsed.operation !== 'GetRecords' || parsed.resultType === 'validate' || parsed.requestId === undefined) {
    return { parsed, echo: undefined };
  }
  return { parsed: { ...parsed, requestId: undefined }, echo: parsed.requestId };
}

/**
 * The CSW service as the public response cache (libs/response-cache/response-cache.ts) sees
 * it: keyed by the parsed CswRequest (csw-cache-key.ts), GetCapabilities 10 minutes,
 * everything else 60 s, exception reports never kept, the requestId echoed.
 */
export function cswCacheable(service: CswService): CacheableService<CswRequest> {
  return {
    parse: (req) => service.parse(req),
    handle: (req) => service.handle(req),
    execute: (parsed, ctx) => service.execute(parsed, ctx),
    cacheKey: cswCacheKey,
    ttlSeconds: cswTtlSeconds,
    isError: (r) => EXCEPTION_ROOT.test(r.body),
    echo: { split: withoutRequestId, intoBody: echoRequestId, intoBytes: echoRequestIdBytes },
  };
}

/** The public response cache in front of the CSW service. */
export function createCswResponseCache(
  kv: KeyValueStore,
  service: CswService,
  logger?: CswLogger,
  budgets?: Readonly<Record<number, number>>,
): CswResponseCache {
  return createResponseCache(kv, cswCacheable(service), logger, budgets);
}
