import type { Request, RequestHandler } from 'express';
import type { Metrics } from './metrics';

/** The route label of requests no Express route matched (404s, guards that answered before a route). */
export const UNMATCHED_ROUTE = 'unmatched';

type RoutePath = string | RegExp | (string | RegExp)[];

const pathText = (p: RoutePath): string => (Array.isArray(p) ? p.map(String).join('|') : String(p));

/** `/api` + `/metadata` + `/:id` → `/api/metadata/:id`, without a doubled or trailing slash. */
function joinPattern(base: string, routePath: string): string {
  const joined = `${base}${routePath === '/' && base ? '' : routePath}`.replace(/\/{2,}/g, '/');
  return joined || '/';
}

/**
 * Remembers the pattern of the route that handles the request. Express sets `req.route` when a
 * route matches, at which moment `req.baseUrl` is the mount path of the router holding it; by
 * the time the response finishes the routers have been left and `baseUrl` is restored, so the
 * pattern is captured through a setter on `req.route` rather than read at the end.
 * Mount paths in this app are static, so base + route path is the full pattern and the label
 * set stays bounded (ids never reach a label).
 */
function trackRoutePattern(req: Request): () => string {
  let route: { path: RoutePath } | undefined;
  let pattern: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path: RoutePath } | undefined) {
      route = value;
      if (value) pattern = joinPattern(req.baseUrl, pathText(value.path));
    },
  });
  return () => pattern ?? UNMATCHED_ROUTE;
}

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** Times every request into the HTTP latency histogram; mount it first. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer();
    const pattern = trackRoutePattern(req);
    res.once('finish', () => {
      end({ method: req.method, route: pattern(), status_class: statusClass(res.statusCode) });
    });
    next();
  };
}
