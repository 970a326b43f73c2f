import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../libs/db/database';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { TEST_PG_ADMIN_URL, pgUrlFor } from '../helpers/env';

/**
 * Migration 020 on a catalogue that already has records: it backfills the change feed from
 * what is PUBLISHED (datestamp = last modification) and from what was published and is PRIVATE
 * now (a withdrawal, stamped with its last move to PRIVATE), and from then on the trigger keeps
 * it. The database is migrated up to just before 020 first, so this is the real upgrade path.
 */

const MIGRATIONS = path.join(__dirname, '../../libs/db/migrations');
const name = `gk_t_${randomBytes(6).toString('hex')}`;
let db: Database;
let before020: string;

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
  await admin(`CREATE DATABASE ${name}`);
  db = openPgDatabase({ connectionString: pgUrlFor(name), max: 2 });
  before020 = mkdtempSync(path.join(tmpdir(), 'gk-mig-'));
  for (const f of readdirSync(MIGRATIONS)) if (/^\d{3}_/.test(f) && f < '020_') copyFileSync(path.join(MIGRATIONS, f), path.join(before020, f));
}, 120_000);

afterAll(async () => {
  await db?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(before020, { recursive: true, force: true });
});

it('backfills published and withdrawn records, then the trigger takes over', async () => {
  await migrate(db, before020);
  await db.exec(`
    INSERT INTO organisations (id, name) VALUES ('org-1', 'Organisasi Satu');
    INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u-1', 'pemilik', 'x', 'PRODUSEN', 'org-1');
    INSERT INTO records (id, status, organisation_id, owner_id, doc, hierarchy_level, updated_at, published_at) VALUES
      ('pub', 'PUBLISHED', 'org-1', 'u-1', '{"title":"a"}', 'service', '2024-03-01T10:00:00.123456Z', '2024-02-01T00:00:00Z'),
      ('pub-nolevel', 'PUBLISHED', 'org-1', 'u-1', '{"title":"b"}', NULL, '2024-03-02T00:00:00Z', '2024-03-02T00:00:00Z'),
      ('priv', 'PRIVATE', 'org-1', 'u-1', '{"title":"c"}', 'dataset', '2024-05-01T00:00:00Z', '2024-01-01T00:00:00Z'),
      ('priv-nohist', 'PRIVATE', 'org-1', 'u-1', '{"title":"d"}', 'dataset', '2024-06-01T00:00:00Z', '2024-01-01T00:00:00Z'),
      ('draft', 'DRAFT', 'org-1', 'u-1', '{"title":"e"}', 'dataset', '2024-01-01T00:00:00Z', NULL),
      ('review', 'REVIEW', 'org-1', 'u-1', '{"title":"f"}', 'dataset', '2024-01-01T00:00:00Z', NULL);
    INSERT INTO record_history (record_id, actor_id, from_status, to_status, at) VALUES
      ('priv', 'u-1', 'PUBLISHED', 'PRIVATE', '2024-04-15T08:00:00Z');
  `);
  const applied = await migrate(db);
  expect(applied).toContain('020_oai_items.sql');

  const rows = await db.query<{ record_id: string; organisation_id: string; hierarchy_level: string; deleted: boolean; ds: string }>(
    `SELECT record_id, organisation_id, hierarchy_level, deleted,
            to_char(datestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ds
       FROM oai_items ORDER BY record_id`,
  );
  expect(rows.rows).toEqual([
    { record_id: 'priv', organisation_id: 'org-1', hierarchy_level: 'dataset', deleted: true, ds: '2024-04-15T08:00:00.000000Z' },
    { record_id: 'priv-nohist', organisation_id: 'org-1', hierarchy_level: 'dataset', deleted: true, ds: '2024-06-01T00:00:00.000000Z' },
    { record_id: 'pub', organisation_id: 'org-1', hierarchy_level: 'service', deleted: false, ds: '2024-03-01T10:00:00.123456Z' },
    { record_id: 'pub-nolevel', organisation_id: 'org-1', hierarchy_level: 'dataset', deleted: false, ds: '2024-03-02T00:00:00.000000Z' },
  ]);

  await db.query("UPDATE records SET status = 'PRIVATE', updated_at = now() WHERE id = 'pub'");
  await db.query("UPDATE records SET status = 'PUBLISHED', updated_at = now() WHERE id = 'review'");
  const after = await db.query<{ record_id: string; deleted: boolean; recent: boolean }>(
    "SELECT record_id, deleted, datestamp > '2025-01-01' AS recent FROM oai_items WHERE record_id IN ('pub', 'review') ORDER BY record_id",
  );
  expect(after.rows).toEqual([
    { record_id: 'pub', deleted: true, recent: true },
    { record_id: 'review', deleted: false, recent: true },
  ]);
}, 300_000);
