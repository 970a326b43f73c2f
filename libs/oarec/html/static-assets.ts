import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { worldGeoJson } from './world-geojson';

/**
 * The public pages' static files, served by the API under `/static/<version>/…` with a year-long
 * immutable cache: the version is a hash of every file's content, so a deploy that changes
 * one changes every URL and no browser keeps a stale copy. Nothing comes from a CDN: Leaflet
 * is served from node_modules, the base map is Natural Earth (world-atlas) converted once.
 */
export const STATIC_PREFIX = '/static';

export interface StaticAsset {
  contentType: string;
  body: Buffer;
}

const OWN_DIR = path.join(__dirname, 'assets');
const LEAFLET_DIR = path.join(path.dirname(require.resolve('leaflet/package.json')), 'dist');

function file(p: string, contentType: string): StaticAsset {
  return { contentType, body: readFileSync(p) };
}

function load(): Map<string, StaticAsset> {
  const m = new Map<string, StaticAsset>();
  m.set('site.css', file(path.join(OWN_DIR, 'site.css'), 'text/css; charset=utf-8'));
  m.set('pages.js', file(path.join(OWN_DIR, 'pages.js'), 'text/javascript; charset=utf-8'));
  m.set('vendor/leaflet/leaflet.css', file(path.join(LEAFLET_DIR, 'leaflet.css'), 'text/css; charset=utf-8'));
  m.set('vendor/leaflet/leaflet-src.esm.js', file(path.join(LEAFLET_DIR, 'leaflet-src.esm.js'), 'text/javascript; charset=utf-8'));
  for (const img of ['layers.png', 'layers-2x.png', 'marker-icon.png', 'marker-icon-2x.png', 'marker-shadow.png']) {
    m.set(`vendor/leaflet/images/${img}`, file(path.join(LEAFLET_DIR, 'images', img), 'image/png'));
  }
  m.set('world.geojson', { contentType: 'application/geo+json', body: Buffer.from(JSON.stringify(worldGeoJson())) });
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
