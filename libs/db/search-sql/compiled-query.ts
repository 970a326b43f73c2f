import type { FilterNode } from '../../search/filter/filter-ast';
import type { SortSpec } from '../../search/sort-order';
import { compileFilter } from './compile-filter';
import { numberedRank, type RankParts } from './free-text';
import { compileOrderBy, ID_ORDER } from './order-by';

/** A filter tree as SQL: a boolean expression over `records r` whose values are all in `params` ($1…$n). */
export interface CompiledFilter {
  where: string;
  params: readonly unknown[];
  /** the count memo's key (CountStore.matchKey): the expression and its values */
  key: string;
  /**
   * The relevance of a record to the filter's free text (over `records r`; its own values in
   * `rank.params`, numbered to follow `params`); absent without free text.
   */
  rank?: { sql: string; params: readonly unknown[] };
}

/**
 * Compiled once per tree: a search compiles its filter for the memo key, the page, the count
 * and the estimate, and a parsed request kept by the response cache's parse memo brings the
 * same tree again. Trees are never changed after parsing, so the tree itself is the cache key;
 * a tree that fails to compile is not remembered (it throws again, the same SearchError).
 */
/** The count memo's key of a compiled filter: the SQL fragment and its parameter values. */
export function countKey(where: string, params: readonly unknown[]): string {
  return `${where}\u0000${JSON.stringify(params)}`;
}

const filters = new WeakMap<FilterNode, CompiledFilter>();
const orders = new WeakMap<readonly SortSpec[], string>();

export function compiledFilter(filter: FilterNode): CompiledFilter {
  let c = filters.get(filter);
  if (!c) {
    const params: unknown[] = [];
    const ranks: RankParts = { exprs: [], params: [] };
    const where = compileFilter(filter, params, ranks);
    const rank = numberedRank(ranks, params.length);
    c = { where, params, key: countKey(where, params), ...(rank ? { rank } : {}) };
    filters.set(filter, c);
  }
  return c;
}

/**
 * The ORDER BY of a search and the values of the statement up to it: its sort; without one, the
 * relevance to its free text when it has some (highest first, its values after the filter's),
 * else the identifier. Both end with the identifier, so paging is stable.
 */
export function searchOrder(filter: CompiledFilter, sort: readonly SortSpec[]): { orderBy: string; params: readonly unknown[] } {
  if (sort.length === 0 && filter.rank !== undefined) return { orderBy: `${filter.rank.sql} DESC, ${ID_ORDER}`, params: [...filter.params, ...filter.rank.params] };
  return { orderBy: compiledOrderBy(sort), params: filter.params };
}

export function compiledOrderBy(sort: readonly SortSpec[]): string {
  let o = orders.get(sort);
  if (o === undefined) {
    o = compileOrderBy(sort);
    orders.set(sort, o);
  }
  return o;
}
