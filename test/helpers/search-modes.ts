import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import type { Database } from '../../libs/db/database';
import { openPgliteDatabase } from '../../libs/db/pglite-database';
import { insertRecord } from '../../libs/db/record.repository';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createFixtureUser } from './fixtures';
import { copyPgliteTemplate } from './pglite-template';
import { createTestDatabase } from './test-db';

/**
 * A migrated database of either run mode for search tests that need the store and no app: a
 * private database on the real PostgreSQL server, or a copy of the migrated PGlite template in
 * its own thread (the embedded default). Same SQL, same migrations.
 */
export type SearchMode = 'server' | 'embedded';
export const SEARCH_MODES: readonly SearchMode[] = ['server', 'embedded'];

export interface ModeDatabase {
  db: Database;
  close(): Promise<void>;
}

export async function openModeDatabase(mode: SearchMode): Promise<ModeDatabase> {
  if (mode === 'server') {
    const t = await createTestDatabase();
    return { db: t.db, close: () => t.drop() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-search-mode-'));
  await copyPgliteTemplate(dir);
  const db = await openPgliteDatabase(path.join(dir, 'pglite'));
  return {
    db,
    async close() {
      await db.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stores PUBLISHED records (no renders) in one organisation; returns nothing, ids are the given ones. */
export async function publishDocs(db: Database, docs: readonly { id: string; doc: MetadataDoc }[], orgName = 'Organisasi uji pencarian'): Promise<void> {
  const org = await createOrganisation(db, { name: orgName });
  const owner = await createFixtureUser(db, `cari-${org.id.slice(0, 8)}`, 'ADMIN', org.id);
  for (const r of docs) {
    const rec = await insertRecord(db, {
      id: r.id, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null, doc: r.doc, publishedAt: '2026-01-01T00:00:00Z',
    });
    if (!rec) throw new Error(`record ${r.id} exists`);
  }
}
