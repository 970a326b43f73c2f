import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../libs/db/open-database';

/**
 * The embedded-mode twin of template-db.ts: a PGlite data directory, initialised and migrated
 * once per run, that every embedded test app copies instead of starting from nothing. A fresh
 * PGlite start runs initdb, creates PostGIS and pg_trgm and applies every migration inside
 * WebAssembly — measured 169 s of wall time at load 18 on 2 cores, against 18 s to copy the
 * migrated directory (63 MB) and open it — and the suite starts a dozen embedded apps.
 * The directory is built by the product's own openDatabase (the path `npm start` takes), so a
 * copy is exactly what an embedded install looks like after its first start. A test about that
 * first start itself must not use the template.
 */

const ROOT = path.resolve(__dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'libs/db/migrations');

/** everything the contents of a freshly migrated PGlite directory depend on */
function templateKey(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(path.join(MIGRATIONS, f)));
  for (const pkg of ['@electric-sql/pglite', '@electric-sql/pglite-postgis']) {
    // read from disk: neither package exports its package.json
    h.update(pkg).update(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')));
  }
  // the thread creates the extensions and sets the start parameters; the bundle decides what PostGIS ships
  for (const f of ['pglite-worker.ts', 'pglite-postgis-bundle.ts']) h.update(readFileSync(path.join(ROOT, 'libs/db', f)));
  return h.digest('hex').slice(0, 16);
}

const TEMPLATES = path.join(tmpdir(), 'gk-test-pglite');

/** Builds the template directory unless an identical one exists; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  const target = path.join(TEMPLATES, templateKey());
  if (existsSync(target)) return target;
  mkdirSync(TEMPLATES, { recursive: true });
  // built beside the target and renamed into place: parallel runs never see half a directory
  const building = mkdtempSync(path.join(TEMPLATES, 'building-'));
  try {
    const { db } = await openDatabase({ databaseUrl: undefined, dataDir: building });
    await db.close(); // a clean shutdown: the copies start without crash recovery
    try {
      renameSync(path.join(building, 'pglite'), target);
    } catch (err) {
      // another run finished the same template first; theirs is as good as ours
      if (!existsSync(target)) throw err;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/** Puts a copy of the migrated template where an embedded app with DATA_DIR=`dataDir` opens PGlite. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = process.env.GK_TEST_PGLITE_TEMPLATE ?? (await ensurePgliteTemplate());
  cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}
