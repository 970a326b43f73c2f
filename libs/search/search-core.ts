import type { MetadataRecord } from '../catalogue/record.types';
import { createMatchCounter, type MatchCount, type MatchCounter } from './match-count';
import type { FilterNode } from './filter/filter-ast';
import { DOMAIN_LIMIT, hasDomain, resolveCanonical, resolveOarecQueryable } from './queryables';
import type { FacetSpec, FacetValue, PageRow, SearchStore } from './search.ports';
import { sortableQueryable, type SortSpec } from './sort-order';
import { invalid } from './search-error';
import { ALMOST_NOTHING, contentWords, freeTextNodes, suggestedText, typoTolerantFilter } from './free-text';

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

export interface SearchPage extends CountedResult<MetadataRecord> {
  /**
   * Nothing matched the free text's words: the records (and count) are those of this
   * typo-tolerant filter instead (libs/search/free-text.ts); facets should count it too.
   */
  typoTolerant?: FilterNode;
  /** "maksud Anda": the free text with its spelling corrected, when nothing or almost nothing matched */
  suggestion?: string;
}

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
  const recordsPage = async (filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, countScope?: string): Promise<SearchPage> => {
    const r = await counter.page({ filter, offset, limit, ...(countScope !== undefined ? { scope: countScope } : {}) },
      (countUpTo, shape) => store.pageOfRecords({ filter, sort, offset, limit, ...shape }, countUpTo));
    return { count: r.count, more: r.more, records: r.items };
  };
  return {
    async page(filter, sort, offset, limit, countScope) {
      const exact = await recordsPage(filter, sort, offset, limit, countScope);
      // nothing or almost nothing matched the words: a suggestion, and with nothing the fallback
      if (!exact.count.exact || exact.count.value > ALMOST_NOTHING) return exact;
      const tolerant = typoTolerantFilter(filter);
      if (!tolerant) return exact;
      const nodes = freeTextNodes(filter);
      const words = [...new Set(nodes.flatMap((n) => contentWords(n.tokens)))];
      const suggestion = suggestedText(nodes, await store.spellings(tolerant, words));
      const withSuggestion = <T extends SearchPage>(p: T): T => (suggestion !== undefined ? { ...p, suggestion } : p);
      if (exact.count.value > 0) return withSuggestion(exact);
      const fallback = await recordsPage(tolerant, sort, offset, limit, countScope);
      return withSuggestion({ ...fallback, typoTolerant: tolerant });
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
