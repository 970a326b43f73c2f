import { invalid } from '../search-error';

/** A coordinate pair, always longitude then latitude once it leaves a parser. */
export type Pos = readonly [number, number];

export type Geometry =
  | { type: 'Point'; coords: Pos }
  | { type: 'LineString'; coords: Pos[] }
  | { type: 'Polygon'; rings: Pos[][] }
  | { type: 'MultiPolygon'; polygons: Pos[][][] };

/** fixed notation, never exponent notation, at most 10 decimals (well below a millimetre) */
export function fmtNumber(n: number): string {
  const s = n.toFixed(10).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

const fmtPos = (p: Pos): string => `${fmtNumber(p[0])} ${fmtNumber(p[1])}`;
const fmtRing = (ring: Pos[]): string => `(${ring.map(fmtPos).join(',')})`;
const fmtPolygon = (rings: Pos[][]): string => `(${rings.map(fmtRing).join(',')})`;

export function toWkt(g: Geometry): string {
  switch (g.type) {
    case 'Point':
      return `POINT(${fmtPos(g.coords)})`;
    case 'LineString':
      return `LINESTRING(${g.coords.map(fmtPos).join(',')})`;
    case 'Polygon':
      return `POLYGON${fmtPolygon(g.rings)}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON(${g.polygons.map(fmtPolygon).join(',')})`;
  }
}

const badCoords = (what: string): Error => invalid('constraint', `Jumlah koordinat tidak valid pada ${what}.`);

/** a polygon ring needs at least four positions and must be closed */
export function checkRing(ring: Pos[]): void {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1]) {
    throw badCoords('cincin poligon (minimal 4 posisi, posisi pertama = terakhir)');
  }
}

export function checkGeometry(g: Geometry): Geometry {
  switch (g.type) {
    case 'Point':
      break;
    case 'LineString':
      if (g.coords.length < 2) throw badCoords('LineString (minimal 2 posisi)');
      break;
    case 'Polygon':
      if (g.rings.length === 0) throw badCoords('Polygon');
      g.rings.forEach(checkRing);
      break;
    case 'MultiPolygon':
      if (g.polygons.length === 0) throw badCoords('MultiPolygon');
      g.polygons.forEach((p) => {
        if (p.length === 0) throw badCoords('MultiPolygon');
        p.forEach(checkRing);
      });
      break;
  }
  return g;
}

const box = (w: number, s: number, e: number, n: number): Pos[][] => [[[w, s], [e, s], [e, n], [w, n], [w, s]]];

/** longitude outside [-180, 180] wrapped back in (190 → -170) */
const wrapLon = (x: number): number => (x >= -180 && x <= 180 ? x : ((((x + 180) % 360) + 360) % 360) - 180);

/**
 * A lon/lat box as WKT. Latitudes are clamped to ±90 and longitudes wrapped to ±180 (clients
 * send 200 for "everything east"); a box at least 360° wide is the whole world; west > east
 * crosses the antimeridian and becomes a MULTIPOLYGON of two boxes, as record extents are stored.
 */
export function envelopeGeometry(west: number, south: number, east: number, north: number): Geometry {
  for (const v of [west, south, east, north]) {
    if (!Number.isFinite(v)) throw invalid('constraint', 'Koordinat kotak pembatas harus berupa angka.');
  }
  if (south > north) throw invalid('constraint', 'Kotak pembatas tidak valid: lintang bawah lebih besar dari lintang atas.');
  const s = Math.max(-90, Math.min(90, south));
  const n = Math.max(-90, Math.min(90, north));
  let w: number;
  let e: number;
  if (east - west >= 360) {
    w = -180;
    e = 180;
  } else {
    w = wrapLon(west);
    e = wrapLon(east);
  }
  if (w <= e) return { type: 'Polygon', rings: box(w, s, e, n) };
  return { type: 'MultiPolygon', polygons: [box(w, s, 180, n), box(-180, s, e, n)] };
}

export const envelopeWkt = (west: number, south: number, east: number, north: number): string =>
  toWkt(envelopeGeometry(west, south, east, north));
