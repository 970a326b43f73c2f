import { resolveCanonical } from '../../search/queryables';
import { sortableQueryable, type SortSpec } from '../../search/sort-order';
import type { PageKey } from '../../search/search.ports';
import { withSql } from './queryable-sql';

/**
 * Keyset continuation: "the records after this one in this order" as a WHERE condition, so a
 * deep page costs what a first page costs (an index range or a short walk) instead of OFFSET's
 * walk over every earlier match. The key is what `keyColumns` selects for the last record of
 * the previous page: each sort expression as text (NULL when the record has no value), then the
 * internal identifier. Values go back as parameters whose type PostgreSQL infers from the
 * expression they are compared with (text → timestamptz, float8, boolean …), so the text form
 * round-trips exactly.
 *
 * The order is compileOrderBy's: each sort expression ASC or DESC with NULLS LAST (unless the
 * expression is never NULL), then `r.id ASC`. "After (v, rest)" therefore reads:
 * - v not NULL: `e > v` (or `<` for DESC) OR (`e = v` AND after(rest)) OR `e IS NULL`;
 * - v NULL:     `e IS NULL` AND after(rest) (nothing but other NULLs comes later);
 * - the identifier: `r.id > id`.
 *
 * The relevance order (free text, no sort: compiled-query.ts searchOrder) is one more order of
 * this shape: its rank expression DESC (a float8, never NULL: free-text.ts numberedRank), then
 * `r.id`. Its key is the rank as float8 text — PostgreSQL ≥ 12 writes the shortest text that
 * reads back as the same double (extra_float_digits ≥ 1, the default, which the pools also set:
 * pg-database.ts) — and the condition compares the very expression the ORDER BY sorts by, so
 * records with equal ranks continue by identifier and none is repeated or skipped.
 */
interface KeyPart {
  expr: string;
  desc: boolean;
  nullable: boolean;
}

/** `rank`: the relevance expression, the order when `sort` is empty (undefined: identifier order) */
function keyParts(sort: readonly SortSpec[], rank?: string): KeyPart[] {
  if (sort.length === 0 && rank !== undefined) return [{ expr: rank, desc: true, nullable: false }];
  return sort.map((s) => {
    const q = withSql(sortableQueryable(s.property, 'sortby', resolveCanonical));
    return { expr: q.sortSql ?? q.sql, desc: s.order === 'DESC', nullable: !q.sortNotNull };
  });
}

/** the key columns of a page row: `ARRAY[<sort expressions as text>, r.id]` */
export function keyColumns(sort: readonly SortSpec[], rank?: string): string {
  return `ARRAY[${[...keyParts(sort, rank).map((p) => `(${p.expr})::text`), 'r.id'].join(', ')}]`;
}

/**
 * The condition "comes after `key` in the order of `sort`"; its values are appended to
 * `params` (the $ numbers continue there). Throws when the key does not fit the sort (a cursor
 * from another query): the caller turns that into the protocol's parameter error.
 */
export function keysetCondition(sort: readonly SortSpec[], key: PageKey, params: unknown[], rank?: string): string {
  const parts = keyParts(sort, rank);
  if (key.length !== parts.length + 1) throw new RangeError('kunci halaman tidak cocok dengan urutan');
  const id = key[parts.length];
  if (typeof id !== 'string') throw new RangeError('kunci halaman tanpa pengenal');
  const bind = (v: string): string => {
    params.push(v);
    return `$${params.length}`;
  };
  const after = (i: number): string => {
    if (i === parts.length) return `r.id > ${bind(id)}`;
    const p = parts[i]!;
    const v = key[i];
    if (v === null || v === undefined) {
      // a NULL is only possible where the expression can be NULL; after it come only other NULLs
      if (!p.nullable) throw new RangeError('kunci halaman kosong untuk properti yang selalu berisi');
      return `((${p.expr}) IS NULL AND ${after(i + 1)})`;
    }
    const $v = bind(v);
    const beyond = `(${p.expr}) ${p.desc ? '<' : '>'} ${$v}`;
    const tie = `((${p.expr}) = ${$v} AND ${after(i + 1)})`;
    return `(${beyond} OR ${tie}${p.nullable ? ` OR (${p.expr}) IS NULL` : ''})`;
  };
  return after(0);
}
