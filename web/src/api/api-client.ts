/**
 * The workbench's only way to the server: the documented REST API, same-origin session cookie,
 * JSON in and out. Every failure becomes an ApiError carrying the RFC 9457 problem fields, so
 * screens can show `detail` and map `errors[].path` (JSON Pointers) onto form fields.
 * Kept free of React and DOM-only APIs so it runs (and is tested) under Node as well.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string | undefined,
    readonly errors: FieldError[],
    readonly body: Record<string, unknown>,
    readonly retryAfter: number | undefined,
  ) {
    super(detail ?? title);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  etag: string | undefined;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** raw body (XML text, an image) sent with `contentType` instead of JSON */
  raw?: BodyInit;
  contentType?: string;
  ifMatch?: string;
  query?: Record<string, string | number | undefined>;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204) return undefined;
  if (type.includes('json')) return res.json();
  return res.text();
}

export interface ApiClient {
  request<T>(path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** set by the session layer: called on every 401 so the app can show "session expired" */
  onUnauthenticated?: (err: ApiError) => void;
}

/** A client over `fetchImpl` (window.fetch in the browser), with `baseUrl` prefixed to every path. */
export function createApiClient(fetchImpl: FetchLike, baseUrl = ''): ApiClient {
  const client: ApiClient = {
    async request<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      let body: BodyInit | undefined;
      if (opts.raw !== undefined) {
        body = opts.raw;
        headers['Content-Type'] = opts.contentType ?? 'application/octet-stream';
      } else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['Content-Type'] = opts.contentType ?? 'application/json';
      }
      if (opts.ifMatch) headers['If-Match'] = opts.ifMatch;
      const res = await fetchImpl(baseUrl + withQuery(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        credentials: 'same-origin',
      });
      const parsed = await readBody(res);
      if (!res.ok) {
        const p = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
        const retry = res.headers.get('retry-after');
        const err = new ApiError(
          res.status,
          typeof p.title === 'string' ? p.title : res.statusText,
          typeof p.detail === 'string' ? p.detail : undefined,
          Array.isArray(p.errors) ? (p.errors as FieldError[]) : [],
          p,
          retry && /^\d+$/.test(retry) ? Number(retry) : undefined,
        );
        if (res.status === 401 && client.onUnauthenticated) client.onUnauthenticated(err);
        throw err;
      }
      return { status: res.status, body: parsed as T, etag: res.headers.get('etag') ?? undefined };
    },
  };
  return client;
}

/** `/extent/bbox/west` → `extent.bbox.west` (react-hook-form field names). */
export function pointerToFieldName(pointer: string): string {
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}
