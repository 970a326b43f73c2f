import { createMemoryStore } from '../../libs/cache/memory-store';
import { projectRecord } from '../../libs/catalogue/search-projection';
import { createCswResponseCache } from '../../libs/csw/csw-cache';
import { createCswService, type CswService } from '../../libs/csw/csw-service';
import { createSearchStore } from '../../libs/db/search.repository';
import { createOarecService } from '../../libs/oarec/oarec-service';
import { createMatchCounter, type MatchCounter } from '../../libs/search/match-count';
import { createResponseCache } from '../../libs/response-cache/response-cache';
import { createSearchCore } from '../../libs/search/search-core';
import type { SearchStore } from '../../libs/search/search.ports';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { IDENTITY, renderFor } from '../unit/csw-service-fixtures';

/**
 * Searches past the count budget (libs/search/match-count.ts), on real PostgreSQL. The budget
 * is forced by configuration, not by time: `exactRows` = 5 makes a search of the 23 records
 * here "broad" (more matches than the page query counts), as 400,000 matches are at
 * 1,000,000 records with the default. Such a search answers with a consistent estimate and
 * correct paging, is not cached, and gets its exact count once the background count is done;
 * a search within the budget stays exact.
 */
const N = 23;
const BOUND = 5;
let t: TestDatabase;
let store: SearchStore;

const ids = Array.from({ length: N }, (_, i) => `cnt-${String(i).padStart(2, '0')}`);

async function seed(): Promise<void> {
  await t.db.query(`INSERT INTO organisations (id, name) VALUES ('org-1', 'Organisasi Uji')`);
  await t.db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('usr-1', 'produsen', 'x', 'PRODUSEN', 'org-1')`);
  for (const id of ids) {
    const doc = { title: `Peta Uji ${id}`, abstract: 'Rekaman uji hitungan.' };
    const { extent_wkt: _e, ...cols } = projectRecord(doc, id);
    const names = Object.keys(cols);
    await t.db.query(
      `INSERT INTO records (id, status, organisation_id, owner_id, doc, ${names.join(', ')}) VALUES ($1, 'PUBLISHED', 'org-1', 'usr-1', $2, ${names.map((_, i) => `$${i + 3}`).join(', ')})`,
      [id, JSON.stringify(doc), ...Object.values(cols)],
    );
    await t.db.query(`INSERT INTO record_renders (record_id, format, version, xml) VALUES ($1, 'dc-brief', 1, $2)`, [id, renderFor('dc-brief', id, doc)]);
  }
  await t.db.exec('ANALYZE records');
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seed();
  store = createSearchStore(t.db);
}, 300_000);
afterAll(async () => {
  await t?.drop();
});

const results = (xml: string) => {
  const m = /<csw:SearchResults numberOfRecordsMatched="(\d+)" numberOfRecordsReturned="(\d+)" nextRecord="(\d+)"/.exec(xml);
  if (!m) throw new Error(`no SearchResults: ${xml.slice(0, 400)}`);
  return { matched: Number(m[1]), returned: Number(m[2]), next: Number(m[3]), ids: [...xml.matchAll(/<dc:identifier>([^<]+)<\/dc:identifier>/g)].map((x) => x[1]!) };
};

const getRecords = (extra: Record<string, string>) => ({
  method: 'GET' as const,
  query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', ...extra },
});

function csw(counter: MatchCounter): { service: CswService; cache: ReturnType<typeof createCswResponseCache> } {
  const service = createCswService({ store, counter, baseUrl: 'https://katalog.test', getIdentity: async () => IDENTITY, exceptionHttpStatus: 'csw202' });
  return { service, cache: createCswResponseCache(createMemoryStore(), service) };
}

describe('CSW GetRecords past the count budget', () => {
  it('answers 200 with an estimate and correct paging, then the exact count once the background count is done', async () => {
    const counter = createMatchCounter(store, { exactRows: BOUND, waitMs: 0, concurrency: 1 });
    const { cache } = csw(counter);
    const first = await cache.respond(getRecords({ maxRecords: '4', requestId: 'urn:uuid:satu' }));
    expect(first.status).toBe(200);
    const r = results(first.body);
    expect([r.returned, r.next, r.ids]).toEqual([4, 5, ids.slice(0, 4)]);
    // past the budget: at least one more than counted, and never fewer than the pages prove
    expect(r.matched).toBeGreaterThanOrEqual(BOUND + 1);
    expect(r.matched).toBeGreaterThanOrEqual(r.next);
    // an estimate is sent, never cached (the same request later gets the exact count); the requestId is echoed
    expect(first.cache).toBe('bypass');
    expect(first.body).toContain('<csw:RequestId>urn:uuid:satu</csw:RequestId>');

    await counter.idle();
    const again = await cache.respond(getRecords({ maxRecords: '4', requestId: 'urn:uuid:dua' }));
    expect([results(again.body).matched, results(again.body).next, again.cache]).toEqual([N, 5, 'miss']);
    // and every other page of that filter and generation
    expect(results((await cache.respond(getRecords({ maxRecords: '4', startPosition: '9' }))).body)).toMatchObject({ matched: N, next: 13 });
  });

  it('pages through every record by nextRecord while the count stays an estimate; the last page settles it', async () => {
    // no background count at all: only the pages themselves say anything exact
    const { cache } = csw(createMatchCounter(store, { exactRows: BOUND, waitMs: 0, concurrency: 0 }));
    const seen: string[] = [];
    let start = 1;
    let last = { matched: 0, returned: 0, next: 0, ids: [] as string[] };
    while (start !== 0) {
      const res = await cache.respond(getRecords({ maxRecords: '5', startPosition: String(start) }));
      expect(res.status).toBe(200);
      last = results(res.body);
      seen.push(...last.ids);
      expect(last.returned).toBe(last.ids.length);
      // numberOfRecordsMatched is never below what was shown and what follows
      expect(last.matched).toBeGreaterThanOrEqual(start - 1 + last.returned + (last.next ? 1 : 0));
      if (last.next) expect(last.next).toBe(start + 5);
      start = last.next;
      expect(seen.length).toBeLessThanOrEqual(N);
    }
    expect(seen).toEqual(ids);
    expect(last.matched).toBe(N);
    // past the end: nothing, nextRecord 0, and a count the empty page does not contradict
    const past = results((await cache.respond(getRecords({ maxRecords: '5', startPosition: '40' }))).body);
    expect([past.returned, past.next]).toEqual([0, 0]);
    expect(past.matched).toBeLessThanOrEqual(39);
    expect(past.matched).toBeGreaterThanOrEqual(BOUND + 1);
  });

  it('resultType=hits: a number and nextRecord = startPosition', async () => {
    const { service } = csw(createMatchCounter(store, { exactRows: BOUND, waitMs: 0, concurrency: 0 }));
    const r = results((await service.handle(getRecords({ resultType: 'hits' }))).body);
    expect(r.matched).toBeGreaterThanOrEqual(BOUND + 1);
    expect([r.returned, r.next]).toEqual([0, 1]);
  });

  it('a search within the budget is exact and cached, and waiting for the background count makes a broad one exact at once', async () => {
    const { cache } = csw(createMatchCounter(store, { exactRows: BOUND, waitMs: 0, concurrency: 1 }));
    const one = await cache.respond(getRecords({ constraintLanguage: 'CQL_TEXT', constraint: "dc:identifier = 'cnt-07'" }));
    expect([results(one.body).matched, results(one.body).ids, one.cache]).toEqual([1, ['cnt-07'], 'miss']);
    const few = await cache.respond(getRecords({ constraintLanguage: 'CQL_TEXT', constraint: "dc:identifier LIKE 'cnt-1%'", maxRecords: '3' }));
    // 10 matches > 5: over the budget, whatever the filter
    expect(few.cache).toBe('bypass');
    // a generous wait (no timing asserted: the count is awaited, not raced against a clock)
    const patient = csw(createMatchCounter(store, { exactRows: BOUND, waitMs: 600_000, concurrency: 1 }));
    const broad = await patient.cache.respond(getRecords({ maxRecords: '3' }));
    expect([results(broad.body).matched, broad.cache]).toEqual([N, 'miss']);
  });
});

describe('OGC API – Records items past the count budget', () => {
  it('leaves numberMatched out while it is an estimate, keeps next links right, and gives it once counted', async () => {
    const counter = createMatchCounter(store, { exactRows: BOUND, waitMs: 0, concurrency: 1 });
    const service = createOarecService({ baseUrl: 'https://katalog.test', core: createSearchCore(store, counter), store, getIdentity: async () => IDENTITY });
    const cache = createResponseCache(createMemoryStore(), service);
    const items = async (query: Record<string, string>) => {
      const res = await cache.respond({ method: 'GET', path: '/collections/metadata/items', query: { f: 'json', ...query } });
      expect(res.status).toBe(200);
      return { res, fc: JSON.parse(res.body) as { numberMatched?: number; numberReturned: number; features: { id: string }[]; links: { rel: string; href: string }[] } };
    };
    const { res, fc } = await items({ limit: '4', sortby: 'id' });
    expect(fc.numberMatched).toBeUndefined();
    expect([fc.numberReturned, res.cache]).toEqual([4, 'bypass']);
    // the next link continues after this page's last record (a keyset cursor, not an offset)
    const nextQuery = Object.fromEntries(new URL(fc.links.find((l) => l.rel === 'next')!.href).searchParams);
    expect(nextQuery.cursor).toEqual(expect.any(String));
    const second = await items({ ...nextQuery, f: 'json' });
    expect(second.fc.features[0]!.id > fc.features[3]!.id).toBe(true);
    expect(second.fc.features.map((f) => f.id)).not.toContain(fc.features[3]!.id);

    await counter.idle();
    expect((await items({ limit: '4', sortby: 'id' })).fc.numberMatched).toBe(N);

    // a fresh counter without background counts: follow next links to the end
    const bare = createOarecService({ baseUrl: 'https://katalog.test', core: createSearchCore(store, createMatchCounter(store, { exactRows: BOUND, waitMs: 0, concurrency: 0 })), store, getIdentity: async () => IDENTITY });
    const seen: string[] = [];
    let query: Record<string, string> | null = { limit: '6', offset: '0' };
    let last: { numberMatched?: number } = {};
    while (query !== null) {
      const out = await bare.handle({ method: 'GET', path: '/collections/metadata/items', query: { ...query, f: 'json' } });
      const page = JSON.parse(out.body) as { numberMatched?: number; features: { id: string }[]; links: { rel: string; href: string }[] };
      seen.push(...page.features.map((f) => f.id));
      last = page;
      const next = page.links.find((l) => l.rel === 'next');
      query = next ? Object.fromEntries(new URL(next.href).searchParams) : null;
      expect(seen.length).toBeLessThanOrEqual(N);
    }
    expect(seen.sort()).toEqual(ids);
    // the last page proves the count
    expect(last.numberMatched).toBe(N);
    // within the budget: exact at once
    const selective = await bare.handle({ method: 'GET', path: '/collections/metadata/items', query: { f: 'json', ids: 'cnt-03,cnt-04' } });
    expect((JSON.parse(selective.body) as { numberMatched?: number }).numberMatched).toBe(2);
  });
});
