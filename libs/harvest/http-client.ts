import type { BasicCredentials } from './harvest.types';

/**
 * The harvester's HTTP client: Node's fetch with a timeout per request (AbortSignal), a size
 * limit on the body (read as a stream, aborted past the limit), redirects followed by hand so
 * only http(s) targets are accepted (and credentials never follow a redirect to another host),
 * and a User-Agent naming us. Errors are HarvestHttpError with a one-line Indonesian reason;
 * credentials never appear in a message.
 */
export class HarvestHttpError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'HarvestHttpError';
  }
}

export interface HttpClientOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  credentials?: BasicCredentials;
  maxRedirects?: number;
}

export interface HttpResponse {
  status: number;
  contentType: string;
  text: string;
  bytes: number;
  url: string;
}

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  accept?: string;
}

export type HttpClient = (req: HttpRequest) => Promise<HttpResponse>;

const safeUrl = (u: URL): string => `${u.protocol}//${u.host}${u.pathname}`;

async function readLimited(res: Response, maxBytes: number, where: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) throw new HarvestHttpError(`${where}: jawaban ${declared} byte melebihi batas ${maxBytes} byte`);
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new HarvestHttpError(`${where}: jawaban melebihi batas ${maxBytes} byte`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const auth = opts.credentials
    ? `Basic ${Buffer.from(`${opts.credentials.username}:${opts.credentials.password}`).toString('base64')}`
    : undefined;
  return async (req) => {
    let url = new URL(req.url);
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HarvestHttpError(`alamat ${url.protocol} tidak diizinkan (hanya http/https)`);
      const where = `${req.method ?? 'GET'} ${safeUrl(url)}`;
      const headers: Record<string, string> = { 'user-agent': opts.userAgent, accept: req.accept ?? 'application/xml, text/xml;q=0.9, */*;q=0.1' };
      if (auth && url.origin === origin) headers.authorization = auth;
      if (req.body !== undefined) headers['content-type'] = req.contentType ?? 'application/xml';
      const signal = AbortSignal.timeout(opts.timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, { method: req.method ?? 'GET', headers, body: req.body, redirect: 'manual', signal });
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new HarvestHttpError(`${where}: tidak ada jawaban dalam ${opts.timeoutMs} ms`);
        throw new HarvestHttpError(`${where}: ${e.cause?.code ?? e.message}`);
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= (opts.maxRedirects ?? 5)) throw new HarvestHttpError(`${where}: terlalu banyak pengalihan`);
        url = new URL(res.headers.get('location')!, url);
        continue;
      }
      let body: Buffer;
      try {
        body = await readLimited(res, opts.maxBytes, where);
      } catch (err) {
        if (err instanceof HarvestHttpError) throw err;
        const e = err as Error;
        if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new HarvestHttpError(`${where}: jawaban tidak selesai dalam ${opts.timeoutMs} ms`);
        throw new HarvestHttpError(`${where}: ${e.message}`);
      }
      if (res.status >= 400) throw new HarvestHttpError(`${where}: HTTP ${res.status}`, res.status);
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: body.toString('utf8'), bytes: body.length, url: url.toString() };
    }
  };
}
