import { invalid } from './search-error';
import { resolveCanonical, resolveQueryable, type Queryable } from './queryables';
import { ID_ORDER } from './search-port';

/**
 * Sorting, shared by every protocol: a list of (queryable, direction) → ORDER BY. Paging must
 * be stable, so the identifier always comes last (`r.id ASC`); without a sort the order is the
 * identifier alone, which is stable, index-backed and the same for every page of a harvest.
 * Values missing on a record sort last in both directions. Multi-valued properties sort by
 * their first value, the bounding box by its area; free text cannot be sorted.
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

export function compileOrderBy(specs: readonly SortSpec[]): string {
  const parts = specs.map((s) => {
    const q = sortableQueryable(s.property, 'sortby', resolveCanonical);
    return `${q.sortSql ?? q.sql} ${s.order === 'DESC' ? 'DESC' : 'ASC'}${q.sortNotNull ? '' : ' NULLS LAST'}`;
  });
  parts.push(ID_ORDER);
  return parts.join(', ');
}
