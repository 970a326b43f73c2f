import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import type { Database } from '../../libs/db/database';
import { parseCql } from '../../libs/csw/filter/parse-cql';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import { createBareDatabase, type BareDatabase } from '../helpers/bare-database';
import { pageOfRecords, searchPublishedPage } from '../../libs/db/search.repository';
import type { Queryable } from '../../libs/db/database';

/**
 * Migration 055 (issue 11, point 5): an identifier prefix and a day-precision reference-date
 * range were answered by walking every PUBLISHED row (167 ms and 775 ms at 100,000 records).
 * The filters compiled by the search core must now be planned on the new indexes and still
 * find exactly the rows a scan finds. Asserted on plans (index names) and counts, never on time.
 */
let bare: BareDatabase;
let db: Database;
const N = 5_000;

interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Subplan Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] }
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

const idOf = (i: number): string => `Rec-${String(i).padStart(5, '0')}`;
// day i % 3650 after 2010-01-01, as an ISO date; every third one with a time of day
const creationOf = (i: number): string => {
  const d = new Date(Date.UTC(2010, 0, 1) + ((i * 7) % 3650) * 86_400_000).toISOString().slice(0, 10);
  return i % 3 === 0 ? `${d}T08:30:00Z` : d;
};

beforeAll(async () => {
  bare = await createBareDatabase('gk_t_m055');
  db = openPgDatabase({ connectionString: bare.url, max: 2 });
  await migrate(db);
  await db.query(`INSERT INTO organisations (id, name) VALUES ('o', 'O')`);
  await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u', 'u', 'x', 'ADMIN', 'o')`);
  const ids = Array.from({ length: N }, (_, i) => idOf(i));
  await db.query(
    `INSERT INTO records (id, status, organisation_id, owner_id, doc, title, creation_date)
     SELECT r.id, CASE WHEN r.n % 10 = 0 THEN 'DRAFT' ELSE 'PUBLISHED' END, 'o', 'u', '{}'::jsonb, r.id, r.c
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(id, c, n)`,
    [ids, ids.map((_, i) => creationOf(i))],
  );
  await db.exec('VACUUM ANALYZE records');
}, 300_000);

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await bare?.drop();
});

/** the count statement of libs/db/search.repository.ts with the filter the core compiles from `cql` */
async function search(cql: string): Promise<{ indexes: string[]; seqScan: boolean; ids: string[] }> {
  const params: unknown[] = [];
  const where = compileFilter(parseCql(cql), params);
  const sql = `SELECT r.id FROM records r WHERE r.status = 'PUBLISHED' AND (${where})`;
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const all = nodes(plan.rows[0]!['QUERY PLAN'][0].Plan);
  const rows = await db.query<{ id: string }>(`${sql} ORDER BY r.id`, params);
  return {
    indexes: all.map((n) => n['Index Name']).filter((x): x is string => !!x),
    seqScan: all.some((n) => n['Node Type'] === 'Seq Scan'),
    ids: rows.rows.map((r) => r.id),
  };
}

const published = (i: number): boolean => (i + 1) % 10 !== 0;

it('plans an identifier prefix (CQL LIKE, case-insensitive) on the lower(file_identifier) pattern index and finds exactly the prefix', async () => {
  const r = await search("dc:identifier LIKE 'rec-012%'");
  expect(r.seqScan).toBe(false);
  expect(r.indexes).toContain('records_lower_file_identifier_pattern_idx');
  const expected = Array.from({ length: N }, (_, i) => i).filter((i) => idOf(i).toLowerCase().startsWith('rec-012') && published(i)).map(idOf);
  expect(expected.length).toBeGreaterThan(50);
  expect(r.ids).toEqual(expected);
});

it('plans a one-week apiso:CreationDate range on the day index, matching dates and date-times of those days', async () => {
  const r = await search("apiso:CreationDate BETWEEN '2012-03-01' AND '2012-03-31'");
  expect(r.seqScan).toBe(false);
  expect(r.indexes).toContain('records_creation_day_idx');
  const expected = Array.from({ length: N }, (_, i) => i)
    .filter((i) => published(i) && creationOf(i).slice(0, 10) >= '2012-03-01' && creationOf(i).slice(0, 10) <= '2012-03-31')
    .map(idOf)
    .sort();
  expect(expected.length).toBeGreaterThan(5);
  expect(expected.some((id) => creationOf(Number(id.slice(4))).includes('T'))).toBe(true);
  expect(r.ids).toEqual(expected);
});

/**
 * A results page is one statement whose page ids are an ARRAY(subquery) read twice (unnested,
 * and its cardinality tells whether a next page exists). Pulled up into the outer query, that
 * subquery became two InitPlans: every page search ran twice. Shown on the real statements the
 * repository sends (recorded), for both page forms, with and without the bounded count, for the
 * matches-first form of a filter known to match few records and the walk of one known to match many.
 */
it('runs the page search once per results page (one InitPlan), for renders and for whole records', async () => {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const recording: Queryable = {
    reusesPlans: db.reusesPlans,
    query: (sql, params, opts) => { statements.push({ sql, params: params ?? [] }); return db.query(sql, params, opts); },
    exec: (sql) => db.exec(sql),
  };
  const q = { filter: parseCql("dc:title LIKE 'rec-01%'"), sort: [], offset: 5, limit: 10 };
  const withRenders = await searchPublishedPage(recording, q, 'dc-brief');
  const withCount = await searchPublishedPage(recording, q, 'dc-brief', 1_000);
  const records = await pageOfRecords(recording, q, 1_000);
  // the matches-first form of a filter known to match few records (search.repository.ts, pageSelect)
  const fewFirst = await searchPublishedPage(recording, { ...q, fewMatches: true }, 'dc-brief');
  // and the walk of the identifier order, of a filter known to match many (pageSelect)
  const walk = await searchPublishedPage(recording, { ...q, broadMatches: true }, 'dc-brief');
  // the pages are right: ids 5..14 of the published matches in id order, and more follow
  const expected = Array.from({ length: N }, (_, i) => i).filter((i) => published(i) && idOf(i).toLowerCase().startsWith('rec-01')).map(idOf);
  expect(withRenders.items.map((r) => r.id)).toEqual(expected.slice(5, 15));
  expect(withCount.items.map((r) => r.id)).toEqual(expected.slice(5, 15));
  expect(fewFirst.items.map((r) => r.id)).toEqual(expected.slice(5, 15));
  expect(walk.items.map((r) => r.id)).toEqual(expected.slice(5, 15));
  expect(records.items.map((r) => r.id)).toEqual(expected.slice(5, 15));
  expect([withRenders.more, withCount.more, records.more, fewFirst.more, walk.more]).toEqual([true, true, true, true, true]);
  expect(withCount.counted).toBe(expected.length);
  // the walk filled its page within its bound: one statement, not two
  expect(statements).toHaveLength(5);
  expect(statements[3]!.sql).toContain('OFFSET 0) r ORDER BY');
  expect(statements[4]!.sql).toMatch(/ORDER BY r\.id ASC LIMIT \d+\) r WHERE/);
  // the page searches that ran: InitPlans reading `records`, outside the WITH item in which a
  // counted first page collects its matches (gk_found, search-sql/found-set.ts). A counted page
  // has two page searches in its text, from the found matches or as planned, and runs one of them.
  const pageSearchesRun = (p: PlanNode): PlanNode[] => {
    if (p['Subplan Name']?.startsWith('CTE ')) return [];
    const here = p['Subplan Name']?.startsWith('InitPlan') && (p['Actual Loops'] ?? 0) > 0 && nodes(p).some((n) => n['Relation Name'] === 'records') ? [p] : [];
    return [...here, ...(p.Plans ?? []).flatMap(pageSearchesRun)];
  };
  for (const s of statements) {
    const plan = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.sql}`, s.params);
    const root = plan.rows[0]!['QUERY PLAN'][0].Plan;
    expect(pageSearchesRun(root)).toHaveLength(1);
    // the collection of a counted page's matches runs once too
    expect(nodes(root).filter((n) => n['Subplan Name'] === 'CTE gk_found')).toHaveLength(s.sql.includes('gk_found') ? 1 : 0);
  }
});
