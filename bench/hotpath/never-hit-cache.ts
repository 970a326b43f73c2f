import { createResponseCache, type CacheableService, type ResponseCacheFactory } from '../../libs/response-cache/response-cache';

/**
 * A response cache that never hits, for the "uncached" part of the hot-path bench: the
 * product's own cache (libs/response-cache/response-cache.ts), unchanged, in front of the
 * service, but every request gets a cache key of its own (the service's key + a request
 * number). So a request repeated by wrk takes the whole way of a real miss every time —
 * generation and entry read in one round trip (the entry is absent), the answer computed in
 * the count scope of the current generation (the count memo is kept, as on any miss), the
 * entry put into the local copy and stored within the shared budget, X-Cache: miss — and its
 * local copy or stored entry is never found again, neither by respond() nor by peekLocal()
 * (whose remembered key is numbered too). What is measured is what a production miss costs.
 *
 * The stored entries are bounded as in production (SHARED_BUDGET_BYTES per window; past it an
 * answer is sent and not stored) and live under the bench API's private REDIS_PREFIX, which the
 * bench unlinks afterwards.
 */
export const neverHitResponseCache: ResponseCacheFactory = (kv, service, logger) => {
  let requestNumber = 0;
  const keyedPerRequest: CacheableService<Parameters<typeof service.cacheKey>[0]> = {
    parse: (req) => service.parse(req),
    handle: (req) => service.handle(req),
    execute: (parsed, ctx) => service.execute(parsed, ctx),
    cacheKey: (parsed) => `${service.cacheKey(parsed)}:bench-miss-${(requestNumber += 1)}`,
    ttlSeconds: (parsed) => service.ttlSeconds(parsed),
    ...(service.isError ? { isError: (r) => service.isError!(r) } : {}),
    ...(service.echo ? { echo: service.echo } : {}),
  };
  return createResponseCache(kv, keyedPerRequest, logger);
};
