import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPgDatabase } from '../../libs/db/pg-database';
import { migrate } from '../../libs/db/migrate';
import { TEST_PG_ADMIN_URL, pgUrlFor } from './env';

const MIGRATIONS = path.join(__dirname, '../../libs/db/migrations');

/**
 * A migrated template database named after the hash of the migration files: every test
 * file clones it (CREATE DATABASE … TEMPLATE, ~100 ms) instead of migrating from scratch,
 * and a changed migration gets a fresh template automatically.
 */
export function templateName(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(path.join(MIGRATIONS, f)));
  return `gk_tmpl_${h.digest('hex').slice(0, 12)}`;
}

export async function ensureTemplate(): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    // serialise creators across parallel jest runs on the same server
    await admin.query('SELECT pg_advisory_lock(7242011)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      // a build that failed half-way (a missing extension, a killed run) left its scratch
      // database behind; under the lock nobody else is building it
      await admin.query(`DROP DATABASE IF EXISTS ${name}_building`);
      await admin.query(`CREATE DATABASE ${name}_building`);
      const db = openPgDatabase({ connectionString: pgUrlFor(`${name}_building`), max: 1 });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${name}_building RENAME TO ${name}`);
    }
    await admin.query('SELECT pg_advisory_unlock(7242011)');
    return name;
  } finally {
    await admin.end();
  }
}
