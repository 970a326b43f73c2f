import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/**
 * Forward-only migrations: files `NNN_name.sql` applied in order, each in its own
 * transaction, recorded in schema_migrations. An advisory lock keeps two processes starting
 * together (API replicas, worker) from applying the same file twice.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR, onApplied?: (file: string, ms: number) => void): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7242010)');
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const t0 = performance.now();
      await tx.exec(readFileSync(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
      onApplied?.(file, Math.round(performance.now() - t0));
    }
  });
  return applied;
}
