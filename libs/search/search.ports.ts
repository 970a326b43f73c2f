import type { MetadataRecord } from '../catalogue/record.types';
import type { FilterNode } from './filter/filter-ast';
import type { CountStore, FetchedPage } from './match-count';
import type { SortSpec } from './sort-order';

/**
 * The search core's window on the database (implemented in libs/db/search.repository.ts,
 * wired in by the runtime). Every method reads PUBLISHED records only. A search is handed over
 * as a query value — the filter tree, the sort list, the page — never as SQL: the database
 * layer compiles it (libs/db/search-sql).
 */
export interface SearchQuery {
  filter: FilterNode;
  /** the requested order; the store ends it with the internal identifier (stable paging) */
  sort: readonly SortSpec[];
  /** 0-based */
  offset: number;
  /** 0 → only the count */
  limit: number;
  /**
   * The filter is known (an exact count remembered for this generation) to match at most
   * FEW_MATCHES records (match-count.ts): the store may find the matches first and sort them,
   * with a plan that does not depend on the values.
   */
  fewMatches?: boolean;
  /**
   * The filter is known to match so large a share of the published records that a page in
   * identifier order (no `sort`) is found after a short walk of that order (match-count.ts,
   * BROAD_WALK_ROWS): the store may walk it with a plan that does not depend on the values.
   * Ignored when there is a sort.
   */
  broadMatches?: boolean;
  /**
   * Keyset continuation: the page starts after the record with this key (PageKey) instead of
   * at `offset`, which then only says where the page lies for the count. The key must come
   * from a page of the same filter and sort.
   */
  after?: PageKey;
  /**
   * The facet counts of the filter's first `sampleRows` + 1 matches wanted with the page
   * (libs/search/facet-counts.ts). A store that ranks a window of the first matches in the page
   * statement (relevance order: libs/db/search-sql/rank-window.ts) counts them over that window
   * when it is as long as the sample, instead of a second statement finding the same first
   * matches again; it answers in the page's `facets` (WithFacets). Otherwise it ignores the request.
   */
  facets?: FacetSample;
}

/** a fetched page with the facet counts asked with it (SearchQuery.facets), when the store counted them in the page statement */
export type WithFacets<P> = P & { facets?: FacetCountResult };

/** SearchQuery.facets: which facets, how many values each, the sample (as SearchStore.facetCounts) */
export interface FacetSample {
  specs: readonly FacetSpec[];
  limit: number;
  sampleRows: number;
}

/**
 * Where a record lies in a search's order: its sort values as text (null: no value), then its
 * internal identifier. Opaque outside the store; the store returns it for a page's last record
 * (FetchedPage.lastKey) and continues after it (SearchQuery.after).
 */
export type PageKey = readonly (string | null)[];

/** A facet: its name in the answer and the queryable (canonical name) whose values it counts. */
export interface FacetSpec {
  name: string;
  property: string;
}

/**
 * A search's ranked window (SearchStore.rankedWindow): the first min(matches, RANK_WINDOW)
 * records of its relevance order (libs/search/ranked-windows.ts remembers them)
 */
export interface RankedWindow {
  /** the window's records in the search's order: internal ids */
  ids: readonly string[];
  /** the page key of each (PageKey: the rank as text, the id) */
  keys: readonly PageKey[];
  /** a match follows the window (there are more than ids.length matches) */
  beyond: boolean;
}

/** A PUBLISHED record of a page with its stored render of the requested format (null when there is none). */
export interface PageRow {
  /** the internal record id (renders are keyed by it) */
  id: string;
  version: number;
  xml: string | null;
  renderVersion: number | null;
}

/** One value of a facet and how many records of the current filter carry it. */
export interface FacetValue {
  value: string;
  count: number;
  /**
   * The count was estimated from a sample of the matches (the filter matched more than the
   * facet bound, facet-counts.ts): shown as "sekitar". Absent when the count is exact.
   */
  approximate?: true;
}

/** Facet counts as the store found them: exact over every match, or over the first `sampled` matches. */
export interface FacetCountResult {
  values: Record<string, FacetValue[]>;
  /** set when the matches exceeded `sampleRows`: the counts are over this many of them */
  sampled?: number;
}

export interface SearchStore extends CountStore {
  /**
   * One page in order with each record's render of `format`; `more` when a record follows the
   * page; with `countUpTo`, also min(matches, countUpTo + 1) as `counted` (match-count.ts).
   */
  pageWithRenders(q: SearchQuery, format: string, countUpTo?: number): Promise<FetchedPage<PageRow>>;
  /** one page in order as whole records (document + catalogue dates), like pageWithRenders */
  pageOfRecords(q: SearchQuery, countUpTo?: number): Promise<WithFacets<FetchedPage<MetadataRecord>>>;
  /**
   * The ranked window of a search in relevance order (libs/search/ranked-windows.ts): its first
   * min(matches, RANK_WINDOW) records in order with their page keys, as the page statement
   * finds and keys them; undefined when the query's order is not a ranked window's (a sort, no
   * free text). `offset`, `limit`, `after` and `facets` of the query are ignored.
   */
  rankedWindow(q: SearchQuery): Promise<RankedWindow | undefined>;
  /** the PUBLISHED records among `ids` (internal ids) in that order, as pageOfRecords gives them; the others left out */
  recordsByIds(ids: readonly string[]): Promise<MetadataRecord[]>;
  /** the PUBLISHED records among `ids` in that order with their render of `format`, as pageWithRenders; the others left out */
  rendersByIds(ids: readonly string[], format: string): Promise<PageRow[]>;
  /**
   * The PUBLISHED records whose file identifiers are among `fileIdentifiers` (the public names:
   * CSW GetRecordById, OARec item ids) with their render of `format`, in no particular order.
   * A public identifier names at most one record (migration 040).
   */
  publishedWithRenders(fileIdentifiers: readonly string[], format: string): Promise<(PageRow & { fileIdentifier: string })[]>;
  /** the PUBLISHED record with this file identifier, or undefined */
  publishedRecord(fileIdentifier: string): Promise<MetadataRecord | undefined>;
  /** a record in any status by its internal id (renders on the spot check the status themselves) */
  recordById(id: string): Promise<MetadataRecord | undefined>;
  /**
   * GetDomain: the distinct non-empty values of the queryable `property` (canonical name, one
   * with hasDomain) over PUBLISHED records, arrays unnested, sorted, at most `limit`
   */
  domainValues(property: string, limit: number): Promise<string[]>;
  /**
   * Facet counts over the records matching `filter`: for each facet, the `limit` most frequent
   * values of its queryable (a multi-valued one counts each value), most frequent first.
   * `sampleRows`: look at no more than this many matches (which ones is the plan's choice);
   * beyond it the result says how many were counted (FacetCountResult.sampled).
   */
  facetCounts(filter: FilterNode, facets: readonly FacetSpec[], limit: number, opts?: { sampleRows?: number }): Promise<FacetCountResult>;
  /**
   * Spelling suggestions for free-text words: for each of `words`, the word of the titles and
   * keywords of the best records of `filter` (a typo-tolerant one: libs/search/free-text.ts)
   * most similar in spelling, lower-cased with accents folded, when similar enough. Words
   * without one are left out of the map.
   */
  spellings(filter: FilterNode, words: readonly string[]): Promise<Map<string, string>>;
  /**
   * Brings the spelling lexicon the typo-tolerant filter reads up to date with the records
   * published since (migration 106); called before a fallback, the only time it is read.
   */
  refreshSpellings(): Promise<void>;
  /**
   * Each word's query of itself or its nearest spellings in the lexicon (a tsquery as text, in
   * the order of `words`): what a typo-tolerant filter matches (FilterNode `typoQueries`).
   */
  typoQueries(words: readonly string[]): Promise<string[]>;
}
