import pg from 'pg';
import { projectRecord } from '../../libs/catalogue/search-projection';
import type { Database } from '../../libs/db/database';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { insertRecordBatch } from '../../libs/db/record-batch.repository';
import { createDefaultRenderer } from '../../libs/processors/default-renderer';
import { benchDoc, benchId } from '../csw/generate-records';

/**
 * The harvest benchmark's source database `gk_bench_harvest_src_<n>`: n PUBLISHED records (the
 * CSW benchmark's generated documents) with their stored ISO 19139 render only — the one form a
 * CSW harvest in `outputSchema=gmd` reads. The gmd render is built with xmlbuilder2 (no XSLT),
 * so loading stays fast on a busy machine; bench/csw's loader renders all ten forms. Reused when
 * complete; the outbox events of the load are cleared (no worker renders them).
 */
export async function ensureHarvestSourceDb(opts: { n: number; adminUrl: string; log: (s: string) => void }): Promise<{ url: string; name: string; reused: boolean; seconds: number }> {
  const name = `gk_bench_harvest_src_${opts.n}`;
  const u = new URL(opts.adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const db: Database = openPgDatabase({ connectionString: url, max: 2 });
  const t0 = performance.now();
  try {
    await migrate(db);
    const have = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM record_renders WHERE format = 'gmd'")).rows[0]!.n;
    if (have === opts.n) {
      await db.query('DELETE FROM outbox'); // an interrupted earlier load may have left its events
      return { url, name, reused: true, seconds: 0 };
    }
    await db.query("INSERT INTO organisations (id, name) VALUES ('bench-org', 'Organisasi Benchmark') ON CONFLICT DO NOTHING");
    await db.query("INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('bench-user', 'bench', 'x', 'ADMIN', 'bench-org') ON CONFLICT DO NOTHING");
    const renderer = await createDefaultRenderer();
    const batch = 500;
    for (let from = have; from < opts.n; from += batch) {
      const ids: string[] = [];
      const xmls: string[] = [];
      const rows: { fileIdentifier: string; docJson: string; projection: ReturnType<typeof projectRecord> }[] = [];
      for (let i = from; i < Math.min(opts.n, from + batch); i++) {
        const id = benchId(i);
        const doc = { ...benchDoc(i), fileIdentifier: id };
        rows.push({ fileIdentifier: id, docJson: JSON.stringify(doc), projection: projectRecord(doc, id) });
        ids.push(id);
        const now = new Date().toISOString();
        xmls.push(await renderer.render({
          ...doc, id, status: 'PUBLISHED', organisationId: 'bench-org', ownerId: 'bench-user', reviewerId: null, version: 1, createdAt: now, updatedAt: now, publishedAt: now,
        }, 'gmd'));
      }
      await db.transaction(async (tx) => {
        // the renders are stored under the keys the server chose for the new records
        const keys = new Map((await insertRecordBatch(tx, rows, { organisationId: 'bench-org', ownerId: 'bench-user', status: 'PUBLISHED', note: 'bench' }))
          .map((x) => [x.fileIdentifier, x.id]));
        const written = ids.flatMap((id, i) => (keys.has(id) ? [[keys.get(id)!, xmls[i]!] as const] : []));
        await tx.query(
          `INSERT INTO record_renders (record_id, format, version, xml) SELECT id, 'gmd', 1, xml FROM unnest($1::text[], $2::text[]) AS x(id, xml)
           ON CONFLICT (record_id, format) DO NOTHING`,
          [written.map((x) => x[0]), written.map((x) => x[1])],
        );
      });
      opts.log(`  ${Math.min(opts.n, from + batch)}/${opts.n} rekaman sumber`);
    }
    await db.query('DELETE FROM outbox');
    // one statement each: VACUUM cannot run inside the implicit transaction of a multi-statement query
    await db.query('VACUUM ANALYZE records');
    await db.query('VACUUM ANALYZE record_renders');
    return { url, name, reused: false, seconds: Math.round((performance.now() - t0) / 100) / 10 };
  } finally {
    await db.close();
  }
}
