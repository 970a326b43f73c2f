import { resolveCanonical } from '../../search/queryables';
import { sortableQueryable, type SortSpec } from '../../search/sort-order';
import { withSql } from './queryable-sql';

/** The order of a search without a sort: by the internal identifier (stable, index-backed). */
export const ID_ORDER = 'r.id ASC';

/**
 * The search core's sort list → ORDER BY. Paging must be stable, so the identifier always comes
 * last; values missing on a record sort last in both directions (NULLS LAST, left out where the
 * expression is never NULL so that the btree indexes match).
 */
export function compileOrderBy(specs: readonly SortSpec[]): string {
  const parts = specs.map((s) => {
    const q = withSql(sortableQueryable(s.property, 'sortby', resolveCanonical));
    return `${q.sortSql ?? q.sql} ${s.order === 'DESC' ? 'DESC' : 'ASC'}${q.sortNotNull ? '' : ' NULLS LAST'}`;
  });
  parts.push(ID_ORDER);
  return parts.join(', ');
}
