import { buildPgliteTemplate } from '../libs/db/open-database';
import { createRenderer } from '../libs/render';

/**
 * Second half of `npm install`'s prepare step (scripts/prepare.cjs): the slow parts of a first
 * `npm start`, done once here so that the first start only reads and copies.
 *
 *   - the render stylesheets are compiled to SEF (cached in xslt/compiled by their hash, which the
 *     server finds at start) and a test record is rendered through every form: a stylesheet that
 *     does not compile or fails at run time fails the install, not a start or a request;
 *   - the migrated PGlite directory (initdb, PostGIS, pg_trgm, every migration) is built into
 *     .cache/pglite, keyed by the migrations and PGlite's version; a first start copies it.
 *
 * Each step prints a line when it begins and one when it ends, so a long install never sits silent.
 */
const begin = (step: string): void => { process.stdout.write(`prepare: ${step} …\n`); };
const end = (step: string, ms: number): void => { process.stdout.write(`prepare: ${step} (${ms} ms)\n`); };

async function timed<T>(step: string, fn: () => Promise<T>): Promise<T> {
  begin(step);
  const t0 = performance.now();
  const out = await fn();
  end(step, Math.round(performance.now() - t0));
  return out;
}

async function main(): Promise<number> {
  const renderer = await timed('stylesheet dikompilasi dan diuji', () => createRenderer());
  process.stdout.write(`prepare: SEF di ${renderer.startup.cacheDir} (${renderer.startup.compiled.length} dikompilasi, sisanya dari cache)\n`);
  try {
    const t = await timed('templat PGlite (initdb, PostGIS, pg_trgm, migrasi)', () =>
      buildPgliteTemplate(undefined, (step, ms) => (ms === undefined ? begin(`  ${step}`) : end(`  ${step}`, ms))));
    process.stdout.write(`prepare: templat PGlite ${t.built ? 'dibuat' : 'sudah ada'} di ${t.path}\n`);
  } catch (err) {
    // not fatal: a first start without a template runs initdb itself, and says why it is slow
    process.stderr.write(`prepare: templat PGlite tidak dapat dibuat (start pertama akan membuatnya sendiri): ${(err as Error).message}\n`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`prepare: gagal: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
