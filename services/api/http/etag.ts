import { createHash } from 'node:crypto';
import type { Request } from 'express';

/** A strong ETag for a body computed once (static documents: code lists, schema, OpenAPI). */
export const contentEtag = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** True when the request's If-None-Match names `etag` (or `*`), so a 304 may be sent. */
export function notModified(req: Request, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  return inm.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag);
}
