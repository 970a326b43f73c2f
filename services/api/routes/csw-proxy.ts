import type { Request, Response } from 'express';
import { CswError } from '../../../libs/csw/csw-error';
import type { CswHttpResponse } from '../../../libs/csw/csw-service';

const UPSTREAM_TIMEOUT_MS = 30_000;
/** response headers worth relaying; hop-by-hop and length/encoding headers are Node's business */
const RELAYED_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition'];

export interface CswProxyOptions {
  /** CSW_UPSTREAM_URL, possibly with its own query (e.g. pycsw's `?config=…`) */
  upstream: string;
  /** our public endpoint URL, which replaces the upstream's own URL in its answers */
  publicUrl: string;
  bodyLimit: number;
}

class BodyTooLarge extends Error {}

async function readLimited(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    const chunk = c as Buffer;
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The upstream URL with the client's query parameters added to its own. */
export function upstreamTarget(upstream: string, originalUrl: string): URL {
  const target = new URL(upstream);
  const qs = originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?') + 1) : '';
  if (qs) target.search = target.search ? `${target.search}&${qs}` : `?${qs}`;
  return target;
}

/**
 * The upstream's own endpoint URL → ours: first with its query (as configured, and with `&`
 * escaped as XML writes it), then without, so no upstream-only parameter is left behind.
 */
export function rewriteUpstreamUrls(text: string, upstream: string, publicUrl: string): string {
  const own = new URL(upstream);
  const candidates = [upstream, upstream.replace(/&/g, '&amp;'), `${own.origin}${own.pathname}`];
  let out = text;
  for (const c of candidates) if (out.includes(c)) out = out.split(c).join(publicUrl);
  return out;
}

/**
 * CSW_PROVIDER=external: forwards the request (query string and body, ≤ 1 MB) to the
 * configured catalogue and relays its answer. The upstream's own URL in its answers (the
 * GetCapabilities operation URLs above all) is replaced by ours, because clients POST to
 * exactly the URL the capabilities name and the upstream is usually not reachable from
 * outside. An unreachable upstream becomes an ows:ExceptionReport.
 */
export async function proxyToUpstreamCsw(
  opts: CswProxyOptions,
  req: Request,
  res: Response,
  exception: (err: CswError) => CswHttpResponse,
): Promise<void> {
  const fail = (err: CswError) => {
    const out = exception(err);
    res.status(out.status).set('Content-Type', out.contentType).set('Cache-Control', 'no-store').send(Buffer.from(out.body, 'utf8'));
  };
  let body: Buffer | undefined;
  if (req.method === 'POST') {
    try {
      body = await readLimited(req, opts.bodyLimit);
    } catch (err) {
      fail(new CswError('InvalidParameterValue', 'request', err instanceof BodyTooLarge ? 'Isi permintaan melebihi 1 MB.' : 'Isi permintaan tidak dapat dibaca.'));
      return;
    }
  }
  const target = upstreamTarget(opts.upstream, req.originalUrl);
  let upstreamRes: globalThis.Response;
  let payload: Buffer;
  try {
    upstreamRes = await fetch(target, {
      method: req.method === 'POST' ? 'POST' : 'GET',
      headers: body ? { 'content-type': req.headers['content-type'] ?? 'application/xml' } : {},
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    payload = Buffer.from(await upstreamRes.arrayBuffer());
  } catch (err) {
    fail(new CswError('NoApplicableCode', undefined, `Katalog hulu tidak dapat dihubungi (${(err as Error).name}).`));
    return;
  }
  const contentType = upstreamRes.headers.get('content-type') ?? 'application/xml';
  if (/xml/i.test(contentType)) payload = Buffer.from(rewriteUpstreamUrls(payload.toString('utf8'), opts.upstream, opts.publicUrl), 'utf8');
  res.status(upstreamRes.status);
  for (const h of RELAYED_HEADERS) {
    const v = upstreamRes.headers.get(h);
    if (v) res.set(h, v);
  }
  // the body may have been rewritten: the upstream's validator no longer describes it
  res.removeHeader('etag');
  res.send(payload);
}
