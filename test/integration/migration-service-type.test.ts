import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { createBareDatabase, migrationsBefore, type BareDatabase } from '../helpers/bare-database';
import type { Database } from '../../libs/db/database';

/**
 * Migration 004 adds `service_type` and fills it for rows written before it (the projection is
 * only recomputed on write): a database migrated to 003 with service records in it, then 004.
 */
let bare: BareDatabase;
let before: ReturnType<typeof migrationsBefore>;
let db: Database;

beforeAll(async () => {
  bare = await createBareDatabase('gk_t_m004');
  db = openPgDatabase({ connectionString: bare.url, max: 2 });
  before = migrationsBefore('004');
});

afterAll(async () => {
  await db?.close().catch(() => undefined);
  await bare?.drop();
  before?.remove();
});

it('backfills service_type from doc->>serviceType (trimmed, blank and non-string → NULL)', async () => {
  expect(await migrate(db, before.dir)).not.toContain('004_service_type.sql');
  await db.query(`INSERT INTO organisations (id, name) VALUES ('o', 'O')`);
  await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u', 'u', 'x', 'ADMIN', 'o')`);
  const rows: [string, unknown][] = [['s1', { title: 'A', serviceType: ' view ' }], ['s2', { title: 'B', serviceType: '  ' }], ['s3', { title: 'C' }], ['s4', { title: 'D', serviceType: 7 }]];
  for (const [id, doc] of rows) {
    await db.query(`INSERT INTO records (id, status, organisation_id, owner_id, doc) VALUES ($1, 'PUBLISHED', 'o', 'u', $2)`, [id, JSON.stringify(doc)]);
  }
  before.add('004_service_type.sql');
  expect(await migrate(db, before.dir)).toEqual(['004_service_type.sql']);
  const r = await db.query<{ id: string; service_type: string | null }>('SELECT id, service_type FROM records ORDER BY id');
  expect(r.rows).toEqual([
    { id: 's1', service_type: 'view' },
    { id: 's2', service_type: null },
    { id: 's3', service_type: null },
    { id: 's4', service_type: null },
  ]);
});
