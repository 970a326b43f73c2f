import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_PG_ADMIN_URL, pgUrlFor } from './env';

const MIGRATIONS = path.join(__dirname, '../../libs/db/migrations');

/** One statement on the server's admin database (CREATE / DROP DATABASE run outside a pool). */
export async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export interface BareDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty database (no migrations at all, unlike test-db.ts's clones of the migrated
 * template), for the tests of the upgrade path and of a fresh install.
 */
export async function createBareDatabase(prefix: string): Promise<BareDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { name, url: pgUrlFor(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A folder holding the migration files numbered below `first` (e.g. `'008'`): migrating a bare
 * database from it gives the schema as it was just before that migration.
 */
export function migrationsBefore(first: string): { dir: string; add(...files: string[]): void; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `gk-mig-${first}-`));
  const add = (...files: string[]): void => {
    for (const f of files) copyFileSync(path.join(MIGRATIONS, f), path.join(dir, f));
  };
  add(...readdirSync(MIGRATIONS).filter((f) => /^\d{3}_/.test(f) && f < first));
  /** `add`: the migrations under test, next, as an upgrade brings them */
  return { dir, add, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
