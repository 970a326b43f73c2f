import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { postgis } from '@electric-sql/pglite-postgis';
import { slimPostgisArchive } from '../../libs/db/pglite-postgis-bundle';

/**
 * The slim PostGIS bundle, built from the package's real bundle: what `CREATE EXTENSION postgis`
 * and PROJ need stays byte for byte, the libraries and scripts the catalogue never loads go.
 * (That PGlite starts from it and PostGIS works: test/integration/metadata-embedded.test.ts.)
 */

/** name → data of each regular file of a ustar archive */
function files(tar: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let off = 0; off + 512 <= tar.length;) {
    const h = tar.subarray(off, off + 512);
    if (h.every((b) => b === 0)) break;
    const name = h.subarray(0, 100).toString('latin1').replace(/\0.*$/s, '');
    const size = parseInt(h.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
    if (String.fromCharCode(h[156]!) === '0') out.set(name, tar.subarray(off + 512, off + 512 + size));
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

let full: Map<string, Buffer>;
let slim: Map<string, Buffer>;
let result: ReturnType<typeof slimPostgisArchive>;

beforeAll(async () => {
  const setup = await postgis.setup({} as never, { PGLITE_ENV: {} });
  const gz = readFileSync(fileURLToPath(setup.bundlePath as URL));
  full = files(gunzipSync(gz));
  result = slimPostgisArchive(gz);
  slim = files(gunzipSync(result.archive));
});

it('keeps the postgis library, its control file, its install and upgrade scripts and PROJ data, unchanged', () => {
  const control = slim.get('share/postgresql/extension/postgis.control')!.toString();
  const version = /default_version\s*=\s*'([^']+)'/.exec(control)![1]!;
  for (const name of ['lib/postgresql/postgis-3.so', 'share/postgresql/extension/postgis.control', `share/postgresql/extension/postgis--${version}.sql`,
    `share/postgresql/extension/postgis--ANY--${version}.sql`, 'share/proj/proj.db']) {
    expect(slim.get(name)?.equals(full.get(name)!)).toBe(true);
  }
  // every entry kept is an entry of the package's bundle, and nothing of `postgis` itself went
  for (const name of slim.keys()) expect(full.has(name)).toBe(true);
  expect(result.dropped.filter((n) => /^share\/postgresql\/extension\/postgis--/.test(n) && !n.includes('unpackaged'))).toEqual([]);
});

it('leaves out raster, topology, the tiger geocoder and the scripts of installs without CREATE EXTENSION', () => {
  expect(slim.has('lib/postgresql/postgis_raster-3.so')).toBe(false);
  expect(slim.has('lib/postgresql/postgis_topology-3.so')).toBe(false);
  expect([...slim.keys()].filter((n) => /postgis_(raster|topology|tiger_geocoder)|unpackaged|\/contrib\//.test(n))).toEqual([]);
  expect([...slim.keys()].filter((n) => n.endsWith('.so'))).toEqual(['lib/postgresql/postgis-3.so']);
  const bytes = (m: Map<string, Buffer>): number => [...m.values()].reduce((a, b) => a + b.length, 0);
  expect(bytes(slim)).toBeLessThan(bytes(full) / 2);
});
