import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeTables } from '../../libs/db/analyze-tables';
import { tablesChangedBy } from '../../libs/db/migrate';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { openPgliteDatabase } from '../../libs/db/pglite-database';
import { importFiles } from '../../libs/import/batch-import';
import { copyPgliteTemplate } from '../helpers/pglite-template';
import { waitUntil } from '../helpers/private-servers';
import { removeTempDirs, tempDir, world, writeGenerated, type World } from './cli-import-support';

/**
 * Issue 11 point 2: after a bulk import the planner knows the table's new size. Observed before:
 * 10,000 records imported into a never-analysed table, an estimate of 87 PUBLISHED rows and an
 * AnyText search at ~190 ms of database time instead of ~3 ms. Asserted on what load cannot
 * change: ANALYZE counts, pg_class.reltuples, the plan's row estimates and index names.
 */

const N = 2_000;
const EVERY = 500;

interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] }

const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

describe('planner statistics after a bulk import (server mode, real PostgreSQL)', () => {
  let w: World;

  beforeAll(async () => {
    w = await world('stat');
    const dir = tempDir();
    const ids = writeGenerated(dir, Array.from({ length: N }, (_, i) => i + 1));
    const files = ids.map((_, i) => `${dir}/gen-${i + 1}.xml`);
    const s = await importFiles(w.t.db, files, { organisationId: w.orgId, ownerId: w.admin.id, publish: true, analyzeEveryRows: EVERY });
    expect({ imported: s.imported, failed: s.failed, analyzeRuns: s.analyzeRuns }).toEqual({ imported: N, failed: 0, analyzeRuns: N / EVERY });
  }, 600_000);

  afterAll(async () => {
    await w?.t.drop();
    removeTempDirs();
  });

  const explain = async (sql: string, params: unknown[]): Promise<PlanNode> => {
    const r = await w.t.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    return r.rows[0]!['QUERY PLAN'][0].Plan;
  };

  it('ANALYZEs the written tables every N records and at the end: the planner knows their size', async () => {
    const stats = await w.t.db.query<{ relname: string; analyze_count: string; reltuples: number }>(
      `SELECT s.relname, s.analyze_count, c.reltuples FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.relname IN ('records', 'record_history', 'outbox') ORDER BY s.relname`,
    );
    // pg_class.reltuples is written by ANALYZE itself (below 30,000 rows it counts every row)
    expect(stats.rows.map((r) => ({ table: r.relname, analyzed: Number(r.analyze_count), rows: Number(r.reltuples) }))).toEqual([
      { table: 'outbox', analyzed: N / EVERY, rows: 2 * N },
      { table: 'record_history', analyzed: N / EVERY, rows: 2 * N },
      { table: 'records', analyzed: N / EVERY, rows: N },
    ]);
    const published = await explain("SELECT id FROM records r WHERE r.status = 'PUBLISHED'", []);
    expect(published['Plan Rows']).toBe(N);
  });

  it('a CSW AnyText search over the imported records is planned on the trigram index (GIN pending list merged)', async () => {
    // the WHERE clause libs/csw compiles, inside the statement csw-search.repository.ts counts with
    const node: FilterNode = { op: 'like', property: 'csw:AnyText', pattern: '*gen-001234*', wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: false };
    const params: unknown[] = [];
    const where = compileFilter(node, params);
    const plan = await explain(`SELECT count(*) AS n FROM records r WHERE r.status = 'PUBLISHED' AND (${where})`, params);
    const scans = nodes(plan).filter((n) => n['Index Name'] !== undefined || n['Node Type'] === 'Seq Scan');
    expect(scans.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Bitmap Index Scan', 'records_anytext_trgm_idx']]);
    const found = await w.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records r WHERE r.status = 'PUBLISHED' AND (${where})`, params);
    expect(found.rows[0]!.n).toBe(1);
  });

  it('once the late statistics of the writing sessions are in, ANALYZE leaves nothing modified since', async () => {
    // sessions report their insert counts up to ~10 s after the fact (pgstat's idle interval),
    // so counts can land after the import's last ANALYZE; wait until all of them are in
    const insertsSeen = async () => {
      await w.t.db.query('SELECT pg_stat_clear_snapshot()');
      const r = await w.t.db.query<{ n: string }>("SELECT n_tup_ins AS n FROM pg_stat_user_tables WHERE relname = 'records'");
      return Number(r.rows[0]?.n) >= N;
    };
    await waitUntil(insertsSeen, 'statistik sisipan records', 60_000);
    await analyzeTables(w.t.db, ['records', 'records']);
    await w.t.db.query('SELECT pg_stat_clear_snapshot()');
    const r = await w.t.db.query<{ n: string }>("SELECT n_mod_since_analyze AS n FROM pg_stat_user_tables WHERE relname = 'records'");
    expect(Number(r.rows[0]!.n)).toBe(0);
  });

  it('refuses anything but plain table names', async () => {
    await expect(analyzeTables(w.t.db, ['records; DROP TABLE records'])).rejects.toThrow(/not a table name/);
    await expect(analyzeTables(w.t.db, [])).resolves.toBeUndefined();
    await expect(analyzeTables(w.t.db, ['no_such_table'])).rejects.toThrow(/does not exist/);
  });
});

describe('tablesChangedBy (which tables a migration ANALYZEs)', () => {
  it('finds the tables a script writes or indexes, not the ones it only creates or reads', () => {
    const sql = `
      CREATE TABLE fresh (id int);
      ALTER TABLE records ADD COLUMN x text; -- UPDATE ignored_in_comment
      UPDATE records SET x = 'a' WHERE id IN (SELECT record_id FROM record_history);
      INSERT INTO settings (key) VALUES ('k');
      DELETE FROM outbox WHERE false;
      CREATE INDEX IF NOT EXISTS users_x_idx ON users (lower(username));
      CREATE UNIQUE INDEX y ON ONLY organisations (name);`;
    expect(tablesChangedBy(sql).sort()).toEqual(['organisations', 'outbox', 'records', 'settings', 'users']);
  });
});

describe('analyzeTables in embedded mode (PGlite)', () => {
  it('refreshes the row estimate of a table PGlite has no autovacuum for', async () => {
    // a copy of the migrated template (an initialised PGlite with pg_trgm), not a first start:
    // this test is about ANALYZE, and initdb in WebAssembly is the slow part of a fresh PGlite
    const dir = mkdtempSync(path.join(tmpdir(), 'gk-planner-'));
    await copyPgliteTemplate(dir);
    const db = await openPgliteDatabase(path.join(dir, 'pglite'));
    try {
      await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE TABLE bulk (id int PRIMARY KEY, status text, body text)');
      await db.exec('CREATE INDEX bulk_body_trgm ON bulk USING gin (body gin_trgm_ops)');
      await db.query("INSERT INTO bulk SELECT g, CASE WHEN g % 10 = 0 THEN 'DRAFT' ELSE 'PUBLISHED' END, 'isi ' || g FROM generate_series(1, 2000) g");
      await analyzeTables(db, ['bulk']);
      const pending = await db.query<{ n: number }>("SELECT gin_clean_pending_list('bulk_body_trgm'::regclass)::int AS n");
      expect(pending.rows[0]!.n).toBe(0); // already merged
      const r = await db.query<{ n: number }>("SELECT reltuples::int AS n FROM pg_class WHERE relname = 'bulk'");
      expect(r.rows[0]!.n).toBe(2000);
      const plan = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>("EXPLAIN (FORMAT JSON) SELECT id FROM bulk WHERE status = 'DRAFT'");
      expect(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']).toBe(200);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
