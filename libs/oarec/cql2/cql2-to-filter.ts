import { MAX_FILTER_DEPTH, NOTHING, type ComparisonOp, type FilterNode, type SpatialOp } from '../../search/filter/filter-ast';
import { checkGeometry, envelopeGeometry, toWkt, type Geometry, type Pos } from '../../search/filter/geometry';
import { resolveOarecQueryable, type Queryable } from '../../search/queryables';
import { asParameter, badParameter } from '../oarec-error';
import type { Cql2Expr } from './cql2-ast';
import { CONVERSE, temporalFilter, TEMPORAL_OPS, type TemporalLiteral, type TemporalProperty } from './cql2-temporal';

/**
 * A CQL2 expression (JSON structure, from either encoding) → the search core's filter tree,
 * the same tree OGC Filter and CQL_TEXT become in CSW. Property names are the OGC API –
 * Records queryables (queryables.ts); `time` is the record's temporal extent.
 */
const COMPARE: Record<string, ComparisonOp> = { '=': 'eq', '<>': 'ne', '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge' };
const FLIP: Record<ComparisonOp, ComparisonOp> = { eq: 'eq', ne: 'ne', lt: 'gt', gt: 'lt', le: 'ge', ge: 'le' };
const SPATIAL: Record<string, SpatialOp> = {
  s_intersects: 'intersects', s_equals: 'equals', s_disjoint: 'disjoint', s_touches: 'touches',
  s_within: 'within', s_overlaps: 'overlaps', s_crosses: 'crosses', s_contains: 'contains',
};
/** S_WITHIN(geometry, property) is S_CONTAINS(property, geometry) */
const SPATIAL_CONVERSE: Partial<Record<SpatialOp, SpatialOp>> = { within: 'contains', contains: 'within' };

const fail = (message: string): Error => badParameter('filter', message);

type Obj = Record<string, unknown>;
const isObj = (e: unknown): e is Obj => typeof e === 'object' && e !== null && !Array.isArray(e);
const isProperty = (e: unknown): e is { property: string } => isObj(e) && typeof e.property === 'string';
const isOp = (e: unknown): e is { op: string; args: Cql2Expr[] } => isObj(e) && typeof e.op === 'string';

function queryable(name: string): Queryable {
  const q = resolveOarecQueryable(name);
  if (!q) throw fail(`properti "${name.slice(0, 100)}" bukan queryable (lihat /collections/metadata/queryables).`);
  return q;
}

/** a property, possibly wrapped in CASEI / ACCENTI */
function unwrap(e: Cql2Expr): { inner: Cql2Expr; casei: boolean } {
  if (isOp(e) && (e.op === 'casei' || e.op === 'accenti') && Array.isArray(e.args) && e.args.length === 1) {
    const r = unwrap(e.args[0]!);
    return { inner: r.inner, casei: r.casei || e.op === 'casei' };
  }
  return { inner: e, casei: false };
}

function literalText(e: Cql2Expr | unknown, what: string): string {
  if (typeof e === 'string') return e;
  if (typeof e === 'number') {
    if (!Number.isFinite(e)) throw fail(`angka tidak valid pada ${what}.`);
    return String(e);
  }
  if (typeof e === 'boolean') return e ? 'true' : 'false';
  if (isObj(e) && typeof e.date === 'string') return e.date;
  if (isObj(e) && typeof e.timestamp === 'string') return e.timestamp;
  throw fail(`${what} memerlukan nilai literal (string, angka, boolean, DATE atau TIMESTAMP).`);
}

/** the (property, literal) pair of a binary predicate, in either order */
function pair(args: Cql2Expr[], what: string): { q: Queryable; literal: Cql2Expr; casei: boolean; flipped: boolean } {
  if (!Array.isArray(args) || args.length !== 2) throw fail(`${what} memerlukan dua argumen.`);
  const a = unwrap(args[0]!);
  const b = unwrap(args[1]!);
  if (isProperty(a.inner) && !isProperty(b.inner)) return { q: queryable(a.inner.property), literal: b.inner, casei: a.casei || b.casei, flipped: false };
  if (isProperty(b.inner) && !isProperty(a.inner)) return { q: queryable(b.inner.property), literal: a.inner, casei: a.casei || b.casei, flipped: true };
  throw fail(`${what} memerlukan tepat satu properti dan satu nilai.`);
}

function geometryOf(e: Cql2Expr | unknown): string {
  if (isObj(e) && Array.isArray(e.bbox)) {
    const b = e.bbox as unknown[];
    if (!b.every((n) => typeof n === 'number') || (b.length !== 4 && b.length !== 6)) throw fail('BBOX memerlukan 4 atau 6 angka.');
    const [w, s, , e2, n] = b.length === 6 ? [b[0], b[1], 0, b[3], b[4]] : [b[0], b[1], 0, b[2], b[3]];
    return asParameter('filter', () => toWkt(envelopeGeometry(w as number, s as number, e2 as number, n as number)));
  }
  if (isObj(e) && typeof e.type === 'string') return asParameter('filter', () => toWkt(checkGeometry(geoJsonGeometry(e))));
  throw fail('operator spasial memerlukan geometri (WKT, BBOX atau GeoJSON).');
}

const pos = (v: unknown): Pos => {
  if (!Array.isArray(v) || v.length < 2 || !v.every((n) => typeof n === 'number' && Number.isFinite(n))) throw fail('koordinat geometri tidak valid.');
  return [v[0] as number, v[1] as number];
};
const arr = (v: unknown): unknown[] => {
  if (!Array.isArray(v) || v.length === 0) throw fail('koordinat geometri tidak valid.');
  return v;
};

function geoJsonGeometry(g: Obj): Geometry {
  const c = g.coordinates;
  switch (g.type) {
    case 'Point':
      return { type: 'Point', coords: pos(c) };
    case 'LineString':
      return { type: 'LineString', coords: arr(c).map(pos) };
    case 'Polygon':
      return { type: 'Polygon', rings: arr(c).map((r) => arr(r).map(pos)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', polygons: arr(c).map((p) => arr(p).map((r) => arr(r).map(pos))) };
    default:
      throw fail(`geometri ${String(g.type).slice(0, 40)} tidak didukung dalam filter (Point, LineString, Polygon, MultiPolygon, BBOX).`);
  }
}

function temporalLiteral(e: Cql2Expr | unknown): TemporalLiteral | undefined {
  const end = (v: unknown): string => {
    if (v === '..' || v === '') return '..';
    if (typeof v === 'string') return v;
    if (isObj(v) && typeof v.date === 'string') return v.date;
    if (isObj(v) && typeof v.timestamp === 'string') return v.timestamp;
    throw fail('ujung INTERVAL harus tanggal, timestamp atau "..".');
  };
  if (isObj(e) && typeof e.date === 'string') return { begin: e.date, end: e.date };
  if (isObj(e) && typeof e.timestamp === 'string') return { begin: e.timestamp, end: e.timestamp };
  if (isObj(e) && Array.isArray(e.interval)) {
    if (e.interval.length !== 2) throw fail('INTERVAL memerlukan dua ujung.');
    return { begin: end(e.interval[0]), end: end(e.interval[1]) };
  }
  return undefined;
}

function temporalProperty(name: string): TemporalProperty {
  if (name === 'time') return { begin: queryable('timeBegin'), end: queryable('timeEnd'), openEnds: true };
  const q = queryable(name);
  if (q.kind !== 'date') throw fail(`operator temporal memerlukan properti tanggal atau "time", bukan "${name}".`);
  return { begin: q, end: q, openEnds: false };
}

export function cql2ToFilter(e: Cql2Expr, depth = 0): FilterNode {
  if (depth > MAX_FILTER_DEPTH) throw fail(`filter bersarang lebih dari ${MAX_FILTER_DEPTH} tingkat.`);
  if (typeof e === 'boolean') return e ? { op: 'all' } : NOTHING;
  if (isProperty(e)) {
    const q = queryable(e.property);
    if (q.kind !== 'boolean') throw fail(`properti "${e.property}" bukan boolean dan tidak dapat berdiri sendiri sebagai predikat.`);
    return { op: 'compare', cmp: 'eq', property: q.name, value: 'true', matchCase: true };
  }
  if (!isOp(e)) throw fail('ekspresi filter tidak dikenal (diharapkan {"op", "args"}).');
  const op = e.op.toLowerCase();
  const args = e.args;
  if (!Array.isArray(args)) throw fail(`operator "${e.op.slice(0, 40)}" memerlukan "args" berupa array.`);
  const sub = (x: Cql2Expr): FilterNode => cql2ToFilter(x, depth + 1);
  switch (op) {
    case 'and':
    case 'or':
      if (args.length < 1) throw fail(`${op} memerlukan argumen.`);
      return { op, children: args.map(sub) };
    case 'not':
      if (args.length !== 1) throw fail('NOT memerlukan satu argumen.');
      return { op: 'not', child: sub(args[0]!) };
    case 'like': {
      const { q, literal, casei, flipped } = pair(args, 'LIKE');
      if (flipped || typeof literal !== 'string') throw fail('LIKE memerlukan properti lalu pola string.');
      return { op: 'like', property: q.name, pattern: literal, wildCard: '%', singleChar: '_', escapeChar: '\\', matchCase: !casei };
    }
    case 'between': {
      if (args.length !== 3) throw fail('BETWEEN memerlukan properti dan dua nilai.');
      const p = unwrap(args[0]!).inner;
      if (!isProperty(p)) throw fail('BETWEEN memerlukan properti sebagai argumen pertama.');
      return { op: 'between', property: queryable(p.property).name, lower: literalText(args[1]!, 'BETWEEN'), upper: literalText(args[2]!, 'BETWEEN') };
    }
    case 'in': {
      if (args.length !== 2 || !Array.isArray(args[1])) throw fail('IN memerlukan properti dan daftar nilai.');
      const { inner, casei } = unwrap(args[0]!);
      if (!isProperty(inner)) throw fail('IN memerlukan properti sebagai argumen pertama.');
      const q = queryable(inner.property);
      const values = args[1] as Cql2Expr[];
      if (values.length === 0) return NOTHING;
      return { op: 'or', children: values.map((v) => ({ op: 'compare', cmp: 'eq', property: q.name, value: literalText(unwrap(v).inner, 'IN'), matchCase: !casei })) };
    }
    case 'isnull': {
      if (args.length !== 1 || !isProperty(args[0])) throw fail('IS NULL memerlukan satu properti.');
      return { op: 'null', property: queryable((args[0] as { property: string }).property).name };
    }
    case 'a_contains':
    case 'a_overlaps': {
      const { q, literal } = pair(args, op.toUpperCase());
      if (q.kind !== 'text[]') throw fail(`${op.toUpperCase()} memerlukan properti larik (keywords, format, organisation, topicCategory …).`);
      const values = Array.isArray(literal) ? literal : [literal];
      const eqs: FilterNode[] = values.map((v) => ({ op: 'compare', cmp: 'eq', property: q.name, value: literalText(v, op.toUpperCase()), matchCase: true }));
      if (eqs.length === 0) return op === 'a_contains' ? { op: 'all' } : NOTHING;
      return { op: op === 'a_contains' ? 'and' : 'or', children: eqs };
    }
    default:
      break;
  }
  if (COMPARE[op]) {
    const { q, literal, casei, flipped } = pair(args, `operator ${op}`);
    const cmp = flipped ? FLIP[COMPARE[op]!] : COMPARE[op]!;
    if (q.kind === 'geometry') throw fail(`properti geometri "${q.oarec}" hanya dapat dipakai dengan operator spasial (S_INTERSECTS …).`);
    return { op: 'compare', cmp, property: q.name, value: literalText(literal, `operator ${op}`), matchCase: !casei };
  }
  const spatial = SPATIAL[op];
  if (spatial) {
    const { q, literal, flipped } = pair(args, op.toUpperCase());
    if (q.kind !== 'geometry') throw fail(`${op.toUpperCase()} memerlukan properti geometri ("geometry"), bukan "${q.oarec}".`);
    const sop = flipped ? SPATIAL_CONVERSE[spatial] ?? spatial : spatial;
    return { op: 'spatial', spatial: sop, property: q.name, geometryWkt: geometryOf(literal) };
  }
  if (TEMPORAL_OPS.includes(op)) {
    if (args.length !== 2) throw fail(`${op.toUpperCase()} memerlukan dua argumen.`);
    const [a, b] = args as [Cql2Expr, Cql2Expr];
    const la = temporalLiteral(a);
    const lb = temporalLiteral(b);
    if (isProperty(a) && lb) return temporalFilter(op, temporalProperty(a.property), lb);
    if (isProperty(b) && la) return temporalFilter(CONVERSE[op]!, temporalProperty(b.property), la);
    throw fail(`${op.toUpperCase()} memerlukan satu properti dan satu nilai waktu (DATE, TIMESTAMP atau INTERVAL).`);
  }
  throw fail(`operator "${e.op.slice(0, 40)}" tidak didukung.`);
}
