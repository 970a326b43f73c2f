import { createHash } from 'node:crypto';
import type { KeyValueStore } from '../cache/key-value';
import { createGenerationReader, currentPublicGeneration, trustedPublicGeneration } from './generation';
import { createLocalEntries, type LocalEntry } from './local-entries';
import { createLocalScope } from './local-scope';

/** An HTTP request as a protocol service sees it (CSW and OGC API – Records share the shape). */
export interface ServiceHttpRequest {
  method: 'GET' | 'POST';
  query: Record<string, string | string[] | undefined>;
  body?: string;
  contentType?: string;
  /** path below the protocol's root (OGC API – Records routes by it; CSW has one path) */
  path?: string;
  /** the Accept header, for protocols that negotiate the encoding */
  accept?: string;
}

export interface ServiceHttpResponse {
  status: number;
  contentType: string;
  body: string;
  /**
   * The answer carries an estimated count whose exact value is being made (match-count.ts):
   * sent, never stored, so the same request answers with the exact count once it is known.
   */
  provisional?: boolean;
  /**
   * The value `body` is the JSON text of, when the service built one (OGC API – Records): the
   * HTML page of a freshly computed answer reads it instead of parsing the body it was just
   * written to (5 % of the API's CPU on an uncached search page). Only on the answer of the
   * request that computed it: never stored, never kept locally, absent on a hit. Not to be
   * changed by whoever reads it.
   */
  document?: unknown;
}

export interface CacheLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * What the cache needs of a protocol service: parse a request into the protocol's own request
 * object (the cache key is a digest of it), answer a parsed request, and answer an unparsable
 * one with the protocol's error document. `countScope` lets the service reuse exact counts.
 */
export interface CacheableService<P> {
  parse(req: ServiceHttpRequest): P;
  handle(req: ServiceHttpRequest): Promise<ServiceHttpResponse>;
  execute(parsed: P, ctx?: { countScope?: string }): Promise<ServiceHttpResponse>;
  cacheKey(parsed: P): string;
  ttlSeconds(parsed: P): number;
  /** a 200 answer that must not be kept (CSW: an ows:ExceptionReport sent with HTTP 200) */
  isError?(r: ServiceHttpResponse): boolean;
  /**
   * A part of the request that is echoed in the answer but changes nothing else (CSW: the
   * GetRecords requestId). The answer is computed and stored without it, and the echo is put
   * into the body when it is served: requests differing only in it share one entry.
   */
  echo?: {
    split(parsed: P): { parsed: P; echo: string | undefined };
    intoBody(body: string, echo: string): string;
    intoBytes(bytes: Buffer, echo: string): Buffer;
  };
}

export interface CachedResult extends ServiceHttpResponse {
  etag: string;
  /** the body as UTF-8 bytes when the cache holds them already (send these, no re-encoding) */
  bodyBytes?: Buffer;
  cacheControl: string;
  /** hit/miss: answered from / stored into the cache; bypass: the store is unavailable or the answer is not cacheable */
  cache: 'hit' | 'miss' | 'bypass';
}

export interface ResponseCache {
  /** the cached answer for this generation, or a fresh one (then stored) */
  respond(req: ServiceHttpRequest): Promise<CachedResult>;
  /**
   * Computes the answer and waits until it is stored under the current generation: the
   * worker warms the common requests this way after a change. Throws when the store fails,
   * so the job can retry.
   */
  refresh(req: ServiceHttpRequest): Promise<CachedResult>;
  /**
   * The hot path of a repeated request: the answer from this process's local copy when there
   * is one and its generation is the current one — read from the store for this request, the
   * same rule respond() applies — else undefined, and the caller answers through respond().
   * Never computes and never stores. Returns undefined synchronously when there is no local
   * copy (nothing to wait for), and answers synchronously when the process holds the current
   * generation under a lease (followPublicGeneration: nothing to ask the store). `signature` names the request exactly (a GET's raw query
   * string), so a request is parsed once per signature, not once per request; `request`
   * builds the request when the signature is new.
   */
  peekLocal(signature: string, request: () => ServiceHttpRequest): CachedResult | Promise<CachedResult | undefined> | undefined;
}

/**
 * How the response cache in front of a protocol service is made. The assemblies take one
 * (libs/assembly/catalogue-assembly.ts, `responseCache`) so that a process can put a different
 * cache implementation in front of the same services; `createResponseCache` is the product's.
 */
export type ResponseCacheFactory = <Request>(kv: KeyValueStore, service: CacheableService<Request>, logger?: CacheLogger) => ResponseCache;

/** How many request signatures peekLocal remembers the parse of (oldest forgotten first). */
const PEEK_SIGNATURES = 2_000;

const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** A real answer, not an error document */
const answerBy = (service: CacheableService<unknown>) => (r: ServiceHttpResponse): boolean => r.status === 200 && !service.isError?.(r);
/** An error is never cached (a NoApplicableCode may be gone on the next try), nor an estimated count. */
const cacheableBy = (service: CacheableService<unknown>) => (r: ServiceHttpResponse): boolean => answerBy(service)(r) && r.provisional !== true;

/**
 * Larger answers are sent but not kept in the shared store (X-Cache: bypass). A harvest page
 * of 500 full ISO records is 3–6 MB: a harvest of 100,000 records would put 0.7–1.2 GB into
 * Redis for 60 s (and pay for writing it on every page), while harvesters rarely ask for the
 * same page twice within a minute. Pages of summaries (≤ 1 MB) are kept.
 */
export const MAX_SHARED_ENTRY_BYTES = 2 * 1024 * 1024;

/**
 * What the shared store may receive per lifetime window, per lifetime class. Redis runs with
 * `noeviction` (it also holds the queues), so the cache must bound itself: each stored entry
 * adds its size to a counter for the current window (INCRBY, atomic, expiring with the window);
 * once a window's budget is spent, further answers of that window are sent but not stored
 * (X-Cache: bypass). An entry lives at most one lifetime, and the window IS the lifetime, so
 * at any moment only entries of the current and the previous window can be alive:
 * at most 2 × (48 MB + 8 MB) = 112 MB, whatever the traffic.
 */
export const SHARED_BUDGET_BYTES: Readonly<Record<number, number>> = { 60: 48 * 1024 * 1024, 600: 8 * 1024 * 1024 };

interface Stored extends ServiceHttpResponse {
  etag: string;
  /** the generation the answer was computed under */
  generation: number;
  /** when the shared entry expires (epoch ms): a local copy never outlives it */
  expiresAt: number;
}

/**
 * An entry is `csw1 <generation> <expires at, epoch ms> <status> <etag>\n<content type>\n<body>`:
 * the body is stored as it is, not as a JSON string (escaping and unescaping a harvest page of
 * several megabytes costs milliseconds per request).
 */
// (the tag and the budget keys keep their first names: entries stay readable across a deploy)
const ENTRY_TAG = 'csw1';

function serialise(r: ServiceHttpResponse, etag: string, generation: number, expiresAt: number): string {
  return `${ENTRY_TAG} ${generation} ${expiresAt} ${r.status} ${etag}\n${r.contentType}\n${r.body}`;
}

function parseStored(text: string | null): Stored | undefined {
  if (!text || !text.startsWith(`${ENTRY_TAG} `)) return undefined; // absent, or another layout: a miss
  const first = text.indexOf('\n');
  const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
  if (second < 0) return undefined;
  const [, generation, expires, status, etag] = text.slice(0, first).split(' ');
  const g = Number(generation);
  const x = Number(expires);
  const st = Number(status);
  if (!Number.isInteger(g) || !Number.isInteger(x) || !Number.isInteger(st) || !etag) return undefined;
  return { generation: g, expiresAt: x, status: st, etag, contentType: text.slice(first + 1, second), body: text.slice(second + 1) };
}

/**
 * Whole-response cache in front of a public protocol service (CSW, OGC API – Records), keyed by
 * the parsed request; each entry carries the generation it was computed under and is a hit only
 * while that generation is the current one. Bumping the generation (generation.ts) therefore makes every entry
 * unreachable at once. The generation and the entry are read together (two concurrent GETs,
 * one round trip); the generation is read BEFORE the database, so an answer computed while a
 * change commits is stored under the old generation and never served as current. When the
 * store fails (Redis down) the request is answered straight from PostgreSQL and never fails
 * because of it.
 */
export function createResponseCache<Request>(
  kv: KeyValueStore,
  service: CacheableService<Request>,
  logger?: CacheLogger,
  /** the per-window budgets (tests make them small); SHARED_BUDGET_BYTES otherwise */
  budgets: Readonly<Record<number, number>> = SHARED_BUDGET_BYTES,
): ResponseCache {
  const budgetOf = (ttl: number): number => budgets[ttl] ?? Math.min(...Object.values(budgets));
  const storeError = (err: unknown) => logger?.warn({ err: (err as Error)?.message ?? String(err) }, 'cache respons publik tidak tersedia; dijawab dari basis data');
  const cacheable = cacheableBy(service as CacheableService<unknown>);
  const isAnswer = answerBy(service as CacheableService<unknown>);
  const cacheKey = (p: Request): string => service.cacheKey(p);
  const ttlSeconds = (p: Request): number => service.ttlSeconds(p);
  const withoutEcho = (p: Request): { parsed: Request; echo: string | undefined } => service.echo?.split(p) ?? { parsed: p, echo: undefined };

  /** The answer as this client must get it: its own echo put in, and an ETag of that body. */
  function withEcho(r: CachedResult, echo: string | undefined): CachedResult {
    // a provisional answer is not kept but is an answer: it gets its echo too
    if (echo === undefined || !service.echo || !isAnswer(r)) return r;
    const { document: _d, ...echoed } = r; // the body changes: its value no longer says it
    const out: CachedResult = { ...echoed, body: service.echo.intoBody(r.body, echo), etag: etagOf(`${r.etag}\n${echo}`) };
    if (r.bodyBytes) out.bodyBytes = service.echo.intoBytes(r.bodyBytes, echo);
    else delete out.bodyBytes;
    return out;
  }

  const headers = (parsed: Request | undefined, fresh: ServiceHttpResponse) => {
    if (!parsed || !cacheable(fresh)) return { cacheControl: 'no-store' };
    return { cacheControl: `public, max-age=0, s-maxage=${ttlSeconds(parsed)}` };
  };

  function parse(req: ServiceHttpRequest): Request | undefined {
    try {
      return service.parse(req);
    } catch {
      return undefined; // the service answers it with its ExceptionReport
    }
  }

  /** the scope also lets the service reuse exact counts of that generation (count-memo.ts) */
  async function compute(req: ServiceHttpRequest, parsed: Request | undefined, scope: string | undefined): Promise<ServiceHttpResponse> {
    if (!parsed) return service.handle(req);
    return service.execute(parsed, scope === undefined ? {} : { countScope: scope });
  }

  // recent entries in process memory (local-entries.ts): same rules, fewer bytes from the store
  const local = createLocalEntries();
  const scopes = createLocalScope();
  const failed = (err: unknown): void => {
    scopes.forget();
    storeError(err);
  };
  /**
   * The generation held under a lease (generation.ts, followPublicGeneration), when this
   * process follows it and the lease is current: no store read needed. A new token means the
   * store lost the counter (its numbers may repeat): everything kept locally is forgotten.
   */
  let leaseToken: string | undefined;
  const leased = (): number | undefined => {
    const t = trustedPublicGeneration(kv);
    if (!t) return undefined;
    if (t.token !== leaseToken) {
      if (leaseToken !== undefined) scopes.forget();
      leaseToken = t.token;
    }
    return t.generation;
  };
  const generationNow = (): Promise<number | undefined> => {
    const g = leased();
    if (g !== undefined) return Promise.resolve(g);
    return currentPublicGeneration(kv).catch((err: unknown) => { failed(err); return undefined; });
  };
  const entryAt = (key: string): Promise<string | null> => kv.get(key).catch((err: unknown) => { failed(err); return null; });
  /**
   * A hit's answer, built once per local entry (an entry belongs to one cache key, so the
   * parsed request only decides what every request of that key shares: its lifetime).
   */
  const fromLocal = (e: LocalEntry, parsed: Request): CachedResult => {
    if (e.answer) return e.answer as CachedResult;
    const answer = { status: e.status, contentType: e.contentType, body: e.body };
    const built: CachedResult = Object.freeze({ ...answer, etag: e.etag, bodyBytes: e.bytes, ...headers(parsed, answer), cache: 'hit' as const });
    e.answer = built;
    return built;
  };

  /**
   * Stores an entry unless this window's budget for its lifetime class is spent; `true` when
   * stored. The count and the decision are one INCRBY, so concurrent writers cannot overshoot.
   */
  async function storeWithinBudget(key: string, text: string, ttl: number): Promise<boolean> {
    const window = Math.floor(Date.now() / 1000 / ttl);
    const budget = { key: `csw:budget:${ttl}:${window}`, ttlSeconds: ttl * 2, limit: budgetOf(ttl) };
    // one round trip where the store can (Redis: a script); a miss then costs two, not three
    if (kv.setWithinBudget) return kv.setWithinBudget(key, text, ttl, budget, Buffer.byteLength(text));
    const spent = await kv.incr(budget.key, budget.ttlSeconds, Buffer.byteLength(text));
    if (spent > budget.limit) return false;
    await kv.set(key, text, ttl);
    return true;
  }

  async function respond(req: ServiceHttpRequest): Promise<CachedResult> {
    const full = parse(req);
    if (!full) return respondParsed(req, undefined);
    const { parsed, echo } = withoutEcho(full);
    return withEcho(await respondParsed(req, parsed), echo);
  }

  async function respondParsed(req: ServiceHttpRequest, parsed: Request | undefined): Promise<CachedResult> {
    if (!parsed) {
      const fresh = await compute(req, undefined, undefined);
      return { ...fresh, etag: etagOf(fresh.body), ...headers(undefined, fresh), cache: 'bypass' };
    }
    const key = cacheKey(parsed);
    const ttl = ttlSeconds(parsed);
    const copy = local.get(key);
    let generation: number | undefined;
    let stored: string | null = null;
    if (copy) {
      // the body is here already: only the current generation is needed
      generation = await generationNow();
      if (generation !== undefined && copy.scope === scopes.of(generation)) return fromLocal(copy, parsed);
      if (generation !== undefined) stored = await entryAt(key);
    } else {
      // both reads at once: one round trip to the store
      [generation, stored] = await Promise.all([generationNow(), entryAt(key)]);
    }
    if (generation === undefined) {
      const fresh = await compute(req, parsed, undefined);
      return { ...fresh, etag: etagOf(fresh.body), ...headers(parsed, fresh), cache: 'bypass' };
    }
    const scope = scopes.of(generation);
    const hit = parseStored(stored);
    if (hit && hit.generation === generation) {
      const { expiresAt, generation: _g, ...entry } = hit;
      return fromLocal(local.set(key, { ...entry, scope }, Math.min(ttl, (expiresAt - Date.now()) / 1000)), parsed);
    }
    const fresh = await compute(req, parsed, scope);
    const etag = etagOf(fresh.body);
    if (cacheable(fresh)) {
      // the local copy keeps the bytes, not the value they were made from
      const { document: _d, ...kept } = fresh;
      const e = local.set(key, { ...kept, etag, scope }, ttl);
      if (e.bytes.length > MAX_SHARED_ENTRY_BYTES) return { ...fresh, etag, bodyBytes: e.bytes, ...headers(parsed, fresh), cache: 'bypass' };
      // not awaited: the client does not wait for the cache write
      storeWithinBudget(key, serialise(fresh, etag, generation, Date.now() + ttl * 1000), ttl).catch(failed);
      return { ...fresh, etag, bodyBytes: e.bytes, ...headers(parsed, fresh), cache: 'miss' };
    }
    return { ...fresh, etag, ...headers(parsed, fresh), cache: 'bypass' };
  }

  async function refresh(req: ServiceHttpRequest): Promise<CachedResult> {
    const { parsed, echo } = withoutEcho(service.parse(req));
    return withEcho(await refreshParsed(parsed), echo);
  }

  async function refreshParsed(parsed: Request): Promise<CachedResult> {
    const generation = await currentPublicGeneration(kv);
    const fresh = await service.execute(parsed, { countScope: scopes.of(generation) });
    const etag = etagOf(fresh.body);
    if (!cacheable(fresh) || Buffer.byteLength(fresh.body) > MAX_SHARED_ENTRY_BYTES) return { ...fresh, etag, ...headers(parsed, fresh), cache: 'bypass' };
    const ttl = ttlSeconds(parsed);
    const stored = await storeWithinBudget(cacheKey(parsed), serialise(fresh, etag, generation, Date.now() + ttl * 1000), ttl);
    return { ...fresh, etag, ...headers(parsed, fresh), cache: stored ? 'miss' : 'bypass' };
  }

  /** signature → cache key and echo of the parsed request; null: not parsable, never a local hit */
  const peeked = new Map<string, { key: string; parsed: Request; echo: string | undefined } | null>();
  const sharedGeneration = createGenerationReader(kv);

  function peekKey(signature: string, request: () => ServiceHttpRequest): { key: string; parsed: Request; echo: string | undefined } | null {
    let known = peeked.get(signature);
    if (known !== undefined) return known;
    const full = parse(request());
    if (full) {
      const { parsed, echo } = withoutEcho(full);
      known = { key: cacheKey(parsed), parsed, echo };
    } else {
      known = null;
    }
    if (peeked.size >= PEEK_SIGNATURES) peeked.delete(peeked.keys().next().value as string);
    peeked.set(signature, known);
    return known;
  }

  function peekLocal(signature: string, request: () => ServiceHttpRequest): CachedResult | Promise<CachedResult | undefined> | undefined {
    const known = peekKey(signature, request);
    if (!known) return undefined;
    if (!local.get(known.key)) return undefined;
    /** the local copy's answer if it belongs to `generation` */
    const current = (generation: number): CachedResult | undefined => {
      const copy = local.get(known.key);
      return copy && copy.scope === scopes.of(generation) ? withEcho(fromLocal(copy, known.parsed), known.echo) : undefined;
    };
    const held = leased();
    // the generation is held under a lease: answered now, or handed to the normal path
    if (held !== undefined) return current(held);
    // looked up again after the read: the copy may have been replaced or dropped meanwhile
    return sharedGeneration().then(
      current,
      (err: unknown) => {
        failed(err);
        return undefined;
      },
    );
  }

  return { respond, refresh, peekLocal };
}
