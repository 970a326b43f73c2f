import type { OarecGeometry, OarecRecord } from './record-feature.types';

/** [west, south, east, north] in CRS84; west > east when the extent crosses the antimeridian. */
export type Bbox = [number, number, number, number];

function rings(g: OarecGeometry): number[][][] {
  if (g.type === 'Polygon') return g.coordinates as number[][][];
  if (g.type === 'MultiPolygon') return (g.coordinates as number[][][][]).flat();
  return [];
}

/**
 * The record's box from its geometry. A MultiPolygon of two boxes touching ±180 is one box that
 * crosses the antimeridian (that is how the Records side writes such an extent), so it comes
 * back as west > east rather than as the whole world.
 */
export function recordBbox(rec: Pick<OarecRecord, 'geometry'>): Bbox | undefined {
  const g = rec.geometry;
  if (!g) return undefined;
  if (g.type === 'Point') {
    const [x, y] = g.coordinates as number[];
    return typeof x === 'number' && typeof y === 'number' ? [x, y, x, y] : undefined;
  }
  const boxes = rings(g).map((ring) => {
    const xs = ring.map((p) => p[0] as number);
    const ys = ring.map((p) => p[1] as number);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as Bbox;
  });
  if (boxes.length === 0 || boxes.some((b) => b.some((n) => !Number.isFinite(n)))) return undefined;
  if (boxes.length === 2) {
    const [a, b] = boxes as [Bbox, Bbox];
    const pair: [Bbox, Bbox] | undefined = a[2] === 180 && b[0] === -180 ? [a, b] : b[2] === 180 && a[0] === -180 ? [b, a] : undefined;
    if (pair) return [pair[0][0], Math.min(a[1], b[1]), pair[1][2], Math.max(a[3], b[3])];
  }
  return [
    Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3])),
  ];
}

/** ISO 8601 interval text for the record's time (`..` for an open end), or undefined. */
export function recordTimeRange(rec: Pick<OarecRecord, 'time'>): { start?: string; end?: string; instant?: string } | undefined {
  const t = rec.time;
  if (!t) return undefined;
  if (t.date || t.timestamp) return { instant: t.date ?? t.timestamp };
  if (!t.interval) return undefined;
  const norm = (v: string | null | undefined) => (v && v !== '..' ? v : undefined);
  const start = norm(t.interval[0]);
  const end = norm(t.interval[1]);
  return start || end ? { start, end } : undefined;
}
