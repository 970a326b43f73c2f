import type { FilterNode } from '../../search/filter/filter-ast';
import type { SortSpec } from '../../search/sort-order';
import { compileFilter } from './compile-filter';
import { compileOrderBy } from './order-by';

/** A filter tree as SQL: a boolean expression over `records r` whose values are all in `params` ($1…$n). */
export interface CompiledFilter {
  where: string;
  params: readonly unknown[];
  /** the count memo's key (CountStore.matchKey): the expression and its values */
  key: string;
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
    const where = compileFilter(filter, params);
    c = { where, params, key: countKey(where, params) };
    filters.set(filter, c);
  }
  return c;
}

export function compiledOrderBy(sort: readonly SortSpec[]): string {
  let o = orders.get(sort);
  if (o === undefined) {
    o = compileOrderBy(sort);
    orders.set(sort, o);
  }
  return o;
}
