import type { MetadataRecord } from '../catalogue/record.types';
import { countKey, createCountMemo } from './count-memo';
import { compileFilter } from './filter/compile-sql';
import type { FilterNode } from './filter/filter-ast';
import { resolveOarecQueryable } from './queryables';
import type { FacetValue, SearchStore } from './search-port';
import { compileOrderBy, type SortSpec } from './sort-order';

/**
 * The protocol-independent search: a filter tree and a sort → one page of PUBLISHED records
 * with the exact count (remembered per cache generation in the count memo), and facet counts
 * over the same filter. OGC API – Records runs on it; CSW's GetRecords uses the same pieces
 * (compileFilter, compileOrderBy, the count memo, the store).
 */
export interface SearchPage {
  matched: number;
  records: MetadataRecord[];
}

/** The facets the search pages show: each an OGC API – Records queryable with a list of values. */
export const FACET_NAMES = ['keywords', 'topicCategory', 'type', 'organisation', 'format'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface SearchCore {
  /** `countScope`: the cache generation as a local scope (response-cache.ts); with it counts may be reused */
  page(filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, countScope?: string): Promise<SearchPage>;
  facets(filter: FilterNode, limit: number): Promise<Record<FacetName, FacetValue[]>>;
}

const FACETS = FACET_NAMES.map((name) => {
  const q = resolveOarecQueryable(name);
  if (!q) throw new Error(`facet ${name}: no such queryable`);
  return { name, sql: q.sql, array: q.kind === 'text[]' };
});

export function createSearchCore(store: SearchStore): SearchCore {
  const memo = createCountMemo();
  return {
    async page(filter, sort, offset, limit, countScope) {
      const params: unknown[] = [];
      const where = compileFilter(filter, params);
      const orderBy = compileOrderBy(sort);
      const key = countScope !== undefined ? countKey(where, params) : undefined;
      const known = key !== undefined ? memo.get(countScope!, key) : undefined;
      const { matched, records } = await store.pageOfRecords({ where, params, orderBy, offset, limit }, known);
      if (key !== undefined && known === undefined) memo.set(countScope!, key, matched);
      return { matched, records };
    },
    async facets(filter, limit) {
      const params: unknown[] = [];
      const where = compileFilter(filter, params);
      return (await store.facetCounts(where, params, FACETS, limit)) as Record<FacetName, FacetValue[]>;
    },
  };
}
