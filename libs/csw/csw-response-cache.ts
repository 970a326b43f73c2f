import { createHash } from 'node:crypto';
import type { KeyValueStore } from '../cache/key-value';
import { currentCswGeneration } from '../cache/csw-generation';
import { cswCacheKey, cswTtlSeconds } from './csw-cache-key';
import { createLocalEntries, type LocalEntry } from './csw-local-entries';
import { createLocalScope } from './local-scope';
import type { CswHttpRequest, CswHttpResponse, CswLogger, CswService } from './csw-service';
import type { CswRequest } from './request/csw-request';
import { echoRequestId, echoRequestIdBytes } from './responses/get-records.writer';

export type CswHttpResult = CswHttpResponse;

export interface CachedCswResult extends CswHttpResponse {
  etag: string;
  /** the body as UTF-8 bytes when the cache holds them already (send these, no re-encoding) */
  bodyBytes?: Buffer;
  cacheControl: string;
  /** hit/miss: answered from / stored into the cache; bypass: the store is unavailable or the answer is not cacheable */
  cache: 'hit' | 'miss' | 'bypass';
}

export interface CswResponseCache {
  /** the cached answer for this generation, or a fresh one (then stored) */
  respond(req: CswHttpRequest): Promise<CachedCswResult>;
  /**
   * Computes the answer and waits until it is stored under the current generation: the
   * worker warms the common requests this way after a change. Throws when the store fails,
   * so the job can retry.
   */
  refresh(req: CswHttpRequest): Promise<CachedCswResult>;
}

const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** An exception report is never cached: a NoApplicableCode may be gone on the next try. */
const EXCEPTION_ROOT = /^\s*(?:<\?xml[^?]*\?>\s*)?<(?:[\w.-]+:)?ExceptionReport[\s>/]/;
const cacheable = (r: CswHttpResponse): boolean => r.status === 200 && !EXCEPTION_ROOT.test(r.body);

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

/**
 * The requestId of a GetRecords is echoed in the answer (csw:RequestId) but changes nothing
 * else: the request is computed and stored WITHOUT it, and the echo is put into the body when
 * it is served. 600 requests that differ only in requestId are one entry, not 600 copies.
 * (resultType=validate echoes the whole request, requestId included: it stays as it is.)
 */
function withoutRequestId(parsed: CswRequest): { parsed: CswRequest; requestId: string | undefined } {
  if (parsed.operation !== 'GetRecords' || parsed.resultType === 'validate' || parsed.requestId === undefined) {
    return { parsed, requestId: undefined };
  }
  return { parsed: { ...parsed, requestId: undefined }, requestId: parsed.requestId };
}

/** The answer as this client must get it: its own requestId echoed, and an ETag of that body. */
function withEcho(r: CachedCswResult, requestId: string | undefined): CachedCswResult {
  if (requestId === undefined || !cacheable(r)) return r;
  const out: CachedCswResult = { ...r, body: echoRequestId(r.body, requestId), etag: etagOf(`${r.etag}\n${requestId}`) };
  if (r.bodyBytes) out.bodyBytes = echoRequestIdBytes(r.bodyBytes, requestId);
  else delete out.bodyBytes;
  return out;
}

interface Stored extends CswHttpResponse {
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
const ENTRY_TAG = 'csw1';

function serialise(r: CswHttpResponse, etag: string, generation: number, expiresAt: number): string {
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
 * Whole-response cache in front of the CSW service, keyed by the parsed request; each entry
 * carries the generation it was computed under and is a hit only while that generation is
 * the current one. Bumping the generation (csw-generation.ts) therefore makes every entry
 * unreachable at once. The generation and the entry are read together (two concurrent GETs,
 * one round trip); the generation is read BEFORE the database, so an answer computed while a
 * change commits is stored under the old generation and never served as current. When the
 * store fails (Redis down) the request is answered straight from PostgreSQL and never fails
 * because of it.
 */
export function createCswResponseCache(
  kv: KeyValueStore,
  service: CswService,
  logger?: CswLogger,
  /** the per-window budgets (tests make them small); SHARED_BUDGET_BYTES otherwise */
  budgets: Readonly<Record<number, number>> = SHARED_BUDGET_BYTES,
): CswResponseCache {
  const budgetOf = (ttl: number): number => budgets[ttl] ?? Math.min(...Object.values(budgets));
  const storeError = (err: unknown) => logger?.warn({ err: (err as Error)?.message ?? String(err) }, 'cache CSW tidak tersedia; dijawab dari basis data');

  const headers = (parsed: CswRequest | undefined, fresh: CswHttpResponse) => {
    if (!parsed || !cacheable(fresh)) return { cacheControl: 'no-store' };
    return { cacheControl: `public, max-age=0, s-maxage=${cswTtlSeconds(parsed)}` };
  };

  function parse(req: CswHttpRequest): CswRequest | undefined {
    try {
      return service.parse(req);
    } catch {
      return undefined; // the service answers it with its ExceptionReport
    }
  }

  /** the scope also lets the service reuse exact counts of that generation (count-memo.ts) */
  async function compute(req: CswHttpRequest, parsed: CswRequest | undefined, scope: string | undefined): Promise<CswHttpResponse> {
    if (!parsed) return service.handle(req);
    return service.execute(parsed, scope === undefined ? {} : { countScope: scope });
  }

  // recent entries in process memory (csw-local-entries.ts): same rules, fewer bytes from the store
  const local = createLocalEntries();
  const scopes = createLocalScope();
  const failed = (err: unknown): void => {
    scopes.forget();
    storeError(err);
  };
  const generationNow = (): Promise<number | undefined> => currentCswGeneration(kv).catch((err: unknown) => { failed(err); return undefined; });
  const entryAt = (key: string): Promise<string | null> => kv.get(key).catch((err: unknown) => { failed(err); return null; });
  const fromLocal = (e: LocalEntry, parsed: CswRequest): CachedCswResult => {
    const answer = { status: e.status, contentType: e.contentType, body: e.body };
    return { ...answer, etag: e.etag, bodyBytes: e.bytes, ...headers(parsed, answer), cache: 'hit' };
  };

  /**
   * Stores an entry unless this window's budget for its lifetime class is spent; `true` when
   * stored. The count and the decision are one INCRBY, so concurrent writers cannot overshoot.
   */
  async function storeWithinBudget(key: string, text: string, ttl: number): Promise<boolean> {
    const window = Math.floor(Date.now() / 1000 / ttl);
    const spent = await kv.incr(`csw:budget:${ttl}:${window}`, ttl * 2, Buffer.byteLength(text));
    if (spent > budgetOf(ttl)) return false;
    await kv.set(key, text, ttl);
    return true;
  }

  async function respond(req: CswHttpRequest): Promise<CachedCswResult> {
    const full = parse(req);
    if (!full) return respondParsed(req, undefined);
    const { parsed, requestId } = withoutRequestId(full);
    return withEcho(await respondParsed(req, parsed), requestId);
  }

  async function respondParsed(req: CswHttpRequest, parsed: CswRequest | undefined): Promise<CachedCswResult> {
    if (!parsed) {
      const fresh = await compute(req, undefined, undefined);
      return { ...fresh, etag: etagOf(fresh.body), ...headers(undefined, fresh), cache: 'bypass' };
    }
    const key = cswCacheKey(parsed);
    const ttl = cswTtlSeconds(parsed);
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
      const e = local.set(key, { ...fresh, etag, scope }, ttl);
      if (e.bytes.length > MAX_SHARED_ENTRY_BYTES) return { ...fresh, etag, bodyBytes: e.bytes, ...headers(parsed, fresh), cache: 'bypass' };
      // not awaited: the client does not wait for the cache write
      storeWithinBudget(key, serialise(fresh, etag, generation, Date.now() + ttl * 1000), ttl).catch(failed);
      return { ...fresh, etag, bodyBytes: e.bytes, ...headers(parsed, fresh), cache: 'miss' };
    }
    return { ...fresh, etag, ...headers(parsed, fresh), cache: 'bypass' };
  }

  async function refresh(req: CswHttpRequest): Promise<CachedCswResult> {
    const { parsed, requestId } = withoutRequestId(service.parse(req));
    return withEcho(await refreshParsed(parsed), requestId);
  }

  async function refreshParsed(parsed: CswRequest): Promise<CachedCswResult> {
    const generation = await currentCswGeneration(kv);
    const fresh = await service.execute(parsed, { countScope: scopes.of(generation) });
    const etag = etagOf(fresh.body);
    if (!cacheable(fresh) || Buffer.byteLength(fresh.body) > MAX_SHARED_ENTRY_BYTES) return { ...fresh, etag, ...headers(parsed, fresh), cache: 'bypass' };
    const ttl = cswTtlSeconds(parsed);
    const stored = await storeWithinBudget(cswCacheKey(parsed), serialise(fresh, etag, generation, Date.now() + ttl * 1000), ttl);
    return { ...fresh, etag, ...headers(parsed, fresh), cache: stored ? 'miss' : 'bypass' };
  }

  return { respond, refresh };
}
