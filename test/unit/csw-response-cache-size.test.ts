import { createMemoryStore } from '../../libs/cache/memory-store';
import { cswCacheKey } from '../../libs/csw/csw-cache-key';
import { createCswResponseCache } from '../../libs/csw/csw-cache';
import { MAX_SHARED_ENTRY_BYTES } from '../../libs/response-cache/response-cache';
import type { CswHttpRequest, CswHttpResponse, CswService } from '../../libs/csw/csw-service';
import { parseKvpRequest } from '../../libs/csw/request/parse-kvp';

/**
 * What the shared store keeps: answers up to MAX_SHARED_ENTRY_BYTES (a full harvest page is
 * sent, not stored), stored with the generation inside the entry, and a hit only under that
 * generation. The service is a stub that counts how often it is asked.
 */
function stubService(body: () => string): CswService & { calls: number } {
  const s = {
    calls: 0,
    parse: (req: CswHttpRequest) => parseKvpRequest(req.query),
    async execute(): Promise<CswHttpResponse> {
      s.calls += 1;
      return { status: 200, contentType: 'application/xml; charset=UTF-8', body: body() };
    },
    async handle(): Promise<CswHttpResponse> {
      throw new Error('not used');
    },
  };
  return s;
}

const page = (maxRecords: string): CswHttpRequest => ({
  method: 'GET',
  query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'gmd:MD_Metadata', resultType: 'results', maxRecords },
});

it('keeps ordinary answers and sends, but does not store, answers over the limit', async () => {
  const kv = createMemoryStore();
  let size = 10_000;
  const svc = stubService(() => `<csw:GetRecordsResponse>${'x'.repeat(size)}</csw:GetRecordsResponse>`);
  const cache = createCswResponseCache(kv, svc);

  const small = await cache.respond(page('10'));
  expect(small.cache).toBe('miss');
  expect((await kv.get(cswCacheKey(svc.parse(page('10'))))) ?? '').toMatch(/^csw1 0 \d+ 200 "/);
  expect((await cache.respond(page('10'))).cache).toBe('hit');
  expect(svc.calls).toBe(1);

  size = MAX_SHARED_ENTRY_BYTES + 1;
  const big = await cache.respond(page('500'));
  expect(big.cache).toBe('bypass');
  expect(big.bodyBytes?.length).toBe(size + '<csw:GetRecordsResponse></csw:GetRecordsResponse>'.length);
  expect(big.cacheControl).toBe('public, max-age=0, s-maxage=60');
  expect(await kv.get(cswCacheKey(svc.parse(page('500'))))).toBeNull();
  expect((await cache.respond(page('500'))).cache).toBe('bypass');
  expect(svc.calls).toBe(3);
});

it('a stored entry answers only under the generation it was computed under', async () => {
  const kv = createMemoryStore();
  const svc = stubService(() => '<csw:GetRecordsResponse/>');
  const cache = createCswResponseCache(kv, svc);
  // another process stored an entry under generation 3; ours reads generation 4
  await kv.set('csw:generation', '4', 3600);
  const key = cswCacheKey(svc.parse(page('10')));
  await kv.set(key, `csw1 3 ${Date.now() + 60_000} 200 "old"\napplication/xml\n<old/>`, 60);
  const r = await cache.respond(page('10'));
  expect([r.cache, r.body]).toEqual(['miss', '<csw:GetRecordsResponse/>']);
  // a damaged or foreign entry is a miss, never an error
  await kv.set(key, '{"body":"<json/>"}', 60);
  const other = createCswResponseCache(kv, svc);
  expect((await other.respond(page('10'))).cache).toBe('miss');
});

/** a GetRecordsResponse as the writer lays it out, echoing the request's requestId if it was given one */
function echoingService(): CswService & { calls: number } {
  const s = {
    calls: 0,
    parse: (req: CswHttpRequest) => parseKvpRequest(req.query),
    async execute(parsed: ReturnType<typeof parseKvpRequest>): Promise<CswHttpResponse> {
      s.calls += 1;
      const rid = parsed.operation === 'GetRecords' && parsed.requestId !== undefined ? `<csw:RequestId>${parsed.requestId}</csw:RequestId>` : '';
      return { status: 200, contentType: 'application/xml; charset=UTF-8', body: `<?xml version="1.0"?><csw:GetRecordsResponse xmlns:csw="x">${rid}<csw:SearchStatus timestamp="t"/><csw:SearchResults/></csw:GetRecordsResponse>` };
    },
    async handle(): Promise<CswHttpResponse> {
      throw new Error('not used');
    },
  };
  return s;
}

it('keeps requestId out of the key: one entry, each answer echoes its own requestId (and has its own ETag)', async () => {
  const kv = createMemoryStore();
  const svc = echoingService();
  const cache = createCswResponseCache(kv, svc);
  const withId = (id: string): CswHttpRequest => ({ ...page('10'), query: { ...page('10').query, requestId: id } });
  const a = await cache.respond(withId('permintaan-a'));
  const b = await cache.respond(withId('permintaan-<b>&'));
  expect([a.cache, b.cache]).toEqual(['miss', 'hit']);
  expect(svc.calls).toBe(1);
  expect(a.body).toContain('<csw:RequestId>permintaan-a</csw:RequestId><csw:SearchStatus');
  expect(b.body).toContain('<csw:RequestId>permintaan-&lt;b&gt;&amp;</csw:RequestId><csw:SearchStatus');
  expect(b.bodyBytes?.toString('utf8')).toBe(b.body);
  expect(a.etag).not.toBe(b.etag);
  const none = await cache.respond(page('10'));
  expect(none.body).not.toContain('RequestId');
  expect(await kv.get(cswCacheKey(svc.parse(page('10'))))).toContain('<csw:GetRecordsResponse xmlns:csw="x"><csw:SearchStatus');
});

it('stores no more than its budget per lifetime window: further answers are sent, not stored', async () => {
  const kv = createMemoryStore();
  const svc = stubService(() => `<csw:GetRecordsResponse>${'x'.repeat(1000)}</csw:GetRecordsResponse>`);
  const cache = createCswResponseCache(kv, svc, undefined, { 60: 5_500, 600: 5_500 });
  const outcomes: string[] = [];
  for (let i = 1; i <= 12; i++) {
    outcomes.push((await cache.respond(page(String(i)))).cache);
    await new Promise((r) => setImmediate(r)); // let the background store finish
  }
  const stored = [];
  for (let i = 1; i <= 12; i++) if (await kv.get(cswCacheKey(svc.parse(page(String(i)))))) stored.push(i);
  // each entry is ~1.1 KB (answer + header lines): only the first ones that fit into 5,500 bytes were kept
  const entryBytes = Buffer.byteLength((await kv.get(cswCacheKey(svc.parse(page('1')))))!);
  expect(entryBytes).toBeGreaterThan(1000);
  expect(stored).toEqual(Array.from({ length: Math.floor(5_500 / entryBytes) }, (_, i) => i + 1));
  expect(stored.length).toBeGreaterThanOrEqual(3);
  expect(outcomes.every((o) => o === 'miss')).toBe(true);
});
