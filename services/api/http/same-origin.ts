import type { RequestHandler } from 'express';
import { AppError } from '../../../libs/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CROSS_SITE_DETAIL =
  'Permintaan yang mengubah data hanya diterima dari halaman geokatalog sendiri; permintaan dari situs lain ditolak.';

/**
 * Refuses state-changing requests that a browser says come from another site. SameSite=Lax
 * cookies keep other sites out, but not other origins of the same site (another port, a sibling
 * subdomain), and a bodyless POST needs no content type that require-json could refuse; so:
 *
 * - `Sec-Fetch-Site: cross-site` or `same-site` → 403 (browsers set it and pages cannot forge it);
 * - an `Origin` that is not ours → 403. Ours is BASE_URL's origin (the configured public
 *   address), or the origin whose host is the request's own Host header: the page was served
 *   by this very server under the name the browser used (a deployment reached by another name
 *   than BASE_URL, tests on random ports). A foreign page cannot make its Origin equal our Host
 *   (a rebound DNS name carries its own cookies, never ours). `Origin: null` (sandboxed frames,
 *   file: pages) is not ours.
 * - neither header → let through: curl, the CLI, GIS software and harvesters are not browsers,
 *   and carry no browser's cookies.
 *
 * Mounted on everything that has a session (/api, the queue dashboard). The public protocol
 * endpoints (CSW and OAI-PMH POST) do not get it: they are anonymous and read-only, GIS web
 * clients POST to them from other origins on purpose, and a session changes nothing there.
 */
export function refuseCrossSite(baseUrl: string): RequestHandler {
  const ownOrigin = new URL(baseUrl).origin;
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'cross-site' || site === 'same-site' || (origin !== undefined && !isOwnOrigin(origin, ownOrigin, req.get('host')))) {
      return next(new AppError('FORBIDDEN', CROSS_SITE_DETAIL));
    }
    next();
  };
}

function isOwnOrigin(origin: string, ownOrigin: string, host: string | undefined): boolean {
  if (origin === ownOrigin) return true;
  if (!host) return false;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false; // "null" and anything else that is no origin
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin && u.host === host.toLowerCase();
}
