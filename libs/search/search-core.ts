import type { MetadataRecord } from '../catalogue/record.types';
import { createMatchCounter, type MatchCount, type MatchCounter } from './match-count';
import type { FilterNode } from './filter/filter-ast';
import { DOMAIN_LIMIT, hasDomain, resolveCanonical, resolveOarecQueryable } from './queryables';
import type { FacetSpec, FacetValue, PageRow, SearchStore } from './search.ports';
import { sortableQueryable, type SortSpec } from './sort-order';
import { invalid } from './search-error';

/**
 * The protocol-independent search, and the only door to searching: a filter tree and a sort →
 * one page of PUBLISHED records with its count (exact, or an estimate past the count budget:
 * match-count.ts) and whether a next page exists; facet counts over the same filter; the
 * values of a queryable (CSW GetDomain). OGC API – Records and CSW both run on it; the store
 * receives query values and compiles them itself.
 */
export interface CountedResult<T> {
  count: MatchCount;
  /** a record follows this page */
  more: boolean;
  records: T[];
}

export type SearchPage = CountedResult<MetadataRecord>;

/** A page of stored renders (CSW answers with the renders, not the records). */
export type RenderedPage = CountedResult<PageRow>;

/** What to search for and which part of the answer: the filter tree, the order, the page. */
export interface PageQuery {
  filter: FilterNode;
  sort: readonly SortSpec[];
  /** 0-based */
  offset: number;
  /** 0 → only the count */
  limit: number;
}

/** The facets the search pages show: each an OGC API – Records queryable with a list of values. */
export const FACET_NAMES = ['keywords', 'topicCategory', 'type', 'organisation', 'format'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface SearchCore {
  /** `countScope`: the cache generation as a local scope (libs/response-cache); with it counts may be reused */
  page(filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, countScope?: string): Promise<SearchPage>;
  /** the same page as each record's stored render of `format` (null where there is none) */
  renderedPage(query: PageQuery, format: string, countScope?: string): Promise<RenderedPage>;
  /** throws the SearchError a search with this filter and sort would throw, without searching */
  check(filter: FilterNode, sort: readonly SortSpec[]): void;
  facets(filter: FilterNode, limit: number): Promise<Record<FacetName, FacetValue[]>>;
  /**
   * The distinct values of a queryable (canonical name) over PUBLISHED records, at most
   * DOMAIN_LIMIT; undefined for one without a meaningful list (free text, geometry, ids)
   */
  domain(property: string): Promise<string[] | undefined>;
}

const FACETS: readonly FacetSpec[] = FACET_NAMES.map((name) => {
  const q = resolveOarecQueryable(name);
  if (!q) throw new Error(`facet ${name}: no such queryable`);
  return { name, property: q.name };
});

/** `counter`: shared with every protocol in the API (one memo, one set of background counts) */
export function createSearchCore(store: SearchStore, counter: MatchCounter = createMatchCounter(store)): SearchCore {
  return {
    async page(filter, sort, offset, limit, countScope) {
      const r = await counter.page({ filter, offset, limit, ...(countScope !== undefined ? { scope: countScope } : {}) },
        (countUpTo, shape) => store.pageOfRecords({ filter, sort, offset, limit, ...shape }, countUpTo));
      return { count: r.count, more: r.more, records: r.items };
    },
    async renderedPage({ filter, sort, offset, limit }, format, countScope) {
      const r = await counter.page({ filter, offset, limit, ...(countScope !== undefined ? { scope: countScope } : {}) },
        (countUpTo, shape) => store.pageWithRenders({ filter, sort, offset, limit, ...shape }, format, countUpTo));
      return { count: r.count, more: r.more, records: r.items };
    },
    check(filter, sort) {
      store.matchKey(filter);
      for (const s of sort) sortableQueryable(s.property, 'sortby', resolveCanonical);
    },
    async facets(filter, limit) {
      return (await store.facetCounts(filter, FACETS, limit)) as Record<FacetName, FacetValue[]>;
    },
    async domain(property) {
      const q = resolveCanonical(property);
      if (!q) throw invalid('propertyname', `PropertyName "${property.slice(0, 100)}" bukan queryable yang dikenal.`);
      return hasDomain(q) ? store.domainValues(q.name, DOMAIN_LIMIT) : undefined;
    },
  };
}
