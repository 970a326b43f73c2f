import { createMemoryStore } from '../../libs/cache/memory-store';
import { cswCacheKey } from '../../libs/csw/csw-cache-key';
import { createCswResponseCache } from '../../libs/csw/csw-cache';
import { MAX_SHARED_ENTRY_BYTES } from '../../libs/search/response-cache';
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
