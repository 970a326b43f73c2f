import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import type { Logger } from '../../../libs/logger';
import type { Metrics } from '../../../libs/metrics/metrics';
import { cswOperationOf, type CswOperationLabel } from '../../../libs/metrics/csw-metrics';
import type { CachedResult, ResponseCache, ServiceHttpRequest } from '../../../libs/response-cache/response-cache';
import { runWithContext } from '../../../libs/logger';
import { requestIdOf } from './request-logging';
import { plainBodyLength, readPlainBody } from './plain-body';

/**
 * The plain CSW request without Express. Harvesters and portals repeat the same GetRecords and
 * GetCapabilities GETs; served through the full stack (metrics, request context, pino-http,
 * a dozen routers, Express's req/res prototypes and res.send) a hit cost about ten times what
 * sending its bytes costs, and a miss paid the same stack on top of its search. This handler
 * runs before Express sees the request and answers the plain cases itself:
 * - a GET on exactly CSW_PATH with a query string and no conditional headers: from a current
 *   copy of the answer in this process when there is one (ResponseCache.peekLocal, which checks
 *   the generation exactly as the normal path does: the value this replica holds under a
 *   lease, or, without a lease, one read from the store for this request), otherwise through
 *   the response cache (ResponseCache.respond, the call the CSW route makes);
 * - a POST on CSW_PATH whose body it can read as the route would (plain-body.ts: declared
 *   length within 1 MB, no content coding, UTF-8), through the response cache.
 * An answer of status 400 or more, a failure of the cache or the service, HEAD, a conditional
 * GET, any other path or body goes to Express, which answers it as before (for a POST, with
 * the body already read: Express's parser takes it as parsed).
 *
 * What it sends is what the normal path sends, byte for byte: the same headers in the same
 * order (X-Request-Id by the same rule; Cache-Control, ETag, X-Cache, Content-Type,
 * Content-Length), the same body; it counts the same metrics (request duration under the CSW
 * route, the CSW operation, the cache verdict) and runs the search in the same log context.
 * It stays off when the logger writes debug lines, since pino-http logs successful CSW
 * requests at debug.
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

export function cswFastPath(opts: { path: string; cache: ResponseCache; metrics: Metrics; logger: Logger; bodyLimit: number }): FastPath {
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
  const sendable = (hit: CachedResult | undefined): hit is CachedResult & { bodyBytes: Buffer } =>
    hit !== undefined && hit.bodyBytes !== undefined && hit.status === 200;

  /** the headers and body the CSW route sends (csw.routes.ts: X-Request-Id first, from requestContext) */
  const write = (res: ServerResponse, requestId: string, r: CachedResult, bytes: Buffer): void => {
    res.writeHead(r.status, [
      'X-Request-Id', requestId,
      'Cache-Control', r.cacheControl,
      'ETag', r.etag,
      'X-Cache', r.cache,
      'Content-Type', r.contentType,
      'Content-Length', String(bytes.length),
    ]);
    res.end(bytes);
    served += 1;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, qs: string, started: number, hit: CachedResult & { bodyBytes: Buffer }): void => {
    write(res, requestIdOf(req.headers['x-request-id']), hit, hit.bodyBytes);
    requestOf(qs).countOperation();
    hits.inc();
    duration.observe((performance.now() - started) / 1000);
  };

  /**
   * Through the response cache, in the request's log context; `fallBack` hands the request to
   * Express (an error answer, or a failure: Express computes it again and answers as before).
   */
  const viaCache = (req: IncomingMessage, res: ServerResponse, request: ServiceHttpRequest, started: number, countOperation: () => void, fallBack: () => void): void => {
    const requestId = requestIdOf(req.headers['x-request-id']);
    // Express's request context takes the same id if it gets the request after all
    req.headers['x-request-id'] = requestId;
    runWithContext({ requestId }, () => cache.respond(request)).then(
      (r) => {
        if (r.status >= 400) return fallBack();
        write(res, requestId, r, r.bodyBytes ?? Buffer.from(r.body, 'utf8'));
        countOperation();
        metrics.cswCache.labels({ result: r.cache }).inc();
        metrics.httpDuration.labels({ method: request.method, route: opts.path, status_class: `${Math.floor(r.status / 100)}xx` })
          .observe((performance.now() - started) / 1000);
      },
      () => fallBack(),
    ).catch((err: unknown) => {
      // a socket that broke while the answer was written: nothing more can be sent on it
      opts.logger.warn({ err: (err as Error)?.message }, 'jawaban CSW tidak dapat dikirim');
      res.destroy();
    });
  };

  const missGet = (req: IncomingMessage, res: ServerResponse, qs: string, started: number, next: () => void): void => {
    const k = requestOf(qs);
    viaCache(req, res, { ...k.request, contentType: req.headers['content-type'] }, started, k.countOperation, next);
  };

  const post = (req: IncomingMessage, res: ServerResponse, qs: string, started: number, next: () => void): void => {
    readPlainBody(req).then(
      (body) => {
        const query = qs ? parseQueryString(qs) as Record<string, string | string[] | undefined> : {};
        const request: ServiceHttpRequest = { method: 'POST', query, body, contentType: req.headers['content-type'] };
        const operation = cswOperationOf({ method: 'POST', query, body });
        viaCache(req, res, request, started, () => metrics.cswRequests.labels({ operation }).inc(), () => {
          // Express's body parser skips a request whose body is marked as read (body-parser's `_body`)
          Object.assign(req, { body, _body: true });
          next();
        });
      },
      () => res.destroy(), // the client went away before its body arrived
    );
  };

  /**
   * Hits known at once (generation held under a lease) are written together after every
   * request read from the sockets in this event-loop turn, not each inside its parser callback.
   * Measured with wrk against a bare server (bench:hotpath, same run): at 50 connections,
   * writing each at once gave 53 % of the bare server's rate at 103 µs CPU per request; written
   * per turn, 97 % at 61 µs (more requests per wake-up of both sides); at 2 connections
   * 74 % → 63 % (one check phase later).
   */
  let deferred: { req: IncomingMessage; res: ServerResponse; qs: string; started: number; hit: CachedResult & { bodyBytes: Buffer } }[] = [];
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
    if (url === undefined || url.includes('#')) return false;
    if (req.method === 'POST') {
      if (url !== opts.path && !url.startsWith(prefix)) return false;
      const qs = url.slice(prefix.length);
      if (qs.length > MAX_QUERY_CHARS || plainBodyLength(req, opts.bodyLimit) === undefined) return false;
      post(req, res, qs, performance.now(), next);
      return true;
    }
    if (req.method !== 'GET' || !url.startsWith(prefix)) return false;
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
    if (!pending) {
      missGet(req, res, qs, started, next);
      return true;
    }
    // known at once when the generation is held under a lease (no store read): sent with the
    // other answers of this loop turn (see `flush`)
    if (!(pending instanceof Promise)) {
      if (!sendable(pending)) {
        missGet(req, res, qs, started, next);
        return true;
      }
      deferred.push({ req, res, qs, started, hit: pending });
      if (deferred.length === 1) setImmediate(flush);
      return true;
    }
    pending.then(
      (hit) => { if (sendable(hit)) answer(req, res, qs, started, hit); else missGet(req, res, qs, started, next); },
      () => next(),
    );
    return true;
  };
  return Object.assign(handle, { served: () => served });
}
