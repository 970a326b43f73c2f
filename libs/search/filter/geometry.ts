import { invalid } from '../search-error';
import { polygonProblem } from './polygon-validity';

/** A coordinate pair, always longitude then latitude once it leaves a parser. */
export type Pos = readonly [number, number];

export type Geometry =
  | { type: 'Point'; coords: Pos }
  | { type: 'LineString'; coords: Pos[] }
  | { type: 'Polygon'; rings: Pos[][] }
  | { type: 'MultiPolygon'; polygons: Pos[][][] }
  /** only as a box without height across the antimeridian (envelopeGeometry), never parsed */
  | { type: 'MultiLineString'; lines: Pos[][] };

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
    case 'MultiLineString':
      return `MULTILINESTRING(${g.lines.map(fmtRing).join(',')})`;
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

/** a position as PostGIS will read it from our WKT (fmtNumber rounds to 10 decimals) */
const sent = (p: Pos): Pos => [Number(fmtNumber(p[0])), Number(fmtNumber(p[1]))];

/**
 * An invalid polygon is refused here, before any SQL: GEOS work on invalid input is unbounded
 * and ignores statement_timeout (polygon-validity.ts says why). Validity is judged on the
 * coordinates as written into the WKT, so what is checked is what PostGIS receives.
 */
function checkValidity(polygons: Pos[][][]): void {
  const problem = polygonProblem(polygons.map((p) => p.map((r) => r.map(sent))));
  if (problem) throw invalid('constraint', `Poligon filter tidak valid: ${problem}. Perbaiki geometrinya atau gunakan BBOX.`);
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
      checkValidity([g.rings]);
      break;
    case 'MultiPolygon':
      if (g.polygons.length === 0) throw badCoords('MultiPolygon');
      g.polygons.forEach((p) => {
        if (p.length === 0) throw badCoords('MultiPolygon');
        p.forEach(checkRing);
      });
      checkValidity(g.polygons);
      break;
  }
  return g;
}

const box = (w: number, s: number, e: number, n: number): Pos[][] => [[[w, s], [e, s], [e, n], [w, n], [w, s]]];

/**
 * A box, or the line or point it collapses to when it has no width or no height as written
 * into the WKT: a polygon without area is invalid, and what such a box means is that line or
 * point (it used to be repaired into one by ST_MakeValid in the database).
 */
function boxGeometry(w: number, s: number, e: number, n: number): Geometry {
  const flatX = fmtNumber(w) === fmtNumber(e);
  const flatY = fmtNumber(s) === fmtNumber(n);
  if (flatX && flatY) return { type: 'Point', coords: [w, s] };
  if (flatX || flatY) return { type: 'LineString', coords: [[w, s], [e, n]] };
  return { type: 'Polygon', rings: box(w, s, e, n) };
}

/**
 * The two boxes of an envelope across the antimeridian. A piece without width lies on ±180,
 * the meridian the other piece's edge already covers: it is left out.
 */
function antimeridianGeometry(w: number, s: number, e: number, n: number): Geometry {
  const pieces: Geometry[] = [];
  if (fmtNumber(w) !== '180') pieces.push(boxGeometry(w, s, 180, n));
  if (fmtNumber(e) !== '-180' || pieces.length === 0) pieces.push(boxGeometry(-180, s, e, n));
  const [a, b] = pieces;
  if (!b) return a!;
  if (a!.type === 'Polygon' && b.type === 'Polygon') return { type: 'MultiPolygon', polygons: [a!.rings, b.rings] };
  if (a!.type === 'LineString' && b.type === 'LineString') return { type: 'MultiLineString', lines: [a!.coords, b.coords] };
  // unreachable: both pieces share their height, so both are boxes or both are lines
  throw invalid('constraint', 'Kotak pembatas tidak valid.');
}

/** longitude outside [-180, 180] wrapped back in (190 → -170) */
const wrapLon = (x: number): number => (x >= -180 && x <= 180 ? x : ((((x + 180) % 360) + 360) % 360) - 180);

/**
 * A lon/lat box as WKT. Latitudes are clamped to ±90 and longitudes wrapped to ±180 (clients
 * send 200 for "everything east"); a box at least 360° wide is the whole world; west > east
 * crosses the antimeridian and becomes a MULTIPOLYGON of two boxes, as record extents are stored.
 * A box without width or height becomes the line or point it is (boxGeometry).
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
  return w <= e ? boxGeometry(w, s, e, n) : antimeridianGeometry(w, s, e, n);
}

export const envelopeWkt = (west: number, south: number, east: number, north: number): string =>
  toWkt(envelopeGeometry(west, south, east, north));
