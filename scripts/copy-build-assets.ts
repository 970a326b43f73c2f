import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Second half of `npm run build` (after tsc): copies every file the compiled code reads at run
 * time next to it, so `dist/` runs on its own — `node dist/services/api/main.js` — without the
 * sources. tsc only emits JavaScript; the code finds its other files relative to its own folder:
 *
 *   libs/db/migrations/*.sql   → dist/libs/db/migrations   (migrate.ts: __dirname/migrations)
 *   libs/csw/schemas/*.xsd     → dist/libs/csw/schemas     (describe-record.writer.ts: __dirname/../schemas)
 *   xslt/*.xsl                 → dist/xslt                 (stylesheet-compiler.ts: __dirname/../../xslt)
 *   schemas/xsd/**             → dist/schemas/xsd          (libs/import/xsd/xsd-files.ts: __dirname/../../../schemas/xsd)
 *
 * Rather than a list, every file under libs/ and services/ that is not TypeScript is copied, so
 * a new asset (a JSON table, a template) is part of the build without anyone remembering to add
 * it here. The SEF cache (xslt/compiled) is not copied: it is a cache, rebuilt from the .xsl on
 * first start, or at image build time by the Dockerfile.
 *
 * Usage: tsx scripts/copy-build-assets.ts [outDir]   (default: dist, tsconfig.build.json's outDir)
 */

const ROOT = path.resolve(__dirname, '..');

const isSource = (file: string): boolean => /\.(ts|tsx|mts|cts)$/.test(file);

/** Files under `dir` (relative to ROOT) that the build does not emit itself. */
function assetsUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !isSource(entry.name)) out.push(child);
    }
  };
  walk(dir);
  return out;
}

export function copyBuildAssets(outDir: string): { files: number } {
  const out = path.resolve(ROOT, outDir);
  if (!existsSync(path.join(out, 'services/api/main.js'))) {
    throw new Error(`${out} holds no compiled services/api/main.js: run tsc -p tsconfig.build.json first`);
  }
  let files = 0;
  for (const rel of [...assetsUnder('libs'), ...assetsUnder('services')]) {
    cpSync(path.join(ROOT, rel), path.join(out, rel));
    files++;
  }
  // stylesheets: the .xsl files only (a stale SEF in dist would be found by its hash anyway,
  // but a build should not carry whatever a developer's cache holds)
  rmSync(path.join(out, 'xslt'), { recursive: true, force: true });
  for (const f of readdirSync(path.join(ROOT, 'xslt'))) {
    const src = path.join(ROOT, 'xslt', f);
    if (!statSync(src).isFile()) continue;
    cpSync(src, path.join(out, 'xslt', f));
    files++;
  }
  // the official XSDs of the document check, in their layout (they import each other by relative path)
  rmSync(path.join(out, 'schemas'), { recursive: true, force: true });
  cpSync(path.join(ROOT, 'schemas'), path.join(out, 'schemas'), { recursive: true });
  files++;
  // the workbench SPA, when built (npm run web:build): services/api/routes/workbench.routes.ts
  // looks for it three folders above its own, which in dist/ is dist/web/dist
  const web = path.join(ROOT, 'web', 'dist');
  if (existsSync(web)) {
    rmSync(path.join(out, 'web', 'dist'), { recursive: true, force: true });
    cpSync(web, path.join(out, 'web', 'dist'), { recursive: true });
    files++;
  }
  return { files };
}

if (require.main === module) {
  const outDir = process.argv[2] ?? 'dist';
  const { files } = copyBuildAssets(outDir);
  process.stdout.write(`copy-build-assets: ${files} files copied into ${outDir}\n`);
}
