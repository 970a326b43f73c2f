import type { Request, RequestHandler } from 'express';
import type { Metrics } from './metrics';

/** Operation labels: the CSW 2.0.2 operations (supported or not); anything else is `unknown`. */
export const CSW_OPERATION_LABELS = [
  'GetCapabilities', 'DescribeRecord', 'GetRecords', 'GetRecordById', 'GetDomain', 'Harvest', 'Transaction',
] as const;
export type CswOperationLabel = (typeof CSW_OPERATION_LABELS)[number] | 'unknown';

export const CSW_CACHE_RESULTS = ['hit', 'miss', 'bypass'] as const;

const byLowerName = new Map<string, CswOperationLabel>(CSW_OPERATION_LABELS.map((op) => [op.toLowerCase(), op]));
const label = (name: string | undefined): CswOperationLabel => (name && byLowerName.get(name.trim().toLowerCase())) || 'unknown';

/** KVP parameter names are case-insensitive (OGC 06-121r3 §11.5.2). */
function kvpRequest(params: Iterable<[string, unknown]>): string | undefined {
  for (const [k, v] of params) {
    if (k.toLowerCase() !== 'request') continue;
    const first = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

/**
 * The root element's local name of an XML request, without parsing the document: only a label
 * is wanted here (the CSW service parses it safely). Declarations, comments and processing
 * instructions before the root are skipped.
 */
function xmlRootName(body: string): string | undefined {
  const prolog = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/.exec(body);
  const rest = body.slice(prolog?.[0].length ?? 0);
  return /^<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(rest)?.[1];
}

/** The CSW operation a request asked for, as a bounded label. */
export function cswOperationOf(req: Pick<Request, 'method' | 'query' | 'body'>): CswOperationLabel {
  const body: unknown = req.body;
  if (req.method === 'POST' && typeof body === 'string' && body.trim()) {
    const text = body.trimStart();
    return label(text.startsWith('<') ? xmlRootName(text) : kvpRequest(new URLSearchParams(text)));
  }
  return label(kvpRequest(Object.entries((req.query ?? {}) as Record<string, unknown>)));
}

/**
 * Counts CSW requests per operation and the response cache's verdict, read from the `X-Cache`
 * header the CSW route sets (hit/miss/bypass), once the response is finished — by then the
 * route has read a POST body into `req.body`. Mount it on the CSW path, before the route.
 * Hit ratio: hit / (hit + miss); bypass = the cache was unavailable or the answer not cacheable.
 */
export function cswMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      metrics.cswRequests.inc({ operation: cswOperationOf(req) });
      const cache = String(res.getHeader('x-cache') ?? '').toLowerCase();
      if ((CSW_CACHE_RESULTS as readonly string[]).includes(cache)) metrics.cswCache.inc({ result: cache });
    });
    next();
  };
}
