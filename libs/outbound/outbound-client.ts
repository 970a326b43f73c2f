import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { guardedLookup } from './guarded-lookup';
import { OutboundError } from './outbound-error';
import { normaliseHost, type OutboundPolicy } from './outbound-policy';
import { parseIp } from './ip-address';

/**
 * The one HTTP client for what the server fetches on a user's behalf (harvest sources and the
 * links they give; later features too). Every request, every redirect hop and every followed
 * link goes through `request`, which:
 * - accepts only http(s) URLs, and connects only to addresses the OutboundPolicy allows: an IP
 *   literal is judged before any socket exists, a name when its socket resolves it
 *   (guarded-lookup.ts), so no traffic ever reaches a refused address;
 * - follows redirects by hand (a bounded number), each hop meeting the same rule;
 * - sends Basic credentials only to the exact origin they were given for (scheme, host and
 *   port of the configured source), never to another origin a redirect or a link leads to;
 * - bounds each request by a deadline and its decoded body by a size (decompression included);
 * - fails with OutboundError, whose message quotes nothing the peer sent.
 */
export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  accept?: string;
}

export interface OutboundResponse {
  status: number;
  contentType: string;
  text: string;
  /** bytes of the decoded body */
  bytes: number;
  /** the URL that answered, after redirects */
  url: string;
}

export interface OutboundCredentials {
  /** the only origin they are sent to, e.g. `https://katalog.contoh.go.id` (URL.origin form) */
  origin: string;
  username: string;
  password: string;
}

export interface OutboundClientOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  credentials?: OutboundCredentials;
  maxRedirects?: number;
}

export interface OutboundClient {
  request(req: OutboundRequest): Promise<OutboundResponse>;
  /** decoded body bytes read by this client so far (a run's byte bound counts them) */
  bytesRead(): number;
  /** drops the kept-alive connections */
  close(): void;
}

const DEFAULT_MAX_REDIRECTS = 5;

export function createOutboundClient(opts: OutboundClientOptions): OutboundClient {
  const auth = opts.credentials
    ? `Basic ${Buffer.from(`${opts.credentials.username}:${opts.credentials.password}`).toString('base64')}`
    : undefined;
  // one client is one run: its connections are reused between pages and closed with it
  const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }) };
  let total = 0;

  function once(url: URL, req: OutboundRequest): Promise<{ res: http.IncomingMessage; signal: AbortSignal }> {
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const host = normaliseHost(url.hostname);
    // an IP literal is never looked up: judged here, before any socket is made
    if (parseIp(host) !== undefined) {
      const why = opts.policy.refusal(host, port, host);
      if (why) return Promise.reject(OutboundError.of('refused', `literal address (${why})`));
    }
    const headers: Record<string, string> = {
      'user-agent': opts.userAgent,
      accept: req.accept ?? 'application/xml, text/xml;q=0.9, */*;q=0.1',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (auth && url.origin === opts.credentials!.origin) headers.authorization = auth;
    if (req.body !== undefined) {
      headers['content-type'] = req.contentType ?? 'application/xml';
      headers['content-length'] = String(Buffer.byteLength(req.body));
    }
    const signal = AbortSignal.timeout(opts.timeoutMs);
    return new Promise((resolve, reject) => {
      const r = (url.protocol === 'https:' ? https : http).request({
        protocol: url.protocol,
        hostname: host,
        port,
        path: `${url.pathname}${url.search}`,
        method: req.method ?? 'GET',
        headers,
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: guardedLookup(opts.policy, host, port),
        signal,
      });
      r.on('error', (err) => reject(asOutboundError(err, opts.timeoutMs)));
      r.on('response', (res) => resolve({ res, signal }));
      r.end(req.body);
    });
  }

  async function readBody(res: http.IncomingMessage, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(res.headers['content-length'] ?? 'NaN');
    const encoding = String(res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding === 'identity' && Number.isFinite(declared) && declared > opts.maxBytes) throw OutboundError.tooLarge(opts.maxBytes);
    const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip()
      : encoding === 'deflate' ? zlib.createInflate()
        : encoding === 'br' ? zlib.createBrotliDecompress() : undefined;
    const stream: Readable = decoder ? res.pipe(decoder) : res;
    if (decoder) res.on('error', (err) => decoder.destroy(err));
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        // counted after decoding: a small compressed answer cannot expand past the limit
        if (size > opts.maxBytes) throw OutboundError.tooLarge(opts.maxBytes);
        chunks.push(chunk);
      }
    } catch (err) {
      // the deadline destroys the request; the body then fails with a plain "aborted"
      throw signal.aborted ? OutboundError.timeout(opts.timeoutMs, 'body') : asOutboundError(err, opts.timeoutMs);
    } finally {
      res.destroy();
      decoder?.destroy();
      total += size;
    }
    return Buffer.concat(chunks);
  }

  return {
    bytesRead: () => total,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
    async request(req) {
      let url = parseUrl(req.url);
      for (let hop = 0; ; hop++) {
        const { res, signal } = await once(url, req);
        const done = (): void => { res.destroy(); };
        const location = res.headers.location;
        if (res.statusCode! >= 300 && res.statusCode! < 400 && location) {
          done();
          if (hop >= (opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) throw OutboundError.of('redirects');
          url = parseUrl(location, url);
          continue;
        }
        if (res.statusCode! >= 400) {
          done();
          throw OutboundError.status(res.statusCode!);
        }
        const body = await readBody(res, signal);
        return { status: res.statusCode!, contentType: String(res.headers['content-type'] ?? ''), text: body.toString('utf8'), bytes: body.length, url: url.toString() };
      }
    },
  };
}

/** An http(s) URL, or OutboundError('bad-url') (a `file:` or `gopher:` redirect among them). */
function parseUrl(text: string, base?: URL): URL {
  let u: URL;
  try {
    u = new URL(text, base);
  } catch {
    throw OutboundError.of('bad-url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw OutboundError.of('bad-url', `scheme ${u.protocol}`);
  return u;
}

function asOutboundError(err: unknown, timeoutMs: number): OutboundError {
  if (err instanceof OutboundError) return err;
  const e = err as Error & { code?: string; cause?: unknown };
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return OutboundError.timeout(timeoutMs, e.message);
  // ECONNREFUSED, ECONNRESET, EPROTO, a zlib error …: which one is for the log, not the report
  return OutboundError.of('unreachable', e.code ?? e.message);
}
