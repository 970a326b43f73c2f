import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A migrated PGlite data directory made once and copied into DATA_DIR at a first start.
 *
 * A first start of the embedded store runs initdb, creates PostGIS and pg_trgm and applies every
 * migration inside WebAssembly: 10 s on a quiet machine, over a minute on a loaded one (issue 23
 * measured 63 s for PGlite and the extensions at load 3–9). `npm install` (scripts/prepare.cjs)
 * builds the directory once with the product's own opening code; a first start then copies it
 * (63 MB, a second or two) and opens it like any restart. The template's name is derived from
 * everything its contents depend on, so a new migration or PGlite version is never served an
 * old template: without a matching one the first start simply runs initdb as before.
 */

const MIGRATIONS = path.join(__dirname, 'migrations');
const EXT = path.extname(__filename);

/** The folder holding the repository's package.json: the root of a clone or of an image (dist/ sits inside it). */
function packageRoot(): string | undefined {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'geokatalog') return dir;
      } catch { /* not ours */ }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** A package's package.json text (neither PGlite package exports it), found from its entry point. */
function packageJson(name: string): string {
  for (let dir = path.dirname(require.resolve(name)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      if ((JSON.parse(text) as { name?: string }).name === name) return text;
    }
    if (path.dirname(dir) === dir) throw new Error(`package.json ${name} tidak ditemukan`);
  }
}

/** Everything the contents of a freshly migrated directory depend on, as a short hash. */
export function pgliteTemplateKey(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(path.join(MIGRATIONS, f)));
  for (const pkg of ['@electric-sql/pglite', '@electric-sql/pglite-postgis']) h.update(pkg).update(packageJson(pkg));
  // the thread creates the extensions and sets the start parameters; the bundle decides what PostGIS ships
  for (const f of ['pglite-worker', 'pglite-postgis-bundle']) h.update(readFileSync(path.join(__dirname, f + EXT)));
  return h.digest('hex').slice(0, 16);
}

/** Where templates are kept: .cache/pglite in the repository (git-ignored), else the temporary folder. */
export function defaultTemplateDir(): string {
  const root = packageRoot();
  if (root) {
    const dir = path.join(root, '.cache', 'pglite');
    try {
      mkdirSync(dir, { recursive: true });
      const probe = path.join(dir, `.probe-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe);
      return dir;
    } catch { /* read-only install: fall through */ }
  }
  return path.join(tmpdir(), 'geokatalog-pglite-template');
}

/** The path of the template for today's migrations and PGlite, whether it exists or not. */
export function pgliteTemplatePath(templateDir = defaultTemplateDir()): string {
  return path.join(templateDir, pgliteTemplateKey());
}

/**
 * Builds the template unless an identical one exists; returns its path. `build` makes a migrated
 * PGlite directory at the path it is given and closes it cleanly (the copies then start without
 * crash recovery): open-database.ts's buildPgliteTemplate passes the product's own opening code.
 */
export async function ensurePgliteTemplate(build: (dir: string) => Promise<void>, templateDir?: string): Promise<{ path: string; built: boolean }> {
  // a folder given by the caller may be shared by checkouts of other migrations (the tests'):
  // only the product's own folder is pruned of older templates
  const prune = templateDir === undefined;
  templateDir ??= defaultTemplateDir();
  const target = pgliteTemplatePath(templateDir);
  if (existsSync(target)) return { path: target, built: false };
  mkdirSync(templateDir, { recursive: true });
  // built beside the target and renamed into place: a parallel run never sees half a directory
  const building = mkdtempSync(path.join(templateDir, 'building-'));
  try {
    await build(path.join(building, 'pglite'));
    try {
      renameSync(path.join(building, 'pglite'), target);
    } catch (err) {
      // another process finished the same template first; theirs is as good as ours
      if (!existsSync(target)) throw err;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  // templates of older migrations are dead weight (63 MB each)
  if (prune) for (const f of readdirSync(templateDir)) {
    if (/^[0-9a-f]{16}$/.test(f) && path.join(templateDir, f) !== target) rmSync(path.join(templateDir, f), { recursive: true, force: true });
  }
  return { path: target, built: true };
}

/** The template for today's migrations and PGlite when one was built, else undefined. */
export function matchingTemplate(templateDir = defaultTemplateDir()): string | undefined {
  try {
    const template = pgliteTemplatePath(templateDir);
    return existsSync(template) ? template : undefined;
  } catch {
    return undefined; // a package or file the key reads is missing: start without a template
  }
}

/**
 * Copies `template` to `dataDir` (which must not exist). Copied beside it and renamed, so a start
 * interrupted half-way leaves no half directory that the next start would take for a database.
 */
export function copyTemplate(template: string, dataDir: string): void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const tmp = `${dataDir}.copy-${process.pid}`;
  try {
    cpSync(template, tmp, { recursive: true });
    renameSync(tmp, dataDir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
