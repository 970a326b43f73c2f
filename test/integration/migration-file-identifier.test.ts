import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { createBareDatabase, migrationsBefore, type BareDatabase } from '../helpers/bare-database';
import type { Database } from '../../libs/db/database';

/**
 * Migration 040 (scoped file identifiers) on a database that already holds records: every row
 * keeps its key as its identifier, the OAI-PMH feed names its items (a withdrawn one and one
 * whose record is gone included) by it, and the two unique rules hold from then on.
 */
let bare: BareDatabase;
let before: ReturnType<typeof migrationsBefore>;
let db: Database;

beforeAll(async () => {
  bare = await createBareDatabase('gk_sec_m040');
  db = openPgDatabase({ connectionString: bare.url, max: 2 });
  before = migrationsBefore('040');
});

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await bare?.drop();
  before?.remove();
});

const insert = (id: string, org: string, status: string, publishedAt: string | null = null) => db.query(
  `INSERT INTO records (id, status, organisation_id, owner_id, doc, published_at) VALUES ($1, $2, $3, 'u-' || $3, $4, $5::timestamptz)`,
  [id, status, org, JSON.stringify({ title: id, fileIdentifier: id }), publishedAt],
);

it('backfills file_identifier from the key, in records and oai_items; then enforces both rules', async () => {
  expect(await migrate(db, before.dir)).not.toContain('040_file_identifier_scope.sql');
  for (const o of ['a', 'b']) {
    await db.query(`INSERT INTO organisations (id, name) VALUES ($1, $1)`, [o]);
    await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u-' || $1, 'u-' || $1, 'x', 'ADMIN', $1)`, [o]);
  }
  await insert('draf-a', 'a', 'DRAFT');
  await insert('terbit-a', 'a', 'PUBLISHED', '2024-01-01T00:00:00Z');
  await insert('ditarik-b', 'b', 'PUBLISHED', '2024-01-01T00:00:00Z');
  await db.query(`UPDATE records SET status = 'PRIVATE' WHERE id = 'ditarik-b'`);
  await insert('hilang-b', 'b', 'PUBLISHED', '2024-01-01T00:00:00Z');
  await db.query(`DELETE FROM records WHERE id = 'hilang-b'`);

  before.add('040_file_identifier_scope.sql');
  expect(await migrate(db, before.dir)).toEqual(['040_file_identifier_scope.sql']);
  const recs = await db.query<{ id: string; file_identifier: string }>('SELECT id, file_identifier FROM records ORDER BY id');
  expect(recs.rows).toEqual([
    { id: 'ditarik-b', file_identifier: 'ditarik-b' }, { id: 'draf-a', file_identifier: 'draf-a' }, { id: 'terbit-a', file_identifier: 'terbit-a' },
  ]);
  const items = await db.query<{ record_id: string; file_identifier: string; deleted: boolean }>('SELECT record_id, file_identifier, deleted FROM oai_items ORDER BY record_id');
  expect(items.rows).toEqual([
    { record_id: 'ditarik-b', file_identifier: 'ditarik-b', deleted: true },
    { record_id: 'hilang-b', file_identifier: 'hilang-b', deleted: true },
    { record_id: 'terbit-a', file_identifier: 'terbit-a', deleted: false },
  ]);

  // another organisation's never-public record reserves nothing: b may use "draf-a" under its own key
  await db.query(`INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, doc) VALUES ('kunci-b-1', 'draf-a', 'DRAFT', 'b', 'u-b', '{"title":"x"}')`);
  // within an organisation: unique
  await expect(db.query(`INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, doc) VALUES ('kunci-a-2', 'draf-a', 'DRAFT', 'a', 'u-a', '{"title":"x"}')`))
    .rejects.toMatchObject({ code: '23505', constraint: 'records_org_file_identifier_key' });
  // among public records (PUBLISHED, withdrawn after publication): unique across organisations
  await expect(db.query(`INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, doc) VALUES ('kunci-b-2', 'terbit-a', 'PUBLISHED', 'b', 'u-b', '{"title":"x"}')`))
    .rejects.toMatchObject({ code: '23505', constraint: 'records_public_file_identifier_key' });
  await expect(db.query(`INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, doc) VALUES ('kunci-a-3', 'ditarik-b', 'PUBLISHED', 'a', 'u-a', '{"title":"x"}')`))
    .rejects.toMatchObject({ code: '23505', constraint: 'records_public_file_identifier_key' });
  // a published record since deleted still names its OAI-PMH item: publishing its identifier elsewhere is refused
  await db.query(`INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, doc) VALUES ('kunci-a-4', 'hilang-b', 'REVIEW', 'a', 'u-a', '{"title":"x"}')`);
  await expect(db.query(`UPDATE records SET status = 'PUBLISHED' WHERE id = 'kunci-a-4'`))
    .rejects.toMatchObject({ code: '23505', constraint: 'oai_items_file_identifier_key' });
  // a row written by hand without the column gets its key, as before
  await db.query(`INSERT INTO records (id, status, organisation_id, owner_id, doc) VALUES ('tangan', 'DRAFT', 'a', 'u-a', '{"title":"x"}')`);
  expect((await db.query<{ f: string }>(`SELECT file_identifier AS f FROM records WHERE id = 'tangan'`)).rows[0]!.f).toBe('tangan');
});
