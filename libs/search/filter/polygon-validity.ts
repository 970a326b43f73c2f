import { orientation } from './exact-orientation';

/**
 * Is a client's polygon or multipolygon valid, decided here in the process before PostGIS sees
 * it? An invalid one made GEOS work without bound inside a search (ST_MakeValid on 1,000
 * random vertices ran for minutes, ignored statement_timeout and crashed the server), so an
 * invalid polygon is refused instead of handed on. The rules are OGC's simple-features
 * validity, a little stricter where that keeps the check small: two rings (or two parts of a
 * multipolygon) may not even touch at one point, which OGC would allow. So whatever passes
 * here PostGIS calls valid (checked against ST_IsValid by a property test).
 *
 * Cost: the segments are sorted by their least x and swept, testing only pairs whose x and y
 * ranges overlap, with exact orientation tests; the first intersection ends the check, so a
 * ring that crosses itself thousands of times costs no more than one that crosses once.
 *
 * The answer is a reason in Indonesian for the error text, or undefined when valid. `polygons`
 * are lists of rings (the first the shell, the rest holes), each ring closed (first = last)
 * with at least four positions, as geometry.ts checks before.
 */
type Pt = readonly [number, number];

interface Segment {
  ax: number; ay: number; bx: number; by: number;
  minX: number; maxX: number; minY: number; maxY: number;
  part: number; ring: number; index: number; ringSize: number;
}

interface Box { minX: number; maxX: number; minY: number; maxY: number }

const same = (p: Pt, q: Pt): boolean => p[0] === q[0] && p[1] === q[1];

/** the ring's vertices without consecutive repeats and without the closing one, or a reason */
function cleanRing(ring: readonly Pt[]): Pt[] | string {
  const out: Pt[] = [];
  for (const p of ring) {
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) return 'koordinat bukan angka terhingga';
    if (out.length === 0 || !same(out[out.length - 1]!, p)) out.push(p);
  }
  if (out.length > 1 && same(out[0]!, out[out.length - 1]!)) out.pop();
  if (out.length < 3) return 'cincin memiliki kurang dari tiga titik berbeda';
  const [a, b] = [out[0]!, out[1]!];
  if (out.every((c) => orientation(a[0], a[1], b[0], b[1], c[0], c[1]) === 0)) return 'cincin tidak memiliki luas (semua titiknya segaris)';
  return out;
}

const sign = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);

/** b turns straight back towards a (a "spike"): a→b→c collinear with c on a's side of b */
function turnsBack(a: Pt, b: Pt, c: Pt): boolean {
  if (orientation(a[0], a[1], b[0], b[1], c[0], c[1]) !== 0) return false;
  return sign(a[0] - b[0]) * sign(c[0] - b[0]) > 0 || sign(a[1] - b[1]) * sign(c[1] - b[1]) > 0;
}

/** p, collinear with s, lies on the closed segment s */
const within = (s: Segment, x: number, y: number): boolean => x >= s.minX && x <= s.maxX && y >= s.minY && y <= s.maxY;

/** the closed segments share at least one point */
function touch(s: Segment, t: Segment): boolean {
  const o1 = orientation(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const o2 = orientation(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  const o3 = orientation(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const o4 = orientation(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 === 0 && within(s, t.ax, t.ay)) || (o2 === 0 && within(s, t.bx, t.by))
    || (o3 === 0 && within(t, s.ax, s.ay)) || (o4 === 0 && within(t, s.bx, s.by));
}

/** neighbours along one ring share a vertex by construction (checked apart, by turnsBack) */
function adjacent(s: Segment, t: Segment): boolean {
  if (s.part !== t.part || s.ring !== t.ring) return false;
  const d = Math.abs(s.index - t.index);
  return d === 1 || d === s.ringSize - 1;
}

function segmentsOf(rings: Pt[][][]): Segment[] {
  const out: Segment[] = [];
  rings.forEach((polygon, part) => polygon.forEach((ring, r) => {
    for (let i = 0; i < ring.length; i++) {
      const [a, b] = [ring[i]!, ring[(i + 1) % ring.length]!];
      out.push({
        ax: a[0], ay: a[1], bx: b[0], by: b[1],
        minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]), minY: Math.min(a[1], b[1]), maxY: Math.max(a[1], b[1]),
        part, ring: r, index: i, ringSize: ring.length,
      });
    }
  }));
  return out;
}

/** the first pair of non-neighbouring segments that share a point, found by a sweep over x */
function firstContact(segments: Segment[]): [Segment, Segment] | undefined {
  segments.sort((s, t) => s.minX - t.minX);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    for (let j = i + 1; j < segments.length && segments[j]!.minX <= s.maxX; j++) {
      const t = segments[j]!;
      if (t.maxY < s.minY || t.minY > s.maxY || adjacent(s, t)) continue;
      if (touch(s, t)) return [s, t];
    }
  }
  return undefined;
}

/** p strictly inside the ring (p is never on it: the rings were found not to touch) */
function inside(p: Pt, ring: Pt[]): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [a, b] = [ring[j]!, ring[i]!];
    if (a[1] <= p[1] && b[1] > p[1] && orientation(a[0], a[1], b[0], b[1], p[0], p[1]) > 0) odd = !odd;
    else if (b[1] <= p[1] && a[1] > p[1] && orientation(a[0], a[1], b[0], b[1], p[0], p[1]) < 0) odd = !odd;
  }
  return odd;
}

function boxOf(ring: Pt[]): Box {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

const overlap = (a: Box, b: Box): boolean => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

const inPolygon = (p: Pt, polygon: Pt[][]): boolean => inside(p, polygon[0]!) && !polygon.slice(1).some((hole) => inside(p, hole));

/** rings that do not touch: each hole inside its shell, no hole inside another, no part over another */
function nestingProblem(polygons: Pt[][][]): string | undefined {
  const shells: Box[] = [];
  for (const [shell, ...holes] of polygons) {
    if (holes.some((h) => !inside(h[0]!, shell!))) return 'lubang berada di luar cincin luarnya';
    const boxes = holes.map(boxOf);
    for (let i = 0; i < holes.length; i++) {
      for (let j = i + 1; j < holes.length; j++) {
        if (overlap(boxes[i]!, boxes[j]!) && (inside(holes[i]![0]!, holes[j]!) || inside(holes[j]![0]!, holes[i]!))) {
          return 'lubang berada di dalam lubang lain';
        }
      }
    }
    shells.push(boxOf(shell!));
  }
  for (let i = 0; i < polygons.length; i++) {
    for (let j = i + 1; j < polygons.length; j++) {
      const [a, b] = [polygons[i]!, polygons[j]!];
      if (overlap(shells[i]!, shells[j]!) && (inPolygon(a[0]![0]!, b) || inPolygon(b[0]![0]!, a))) return 'bagian-bagian multipoligon saling menumpuk';
    }
  }
  return undefined;
}

export function polygonProblem(polygons: readonly (readonly (readonly Pt[])[])[]): string | undefined {
  const clean: Pt[][][] = [];
  for (const polygon of polygons) {
    const rings: Pt[][] = [];
    for (const ring of polygon) {
      const r = cleanRing(ring);
      if (typeof r === 'string') return r;
      for (let i = 0; i < r.length; i++) {
        if (turnsBack(r[i]!, r[(i + 1) % r.length]!, r[(i + 2) % r.length]!)) return 'cincin berbalik arah pada dirinya sendiri';
      }
      rings.push(r);
    }
    clean.push(rings);
  }
  const contact = firstContact(segmentsOf(clean));
  if (contact) {
    const [s, t] = contact;
    if (s.part !== t.part) return 'bagian-bagian multipoligon saling berpotongan atau bersentuhan';
    if (s.ring !== t.ring) return 'cincin-cincin poligon saling berpotongan atau bersentuhan';
    return 'cincin berpotongan atau bersentuhan dengan dirinya sendiri';
  }
  return nestingProblem(clean);
}
