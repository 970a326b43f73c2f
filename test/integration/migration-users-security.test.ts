import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import type { Database } from '../../libs/db/database';
import { usernameKey } from '../../libs/catalogue/username-key';
import { findUserByUsername } from '../../libs/db/user.repository';
import { TEST_PG_ADMIN_URL, pgUrlFor } from '../helpers/env';

/**
 * Migrations 008 and 009 on an install that already has users: the oldest ADMIN of the
 * bootstrap organisation becomes the service administrator, every session epoch starts at 0,
 * and every username gets the key the code computes (usernameKey), unique.
 */
const MIGRATIONS = path.join(__dirname, '../../libs/db/migrations');
const name = `gk_t_m009_${randomBytes(4).toString('hex')}`;
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
  dir = mkdtempSync(path.join(tmpdir(), 'gk-m009-'));
  for (const f of readdirSync(MIGRATIONS).filter((x) => x < '008')) copyFileSync(path.join(MIGRATIONS, f), path.join(dir, f));
  await admin(`CREATE DATABASE ${name}`);
  db = openPgDatabase({ connectionString: pgUrlFor(name), max: 2 });
});

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

it('backfills the service administrator, session epochs and username keys', async () => {
  await migrate(db, dir);
  await db.query(`INSERT INTO organisations (id, name) VALUES ('host', 'organisasi utama'), ('b', 'Dinas B')`);
  const users: [string, string, string, string, string][] = [
    ['u1', 'Admin', 'ADMIN', 'host', '2024-01-01'],
    ['u2', 'Kedua.Admin', 'ADMIN', 'host', '2024-02-01'],
    ['u3', 'Budi_S', 'PRODUSEN', 'host', '2023-01-01'],
    ['u4', 'admin-b', 'ADMIN', 'b', '2023-01-01'],
  ];
  for (const [id, username, role, org, created] of users) {
    await db.query('INSERT INTO users (id, username, password_hash, role, organisation_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [id, username, 'x', role, org, created]);
  }
  for (const f of ['008_service_admin_session_epoch.sql', '009_username_key.sql']) copyFileSync(path.join(MIGRATIONS, f), path.join(dir, f));
  expect(await migrate(db, dir)).toEqual(['008_service_admin_session_epoch.sql', '009_username_key.sql']);

  const r = await db.query<{ id: string; username: string; username_key: string; is_service_admin: boolean; session_epoch: number }>(
    'SELECT id, username, username_key, is_service_admin, session_epoch FROM users ORDER BY id');
  expect(r.rows.map((u) => [u.id, u.is_service_admin, u.session_epoch])).toEqual([['u1', true, 0], ['u2', false, 0], ['u3', false, 0], ['u4', false, 0]]);
  for (const u of r.rows) expect(u.username_key).toBe(usernameKey(u.username));

  // lookups go through the key; uniqueness holds on it, also for rows written by hand
  expect((await findUserByUsername(db, 'KEDUA.admin'))?.id).toBe('u2');
  expect((await findUserByUsername(db, 'budi_\uFF33'))?.id).toBe('u3'); // fullwidth S
  const dup = await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u5', 'ADMIN-B', 'x', 'QCQE', 'b')`)
    .then(() => undefined, (e: { code?: string }) => e.code);
  expect(dup).toBe('23505');
});
