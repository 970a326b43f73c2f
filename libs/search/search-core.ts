import type { MetadataRecord } from '../catalogue/record.types';
import { createMatchCounter, type MatchCount, type MatchCounter } from './match-count';
import { compileFilter } from './filter/compile-sql';
import type { FilterNode } from './filter/filter-ast';
import { resolveOarecQueryable } from './queryables';
import type { FacetValue, SearchStore } from './search-port';
import { compileOrderBy, type SortSpec } from './sort-order';

/**
 * The protocol-independent search: a filter tree and a sort → one page of PUBLISHED records
 * with its count (exact, or an estimate past the count budget: match-count.ts) and whether a
 * next page exists, and facet counts over the same filter. OGC API – Records runs on it;
 * CSW's GetRecords uses the same pieces (compileFilter, compileOrderBy, the match counter,
 * the store).
 */
export interface SearchPage {
  count: MatchCount;
  /** a record follows this page */
  more: boolean;
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

/** `counter`: shared with CSW in the API (one memo, one set of background counts) */
export function createSearchCore(store: SearchStore, counter: MatchCounter = createMatchCounter(store)): SearchCore {
  return {
    async page(filter, sort, offset, limit, countScope) {
      const params: unknown[] = [];
      const where = compileFilter(filter, params);
      const orderBy = compileOrderBy(sort);
      const r = await counter.page({ where, params, offset, limit, ...(countScope !== undefined ? { scope: countScope } : {}) },
        (countUpTo, shape) => store.pageOfRecords({ where, params, orderBy, offset, limit, ...shape }, countUpTo));
      return { count: r.count, more: r.more, records: r.items };
    },
    async facets(filter, limit) {
      const params: unknown[] = [];
      const where = compileFilter(filter, params);
      return (await store.facetCounts(where, params, FACETS, limit)) as Record<FacetName, FacetValue[]>;
    },
  };
}
