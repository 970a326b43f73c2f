import { MAX_CQL2_DEPTH, type Cql2Expr } from './cql2-ast';
import { cql2Error, tokenizeCql2, type Cql2Token } from './cql2-lexer';

/**
 * CQL2 text (OGC 21-065) → the CQL2 JSON structure (cql2-ast.ts). Covers basic and advanced
 * comparison (LIKE, BETWEEN, IN, IS NULL, CASEI), spatial (S_* with WKT and BBOX literals),
 * temporal (T_* with DATE, TIMESTAMP, INTERVAL) and array (A_*) predicates. Keywords are
 * case-insensitive; a syntax error names its 1-based position in the text.
 */
const COMPARISON: Record<string, string> = { '=': '=', '<>': '<>', '<': '<', '>': '>', '<=': '<=', '>=': '>=' };
const GEOMETRY_TYPES = ['POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON', 'GEOMETRYCOLLECTION'];
const GEOJSON_TYPE: Record<string, string> = {
  POINT: 'Point', LINESTRING: 'LineString', POLYGON: 'Polygon', MULTIPOINT: 'MultiPoint',
  MULTILINESTRING: 'MultiLineString', MULTIPOLYGON: 'MultiPolygon', GEOMETRYCOLLECTION: 'GeometryCollection',
};
const isPredicateFunction = (name: string): boolean => /^(S|T|A)_[A-Z]+$/.test(name);

export function parseCql2Text(text: string): Cql2Expr {
  const tokens = tokenizeCql2(text);
  let i = 0;
  let depth = 0;
  const peek = (o = 0): Cql2Token => tokens[Math.min(i + o, tokens.length - 1)]!;
  const next = (): Cql2Token => tokens[Math.min(i++, tokens.length - 1)]!;
  const upper = (t: Cql2Token): string => (t.kind === 'ident' && !t.quoted ? t.text.toUpperCase() : '');
  const isKw = (kw: string, o = 0): boolean => upper(peek(o)) === kw;
  const describe = (t: Cql2Token): string => (t.kind === 'eof' ? 'akhir teks' : `"${t.text}"`);
  const expect = (kind: Cql2Token['kind'], what: string): Cql2Token => {
    const t = next();
    if (t.kind !== kind) throw cql2Error(t.pos, `diharapkan ${what}, ditemukan ${describe(t)}.`);
    return t;
  };
  const expectKw = (kw: string): void => {
    const t = next();
    if (upper(t) !== kw) throw cql2Error(t.pos, `diharapkan ${kw}, ditemukan ${describe(t)}.`);
  };
  const enter = (pos: number): void => {
    depth += 1;
    if (depth > MAX_CQL2_DEPTH) throw cql2Error(pos, `ekspresi bersarang lebih dari ${MAX_CQL2_DEPTH} tingkat.`);
  };

  function orExpr(): Cql2Expr {
    const parts = [andExpr()];
    while (isKw('OR')) {
      next();
      parts.push(andExpr());
    }
    return parts.length === 1 ? parts[0]! : { op: 'or', args: parts };
  }

  function andExpr(): Cql2Expr {
    const parts = [notExpr()];
    while (isKw('AND')) {
      next();
      parts.push(notExpr());
    }
    return parts.length === 1 ? parts[0]! : { op: 'and', args: parts };
  }

  function notExpr(): Cql2Expr {
    if (isKw('NOT')) {
      const t = next();
      enter(t.pos);
      const inner = notExpr();
      depth -= 1;
      return { op: 'not', args: [inner] };
    }
    return predicate();
  }

  function predicate(): Cql2Expr {
    const t = peek();
    if (t.kind === '(') {
      next();
      enter(t.pos);
      const inner = orExpr();
      depth -= 1;
      expect(')', '")"');
      return inner;
    }
    const kw = upper(t);
    if (isPredicateFunction(kw) && peek(1).kind === '(') {
      next();
      return { op: kw.toLowerCase(), args: argList() };
    }
    const left = scalar();
    return afterScalar(left);
  }

  function afterScalar(left: Cql2Expr): Cql2Expr {
    const t = peek();
    if (t.kind === 'op' && COMPARISON[t.text]) {
      next();
      return { op: COMPARISON[t.text]!, args: [left, scalar()] };
    }
    let negate = false;
    if (isKw('NOT') && ['LIKE', 'BETWEEN', 'IN'].includes(upper(peek(1)))) {
      next();
      negate = true;
    }
    const wrap = (e: Cql2Expr): Cql2Expr => (negate ? { op: 'not', args: [e] } : e);
    if (isKw('LIKE')) {
      next();
      return wrap({ op: 'like', args: [left, scalar()] });
    }
    if (isKw('BETWEEN')) {
      next();
      const lo = scalar();
      expectKw('AND');
      return wrap({ op: 'between', args: [left, lo, scalar()] });
    }
    if (isKw('IN')) {
      next();
      return wrap({ op: 'in', args: [left, argList()] });
    }
    if (isKw('IS')) {
      next();
      const not = isKw('NOT');
      if (not) next();
      expectKw('NULL');
      const e: Cql2Expr = { op: 'isNull', args: [left] };
      return not ? { op: 'not', args: [e] } : e;
    }
    // a bare boolean literal or boolean property is a predicate of its own
    if (typeof left === 'boolean' || (typeof left === 'object' && left !== null && 'property' in left)) return left;
    throw cql2Error(t.pos, `diharapkan operator pembanding, LIKE, BETWEEN, IN atau IS NULL, ditemukan ${describe(t)}.`);
  }

  function argList(): Cql2Expr[] {
    const open = expect('(', '"("');
    enter(open.pos);
    const args: Cql2Expr[] = [];
    if (peek().kind !== ')') {
      for (;;) {
        args.push(argument());
        if (peek().kind === ',') {
          next();
          continue;
        }
        break;
      }
    }
    expect(')', '")" atau ","');
    depth -= 1;
    return args;
  }

  /** an argument of a predicate function: a nested predicate (A_/S_/T_ args are scalars) or a scalar */
  function argument(): Cql2Expr {
    const t = peek();
    if (isPredicateFunction(upper(t)) && peek(1).kind === '(') return predicate();
    return scalar();
  }

  function scalar(): Cql2Expr {
    const t = next();
    if (t.kind === 'string') return t.text;
    if (t.kind === 'number') return Number(t.text);
    if (t.kind === 'op' && (t.text === '-' || t.text === '+') && peek().kind === 'number') {
      const n = Number(next().text);
      return t.text === '-' ? -n : n;
    }
    if (t.kind === '(') {
      // a parenthesised list, e.g. the second argument of A_CONTAINS
      i -= 1;
      return argList();
    }
    if (t.kind !== 'ident') throw cql2Error(t.pos, `diharapkan nilai atau nama properti, ditemukan ${describe(t)}.`);
    if (t.quoted) return { property: t.text };
    const kw = t.text.toUpperCase();
    if (kw === 'TRUE' || kw === 'FALSE') return kw === 'TRUE';
    if (peek().kind !== '(') return { property: t.text };
    switch (kw) {
      case 'DATE':
      case 'TIMESTAMP': {
        expect('(', '"("');
        const v = expect('string', 'string tanggal');
        expect(')', '")"');
        return kw === 'DATE' ? { date: v.text } : { timestamp: v.text };
      }
      case 'INTERVAL': {
        const args = argList();
        if (args.length !== 2) throw cql2Error(t.pos, 'INTERVAL memerlukan dua argumen.');
        return { interval: args.map((a) => (typeof a === 'string' ? a : a)) as (string | Cql2Expr)[] };
      }
      case 'BBOX': {
        const args = argList();
        if (!args.every((a) => typeof a === 'number') || (args.length !== 4 && args.length !== 6)) {
          throw cql2Error(t.pos, 'BBOX memerlukan 4 atau 6 angka.');
        }
        return { bbox: args as number[] };
      }
      case 'CASEI':
      case 'ACCENTI': {
        const args = argList();
        if (args.length !== 1) throw cql2Error(t.pos, `${kw} memerlukan satu argumen.`);
        return { op: kw.toLowerCase(), args };
      }
      default:
        if (GEOMETRY_TYPES.includes(kw)) return { type: GEOJSON_TYPE[kw]!, coordinates: geometryBody(kw, t.pos) };
        throw cql2Error(t.pos, `fungsi "${t.text}" tidak didukung.`);
    }
  }

  function number(): number {
    const t = next();
    if (t.kind === 'number') return Number(t.text);
    if (t.kind === 'op' && (t.text === '-' || t.text === '+') && peek().kind === 'number') {
      const n = Number(next().text);
      return t.text === '-' ? -n : n;
    }
    throw cql2Error(t.pos, `diharapkan koordinat, ditemukan ${describe(t)}.`);
  }

  /** `x y [z]` */
  function position(): number[] {
    const p = [number(), number()];
    if (peek().kind === 'number' || (peek().kind === 'op' && peek(1).kind === 'number')) p.push(number());
    return p;
  }

  /** `( item, item … )` */
  function list<T>(item: () => T): T[] {
    const open = expect('(', '"("');
    enter(open.pos);
    const out = [item()];
    while (peek().kind === ',') {
      next();
      out.push(item());
    }
    expect(')', '")" atau ","');
    depth -= 1;
    return out;
  }

  function geometryBody(kw: string, pos: number): unknown {
    switch (kw) {
      case 'POINT':
        return list(position)[0];
      case 'LINESTRING':
        return list(position);
      case 'MULTIPOINT':
        // both MULTIPOINT((1 2),(3 4)) and MULTIPOINT(1 2, 3 4)
        return list(() => (peek().kind === '(' ? list(position)[0]! : position()));
      case 'POLYGON':
      case 'MULTILINESTRING':
        return list(() => list(position));
      case 'MULTIPOLYGON':
        return list(() => list(() => list(position)));
      default:
        throw cql2Error(pos, `geometri ${kw} tidak didukung dalam filter.`);
    }
  }

  const expr = orExpr();
  const end = peek();
  if (end.kind !== 'eof') throw cql2Error(end.pos, `${describe(end)} tidak diharapkan setelah ekspresi.`);
  return expr;
}
