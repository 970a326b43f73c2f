import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeTables } from './analyze-tables';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/**
 * Tables a migration script writes rows of or builds an index on (UPDATE, INSERT INTO, DELETE
 * FROM, ALTER TABLE, CREATE INDEX … ON): the ones whose statistics it may have made stale.
 * ANALYZE also gathers statistics of expression indexes, which a new one has none of.
 */
export function tablesChangedBy(sql: string): string[] {
  const text = sql.replace(/--[^\n]*/g, ' ');
  const re = /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM|ALTER\s+TABLE(?:\s+IF\s+EXISTS)?|CREATE\s+(?:UNIQUE\s+)?INDEX\b[^;]*?\bON)\s+(?:ONLY\s+)?(?:public\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;
  return [...new Set([...text.matchAll(re)].map((m) => m[1]!.toLowerCase()))];
}

/**
 * Forward-only migrations: files `NNN_name.sql` applied in order, each in its own
 * transaction, recorded in schema_migrations. An advisory lock keeps two processes starting
 * together (API replicas, worker) from applying the same file twice.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR, onStep?: (file: string, ms?: number) => void): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  const changed = new Set<string>();
  await db.transaction(async (tx) => {
    // a migration may rewrite a large table: not bound by the process's statement_timeout
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock(7242010)');
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      onStep?.(file);
      const t0 = performance.now();
      const sql = readFileSync(path.join(dir, file), 'utf8');
      await tx.exec(sql);
      for (const t of tablesChangedBy(sql)) changed.add(t);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
      onStep?.(file, Math.round(performance.now() - t0));
    }
  });
  if (changed.size) {
    // only tables that exist now (a script may drop one, or the match may be a column name)
    const existing = await db.query<{ name: string }>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY($1::text[])',
      [[...changed]],
    );
    await analyzeTables(db, existing.rows.map((r) => r.name).sort());
  }
  return applied;
}
