import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Compiles the XSLT stylesheets in xslt/ to SaxonJS's SEF format with the xslt3 compiler, once:
 * each SEF is cached under a name derived from the hash of the stylesheet, the modules it
 * includes and the compiler version, so a fresh clone compiles on its first start (about half a
 * second a stylesheet) and later starts only read JSON. A stylesheet that does not compile makes
 * this function reject, so a broken stylesheet fails the start (the deploy), never a request.
 */
export interface CompileOptions {
  /** folder holding the .xsl files; default: the repository's xslt/ */
  xsltDir?: string;
  /** where compiled SEF files are cached; default xslt/compiled (git-ignored), or a temp folder when that is not writable */
  cacheDir?: string;
}

export interface CompiledStylesheets {
  /** stylesheet file name → SEF object, ready for SaxonJS.transform({ stylesheetInternal }) */
  sef: ReadonlyMap<string, object>;
  /** the stylesheets that had to be compiled (the others came from the cache) */
  compiled: string[];
  cacheDir: string;
}

export class StylesheetCompileError extends Error {
  constructor(readonly stylesheet: string, detail: string) {
    super(`Stylesheet ${stylesheet} gagal dikompilasi: ${detail}`);
    this.name = 'StylesheetCompileError';
  }
}

export function defaultXsltDir(): string {
  // libs/render → repo root; from a build in dist/libs/render the repo root is one level higher
  const candidates = [path.resolve(__dirname, '../../xslt'), path.resolve(__dirname, '../../../xslt')];
  return candidates.find((d) => existsSync(path.join(d, 'gmd-to-mdb2018.xsl'))) ?? (candidates[0] as string);
}

const COMPILER = require.resolve('xslt3/xslt3.js');
const COMPILER_VERSION = (require('xslt3/package.json') as { version: string }).version;
const RUNTIME_VERSION = (require('saxon-js/package.json') as { version: string }).version;

/** The stylesheet and, recursively, every module it includes or imports, in a stable order. */
function moduleTexts(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const hrefs = [...text.matchAll(/<xsl:(?:include|import)\s[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  return [text, ...hrefs.flatMap((h) => moduleTexts(path.resolve(path.dirname(file), h), seen))];
}

function sefName(xslFile: string): string {
  const hash = createHash('sha256').update(`${COMPILER_VERSION}\0${RUNTIME_VERSION}\0`);
  for (const t of moduleTexts(xslFile)) hash.update(t).update('\0');
  return `${path.basename(xslFile, '.xsl')}.${hash.digest('hex').slice(0, 16)}.sef.json`;
}

function writableCacheDir(preferred: string): string {
  try {
    mkdirSync(preferred, { recursive: true });
    const probe = path.join(preferred, `.probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
    return preferred;
  } catch {
    const fallback = path.join(tmpdir(), 'geokatalog-xslt');
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

function runCompiler(xslFile: string, outFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [COMPILER, `-xsl:${xslFile}`, `-export:${outFile}`, '-nogo'], { maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (err) reject(new StylesheetCompileError(path.basename(xslFile), (stderr || err.message).trim()));
      else resolve();
    });
  });
}

async function compileOne(xslFile: string, cacheDir: string): Promise<{ sef: object; compiled: boolean }> {
  const name = sefName(xslFile);
  const target = path.join(cacheDir, name);
  let compiled = false;
  // a second attempt covers a cached file removed between the check and the read
  for (let attempt = 0; ; attempt++) {
    if (!existsSync(target)) {
      // several processes (jest workers, pool threads, a second server) may compile at once:
      // each writes its own temporary file and renames it, which is atomic
      const tmp = path.join(cacheDir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      try {
        await runCompiler(xslFile, tmp);
        renameSync(tmp, target);
      } finally {
        rmSync(tmp, { force: true });
      }
      compiled = true;
      removeStale(cacheDir, path.basename(xslFile, '.xsl'), name);
    }
    try {
      return { sef: JSON.parse(readFileSync(target, 'utf8')) as object, compiled };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && attempt === 0) continue;
      throw new StylesheetCompileError(path.basename(xslFile), `SEF ${target} tidak terbaca: ${(err as Error).message}`);
    }
  }
}

/** Older SEF files of the same stylesheet are dead weight once a new one exists. */
function removeStale(cacheDir: string, base: string, keep: string): void {
  const pattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{16}\\.sef\\.json$`);
  for (const f of readdirSync(cacheDir)) {
    if (f !== keep && pattern.test(f)) rmSync(path.join(cacheDir, f), { force: true });
  }
}

export async function compileStylesheets(files: readonly string[], opts: CompileOptions = {}): Promise<CompiledStylesheets> {
  const xsltDir = opts.xsltDir ?? defaultXsltDir();
  const cacheDir = writableCacheDir(opts.cacheDir ?? path.join(xsltDir, 'compiled'));
  const sef = new Map<string, object>();
  const compiled: string[] = [];
  // two at a time: the machines have two cores and each compile is a separate node process
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
      const file = path.join(xsltDir, f);
      if (!existsSync(file)) throw new StylesheetCompileError(f, `berkas ${file} tidak ada`);
      const res = await compileOne(file, cacheDir);
      sef.set(f, res.sef);
      if (res.compiled) compiled.push(f);
    }
  };
  await Promise.all([worker(), worker()]);
  return { sef, compiled: compiled.sort(), cacheDir };
}
