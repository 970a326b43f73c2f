import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { createBareDatabase, migrationsBefore, type BareDatabase } from '../helpers/bare-database';
import type { Database } from '../../libs/db/database';
import { usernameKey } from '../../libs/catalogue/username-key';
import { findUserByUsername } from '../../libs/db/user.repository';

/**
 * Migrations 008 and 009 on an install that already has users: the oldest ADMIN of the
 * bootstrap organisation becomes the service administrator, every session epoch starts at 0,
 * and every username gets the key the code computes (usernameKey), unique.
 */
let bare: BareDatabase;
let before: ReturnType<typeof migrationsBefore>;
let db: Database;

beforeAll(async () => {
  bare = await createBareDatabase('gk_t_m009');
  db = openPgDatabase({ connectionString: bare.url, max: 2 });
  before = migrationsBefore('008');
});

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await bare?.drop();
  before?.remove();
});

it('backfills the service administrator, session epochs and username keys', async () => {
  await migrate(db, before.dir);
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
  before.add('008_service_admin_session_epoch.sql', '009_username_key.sql');
  expect(await migrate(db, before.dir)).toEqual(['008_service_admin_session_epoch.sql', '009_username_key.sql']);

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
