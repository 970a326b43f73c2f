import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import type { Logger } from '../../../libs/logger';
import type { Metrics } from '../../../libs/metrics/metrics';
import { cswOperationOf, type CswOperationLabel } from '../../../libs/metrics/csw-metrics';
import type { CachedCswResult, ResponseCache, ServiceHttpRequest } from '../../../libs/search/response-cache';
import { requestIdOf } from './request-logging';

/**
 * The CSW cache hit without Express. Harvesters and portals repeat the same GetRecords and
 * GetCapabilities GETs; served through the full stack (metrics, request context, pino-http,
 * a dozen routers, Express's req/res prototypes and res.send) a hit cost about ten times what
 * sending its bytes costs. This handler runs before Express sees the request and answers only
 * the plain case: GET on exactly CSW_PATH with a query string, no conditional headers, and a
 * current copy of the answer in this process (ResponseCache.peekLocal, which checks the
 * generation exactly as the normal path does: the value this replica holds under a lease, or,
 * without a lease, one read from the store for this request). Everything
 * else — POST, HEAD, If-None-Match, a miss, a stale copy, a store error — goes on to Express
 * unchanged, and the normal path answers it.
 *
 * What it sends is what the normal path sends for the same hit, byte for byte: the same
 * headers in the same order (X-Request-Id by the same rule; Cache-Control, ETag, X-Cache,
 * Content-Type, Content-Length), the same body; it counts the same metrics (request duration
 * under the CSW route, the CSW operation, the cache verdict). It stays off when the logger
 * writes debug lines, since pino-http logs successful CSW requests at debug.
 */
export interface FastPath {
  /** true: the handler took the request (it answers it, or calls `next` to hand it to Express) */
  (req: IncomingMessage, res: ServerResponse, next: () => void): boolean;
  /** requests answered here (tests check that the fast path, not Express, answered) */
  readonly served: () => number;
}

/** distinct query strings remembered (oldest forgotten first) */
const REMEMBERED = 2_000;
/**
 * Longer query strings go to Express: the remembered ones (here and in the cache's parse memo)
 * then take at most 2,000 × 2 KB each, whatever URLs a client makes up (Node allows 16 KB).
 */
const MAX_QUERY_CHARS = 2_048;

export function cswFastPath(opts: { path: string; cache: ResponseCache; metrics: Metrics; logger: Logger }): FastPath {
  const { cache, metrics } = opts;
  const prefix = `${opts.path}?`;
  let served = 0;
  if (opts.logger.isLevelEnabled('debug')) return Object.assign(() => false, { served: () => served });

  /**
   * query string → the request as the CSW route would see it (Express 5's "simple" query parser
   * is node:querystring), with the metric children of its labels bound once (no label object
   * built per request)
   */
  interface Known { request: ServiceHttpRequest; countOperation: () => void }
  const known = new Map<string, Known>();
  const requestOf = (qs: string): Known => {
    let k = known.get(qs);
    if (!k) {
      const query = parseQueryString(qs) as Record<string, string | string[] | undefined>;
      const operation: CswOperationLabel = cswOperationOf({ method: 'GET', query, body: undefined });
      const counter = metrics.cswRequests.labels({ operation });
      k = { request: { method: 'GET', query }, countOperation: () => counter.inc() };
      if (known.size >= REMEMBERED) known.delete(known.keys().next().value as string);
      known.set(qs, k);
    }
    return k;
  };
  const hits = metrics.cswCache.labels({ result: 'hit' });
  const duration = metrics.httpDuration.labels({ method: 'GET', route: opts.path, status_class: '2xx' });

  /** what this path sends itself: a 200 whose bytes are at hand; anything else goes to Express */
  const sendable = (hit: CachedCswResult | undefined): hit is CachedCswResult & { bodyBytes: Buffer } =>
    hit !== undefined && hit.bodyBytes !== undefined && hit.status === 200;

  const answer = (req: IncomingMessage, res: ServerResponse, qs: string, started: number, hit: CachedCswResult & { bodyBytes: Buffer }): void => {
    res.writeHead(200, [
      'X-Request-Id', requestIdOf(req.headers['x-request-id']),
      'Cache-Control', hit.cacheControl,
      'ETag', hit.etag,
      'X-Cache', hit.cache,
      'Content-Type', hit.contentType,
      'Content-Length', String(hit.bodyBytes.length),
    ]);
    res.end(hit.bodyBytes);
    served += 1;
    requestOf(qs).countOperation();
    hits.inc();
    duration.observe((performance.now() - started) / 1000);
  };

  /**
   * Hits known at once (generation held under a lease) are written together after every
   * request read from the sockets in this event-loop turn, not each inside its parser callback.
   * Measured with wrk against a bare server (bench:hotpath, same run): at 50 connections,
   * writing each at once gave 53 % of the bare server's rate at 103 µs CPU per request; written
   * per turn, 97 % at 61 µs (more requests per wake-up of both sides); at 2 connections
   * 74 % → 63 % (one check phase later).
   */
  let deferred: { req: IncomingMessage; res: ServerResponse; qs: string; started: number; hit: CachedCswResult & { bodyBytes: Buffer } }[] = [];
  const flush = (): void => {
    const now = deferred;
    deferred = [];
    for (const d of now) {
      try {
        answer(d.req, d.res, d.qs, d.started, d.hit);
      } catch (err) {
        // one broken socket must not take the others of this turn (or the process) with it
        opts.logger.warn({ err: (err as Error)?.message }, 'jawaban cache CSW tidak dapat dikirim');
        d.res.destroy();
      }
    }
  };
  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void): boolean => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(prefix) || url.includes('#')) return false;
    const h = req.headers;
    if (h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined) return false;
    const started = performance.now();
    const qs = url.slice(prefix.length);
    if (qs.length > MAX_QUERY_CHARS) return false;
    let pending;
    try {
      pending = cache.peekLocal(qs, () => requestOf(qs).request);
    } catch {
      return false;
    }
    if (!pending) return false;
    // known at once when the generation is held under a lease (no store read): sent with the
    // other answers of this loop turn (see `flush`)
    if (!(pending instanceof Promise)) {
      if (!sendable(pending)) return false;
      deferred.push({ req, res, qs, started, hit: pending });
      if (deferred.length === 1) setImmediate(flush);
      return true;
    }
    pending.then(
      (hit) => { if (sendable(hit)) answer(req, res, qs, started, hit); else next(); },
      () => next(),
    );
    return true;
  };
  return Object.assign(handle, { served: () => served });
}
