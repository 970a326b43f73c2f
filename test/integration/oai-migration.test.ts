import type { Database } from '../../libs/db/database';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { createBareDatabase, migrationsBefore, type BareDatabase } from '../helpers/bare-database';

/**
 * Migration 020 on a catalogue that already has records: it backfills the change feed from
 * what is PUBLISHED (datestamp = last modification) and from what was published and is PRIVATE
 * now (a withdrawal, stamped with its last move to PRIVATE), and from then on the trigger keeps
 * it. The database is migrated up to just before 020 first, so this is the real upgrade path.
 */

let bare: BareDatabase;
let before: ReturnType<typeof migrationsBefore>;
let db: Database;

beforeAll(async () => {
  bare = await createBareDatabase('gk_t_m020');
  db = openPgDatabase({ connectionString: bare.url, max: 2 });
  before = migrationsBefore('020');
}, 300_000);

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await bare?.drop();
  before?.remove();
});

it('backfills published and withdrawn records, then the trigger takes over', async () => {
  await migrate(db, before.dir);
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
