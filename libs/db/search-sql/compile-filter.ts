import { invalid } from '../../search/search-error';
import { resolveCanonical } from '../../search/queryables';
import { parseDateLiteral } from '../../search/filter/date-value';
import { MAX_FILTER_DEPTH, type ComparisonOp, type FilterNode } from '../../search/filter/filter-ast';
import { compileSpatial } from './compile-spatial';
import { compileFreeText, type RankParts } from './free-text';
import { withSql, type SqlQueryable as Queryable } from './queryable-sql';
import { literalLike, toContains, toSqlLike } from './like-pattern';
import { bind, bindBoolean } from './sql-params';

/**
 * FilterNode → a SQL boolean expression over `records r`. Every literal is pushed to
 * `params` and referenced as `$n`; identifiers come only from the queryables' SQL (queryable-sql.ts).
 * The caller adds `r.status = 'PUBLISHED'`.
 *
 * Semantics (two-valued: no predicate ever yields NULL, so Not is an exact complement):
 * - a record without a value for the property matches no comparison, LIKE or Between
 *   (PropertyIsNotEqualTo included); PropertyIsNull matches exactly those records;
 * - text equality is case-sensitive unless matchCase="false" (then lower() = lower());
 * - a multi-valued property (keywords, formats, …) matches when any value matches;
 *   NotEqualTo matches when it has values and none equals the literal;
 * - csw:AnyText is a case-insensitive "contains" search for LIKE and EqualTo; NotEqualTo is
 *   "does not contain". `anytext` is stored lower-cased (projectRecord), so the pattern is
 *   lower-cased here the same way (String#toLowerCase) and matched with plain LIKE, which
 *   the trigram index serves as well as ILIKE and whose recheck of each candidate row is
 *   about four times cheaper (ILIKE folds the case of the whole column value per row);
 * - dates compare as ISO 8601 strings at the literal's precision (see date-value.ts);
 *   dct:modified compares as a timestamp (UTC);
 * - booleans accept true/false/1/0.
 */
const SQL_OP: Record<ComparisonOp, string> = { eq: '=', ne: '<>', lt: '<', gt: '>', le: '<=', ge: '>=' };

const ESCAPE = "ESCAPE '\\'";

/**
 * A value compared with `anytext`, lower-cased exactly as projectRecord() lower-cases the
 * column. LIKE escapes (backslashes) and wildcards (% _) have no case, so a pattern can be
 * lower-cased after toSqlLike.
 */
const lowerAnyText = (s: string): string => s.toLowerCase();

/**
 * `ranks`: receives the rank expression of each free-text node a record may match (not those
 * under a Not); the search orders by their sum when it has no sort (compiled-query.ts).
 */
export function compileFilter(node: FilterNode, params: unknown[], ranks?: RankParts): string {
  return compile(node, params, 0, ranks);
}

function compile(node: FilterNode, params: unknown[], depth: number, ranks?: RankParts): string {
  // parsers bound nesting at MAX_FILTER_DEPTH; a tree built in code gets some headroom
  if (depth > MAX_FILTER_DEPTH * 4) throw invalid('constraint', 'Filter bersarang terlalu dalam.');
  switch (node.op) {
    case 'all':
      return 'TRUE';
    case 'and':
    case 'or': {
      if (node.children.length === 0) return node.op === 'and' ? 'TRUE' : 'FALSE';
      const parts = node.children.map((c) => compile(c, params, depth + 1, ranks));
      return parts.length === 1 ? parts[0]! : `(${parts.join(node.op === 'and' ? ' AND ' : ' OR ')})`;
    }
    case 'not':
      return `(NOT ${compile(node.child, params, depth + 1)})`;
    case 'compare':
      return compileCompare(queryable(node.property), node.cmp, node.value, node.matchCase, params);
    case 'like': {
      const pattern = toSqlLike(node.pattern, node);
      return compileLike(queryable(node.property), pattern, node.matchCase, params);
    }
    case 'null':
      return compileNull(queryable(node.property));
    case 'between':
      return compileBetween(queryable(node.property), node.lower, node.upper, params);
    case 'text':
      return compileFreeText(node, params, ranks);
    case 'ids':
      return node.ids.length === 0 ? 'FALSE' : `r.file_identifier = ANY(${bind(params, node.ids)}::text[])`;
    case 'spatial':
      return compileSpatial(queryable(node.property), node.spatial, node.geometryWkt, node.distanceDegrees, params);
    default:
      throw invalid('constraint', 'Operator filter tidak dikenal.');
  }
}

function queryable(name: string): Queryable {
  const q = resolveCanonical(name);
  if (!q) throw invalid('constraint', `PropertyName "${name.slice(0, 100)}" tidak dikenal sebagai queryable.`);
  return withSql(q);
}

const guard = (q: Queryable, expr: string): string => (q.present ? `(${q.present} AND ${expr})` : expr);

const noGeometry = (q: Queryable): never => {
  throw invalid('constraint', `Operator ini tidak berlaku untuk properti geometri ${q.name}; gunakan operator spasial.`);
};

/** the property as text, for LIKE on dates and booleans */
function textSql(q: Queryable): string {
  if (q.kind === 'date' && q.dateType === 'timestamptz') return `to_char(${q.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  if (q.kind === 'boolean') return `(${q.sql})::text`;
  return q.sql;
}

const anyElement = (q: Queryable, predicate: (v: string) => string): string =>
  `EXISTS (SELECT 1 FROM unnest(${q.sql}) AS u(v) WHERE ${predicate('u.v')})`;

function compileCompare(q: Queryable, cmp: ComparisonOp, value: string, matchCase: boolean, params: unknown[]): string {
  const op = SQL_OP[cmp];
  switch (q.kind) {
    case 'geometry':
      return noGeometry(q);
    case 'anytext': {
      if (cmp === 'eq' || cmp === 'ne') {
        const contains = `${q.sql} LIKE ${bind(params, lowerAnyText(toContains(literalLike(value))))} ${ESCAPE}`;
        return cmp === 'eq' ? contains : `(NOT (${contains}))`;
      }
      return `${q.sql} ${op} ${bind(params, lowerAnyText(value))}`;
    }
    case 'boolean':
      return `${q.sql} ${op} ${bindBoolean(params, value)}`;
    case 'date':
      return guard(q, compareDate(q, cmp, value, params));
    case 'text[]': {
      const p = bind(params, value);
      const equal = matchCase ? `${q.sql} @> ARRAY[${p}]::text[]` : anyElement(q, (v) => `lower(${v}) = lower(${p})`);
      if (cmp === 'eq') return equal;
      if (cmp === 'ne') return `(cardinality(${q.sql}) > 0 AND NOT (${equal}))`;
      return anyElement(q, (v) => (matchCase ? `${v} ${op} ${p}` : `lower(${v}) ${op} lower(${p})`));
    }
    case 'text':
    case 'id': {
      const p = bind(params, value);
      return guard(q, matchCase ? `${q.sql} ${op} ${p}` : `lower(${q.sql}) ${op} lower(${p})`);
    }
  }
}

/** see date-value.ts for the precision rules */
function compareDate(q: Queryable, cmp: ComparisonOp, value: string, params: unknown[]): string {
  const d = parseDateLiteral(value);
  const col = q.sql;
  if (q.dateType === 'timestamptz') {
    if (d.precision === 'instant') return `${col} ${SQL_OP[cmp]} ${bind(params, d.text)}::timestamptz`;
    // bind only what the comparison uses: an unused $n has no type and fails the statement
    const start = (): string => `${bind(params, d.start)}::timestamptz`;
    const next = (): string => `${bind(params, d.next)}::timestamptz`;
    switch (cmp) {
      case 'eq':
        return `(${col} >= ${start()} AND ${col} < ${next()})`;
      case 'ne':
        return `(${col} < ${start()} OR ${col} >= ${next()})`;
      case 'lt':
        return `${col} < ${start()}`;
      case 'le':
        return `${col} < ${next()}`;
      case 'gt':
        return `${col} >= ${next()}`;
      case 'ge':
        return `${col} >= ${start()}`;
    }
  }
  const p = bind(params, d.text);
  return d.precision === 'instant' ? `${col} ${SQL_OP[cmp]} ${p}` : `left(${col}, ${d.text.length}) ${SQL_OP[cmp]} ${p}`;
}

function compileLike(q: Queryable, sqlPattern: string, matchCase: boolean, params: unknown[]): string {
  switch (q.kind) {
    case 'geometry':
      return noGeometry(q);
    case 'anytext':
      return `${q.sql} LIKE ${bind(params, lowerAnyText(toContains(sqlPattern)))} ${ESCAPE}`;
    case 'text[]': {
      const p = bind(params, sqlPattern);
      return anyElement(q, (v) => (matchCase ? `${v} LIKE ${p} ${ESCAPE}` : `lower(${v}) LIKE lower(${p}) ${ESCAPE}`));
    }
    default: {
      const p = bind(params, sqlPattern);
      const t = textSql(q);
      return guard(q, matchCase ? `${t} LIKE ${p} ${ESCAPE}` : `lower(${t}) LIKE lower(${p}) ${ESCAPE}`);
    }
  }
}

function compileNull(q: Queryable): string {
  switch (q.kind) {
    case 'geometry':
      return `${q.sql} IS NULL`;
    case 'text[]':
      return `cardinality(${q.sql}) = 0`;
    case 'anytext':
      return `${q.sql} = ''`;
    default:
      return q.present ? `(NOT (${q.present}))` : 'FALSE';
  }
}

function compileBetween(q: Queryable, lower: string, upper: string, params: unknown[]): string {
  switch (q.kind) {
    case 'geometry':
      return noGeometry(q);
    case 'date':
      return guard(q, `(${compareDate(q, 'ge', lower, params)} AND ${compareDate(q, 'le', upper, params)})`);
    case 'boolean':
      return `${q.sql} BETWEEN ${bindBoolean(params, lower)} AND ${bindBoolean(params, upper)}`;
    case 'anytext':
      return `${q.sql} BETWEEN ${bind(params, lowerAnyText(lower))} AND ${bind(params, lowerAnyText(upper))}`;
    case 'text[]': {
      const lo = bind(params, lower);
      const hi = bind(params, upper);
      return anyElement(q, (v) => `${v} BETWEEN ${lo} AND ${hi}`);
    }
    case 'text':
    case 'id':
      return guard(q, `${q.sql} BETWEEN ${bind(params, lower)} AND ${bind(params, upper)}`);
  }
}
