import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgDatabase } from './pg-database';
import { openPgliteDatabase } from './pglite-database';
import { migrate } from './migrate';

/** Told about each start-up step and how long it took (the API logs one line per step). */
export type StartupStep = (step: string, ms: number) => void;

/**
 * Opens the store the configuration names (server PostgreSQL or embedded PGlite) and migrates it.
 * `purpose` picks the statement_timeout: `request` (the API process: its queries answer HTTP
 * requests) or `job` (worker, CLI: long imports and reconciliations). PGlite accepts
 * statement_timeout but never fires it (measured: a 4 s query under a 200 ms timeout
 * completes), so the embedded mode relies on the limits at the edge alone.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'statementTimeout'>>,
  purpose: 'request' | 'job' = 'job',
  onStep?: StartupStep,
): Promise<{ db: Database; applied: string[] }> {
  const timeout = config.statementTimeout?.[purpose === 'request' ? 'requestMs' : 'jobMs'];
  const db = config.databaseUrl
    ? openPgDatabase({ connectionString: config.databaseUrl, statementTimeoutMs: timeout })
    : await openPgliteDatabase(path.join(config.dataDir, 'pglite'), onStep ? { onStep } : {});
  try {
    const applied = await migrate(db, undefined, onStep ? (file, ms) => onStep(`migrasi ${file}`, ms) : undefined);
    return { db, applied };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
