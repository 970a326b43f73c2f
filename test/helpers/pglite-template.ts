import { cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPgliteTemplate } from '../../libs/db/open-database';

/**
 * The embedded-mode twin of template-db.ts: a PGlite data directory, initialised and migrated
 * once per run, that every embedded test app copies instead of starting from nothing. A fresh
 * PGlite start runs initdb, creates PostGIS and pg_trgm and applies every migration inside
 * WebAssembly — measured 169 s of wall time at load 18 on 2 cores, against 18 s to copy the
 * migrated directory (63 MB) and open it — and the suite starts a dozen embedded apps.
 * The directory is the product's own template (libs/db/pglite-template.ts, what a first
 * `npm start` copies), kept in a folder of the tests' own so that a run never depends on what
 * `npm install` left in .cache/. A test about a first start without a template must give the
 * product an empty template folder.
 */

const TEMPLATES = path.join(tmpdir(), 'gk-test-pglite');

/** Builds the template directory unless an identical one exists; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  return (await buildPgliteTemplate(TEMPLATES)).path;
}

/** Puts a copy of the migrated template where an embedded app with DATA_DIR=`dataDir` opens PGlite. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = process.env.GK_TEST_PGLITE_TEMPLATE ?? (await ensurePgliteTemplate());
  cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}
