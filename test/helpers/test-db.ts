import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../libs/db/database';
import { openPgDatabase } from '../../libs/db/pg-database';
import { TEST_PG_ADMIN_URL, pgUrlFor } from './env';
import { ensureTemplate } from './template-db';

export interface TestDatabase {
  db: Database;
  url: string;
  name: string;
  /** closes the pool and drops the database */
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh, migrated database on the real PostgreSQL server, private to the calling test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env.GK_TEST_TEMPLATE ?? (await ensureTemplate());
  const name = `gk_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = pgUrlFor(name);
  const db = openPgDatabase({ connectionString: url, max: 5 });
  return {
    db,
    url,
    name,
    async drop() {
      await db.close().catch(() => undefined);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
