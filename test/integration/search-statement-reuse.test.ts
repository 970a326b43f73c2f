import { createOrganisation } from '../../libs/db/organisation.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import type { SearchQuery, SearchStore } from '../../libs/search/search.ports';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import type { SortSpec } from '../../libs/search/sort-order';
import { createFixtureUser, seedRecord } from '../helpers/fixtures';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { renderFor } from '../unit/csw-service-fixtures';

/**
 * Statements kept parsed and plans made once (libs/db/pg-database.ts, search.repository.ts),
 * on real PostgreSQL. A page of a filter known to match few records is found matches-first, and
 * one of a filter known to match many, in identifier order, by a walk of that order; both run on
 * pools whose plans PostgreSQL makes once for all values (the walk's always, force_generic_plan;
 * the other's after five executions unless its estimate is worse), so the same plan serves new
 * values. Whatever the plan, every page must be the page the plain
 * statement gives — same records, same order, same "more" — for every filter, sort and offset,
 * with values changing between executions. Texts beyond the named-statement bound still run.
 */
const N = 40;
let t: TestDatabase;
let store: SearchStore;

const idOf = (i: number): string => `reuse-${String(i).padStart(2, '0')}`;

async function seed(): Promise<void> {
  const org = await createOrganisation(t.db, { name: 'Organisasi Uji' });
  const owner = await createFixtureUser(t.db, 'produsen', 'PRODUSEN', org.id);
  for (let i = 0; i < N; i++) {
    const id = idOf(i);
    // titles out of id order, some extents (boxes along the equator), every third record a "sungai"
    const doc = {
      title: `${['Sungai', 'Danau', 'Jalan'][i % 3]} ${String((i * 7) % N).padStart(2, '0')}`,
      abstract: 'Rekaman uji rencana kueri.',
      ...(i % 4 !== 0 ? { extent: { bbox: { west: 95 + i, south: -5, east: 96 + i, north: 5 } } } : {}),
    };
    await seedRecord(t.db, { owner, id, doc, status: i % 10 === 9 ? 'DRAFT' : 'PUBLISHED' });
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

/** csw:AnyText contains `word` (compiled: `r.anytext LIKE $1`, the word between `%`) */
const anyText = (word: string): FilterNode => ({ op: 'like', property: 'csw:AnyText', pattern: word, wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: false });
/** the record extent intersects a box along the equator */
const box = (w: number, e: number): FilterNode => ({
  op: 'spatial', spatial: 'intersects', property: 'ows:BoundingBox', geometryWkt: `POLYGON((${w} -1,${e} -1,${e} 1,${w} 1,${w} -1))`,
});

const page = async (q: SearchQuery) => {
  const p = await store.pageWithRenders(q, 'dc-brief');
  return { ids: p.items.map((r) => r.id), more: p.more };
};

describe('search statements kept parsed, plans made once', () => {
  it('says it can reuse plans (PostgreSQL server)', () => {
    expect(t.db.reusesPlans).toBe(true);
  });

  it('gives the same page matches-first on the shared plan as the plain statement, for changing values', async () => {
    // one statement text per filter shape, its values changing between executions
    const filters: { where: string; values: FilterNode[] }[] = [
      { where: 'anytext', values: ['sungai', 'danau', 'jalan 1', 'tidak-ada', 'rekaman'].map(anyText) },
      { where: 'bbox', values: [box(100, 110), box(95, 140), box(0, 10), box(120, 121)] },
      {
        where: 'anytext and bbox',
        values: [['sungai', box(95, 140)], ['danau', box(100, 115)], ['jalan', box(0, 1)]].map(([w, b]) => ({ op: 'and', children: [anyText(w as string), b as FilterNode] })),
      },
    ];
    const sorts: SortSpec[][] = [[], [{ property: 'dc:title', order: 'DESC' }]];
    let compared = 0;
    // ten rounds: past the five custom plans after which PostgreSQL may keep one plan for all values
    for (let round = 0; round < 10; round++) {
      for (const f of filters) {
        for (const sort of sorts) {
          const filter = f.values[round % f.values.length]!;
          const params = JSON.stringify(filter);
          const orderBy = JSON.stringify(sort);
          for (const [offset, limit] of [[0, 4], [3, 4], [8, 10], [50, 4]] as const) {
            const q: SearchQuery = { filter, sort, offset, limit };
            const plain = await page(q);
            const fewFirst = await page({ ...q, fewMatches: true });
            expect({ filter: f.where, params, orderBy, offset, ...fewFirst }).toEqual({ filter: f.where, params, orderBy, offset, ...plain });
            // the walk of the identifier order (any other order: the plain statement)
            const walked = await page({ ...q, broadMatches: true });
            expect({ filter: f.where, params, orderBy, offset, walked: true, ...walked }).toEqual({ filter: f.where, params, orderBy, offset, walked: true, ...plain });
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(10 * 3 * 2 * 4);
    // the pages are real: the first filter's first value finds the published "Sungai" records in id order
    const sungai = await page({ filter: anyText('sungai'), sort: [], offset: 0, limit: 50, fewMatches: true });
    const expected = Array.from({ length: N }, (_, i) => i).filter((i) => i % 3 === 0 && i % 10 !== 9).map(idOf);
    expect(sungai).toEqual({ ids: expected, more: false });
    // and the walk stops at the page: the next "Sungai" is there, and drafts never are
    const walkedPage = await page({ filter: anyText('sungai'), sort: [], offset: 2, limit: 3, broadMatches: true });
    expect(walkedPage).toEqual({ ids: expected.slice(2, 5), more: true });
  });

  it('still runs statements past the bound of named texts, unnamed', async () => {
    // 140 distinct texts marked for reuse: the first 128 get a name per connection, the rest run as before
    for (let i = 0; i < 140; i++) {
      const r = await t.db.query<{ n: number }>(`SELECT count(*)::int + ${i} AS n FROM records WHERE status = $1`, ['PUBLISHED'], { reuse: true });
      expect(r.rows[0]!.n).toBe(N - 4 + i);
    }
  });
  it('runs a walk that reaches its bound without filling the page again as a plain statement', async () => {
    // 2,100 published records whose ids come before every other, none of them a "Sungai": a walk
    // of the identifier order (WALK_BOUND, 2,000 records) ends before it reaches a match
    const columns = (await t.db.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
        WHERE table_name = 'records' AND table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    )).rows.map((r) => r.c);
    const filler = `'a-walk-' || lpad(g::text, 4, '0')`;
    const override: Record<string, string> = { id: filler, file_identifier: filler, title: `'Pengisi'`, anytext: `'pengisi'` };
    await t.db.query(
      `INSERT INTO records (${columns.join(', ')})
       SELECT ${columns.map((c) => override[c] ?? `r.${c}`).join(', ')} FROM records r CROSS JOIN generate_series(0, 2099) g WHERE r.id = $1`,
      [idOf(0)],
    );
    await t.db.exec('ANALYZE records');
    const q: SearchQuery = { filter: anyText('sungai'), sort: [], offset: 1, limit: 3 };
    const expected = Array.from({ length: N }, (_, i) => i).filter((i) => i % 3 === 0 && i % 10 !== 9).map(idOf);
    expect(await page({ ...q, broadMatches: true })).toEqual({ ids: expected.slice(1, 4), more: true });
    expect(await page(q)).toEqual({ ids: expected.slice(1, 4), more: true });
    // a walk that fills its page within the bound stays a walk: the fillers themselves
    expect(await page({ ...q, filter: anyText('pengisi'), broadMatches: true })).toEqual({ ids: ['a-walk-0001', 'a-walk-0002', 'a-walk-0003'], more: true });
  }, 120_000);
});
