import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgDatabase } from './pg-database';
import { openPgliteDatabase } from './pglite-database';
import { migrate } from './migrate';

/** Opens the store the configuration names (server PostgreSQL or embedded PGlite) and migrates it. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ db: Database; applied: string[] }> {
  const db = config.databaseUrl
    ? openPgDatabase({ connectionString: config.databaseUrl })
    : await openPgliteDatabase(path.join(config.dataDir, 'pglite'));
  try {
    const applied = await migrate(db);
    return { db, applied };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
