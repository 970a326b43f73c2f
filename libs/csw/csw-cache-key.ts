import { createHash } from 'node:crypto';
import type { CswRequest } from './request/csw-request';

/**
 * The cache key of a CSW request: a digest of the request as the parser understood it.
 * Every handler reads only the parsed request (and the database), so two requests that
 * parse to the same CswRequest get the same answer: KVP names in any case or order,
 * defaults written out or left away, POST bodies in any layout or prefixes, even a GET and
 * a POST asking the same thing share one entry. Anything that changes the meaning changes
 * the parsed request and so the key.
 */
export function canonicalCswRequest(req: CswRequest): string {
  if (req.operation !== 'GetRecords') return JSON.stringify(req);
  // Prefix bindings only matter while parsing; the echo of the raw request only for
  // resultType=validate, whose answer is that echo.
  const { namespaces: _namespaces, rawXml, ...rest } = req;
  return JSON.stringify(req.resultType === 'validate' ? { ...rest, rawXml } : rest);
}

/**
 * The entry key holds no generation: the generation an answer was computed under is stored IN
 * the entry, so the current generation and the entry can be read in one round trip (two
 * concurrent GETs) instead of one after the other (libs/response-cache/response-cache.ts).
 */
export function cswCacheKey(req: CswRequest): string {
  const digest = createHash('sha256').update(canonicalCswRequest(req)).digest('base64url');
  return `csw:resp:${digest}`;
}

/** GetCapabilities 10 minutes; everything else 60 s (the product specification's lifetimes). */
export const cswTtlSeconds = (req: CswRequest): number => (req.operation === 'GetCapabilities' ? 600 : 60);
