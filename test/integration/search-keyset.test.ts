import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../libs/db/database';
import { openDatabase } from '../../libs/db/open-database';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { createPageBoundaries } from '../../libs/search/page-boundaries';
import { createSearchCore } from '../../libs/search/search-core';
import { SearchError } from '../../libs/search/search-error';
import type { PageKey, SearchQuery, SearchStore } from '../../libs/search/search.ports';
import type { SortSpec } from '../../libs/search/sort-order';
import { createFixtureUser, seedRecord } from '../helpers/fixtures';
import { copyPgliteTemplate } from '../helpers/pglite-template';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * Keyset continuation (libs/db/search-sql/keyset.ts) returns exactly the sequence OFFSET paging
 * returns, on the same data, in both modes (PostgreSQL and the embedded PGlite), for orders with
 * ties and with records lacking the sort value (NULLS LAST), and for every page statement form
 * (plain, matches-first, identifier walk). The search core's remembered page boundaries
 * (page-boundaries.ts) turn position paging into key paging without changing a page.
 */
const N = 37;
const idOf = (i: number): string => `ks-${String((i * 17) % 100).padStart(3, '0')}-${i}`;

async function seed(db: Database): Promise<void> {
  const org = await createOrganisation(db, { name: 'Organisasi Keyset' });
  const owner = await createFixtureUser(db, 'produsen-keyset', 'PRODUSEN', org.id);
  for (let i = 0; i < N; i++) {
    const doc = {
      // three titles (ties), every fifth record without one (NULL in the sort)
      title: i % 5 === 0 ? '' : ['Sungai', 'Danau', 'Jalan'][i % 3]!,
      abstract: i % 2 === 0 ? 'Peta sungai dan danau.' : 'Rekaman uji urutan halaman.',
      keywords: i % 4 === 0 ? [] : [{ type: 'theme', values: [['hutan', 'kebun'][i % 2]!] }],
      // equal boxes (ties in area), every third record without an extent (NULL)
      ...(i % 3 !== 0 ? { extent: { bbox: { west: 100 + (i % 2), south: -5, east: 101 + (i % 2), north: 5 } } } : {}),
    };
    await seedRecord(db, { owner, id: idOf(i), doc, status: i % 11 === 10 ? 'DRAFT' : 'PUBLISHED' });
  }
  // ties in the modification time too
  await db.query(`UPDATE records SET updated_at = '2021-03-04T05:06:07.123456Z' WHERE id LIKE 'ks-0%' OR id LIKE 'ks-5%'`);
  await db.exec('ANALYZE records');
}

const anyText = (word: string): FilterNode => ({ op: 'like', property: 'csw:AnyText', pattern: word, wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: false });
const FILTERS: [string, FilterNode][] = [['all', { op: 'all' }], ['anytext sungai', anyText('sungai')], ['nothing', anyText('tidak-ada-kata-ini')]];
/**
 * Free text: without a sort these are in relevance order, keyed by (rank as float8 text, id) —
 * many equal ranks here (the same titles and abstracts), a phrase rank, and the typo-tolerant
 * fallback's own rank (a float8 average whose text has many digits).
 */
const RANKED: [string, FilterNode][] = [
  ['q sungai', { op: 'text', tokens: ['sungai'] }],
  ['q peta sungai dan danau', { op: 'text', tokens: ['peta', 'sungai', 'dan', 'danau'] }],
  ['typo-tolerant sungi', { op: 'text', tokens: ['sungi'], typoTolerant: true }],
];
const SORTS: [string, SortSpec[]][] = [
  ['id', []],
  ['title asc', [{ property: 'dc:title', order: 'ASC' }]],
  ['title desc', [{ property: 'dc:title', order: 'DESC' }]],
  ['modified desc, title', [{ property: 'dct:modified', order: 'DESC' }, { property: 'dc:title', order: 'ASC' }]],
  ['keyword, area desc', [{ property: 'dc:subject', order: 'ASC' }, { property: 'ows:BoundingBox', order: 'DESC' }]],
];

async function byOffset(store: SearchStore, q: Omit<SearchQuery, 'offset'>): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += q.limit) {
    const p = await store.pageWithRenders({ ...q, offset }, 'dc-brief');
    out.push(...p.items.map((r) => r.id));
    if (!p.more) return out;
  }
}

async function byKey(store: SearchStore, q: Omit<SearchQuery, 'offset'>, shape: Partial<SearchQuery> = {}): Promise<string[]> {
  const out: string[] = [];
  let after: PageKey | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const p = await store.pageOfRecords({ ...q, ...shape, offset: out.length, ...(after ? { after } : {}) });
    out.push(...p.items.map((r) => r.id));
    if (!p.more) return out;
    expect(p.lastKey).toBeDefined();
    after = p.lastKey;
  }
  throw new Error('keyset paging did not end');
}

function suite(mode: string, open: () => Promise<{ db: Database; close(): Promise<void> }>): void {
  describe(`keyset paging = offset paging (${mode})`, () => {
    let db: Database;
    let close: () => Promise<void>;
    let store: SearchStore;
    beforeAll(async () => {
      ({ db, close } = await open());
      await seed(db);
      store = createSearchStore(db);
    }, 300_000);
    afterAll(async () => {
      await close?.();
    });

    it('gives the same sequence for every filter, sort (ties, missing values) and page size', async () => {
      let compared = 0;
      for (const [, filter] of FILTERS) {
        for (const [name, sort] of SORTS) {
          for (const limit of [1, 4, 7]) {
            const expected = await byOffset(store, { filter, sort, limit });
            const got = await byKey(store, { filter, sort, limit });
            expect({ name, limit, ids: got }).toEqual({ name, limit, ids: expected });
            if (expected.length > limit) compared += 1;
          }
        }
      }
      // the data really has ties and several pages (the comparison is not vacuous)
      expect(compared).toBeGreaterThanOrEqual(20);
      // free text: relevance order without a sort, the sort's order with one
      for (const [name, filter] of RANKED) {
        for (const [sortName, sort] of SORTS) {
          for (const limit of [1, 3, 7]) {
            const expected = await byOffset(store, { filter, sort, limit });
            expect(expected.length).toBeGreaterThan(7);
            expect({ name, sortName, limit, ids: await byKey(store, { filter, sort, limit }) }).toEqual({ name, sortName, limit, ids: expected });
          }
        }
      }
      const titles = await byOffset(store, { filter: { op: 'all' }, sort: SORTS[1]![1], limit: 50 });
      expect(titles.length).toBe(N - Math.floor(N / 11));
    });

    it('relevance pages carry (rank, id) keys whose rank text reads back as the exact value compared', async () => {
      for (const [name, filter] of RANKED) {
        const page = await store.pageOfRecords({ filter, sort: [], offset: 0, limit: 3 });
        expect({ name, key: page.lastKey }).toEqual({ name, key: [expect.stringMatching(/^[0-9.e+-]+$/), page.items[2]!.id] });
        // the text is float8's own (shortest exact) form: read back and written again it is unchanged
        const again = await db.query<{ t: string }>('SELECT ($1::text)::float8::text AS t', [page.lastKey![0]]);
        expect(again.rows[0]!.t).toBe(page.lastKey![0]);
      }
      const all = await byOffset(store, { filter: RANKED[0]![1], sort: [], limit: 50 });
      // relevance is not the identifier order here (the comparisons above are not identifier paging)
      expect(all).not.toEqual([...all].sort());
    });

    it('continues by key in the matches-first and identifier-walk statement forms too', async () => {
      for (const [, filter] of [...FILTERS, ...RANKED]) {
        const expected = await byOffset(store, { filter, sort: [], limit: 4 });
        expect(await byKey(store, { filter, sort: [], limit: 4 }, { fewMatches: true })).toEqual(expected);
        expect(await byKey(store, { filter, sort: [], limit: 4 }, { broadMatches: true })).toEqual(expected);
      }
    });

    it('a first page counted in the same statement is the page without a count, from the matches the count found or not', async () => {
      // upTo 3: the count stops before the last match (the page statement runs as planned);
      // upTo 1000: the count finds every match and the page is sorted from them (search-sql/found-set.ts)
      let fromFound = 0;
      for (const [fname, filter] of [...FILTERS, ...RANKED]) {
        for (const [name, sort] of SORTS) {
          const all = await byOffset(store, { filter, sort, limit: 50 });
          for (const upTo of [3, 1000]) {
            for (const [offset, limit] of [[0, 4], [5, 4], [30, 10]] as const) {
              const p = await store.pageWithRenders({ filter, sort, offset, limit }, 'dc-brief', upTo);
              const got = { fname, name, upTo, offset, ids: p.items.map((r) => r.id), more: p.more, counted: p.counted };
              expect(got).toEqual({ fname, name, upTo, offset, ids: all.slice(offset, offset + limit), more: all.length > offset + limit, counted: Math.min(all.length, upTo + 1) });
              if (upTo >= all.length && offset < all.length) fromFound += 1;
            }
            // the second page by key, counted again
            const first = await store.pageOfRecords({ filter, sort, offset: 0, limit: 4 }, upTo);
            if (!first.more) continue;
            const second = await store.pageWithRenders({ filter, sort, offset: 4, limit: 4, after: first.lastKey! }, 'dc-brief', upTo);
            expect({ fname, name, upTo, ids: second.items.map((r) => r.id) }).toEqual({ fname, name, upTo, ids: all.slice(4, 8) });
          }
        }
      }
      expect(fromFound).toBeGreaterThanOrEqual(30);
    });

    it('pages by position through the core with remembered boundaries, page for page as OFFSET', async () => {
      let keyed = 0;
      const boundaries = createPageBoundaries();
      const core = createSearchCore(store, undefined, {
        get: (...a) => {
          const k = boundaries.get(...a);
          if (k) keyed += 1;
          return k;
        },
        set: (...a) => boundaries.set(...a),
      });
      const sort: SortSpec[] = [{ property: 'dc:title', order: 'DESC' }];
      for (const [, filter] of FILTERS) {
        const expected = await byOffset(store, { filter, sort, limit: 5 });
        const got: string[] = [];
        for (let offset = 0; ; offset += 5) {
          const p = await core.renderedPage({ filter, sort, offset, limit: 5 }, 'dc-brief', 'scope-1');
          got.push(...p.records.map((r) => r.id));
          if (!p.more) break;
        }
        expect(got).toEqual(expected);
      }
      // every page after the first of each multi-page result started from a remembered key
      expect(keyed).toBeGreaterThanOrEqual(Math.ceil((N - 3) / 5) - 1);
      // relevance order (CSW q without SortBy): position paging continues by key too
      for (const [name, filter] of RANKED) {
        const before = keyed;
        const expected = await byOffset(store, { filter, sort: [], limit: 3 });
        const got: string[] = [];
        // bounded: a paging that repeats records must fail, not hang
        for (let offset = 0; offset <= 3 * N; offset += 3) {
          const p = await core.renderedPage({ filter, sort: [], offset, limit: 3 }, 'dc-brief', 'scope-1');
          got.push(...p.records.map((r) => r.id));
          if (!p.more) break;
        }
        expect({ name, got }).toEqual({ name, got: expected });
        expect({ name, keyed: keyed - before }).toEqual({ name, keyed: Math.ceil(expected.length / 3) - 1 });
      }
    });

    it('a remembered boundary of one relevance order never continues another with the same matches', async () => {
      const core = createSearchCore(store, undefined, createPageBoundaries());
      // the same words must occur ("dan" is not demanded), so the same filter key; the phrase ranks differ
      const phrase: FilterNode = { op: 'text', tokens: ['sungai', 'dan', 'danau'] };
      const words: FilterNode = { op: 'text', tokens: ['sungai', 'danau'] };
      expect(store.matchKey(phrase)).toBe(store.matchKey(words));
      const first = await core.renderedPage({ filter: phrase, sort: [], offset: 0, limit: 4 }, 'dc-brief', 'scope-2');
      expect(first.next).toBeDefined();
      // the other query's second page, asked by position right after the phrase's first page ended
      const expected = await byOffset(store, { filter: words, sort: [], limit: 4 });
      const second = await core.renderedPage({ filter: words, sort: [], offset: 4, limit: 4 }, 'dc-brief', 'scope-2');
      expect(second.records.map((r) => r.id)).toEqual(expected.slice(4, 8));
    });

    it('refuses a key that does not fit the order, with a search error naming the cursor', async () => {
      const sort: SortSpec[] = [{ property: 'dct:modified', order: 'DESC' }];
      // wrong length
      await expect(store.pageOfRecords({ filter: { op: 'all' }, sort, offset: 5, limit: 5, after: ['x'] })).rejects.toMatchObject({ locator: 'cursor' });
      // a value PostgreSQL cannot read as a timestamp
      const err = await store.pageOfRecords({ filter: { op: 'all' }, sort, offset: 5, limit: 5, after: ['bukan-tanggal', 'ks-1'] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SearchError);
      expect(err).toMatchObject({ locator: 'cursor' });
    });
  });
}

suite('PostgreSQL', async () => {
  const t: TestDatabase = await createTestDatabase();
  return { db: t.db, close: () => t.drop() };
});

suite('PGlite', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-keyset-'));
  await copyPgliteTemplate(dataDir);
  const { db } = await openDatabase({ databaseUrl: undefined, dataDir });
  return {
    db,
    close: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
