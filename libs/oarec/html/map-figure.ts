import { html, type SafeHtml } from './html-escape';
import type { Bbox } from './record-geometry';

/**
 * The map element. Leaflet (loaded by pages.js) reads its data attributes: `data-map` the
 * mode, `data-bbox` the box to show, `data-world` the base map, `data-tiles` the optional
 * MAP_TILE_URL template, `data-footprints` the id of the results' footprints data block. No inline script: everything the script needs is in the markup.
 */
export interface MapFigureOptions {
  mode: 'search' | 'record';
  bbox?: Bbox;
  worldUrl: string;
  tileUrl?: string;
  label: string;
  /** id of the JSON data block with the results' footprints (search page) */
  footprintsId?: string;
}

export function mapFigure(o: MapFigureOptions): SafeHtml {
  return html`<div class="map" id="peta" role="region" aria-label="${o.label}" data-map="${o.mode}"${
    o.bbox ? html` data-bbox="${o.bbox.join(',')}"` : ''} data-world="${o.worldUrl}"${o.tileUrl ? html` data-tiles="${o.tileUrl}"` : ''}${o.footprintsId ? html` data-footprints="${o.footprintsId}"` : ''}></div>`;
}

export function bboxText(b: Bbox): string {
  const [w, s, e, n] = b;
  return `barat ${w}°, selatan ${s}°, timur ${e}°, utara ${n}°${w > e ? ' (melintasi antimeridian)' : ''}`;
}
