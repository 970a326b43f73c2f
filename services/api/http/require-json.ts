import type { RequestHandler } from 'express';
import { AppError } from '../../../libs/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Mutating /api requests must carry a JSON body (or XML where the route imports XML). HTML
 * forms can send neither type, so together with SameSite cookies this closes CSRF without
 * tokens. Bodyless requests (DELETE, POST /logout) pass.
 */
export function requireJsonBody(opts: { allowXmlOn?: RegExp; allowImageOn?: RegExp } = {}): RequestHandler {
  return (req, _res, next) => {
    if (!MUTATING.has(req.method)) return next();
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return next();
    if (req.is('application/json') || req.is('application/merge-patch+json')) return next();
    if (opts.allowXmlOn?.test(req.path) && (req.is('application/xml') || req.is('text/xml'))) return next();
    // image uploads (browse graphics); forms cannot send image/* either, so CSRF stays closed
    if (opts.allowImageOn?.test(req.path) && req.is('image/*')) return next();
    next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Gunakan Content-Type: application/json.', { extras: { accepted: ['application/json'] } }));
  };
}
