import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';

/**
 * PostGIS for PGlite without the parts the catalogue never loads.
 *
 * PGlite unpacks an extension's whole bundle into its in-memory file system and compiles and
 * instantiates every `.so` in it at start. The PostGIS bundle (95 MB unpacked) carries three
 * WebAssembly libraries — postgis-3, postgis_raster-3 and postgis_topology-3 (15–17 MB each) —
 * and 9 MB of scripts for installs without CREATE EXTENSION; the catalogue runs
 * `CREATE EXTENSION postgis` and nothing else, so raster and topology were compiled, given
 * memory in the WebAssembly heap and kept as files, for nothing. The slim bundle keeps every
 * file of the `postgis` extension (its library, control file, install and upgrade scripts)
 * and PROJ's data, and leaves out:
 */
const LEFT_OUT: readonly RegExp[] = [
  /^lib\/postgresql\/postgis_(raster|topology)-\d+\.so$/,
  /^share\/postgresql\/extension\/postgis_(raster|topology|tiger_geocoder)[-.]/,
  // `CREATE EXTENSION … FROM unpackaged` is gone since PostgreSQL 13; PGlite is PostgreSQL 18
  /^share\/postgresql\/extension\/[^/]*unpackaged[^/]*$/,
  // the scripts of an install without extensions (postgis.sql, spatial_ref_sys.sql, legacy.sql …)
  /^share\/postgresql\/contrib\//,
];

/** Bumped when LEFT_OUT changes, so that a cached bundle of the old rule is not reused. */
const RULE_VERSION = 1;

const BLOCK = 512;

/** The entries of a ustar archive, each as the bytes that carry it (header, then data). */
function* tarEntries(tar: Buffer): Generator<{ name: string; bytes: Buffer }> {
  let off = 0;
  while (off + BLOCK <= tar.length) {
    const header = tar.subarray(off, off + BLOCK);
    if (header.every((b) => b === 0)) return;
    const field = (from: number, to: number): string => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');
    const type = String.fromCharCode(header[156] ?? 0);
    // GNU long names and pax headers would describe the next entry: not in PGlite's bundles,
    // and refused here rather than silently mis-filtered
    if (type === 'L' || type === 'x' || type === 'g') throw new Error(`arsip tar dengan header tipe ${type} tidak didukung`);
    const prefix = field(345, 500);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const end = off + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    yield { name, bytes: tar.subarray(off, end) };
    off = end;
  }
}

/** The slim archive (gzip, as PGlite reads bundles) from the package's archive. */
export function slimPostgisArchive(gz: Buffer): { archive: Buffer; kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  const parts: Buffer[] = [];
  for (const e of tarEntries(gunzipSync(gz))) {
    if (LEFT_OUT.some((re) => re.test(e.name))) {
      dropped.push(e.name);
    } else {
      kept.push(e.name);
      parts.push(e.bytes);
    }
  }
  // two zero blocks end a tar archive
  parts.push(Buffer.alloc(2 * BLOCK));
  // level 1: written once per PostGIS version, read at every start; size hardly matters
  return { archive: gzipSync(Buffer.concat(parts), { level: 1 }), kept, dropped };
}

/** The package's bundle, as its own setup names it. */
async function packageBundle(): Promise<string> {
  const setup = await postgis.setup({} as never, { PGLITE_ENV: {} });
  if (!setup.bundlePath) throw new Error('paket PostGIS untuk PGlite tidak menyebut bundelnya');
  return setup.bundlePath instanceof URL ? fileURLToPath(setup.bundlePath) : String(setup.bundlePath);
}

/**
 * The slim bundle's path, written once into `cacheDir` under a name derived from the package's
 * bundle and the rule, so a new PostGIS package makes a new one. Several processes may start
 * at once (jest workers, the CLI next to the server): each writes its own temporary file and
 * renames it, which is atomic.
 */
export async function slimPostgisBundle(cacheDir = path.join(tmpdir(), 'geokatalog-pglite')): Promise<string> {
  const source = await packageBundle();
  const gz = readFileSync(source);
  const hash = createHash('sha256').update(`${RULE_VERSION}\0`).update(gz).digest('hex').slice(0, 16);
  const target = path.join(cacheDir, `postgis-ramping.${hash}.tar.gz`);
  if (existsSync(target)) return target;
  mkdirSync(cacheDir, { recursive: true });
  const tmp = path.join(cacheDir, `.postgis-ramping.${hash}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeFileSync(tmp, slimPostgisArchive(gz).archive);
    renameSync(tmp, target);
  } finally {
    rmSync(tmp, { force: true });
  }
  return target;
}

/**
 * PostGIS as PGlite's extension, set up by the package but loaded from the slim bundle. When
 * the slim bundle cannot be written (no writable temporary folder) the full one is used: more
 * memory, same behaviour.
 */
export async function slimPostgis(cacheDir?: string): Promise<Extension> {
  let bundle: URL | undefined;
  try {
    bundle = pathToFileURL(await slimPostgisBundle(cacheDir));
  } catch {
    return postgis;
  }
  return {
    name: postgis.name,
    async setup(pg, emscriptenOpts) {
      const setup = await postgis.setup(pg, emscriptenOpts);
      return { ...setup, bundlePath: bundle };
    },
  };
}
