import type { KeyValueStore } from '../../libs/cache/key-value';
import { createSearchStore } from '../../libs/db/search.repository';
import { createMemoryStore } from '../../libs/cache/memory-store';
import { bumpPublicGeneration, PUBLIC_GENERATION_KEY } from '../../libs/response-cache/generation';
import { projectRecord } from '../../libs/catalogue/search-projection';
import { createCswResponseCache, type CswResponseCache } from '../../libs/csw/csw-cache';
import { cswCacheKey } from '../../libs/csw/csw-cache-key';
import { createCswService, type CswHttpRequest, type CswService } from '../../libs/csw/csw-service';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { IDENTITY, PUBLISHED_IDS, renderFor, seedCswRecords } from '../unit/csw-service-fixtures';

/**
 * The count memo and the local entry copies behind the response cache (real PostgreSQL, the
 * in-process store): a response-cache miss reuses the exact count of its filter only within
 * the generation it was computed under — a bump, a store failure or a store that lost its
 * data all make the next answer count again.
 */
let t: TestDatabase;
let svc: CswService;

const matchedOf = (xml: string): number => Number(/numberOfRecordsMatched="(\d+)"/.exec(xml)?.[1]);
/**
 * The same search with a different page size (all records fit either way): a response-cache miss
 * every time, the same filter and so the same count. (A different requestId no longer misses:
 * it is left out of the cache key and echoed when the answer is served.)
 */
let n = 0;
const search = (cache: CswResponseCache) => cache.respond({
  method: 'GET',
  query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', maxRecords: String(100 + n++) },
});

/** a PUBLISHED record written behind the service's back (no bump): only a recount shows it */
async function publishQuietly(id: string): Promise<void> {
  const doc = { title: `Diam-diam ${id}` };
  const p = projectRecord(doc, id);
  const { extent_wkt: _e, ...cols } = p;
  const names = Object.keys(cols);
  await t.db.query(
    `INSERT INTO records (id, status, organisation_id, owner_id, doc, ${names.join(', ')}) VALUES ($1, 'PUBLISHED', 'org-1', 'usr-1', $2, ${names.map((_, i) => `$${i + 3}`).join(', ')})`,
    [id, JSON.stringify(doc), ...Object.values(cols)],
  );
  await t.db.query(`INSERT INTO record_renders (record_id, format, version, xml) VALUES ($1, 'dc-brief', 1, $2)`, [id, renderFor('dc-brief', id, doc)]);
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCswRecords(t.db);
  svc = createCswService({ store: createSearchStore(t.db), baseUrl: 'https://katalog.test', getIdentity: async () => IDENTITY, exceptionHttpStatus: 'csw202' });
});

afterAll(async () => {
  await t?.drop();
});

it('reuses a count within a generation and counts again after a bump', async () => {
  const kv = createMemoryStore();
  const cache = createCswResponseCache(kv, svc);
  const first = await search(cache);
  expect([first.cache, matchedOf(first.body)]).toEqual(['miss', PUBLISHED_IDS.length]);
  await publishQuietly('quiet-1');
  // a miss (new page size): the page is read again, the count of this filter is remembered
  const same = await search(cache);
  expect([same.cache, matchedOf(same.body)]).toEqual(['miss', PUBLISHED_IDS.length]);
  expect(same.body).toContain('quiet-1');
  // a publish bumps the generation when it commits: counted again
  await bumpPublicGeneration(kv);
  expect(matchedOf((await search(cache)).body)).toBe(PUBLISHED_IDS.length + 1);
  // without a cache in front (no generation) every count is computed
  await publishQuietly('quiet-2');
  const direct = await svc.handle({ method: 'GET', query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', resultType: 'hits' } });
  expect(matchedOf(direct.body)).toBe(PUBLISHED_IDS.length + 2);
  await t.db.query(`DELETE FROM records WHERE id LIKE 'quiet-%'`);
});

const IDENTICAL: CswHttpRequest = { method: 'GET', query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', resultType: 'results', elementSetName: 'brief' } };

it('forgets counts and local copies after a store failure and when the store loses its data', async () => {
  const memory = createMemoryStore();
  let down = false;
  const guard = <T>(f: () => Promise<T>): Promise<T> => (down ? Promise.reject(new Error('store down')) : f());
  const kv: KeyValueStore = {
    kind: 'memory',
    get: (k) => guard(() => memory.get(k)),
    set: (k, v, ttl) => guard(() => memory.set(k, v, ttl)),
    del: (k) => guard(() => memory.del(k)),
    incr: (k, ttl) => guard(() => memory.incr(k, ttl)),
    ttl: (k) => guard(() => memory.ttl(k)),
  };
  const cache = createCswResponseCache(kv, svc);
  const identical = () => cache.respond(IDENTICAL);

  expect((await identical()).cache).toBe('miss');
  expect((await identical()).cache).toBe('hit');
  // the store goes away; a change commits meanwhile and its bump is lost
  down = true;
  await publishQuietly('quiet-3');
  const during = await identical();
  expect([during.cache, matchedOf(during.body)]).toEqual(['bypass', PUBLISHED_IDS.length + 1]);
  // back with the SAME generation number, its entry expired meanwhile: neither the local copy
  // of that entry nor the memo may answer (a surviving shared entry would, until the worker
  // bumps for the lost change — the store's own rule, unchanged)
  down = false;
  await memory.del(cswCacheKey(svc.parse(IDENTICAL)));
  const after = await identical();
  expect(after.cache).toBe('miss');
  expect(matchedOf(after.body)).toBe(PUBLISHED_IDS.length + 1);
  expect(matchedOf((await search(cache)).body)).toBe(PUBLISHED_IDS.length + 1);

  // the store loses its data (restart without persistence): the counter goes back to a number seen before
  await memory.set(PUBLIC_GENERATION_KEY, '5', 3600);
  expect((await identical()).cache).toBe('miss');
  expect((await identical()).cache).toBe('hit');
  await publishQuietly('quiet-4');
  // wiped: the counter starts again from 0 (the shared entry survives here, but carries generation 5)
  await memory.del(PUBLIC_GENERATION_KEY);
  const reset = await identical();
  expect(reset.cache).toBe('miss');
  expect(matchedOf(reset.body)).toBe(PUBLISHED_IDS.length + 2);
  await t.db.query(`DELETE FROM records WHERE id LIKE 'quiet-%'`);
});
