import { asCswErrors } from '../csw-error';
import { resolveQueryable, type Queryable } from '../../search/queryables';
import { toDegrees } from '../../search/filter/distance-units';
import { MAX_FILTER_DEPTH, type ComparisonOp, type FilterNode, type SpatialOp } from '../../search/filter/filter-ast';
import { checkGeometry, envelopeGeometry, toWkt, type Geometry, type Pos } from '../../search/filter/geometry';
import { cqlError, tokenize, type Token } from './cql-lexer';
import { axisOrderFor } from '../../search/filter/srs-name';

/**
 * OGC CQL (CSW 2.0.2 CONSTRAINTLANGUAGE=CQL_TEXT, csw:CqlText) → FilterNode, by recursive
 * descent with bounded nesting:
 *
 *   expr      := and (OR and)*
 *   and       := unary (AND unary)*
 *   unary     := NOT unary | '(' expr ')' | spatial | predicate
 *   predicate := prop ( cmp value | [NOT] (LIKE|ILIKE) string | IS [NOT] NULL
 *                     | [NOT] BETWEEN value AND value | [NOT] IN '(' value (',' value)* ')' )
 *   spatial   := BBOX '(' prop ',' n ',' n ',' n ',' n [',' string] ')'
 *              | (INTERSECTS|WITHIN|CONTAINS|DISJOINT|EQUALS|OVERLAPS|TOUCHES|CROSSES) '(' prop ',' wkt ')'
 *              | (DWITHIN|BEYOND) '(' prop ',' wkt ',' n ',' unit ')'
 *
 * Keywords are case-insensitive. LIKE patterns use `%`, `_` and `\` and, as in the peers
 * (CQL has no matchCase), compare case-insensitively. Geometries are lon/lat (CRS84).
 */
const CMP: Record<string, ComparisonOp> = { '=': 'eq', '<>': 'ne', '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge' };

const SPATIAL_FUNCS: Record<string, SpatialOp> = {
  BBOX: 'bbox',
  INTERSECTS: 'intersects',
  WITHIN: 'within',
  CONTAINS: 'contains',
  DISJOINT: 'disjoint',
  EQUALS: 'equals',
  OVERLAPS: 'overlaps',
  TOUCHES: 'touches',
  CROSSES: 'crosses',
  DWITHIN: 'dwithin',
  BEYOND: 'beyond',
};

function parseCqlUnwrapped(text: string): FilterNode {
  const p = new CqlParser(tokenize(text));
  if (p.peek().kind === 'eof') throw cqlError(0, 'teks CQL kosong.');
  const node = p.expr(0);
  const t = p.peek();
  if (t.kind !== 'eof') throw cqlError(t.pos, `"${t.text}" tidak diharapkan.`);
  return node;
}

class CqlParser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.i++;
    return t;
  }

  private isKeyword(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'ident' && !t.quoted && t.text.toUpperCase() === word;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.i++;
    return true;
  }

  private expect(kind: Token['kind'], what: string): Token {
    const t = this.peek();
    if (t.kind !== kind) throw cqlError(t.pos, `${what} diharapkan, ditemukan ${t.kind === 'eof' ? 'akhir teks' : `"${t.text}"`}.`);
    return this.next();
  }

  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) {
      const t = this.peek();
      throw cqlError(t.pos, `${word} diharapkan, ditemukan ${t.kind === 'eof' ? 'akhir teks' : `"${t.text}"`}.`);
    }
  }

  expr(depth: number): FilterNode {
    const children = [this.and(depth)];
    while (this.acceptKeyword('OR')) children.push(this.and(depth));
    return children.length === 1 ? children[0]! : { op: 'or', children };
  }

  private and(depth: number): FilterNode {
    const children = [this.unary(depth)];
    while (this.acceptKeyword('AND')) children.push(this.unary(depth));
    return children.length === 1 ? children[0]! : { op: 'and', children };
  }

  private unary(depth: number): FilterNode {
    const t = this.peek();
    if (depth >= MAX_FILTER_DEPTH) throw cqlError(t.pos, `ekspresi bersarang lebih dari ${MAX_FILTER_DEPTH} tingkat.`);
    if (this.acceptKeyword('NOT')) return { op: 'not', child: this.unary(depth + 1) };
    if (t.kind === '(') {
      this.next();
      const inner = this.expr(depth + 1);
      this.expect(')', '")"');
      return inner;
    }
    if (t.kind === 'ident' && !t.quoted && SPATIAL_FUNCS[t.text.toUpperCase()] && this.peek(1).kind === '(') {
      return this.spatial(SPATIAL_FUNCS[t.text.toUpperCase()]!);
    }
    return this.predicate();
  }

  private property(): { q: Queryable; pos: number } {
    const t = this.peek();
    if (t.kind !== 'ident') throw cqlError(t.pos, `nama properti diharapkan, ditemukan ${t.kind === 'eof' ? 'akhir teks' : `"${t.text}"`}.`);
    this.next();
    const q = resolveQueryable(t.text);
    if (!q) throw cqlError(t.pos, `properti "${t.text.slice(0, 100)}" tidak dikenal sebagai queryable.`);
    return { q, pos: t.pos };
  }

  private value(): string {
    const t = this.peek();
    if (t.kind === 'string' || t.kind === 'number' || t.kind === 'date') return this.next().text;
    if (this.isKeyword('TRUE') || this.isKeyword('FALSE')) return this.next().text.toLowerCase();
    throw cqlError(t.pos, `nilai (string, angka, tanggal, TRUE/FALSE) diharapkan, ditemukan ${t.kind === 'eof' ? 'akhir teks' : `"${t.text}"`}.`);
  }

  private predicate(): FilterNode {
    const { q, pos } = this.property();
    const geometryOnly = (what: string): never => {
      throw cqlError(pos, `${what} tidak berlaku untuk properti geometri ${q.name}; gunakan fungsi spasial.`);
    };
    const t = this.peek();
    if (t.kind === 'op') {
      this.next();
      if (q.kind === 'geometry') geometryOnly('perbandingan');
      return { op: 'compare', cmp: CMP[t.text]!, property: q.name, value: this.value(), matchCase: true };
    }
    if (this.acceptKeyword('IS')) {
      const negate = this.acceptKeyword('NOT');
      this.expectKeyword('NULL');
      const node: FilterNode = { op: 'null', property: q.name };
      return negate ? { op: 'not', child: node } : node;
    }
    const negate = this.acceptKeyword('NOT');
    let node: FilterNode;
    if (this.isKeyword('LIKE') || this.isKeyword('ILIKE')) {
      this.next();
      if (q.kind === 'geometry') geometryOnly('LIKE');
      const pattern = this.expect('string', 'pola LIKE dalam tanda kutip').text;
      node = { op: 'like', property: q.name, pattern, wildCard: '%', singleChar: '_', escapeChar: '\\', matchCase: false };
    } else if (this.acceptKeyword('BETWEEN')) {
      if (q.kind === 'geometry') geometryOnly('BETWEEN');
      const lower = this.value();
      this.expectKeyword('AND');
      node = { op: 'between', property: q.name, lower, upper: this.value() };
    } else if (this.acceptKeyword('IN')) {
      if (q.kind === 'geometry') geometryOnly('IN');
      this.expect('(', '"("');
      const values = [this.value()];
      while (this.peek().kind === ',') {
        this.next();
        values.push(this.value());
      }
      this.expect(')', '")"');
      node =
        q.kind === 'id'
          ? { op: 'ids', ids: values }
          : { op: 'or', children: values.map((value) => ({ op: 'compare', cmp: 'eq', property: q.name, value, matchCase: true })) };
    } else {
      const u = this.peek();
      throw cqlError(u.pos, `operator (=, <>, <, >, <=, >=, LIKE, IS NULL, BETWEEN, IN) diharapkan, ditemukan ${u.kind === 'eof' ? 'akhir teks' : `"${u.text}"`}.`);
    }
    return negate ? { op: 'not', child: node } : node;
  }

  private number(): number {
    const t = this.expect('number', 'angka');
    return Number(t.text);
  }

  private spatial(op: SpatialOp): FilterNode {
    const fn = this.next();
    this.expect('(', '"("');
    const { q, pos } = this.property();
    if (q.kind !== 'geometry') throw cqlError(pos, `fungsi spasial ${fn.text.toUpperCase()} hanya berlaku untuk properti geometri (ows:BoundingBox), bukan ${q.name}.`);
    this.expect(',', '","');
    let geometry: Geometry;
    let distanceDegrees: number | undefined;
    if (op === 'bbox') {
      const n: number[] = [this.number()];
      for (let k = 0; k < 3; k++) {
        this.expect(',', '","');
        n.push(this.number());
      }
      let order: 'lonlat' | 'latlon' = 'lonlat';
      if (this.peek().kind === ',') {
        this.next();
        const crs = this.expect('string', 'nama CRS dalam tanda kutip');
        try {
          order = axisOrderFor(crs.text);
        } catch {
          throw cqlError(crs.pos, `CRS "${crs.text}" tidak didukung.`);
        }
      }
      const [a, b, c, d] = n as [number, number, number, number];
      geometry = order === 'latlon' ? envelopeGeometry(b, a, d, c) : envelopeGeometry(a, b, c, d);
    } else {
      geometry = this.wkt();
      if (op === 'dwithin' || op === 'beyond') {
        this.expect(',', '","');
        const dist = this.expect('number', 'jarak');
        this.expect(',', '","');
        const unit = this.expect('ident', 'satuan jarak (m, km, deg)');
        distanceDegrees = toDegrees(dist.text, unit.text);
      }
    }
    this.expect(')', '")"');
    const node: FilterNode = { op: 'spatial', spatial: op, property: q.name, geometryWkt: toWkt(geometry) };
    return distanceDegrees === undefined ? node : { ...node, distanceDegrees };
  }

  // ---- WKT (lon/lat): POINT, LINESTRING, POLYGON, MULTIPOLYGON, ENVELOPE(w, e, n, s)

  private pos(): Pos {
    return [this.number(), this.number()];
  }

  private list<T>(item: () => T): T[] {
    this.expect('(', '"("');
    const out = [item()];
    while (this.peek().kind === ',') {
      this.next();
      out.push(item());
    }
    this.expect(')', '")"');
    return out;
  }

  private wkt(): Geometry {
    const t = this.expect('ident', 'geometri WKT');
    const ring = (): Pos[] => this.list(() => this.pos());
    const polygon = (): Pos[][] => this.list(ring);
    let g: Geometry;
    switch (t.text.toUpperCase()) {
      case 'POINT': {
        this.expect('(', '"("');
        g = { type: 'Point', coords: this.pos() };
        this.expect(')', '")"');
        break;
      }
      case 'LINESTRING':
        g = { type: 'LineString', coords: ring() };
        break;
      case 'POLYGON':
        g = { type: 'Polygon', rings: polygon() };
        break;
      case 'MULTIPOLYGON':
        g = { type: 'MultiPolygon', polygons: this.list(polygon) };
        break;
      case 'ENVELOPE': {
        const v = this.list(() => this.number());
        if (v.length !== 4) throw cqlError(t.pos, 'ENVELOPE memerlukan empat angka (barat, timur, utara, selatan).');
        const [w, e, n, s] = v as [number, number, number, number];
        g = envelopeGeometry(w, s, e, n);
        break;
      }
      default:
        throw cqlError(t.pos, `geometri "${t.text}" tidak didukung (POINT, LINESTRING, POLYGON, MULTIPOLYGON, ENVELOPE).`);
    }
    return checkGeometry(g);
  }
}

/** the search core's query errors surface as CswError (InvalidParameterValue) */
export const parseCql = asCswErrors(parseCqlUnwrapped);
