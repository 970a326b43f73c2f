import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgDatabase } from './pg-database';
import { openPgliteDatabase, type PgliteDatabase } from './pglite-database';
import { copyTemplate, ensurePgliteTemplate, matchingTemplate } from './pglite-template';
import { migrate } from './migrate';
import { claimShare, type DatabaseShare } from './database-share';
import { joinSharedDatabase } from './shared-database';

/** Told when each start-up step begins (no `ms`) and when it ends (how long it took). */
export type StartupStep = (step: string, ms?: number) => void;

const SEED_STEP = 'direktori data disalin dari templat';

/**
 * The embedded store in `dir`. A first start (no directory yet) copies the migrated template
 * that `npm install` built (pglite-template.ts) when one matches today's migrations and PGlite,
 * instead of running initdb, PostGIS and every migration again.
 */
async function openEmbedded(dir: string, onStep?: StartupStep): Promise<PgliteDatabase> {
  if (!existsSync(dir)) {
    const template = matchingTemplate();
    if (template) {
      onStep?.(SEED_STEP);
      const t0 = performance.now();
      copyTemplate(template, dir);
      onStep?.(SEED_STEP, Math.round(performance.now() - t0));
    }
  }
  return openPgliteDatabase(dir, onStep ? { onStep } : {});
}

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
  opts: OpenOptions = {},
): Promise<{ db: Database; applied: string[]; joined?: boolean }> {
  const timeout = config.statementTimeout?.[purpose === 'request' ? 'requestMs' : 'jobMs'];
  if (config.databaseUrl) return migrated(openPgDatabase({ connectionString: config.databaseUrl, statementTimeoutMs: timeout }), onStep);

  // embedded: one process opens the directory and shares it on DATA_DIR's socket
  if (opts.joinRunning) {
    const joined = await joinSharedDatabase(config.dataDir);
    if (joined) return { db: joined, applied: [], joined: true };
  }
  let share: DatabaseShare | undefined;
  try {
    share = await claimShare(config.dataDir);
  } catch (err) {
    if ((err as { owned?: boolean }).owned) {
      // a process started between the join above and the claim: join it after all
      const joined = opts.joinRunning ? await joinSharedDatabase(config.dataDir) : undefined;
      if (joined) return { db: joined, applied: [], joined: true };
      throw new EmbeddedStoreInUseError(config.dataDir);
    }
    // no socket here (a path too long for one, a file system without sockets): the store opens
    // unshared, as it always did
  }
  try {
    const inner = await openEmbedded(path.join(config.dataDir, 'pglite'), onStep);
    const out = await migrated(inner, onStep);
    if (!share) return out;
    share.serve(inner);
    const owned = share;
    return { ...out, db: { ...inner, async close() { await owned.close(); await inner.close(); } } as Database };
  } catch (err) {
    await share?.close();
    throw err;
  }
}

/** A second server on a DATA_DIR whose store another live process has open: refused, not opened twice. */
export class EmbeddedStoreInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(`Basis data tertanam di ${dataDir} sedang dibuka proses geokatalog lain; hentikan proses itu dulu, atau pakai DATA_DIR lain`);
    this.name = 'EmbeddedStoreInUseError';
  }
}

export interface OpenOptions {
  /**
   * Embedded mode, when another process (a running server) has DATA_DIR's store open: use its
   * database through its socket (the CLI) instead of failing (a second server).
   */
  joinRunning?: boolean;
}

async function migrated(db: Database, onStep?: StartupStep): Promise<{ db: Database; applied: string[] }> {
  try {
    const applied = await migrate(db, undefined, onStep ? (file, ms) => onStep(`migrasi ${file}`, ms) : undefined);
    return { db, applied };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Builds the migrated PGlite template (npm install's prepare step, the test run's global setup)
 * with the same code a first start runs; returns its path and whether it had to be built.
 */
export function buildPgliteTemplate(templateDir?: string, onStep?: StartupStep): Promise<{ path: string; built: boolean }> {
  return ensurePgliteTemplate(async (dir) => {
    const db = await openPgliteDatabase(dir, onStep ? { onStep } : {});
    try {
      await migrate(db, undefined, onStep ? (file, ms) => onStep(`migrasi ${file}`, ms) : undefined);
    } finally {
      await db.close(); // a clean shutdown: the copies start without crash recovery
    }
  }, templateDir);
}
