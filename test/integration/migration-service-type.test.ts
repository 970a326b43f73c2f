import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import type { Database } from '../../libs/db/database';
import { TEST_PG_ADMIN_URL, pgUrlFor } from '../helpers/env';

/**
 * Migration 004 adds `service_type` and fills it for rows written before it (the projection is
 * only recomputed on write): a database migrated to 003 with service records in it, then 004.
 */
const MIGRATIONS = path.join(__dirname, '../../libs/db/migrations');
const name = `gk_t_m004_${randomBytes(4).toString('hex')}`;
let dir: string;
let db: Database;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gk-m004-'));
  for (const f of readdirSync(MIGRATIONS).filter((x) => x < '004')) copyFileSync(path.join(MIGRATIONS, f), path.join(dir, f));
  await admin(`CREATE DATABASE ${name}`);
  db = openPgDatabase({ connectionString: pgUrlFor(name), max: 2 });
});

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

it('backfills service_type from doc->>serviceType (trimmed, blank and non-string → NULL)', async () => {
  expect(await migrate(db, dir)).not.toContain('004_service_type.sql');
  await db.query(`INSERT INTO organisations (id, name) VALUES ('o', 'O')`);
  await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u', 'u', 'x', 'ADMIN', 'o')`);
  const rows: [string, unknown][] = [['s1', { title: 'A', serviceType: ' view ' }], ['s2', { title: 'B', serviceType: '  ' }], ['s3', { title: 'C' }], ['s4', { title: 'D', serviceType: 7 }]];
  for (const [id, doc] of rows) {
    await db.query(`INSERT INTO records (id, status, organisation_id, owner_id, doc) VALUES ($1, 'PUBLISHED', 'o', 'u', $2)`, [id, JSON.stringify(doc)]);
  }
  copyFileSync(path.join(MIGRATIONS, '004_service_type.sql'), path.join(dir, '004_service_type.sql'));
  expect(await migrate(db, dir)).toEqual(['004_service_type.sql']);
  const r = await db.query<{ id: string; service_type: string | null }>('SELECT id, service_type FROM records ORDER BY id');
  expect(r.rows).toEqual([
    { id: 's1', service_type: 'view' },
    { id: 's2', service_type: null },
    { id: 's3', service_type: null },
    { id: 's4', service_type: null },
  ]);
});
