import pg from 'pg';
import { PROJECTION_COLUMNS, projectRecord } from '../../libs/catalogue/search-projection';
import { projectionSqlType, projectionTarget, projectionValueSql } from '../../libs/db/projection-columns';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { Database } from '../../libs/db/database';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { RENDER_FORMATS } from '../../libs/render';
import { createRenderPool, type RenderPool } from '../../libs/render/render-pool';
import { benchRecord } from './generate-records';

/**
 * The benchmark database `gk_bench_<n>` on the local PostgreSQL: n PUBLISHED records with every
 * stored render, written in bulk (one jsonb_to_recordset INSERT for the records and one unnest
 * INSERT for their renders per batch, in one transaction). Records are generated and rendered
 * in order and batches commit in order, so an interrupted load resumes where it stopped, and a
 * complete database is reused as it is (migrations are still applied, so it follows the schema).
 *
 * The rows are written directly, without history or outbox events: events would make the API
 * enqueue a render job per record when it starts.
 */
export interface BenchDb {
  url: string;
  name: string;
  reused: boolean;
  published: number;
  loadSeconds: number;
}

const sqlType = projectionSqlType;
const TARGET = PROJECTION_COLUMNS.map(projectionTarget);
const SOURCE = PROJECTION_COLUMNS.map((c) => projectionValueSql(c, `s.${c}`));
const INSERT_RECORDS = `
  INSERT INTO records (id, status, organisation_id, owner_id, version, doc, created_at, updated_at, published_at, ${TARGET.join(', ')})
  SELECT s.id, 'PUBLISHED', 'bench-org', 'bench-user', 1, s.doc, s.updated_at, s.updated_at, s.updated_at, ${SOURCE.join(', ')}
    FROM jsonb_to_recordset($1::jsonb) AS s(id text, doc jsonb, updated_at timestamptz, ${PROJECTION_COLUMNS.map((c) => `${c} ${sqlType(c)}`).join(', ')})
  ON CONFLICT (id) DO NOTHING`;
const INSERT_RENDERS = `
  INSERT INTO record_renders (record_id, format, version, xml)
  SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])
  ON CONFLICT (record_id, format) DO NOTHING`;

export function benchDbName(n: number): string {
  return `gk_bench_${n}`;
}

function urlFor(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function counts(db: Database): Promise<{ published: number; renders: number }> {
  const r = await db.query<{ published: number; renders: number }>(
    `SELECT (SELECT count(*) FROM records WHERE status = 'PUBLISHED')::int AS published,
            (SELECT count(*) FROM record_renders)::int AS renders`,
  );
  return r.rows[0]!;
}

async function writeBatch(db: Database, records: MetadataRecord[], renders: Map<string, Record<string, string>>): Promise<void> {
  const rows = records.map((rec) => {
    const { id, status: _s, organisationId: _o, ownerId: _w, reviewerId: _r, version: _v, createdAt: _c, updatedAt, publishedAt: _p, ...doc } = rec;
    return { id, doc: { ...doc, fileIdentifier: id }, updated_at: updatedAt, ...projectRecord(doc, id) };
  });
  const ids: string[] = [];
  const formats: string[] = [];
  const versions: number[] = [];
  const xmls: string[] = [];
  for (const rec of records) {
    const set = renders.get(rec.id)!;
    for (const f of RENDER_FORMATS) {
      ids.push(rec.id);
      formats.push(f);
      versions.push(1);
      xmls.push(set[f]!);
    }
  }
  await db.transaction(async (tx) => {
    await tx.query(INSERT_RECORDS, [JSON.stringify(rows)]);
    await tx.query(INSERT_RENDERS, [ids, formats, versions, xmls]);
  });
}

async function renderBatch(pool: RenderPool, from: number, to: number): Promise<{ records: MetadataRecord[]; renders: Map<string, Record<string, string>> }> {
  const records: MetadataRecord[] = [];
  for (let i = from; i < to; i++) records.push(benchRecord(i));
  const sets = await Promise.all(records.map((rec) => pool.renderAll(rec)));
  return { records, renders: new Map(records.map((rec, k) => [rec.id, sets[k]!])) };
}

async function vacuum(db: Database, log: (s: string) => void): Promise<void> {
  log('VACUUM ANALYZE (visibility map untuk index-only scan, statistik untuk planner)');
  await db.exec('VACUUM (ANALYZE) records');
  await db.exec('VACUUM (ANALYZE) record_renders');
}

export async function ensureBenchDb(opts: { n: number; adminUrl: string; batch?: number; log: (s: string) => void; /** another name than gk_bench_<n> (a helper's own prefix) */ name?: string }): Promise<BenchDb> {
  const name = opts.name ?? benchDbName(opts.n);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nama basis data tidak sah: ${name}`);
  const url = urlFor(opts.adminUrl, name);
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const db = openPgDatabase({ connectionString: url, max: 2 });
  const t0 = performance.now();
  try {
    const applied = await migrate(db);
    if (applied.length) opts.log(`migrasi diterapkan pada ${name}: ${applied.join(', ')}`);
    const before = await counts(db);
    if (before.published === opts.n && before.renders === opts.n * RENDER_FORMATS.length) {
      opts.log(`basis data ${name} dipakai ulang: ${before.published} rekaman PUBLISHED, ${before.renders} render`);
      // a migration that rewrote rows cleared the visibility map that index-only scans need
      if (applied.length) await vacuum(db, opts.log);
      return { url, name, reused: true, published: before.published, loadSeconds: 0 };
    }
    if (before.published > opts.n) throw new Error(`${name} berisi ${before.published} rekaman, lebih dari ${opts.n}; hapus basis data itu dulu`);

    await db.query(`INSERT INTO organisations (id, name) VALUES ('bench-org', 'Organisasi Benchmark') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('bench-user', 'bench', 'x', 'PRODUSEN', 'bench-org') ON CONFLICT DO NOTHING`);
    // batches commit in order: the records present are exactly 0 … start-1 (a batch is all or nothing)
    const start = before.published;
    const pool = await createRenderPool();
    opts.log(`memuat ${opts.n - start} rekaman ke ${name} (mulai dari ${start}); render dengan pool ${pool.size} thread`);
    const batch = opts.batch ?? 200;
    let pending: Promise<void> | undefined;
    let lastLog = performance.now();
    try {
      for (let from = start; from < opts.n; from += batch) {
        const to = Math.min(opts.n, from + batch);
        // the threads render the next batch while PostgreSQL writes the previous one
        const rendered = await renderBatch(pool, from, to);
        await pending;
        pending = writeBatch(db, rendered.records, rendered.renders);
        // awaited on the next round; until then a failure must not count as unhandled
        pending.catch(() => undefined);
        if (performance.now() - lastLog > 15_000 || to === opts.n) {
          const s = (performance.now() - t0) / 1000;
          const rate = (to - start) / s;
          opts.log(`  ${to}/${opts.n} rekaman, ${rate.toFixed(0)}/s, sisa ±${Math.round((opts.n - to) / rate)} s`);
          lastLog = performance.now();
        }
      }
      await pending;
    } finally {
      await pool.close();
    }
    await vacuum(db, opts.log);
    const after = await counts(db);
    return { url, name, reused: false, published: after.published, loadSeconds: Math.round((performance.now() - t0) / 1000) };
  } finally {
    await db.close();
  }
}
