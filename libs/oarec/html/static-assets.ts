import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { worldGeoJson } from './world-geojson';

/**
 * The public pages' static files, served by the API under `/static/<version>/…` with a year-long
 * immutable cache: the version is a hash of every file's content, so a deploy that changes
 * one changes every URL and no browser keeps a stale copy. Nothing comes from a CDN: Leaflet
 * is served from node_modules (its own minified build), the base map is Natural Earth
 * (world-atlas) converted once. Our script and stylesheet are served minified (built by
 * scripts/build-page-assets.cjs at install/build time). Each text asset is also kept gzipped,
 * compressed once here, for clients that accept it.
 */
export const STATIC_PREFIX = '/static';

export interface StaticAsset {
  contentType: string;
  body: Buffer;
  /** the body gzipped, for text types (images are compressed already) */
  gzip?: Buffer;
}

const OWN_DIR = path.join(__dirname, 'assets');
const BUILT_DIR = path.join(OWN_DIR, 'build');
const LEAFLET_DIR = path.join(path.dirname(require.resolve('leaflet/package.json')), 'dist');

function asset(body: Buffer, contentType: string): StaticAsset {
  const text = !contentType.startsWith('image/');
  return { contentType, body, ...(text ? { gzip: gzipSync(body, { level: 9 }) } : {}) };
}

const file = (p: string, contentType: string): StaticAsset => asset(readFileSync(p), contentType);

/**
 * Our own file, minified: the build's output when there is one (npm install / npm run build);
 * in a checkout where it was not built yet, minified now with esbuild (a dev dependency, there
 * whenever the build is missing), so a page never ships the unminified source silently.
 */
function ownMinified(name: 'pages.js' | 'site.css', contentType: string): StaticAsset {
  const built = path.join(BUILT_DIR, name);
  if (existsSync(built)) return file(built, contentType);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { transformSync } = require('esbuild') as typeof import('esbuild');
  const { code } = transformSync(readFileSync(path.join(OWN_DIR, name), 'utf8'), {
    loader: name.endsWith('.js') ? 'js' : 'css', minify: true, legalComments: 'none', ...(name.endsWith('.js') ? { target: 'es2020' } : {}),
  });
  return asset(Buffer.from(code), contentType);
}

function load(): Map<string, StaticAsset> {
  const m = new Map<string, StaticAsset>();
  m.set('site.css', ownMinified('site.css', 'text/css; charset=utf-8'));
  m.set('pages.js', ownMinified('pages.js', 'text/javascript; charset=utf-8'));
  m.set('vendor/leaflet/leaflet.css', file(path.join(LEAFLET_DIR, 'leaflet.css'), 'text/css; charset=utf-8'));
  m.set('vendor/leaflet/leaflet.js', file(path.join(LEAFLET_DIR, 'leaflet.js'), 'text/javascript; charset=utf-8'));
  for (const img of ['layers.png', 'layers-2x.png', 'marker-icon.png', 'marker-icon-2x.png', 'marker-shadow.png']) {
    m.set(`vendor/leaflet/images/${img}`, file(path.join(LEAFLET_DIR, 'images', img), 'image/png'));
  }
  m.set('world.geojson', asset(Buffer.from(JSON.stringify(worldGeoJson())), 'application/geo+json'));
  return m;
}

let cache: { files: Map<string, StaticAsset>; version: string } | undefined;

/** Read once per process (a few hundred KB), on first use. */
function assets(): { files: Map<string, StaticAsset>; version: string } {
  if (!cache) {
    const files = load();
    const h = createHash('sha256');
    for (const [name, a] of [...files].sort(([x], [y]) => x.localeCompare(y))) h.update(name).update(a.body);
    cache = { files, version: h.digest('hex').slice(0, 12) };
  }
  return cache;
}

export function assetVersion(): string {
  return assets().version;
}

export function staticAsset(name: string): StaticAsset | undefined {
  return assets().files.get(name);
}

/** Root-relative URL of an asset, e.g. `/static/3f2a…/site.css`. */
export function assetUrl(name: string): string {
  return `${STATIC_PREFIX}/${assetVersion()}/${name}`;
}
