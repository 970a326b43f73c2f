import type { BoundingBox } from '../catalogue/record.types';
import { ImportMappingError } from './import-error';

/** Bounding-box arithmetic for imports: number parsing, range checks, union of several boxes. */

/** A decimal as XML writes it (`20.00`, `-6.171`, `1e-3`); anything else is a mapping error. */
export function parseDegree(raw: string | undefined, element: string): number {
  const v = raw?.trim() ?? '';
  const n = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) {
    throw new ImportMappingError(element, v === '' ? 'Koordinat batas wilayah kosong.' : `Koordinat batas wilayah "${v}" bukan angka.`);
  }
  return n;
}

/**
 * Range checks. Longitudes in 0…360 (oceanographic convention) are brought to −180…180, which
 * may turn the box into an antimeridian-crossing one (west > east), as it should.
 */
export function checkBox(b: BoundingBox, element: string, warn: (m: string) => void): BoundingBox {
  let { west, east } = b;
  const { south, north } = b;
  if (south < -90 || north > 90 || south > north) {
    throw new ImportMappingError(element, `Lintang batas wilayah tidak valid (selatan ${south}, utara ${north}).`);
  }
  if (west < -180 || east < -180 || west > 360 || east > 360) {
    throw new ImportMappingError(element, `Bujur batas wilayah tidak valid (barat ${west}, timur ${east}).`);
  }
  if (west > 180 || east > 180) {
    warn(`Bujur 0–360 pada ${element} diubah ke −180–180.`);
    if (west > 180) west -= 360;
    if (east > 180) east -= 360;
  }
  return { west, east, south, north };
}

const span = (b: BoundingBox): number => (b.west <= b.east ? b.east - b.west : b.east - b.west + 360);

/**
 * One box covering all boxes. Without antimeridian crossings this is plain min/max. When a box
 * crosses (west > east), longitudes are treated as arcs on the circle and the result is the
 * smallest arc covering them all (the complement of the largest gap), so it still crosses.
 */
export function unionBoxes(boxes: BoundingBox[]): BoundingBox | undefined {
  if (boxes.length === 0) return undefined;
  const south = Math.min(...boxes.map((b) => b.south));
  const north = Math.max(...boxes.map((b) => b.north));
  if (boxes.length === 1 || boxes.every((b) => b.west <= b.east)) {
    return { west: Math.min(...boxes.map((b) => b.west)), east: Math.max(...boxes.map((b) => b.east)), south, north };
  }
  // arcs as [start, end] with start in [-180, 180) and end = start + span (may exceed 180)
  const arcs = boxes.map((b) => [b.west === 180 ? -180 : b.west, (b.west === 180 ? -180 : b.west) + span(b)] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of arcs) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  // wrap-around: an arc reaching past 180 may swallow arcs at the start of the circle
  const firstArc = merged[0]!;
  const lastArc = merged[merged.length - 1]!;
  while (merged.length > 1 && lastArc[1] - 360 >= merged[0]![0]) {
    const head = merged.shift()!;
    lastArc[1] = Math.max(lastArc[1], head[1] + 360);
  }
  if (lastArc[1] - lastArc[0] >= 360) return { west: -180, east: 180, south, north };
  // the largest gap between consecutive arcs (including the wrap-around gap) is left out
  let bestGap = -1;
  let from = firstArc[0];
  let to = lastArc[1];
  for (let i = 0; i < merged.length; i++) {
    const cur = merged[i]!;
    const next = merged[(i + 1) % merged.length]!;
    const gapStart = cur[1];
    const gapEnd = i + 1 < merged.length ? next[0] : next[0] + 360;
    if (gapEnd - gapStart > bestGap) {
      bestGap = gapEnd - gapStart;
      from = next[0];
      to = cur[1];
    }
  }
  if (bestGap <= 0) return { west: -180, east: 180, south, north };
  const wrap = (x: number): number => (x > 180 ? x - 360 : x);
  return { west: wrap(from), east: wrap(to), south, north };
}
