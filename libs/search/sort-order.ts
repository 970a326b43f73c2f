import { invalid } from './search-error';
import { resolveQueryable, type Queryable } from './queryables';

/**
 * Sorting, shared by every protocol: a list of (queryable, direction), handed to the store as
 * part of the query (libs/db compiles it: libs/db/search-sql/order-by.ts). Paging must be
 * stable, so the store always ends the order with the internal identifier; without a sort the
 * order is the identifier alone, which is stable, index-backed and the same for every page of
 * a harvest. Values missing on a record sort last in both directions. Multi-valued properties
 * sort by their first value, the bounding box by its area; free text cannot be sorted.
 */
export interface SortSpec {
  /** canonical queryable name (CSW spelling) */
  property: string;
  order: 'ASC' | 'DESC';
}

/** The queryable `name` resolves to (by `resolve`, CSW's resolver by default) if it can be sorted. */
export function sortableQueryable(name: string, locator: string, resolve: (n: string) => Queryable | undefined = resolveQueryable): Queryable {
  const q = resolve(name);
  if (!q) throw invalid(locator, `Properti pengurutan "${name.slice(0, 100)}" tidak dikenal.`);
  if (!q.sortable) throw invalid(locator, `Properti ${q.name} tidak dapat dipakai untuk pengurutan.`);
  return q;
}
