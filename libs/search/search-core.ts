import type { MetadataRecord } from '../catalogue/record.types';
import { createMatchCounter, type MatchCount, type MatchCounter } from './match-count';
import type { FilterNode } from './filter/filter-ast';
import { DOMAIN_LIMIT, hasDomain, resolveCanonical, resolveOarecQueryable } from './queryables';
import type { FacetCountResult, FacetSample, FacetSpec, FacetValue, PageKey, PageRow, SearchQuery, SearchStore, WithFacets } from './search.ports';
import type { FetchedPage, PageShape } from './match-count';
import { createPageBoundaries, type PageBoundaries } from './page-boundaries';
import { createRankedWindows, windowPage, type RankedWindows } from './ranked-windows';
import { createTypoFallbacks, type TypoFallback } from './typo-fallbacks';
import { createFacetCounter } from './facet-counts';
import { sortableQueryable, type SortSpec } from './sort-order';
import { invalid } from './search-error';
import { ALMOST_NOTHING, contentWords, freeTextNodes, RANK_WINDOW, suggestedText, typoTolerantFilter } from './free-text';

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
  /** where the next page starts (PageQuery.after), when a record follows this page */
  next?: PageKey;
}

export interface SearchPage extends CountedResult<MetadataRecord> {
  /**
   * Nothing matched the free text's words: the records (and count) are those of this
   * typo-tolerant filter instead (libs/search/free-text.ts); facets should count it too.
   */
  typoTolerant?: FilterNode;
  /** "maksud Anda": the free text with its spelling corrected, when nothing or almost nothing matched */
  suggestion?: string;
  /**
   * In relevance order, more than RANK_WINDOW records matched: only the first RANK_WINDOW the
   * text index yields were ranked, the others follow them (libs/db/search-sql/rank-window.ts),
   * so the order is approximate
   */
  rankWindow?: number;
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
  /**
   * Keyset continuation: the page starts after this key (a `next` of the previous page of the
   * same filter and sort); `offset` then only says where that is, for the count
   */
  after?: PageKey;
  /** facets wanted with the page (SearchQuery.facets); what the store counted lands in `got` */
  facets?: FacetsWithPage;
}

/** facets asked of the page statement, and its answer when the store counted them there */
interface FacetsWithPage {
  want: FacetSample;
  /** the counts of the records the page shows: the typo-tolerant filter's when it fell back */
  got?: FacetCountResult;
}

/** The facets the search pages show: each an OGC API – Records queryable with a list of values. */
export const FACET_NAMES = ['keywords', 'topicCategory', 'type', 'organisation', 'format'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface SearchCore {
  /** `countScope`: the cache generation as a local scope (libs/response-cache); with it counts may be reused */
  page(filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, countScope?: string, after?: PageKey): Promise<SearchPage>;
  /** the same page as each record's stored render of `format` (null where there is none) */
  renderedPage(query: PageQuery, format: string, countScope?: string): Promise<RenderedPage>;
  /** throws the SearchError a search with this filter and sort would throw, without searching */
  check(filter: FilterNode, sort: readonly SortSpec[]): void;
  /**
   * Facet counts over the filter's matches: exact up to FACET_EXACT_ROWS matches, past that
   * from a sample and marked approximate (facet-counts.ts); `countScope` lets them be reused
   */
  facets(filter: FilterNode, limit: number, countScope?: string): Promise<Record<FacetName, FacetValue[]>>;
  /**
   * page() and facets() of the same search (the search pages with facets): in relevance order
   * the store counts the facets in the page statement over the window it ranks, the same first
   * matches facets() would sample (SearchQuery.facets), instead of a second statement; the
   * facets are those of the records shown (the typo-tolerant filter's when it answered)
   */
  pageWithFacets(filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, facetLimit: number, countScope?: string, after?: PageKey): Promise<{ page: SearchPage; facets: Record<FacetName, FacetValue[]> }>;
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

/**
 * What decides the order of a page, for the remembered page boundaries: the sort, or without
 * one the relevance to the free text. The filter key (the compiled WHERE) holds the words that
 * must occur, not every token the rank reads — "peta di jawa" and "peta jawa" match alike but
 * rank the phrase differently — so a boundary of one must never continue the other.
 */
function orderKey(filter: FilterNode, sort: readonly SortSpec[]): string {
  if (sort.length > 0) return JSON.stringify(sort);
  const ranked = freeTextNodes(filter).map((n) => [n.tokens, n.typoTolerant === true]);
  return ranked.length > 0 ? JSON.stringify({ relevance: ranked }) : '[]';
}

/** `counter`: shared with every protocol in the API (one memo, one set of background counts) */
export function createSearchCore(
  store: SearchStore,
  counter: MatchCounter = createMatchCounter(store),
  boundaries: PageBoundaries = createPageBoundaries(),
  windows: RankedWindows = createRankedWindows(),
): SearchCore {
  const facetCounter = createFacetCounter({ store, remembered: (scope, filter) => counter.remembered?.(scope, filter) });
  const typoFallbacks = createTypoFallbacks();
  /**
   * One page, continued by key where it can be: after the caller's key (a cursor), or after the
   * remembered end of the previous page at this position (page-boundaries.ts); the end of this
   * page is remembered in turn. Positions stay what OFFSET would give: keys are taken only from
   * pages of the same filter, sort and generation.
   */
  async function paged<T>(
    q: PageQuery,
    countScope: string | undefined,
    fetch: (sq: SearchQuery, countUpTo: number | undefined) => Promise<WithFacets<FetchedPage<T>>>,
    byIds: (ids: readonly string[]) => Promise<T[]>,
  ): Promise<CountedResult<T>> {
    const filterKey = countScope !== undefined && q.limit > 0 ? store.matchKey(q.filter) : undefined;
    const sortKey = orderKey(q.filter, q.sort);
    const after = q.after ?? (filterKey !== undefined && q.offset > 0 ? boundaries.get(countScope!, filterKey, sortKey, q.offset) : undefined);
    const ranked = filterKey !== undefined && q.sort.length === 0 && freeTextNodes(q.filter).length > 0;
    const r = await counter.page(
      { filter: q.filter, offset: q.offset, limit: q.limit, ...(countScope !== undefined ? { scope: countScope } : {}), ...(after ? { keyset: true } : {}) },
      async (countUpTo, shape: PageShape) => {
        const remembered = ranked ? await fromWindow(q, countScope!, filterKey!, sortKey, after, countUpTo, byIds) : undefined;
        if (remembered) return remembered;
        const sq = { filter: q.filter, sort: q.sort, offset: q.offset, limit: q.limit, ...shape, ...(after ? { after } : {}), ...(q.facets ? { facets: q.facets.want } : {}) };
        const fetched = await fetch(sq, countUpTo);
        if (q.facets && fetched.facets) q.facets.got = fetched.facets;
        return fetched;
      },
    );
    const next = r.more && r.lastKey ? r.lastKey : undefined;
    if (next && filterKey !== undefined) boundaries.set(countScope!, filterKey, sortKey, q.offset + r.items.length, next);
    return { count: r.count, more: r.more, records: r.items, ...(next ? { next } : {}) };
  }

  /**
   * A page in relevance order out of the search's remembered ranked window (ranked-windows.ts),
   * the window asked of the store when the search is seen the second time in this scope;
   * undefined when the page statement must answer (first sighting, a page past the window, a
   * record of the window no longer published while the scope has not changed yet).
   */
  async function fromWindow<T>(
    q: PageQuery,
    scope: string,
    filterKey: string,
    sortKey: string,
    after: PageKey | undefined,
    countUpTo: number | undefined,
    byIds: (ids: readonly string[]) => Promise<T[]>,
  ): Promise<FetchedPage<T> | undefined> {
    let w = windows.get(scope, filterKey, sortKey);
    if (!w) {
      if (!windows.seen(scope, filterKey, sortKey)) return undefined;
      w = await store.rankedWindow({ filter: q.filter, sort: q.sort, offset: 0, limit: RANK_WINDOW });
      if (!w) return undefined;
      windows.set(scope, filterKey, sortKey, w);
    }
    const p = windowPage(w, { offset: q.offset, limit: q.limit, ...(after ? { after } : {}), ...(countUpTo !== undefined ? { countUpTo } : {}) });
    if (!p) return undefined;
    const items = await byIds(p.ids);
    if (items.length !== p.ids.length) return undefined;
    return { items, more: p.more, ...(p.counted !== undefined ? { counted: p.counted } : {}), ...(p.lastKey ? { lastKey: p.lastKey } : {}) };
  }

  const recordsPage = (filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, countScope?: string, after?: PageKey, facets?: FacetsWithPage): Promise<SearchPage> =>
    paged({ filter, sort, offset, limit, ...(after ? { after } : {}), ...(facets ? { facets } : {}) }, countScope, (sq, countUpTo) => store.pageOfRecords(sq, countUpTo), (ids) => store.recordsByIds(ids));

  /**
   * A page in relevance order (free text, no sort) of more than RANK_WINDOW matches: only a
   * window of them was ranked (libs/db/search-sql/rank-window.ts), the page says so.
   */
  const windowed = (filter: FilterNode, sort: readonly SortSpec[], p: SearchPage): SearchPage =>
    sort.length === 0 && p.count.value > RANK_WINDOW && freeTextNodes(filter).length > 0 ? { ...p, rankWindow: RANK_WINDOW } : p;

  /**
   * The typo-tolerant fallback of `filter` (its words looked up in the lexicon once) and the
   * spellings of `words` from its best records, remembered per generation scope
   * (typo-fallbacks.ts). The spellings are a statement of their own: returned unawaited, so the
   * fallback's page runs beside it, and remembered once they arrive.
   */
  async function fallbackOf(filter: FilterNode, words: string[], countScope: string | undefined): Promise<{ filter: FilterNode; spellings: Promise<ReadonlyMap<string, string>> }> {
    const key = countScope !== undefined ? JSON.stringify([store.matchKey(filter), words]) : undefined;
    const kept = key !== undefined ? typoFallbacks.get(countScope!, key) : undefined;
    if (kept) return { filter: kept.filter, spellings: Promise.resolve(kept.spellings) };
    // upkeep only: the lexicon's lookup also reads the words not yet moved, so a failed move
    // (the database read-only, a lock) must not fail the search
    await store.refreshSpellings().catch(() => undefined);
    const queries = await store.typoQueries(words);
    // the caller found free text in `filter`, so a typo-tolerant filter always comes back
    const tolerant = typoTolerantFilter(filter, new Map(words.map((w, i) => [w, queries[i]])))!;
    const spellings = store.spellings(tolerant, words);
    // a failure is the caller's to report (it awaits the promise); only a success is remembered
    if (key !== undefined) spellings.then((found) => typoFallbacks.set(countScope!, key, { filter: tolerant, spellings: found }), () => undefined);
    return { filter: tolerant, spellings };
  }

  async function page(filter: FilterNode, sort: readonly SortSpec[], offset: number, limit: number, countScope?: string, after?: PageKey, facets?: FacetsWithPage): Promise<SearchPage> {
    const exact = await recordsPage(filter, sort, offset, limit, countScope, after, facets);
    // nothing or almost nothing matched the words: a suggestion, and with nothing the fallback
    if (!exact.count.exact || exact.count.value > ALMOST_NOTHING) return windowed(filter, sort, exact);
    const nodes = freeTextNodes(filter);
    if (nodes.length === 0) return exact; // no words to fall back from
    const words = [...new Set(nodes.flatMap((n) => contentWords(n.tokens)))];
    const fallbackSearch = await fallbackOf(filter, words, countScope);
    const { filter: tolerant } = fallbackSearch;
    const withSuggestion = <T extends SearchPage>(p: T, spellings: ReadonlyMap<string, string>): T => {
      const suggestion = suggestedText(nodes, spellings);
      return suggestion !== undefined ? { ...p, suggestion } : p;
    };
    if (exact.count.value > 0) return withSuggestion(exact, await fallbackSearch.spellings);
    // a cursor of a later fallback page continues the fallback's own order (its key is a
    // fallback rank: on the exact search above it only narrowed a page that had no records).
    // Facets asked with the page are the fallback's, counted by its page statement in turn.
    const fallbackFacets: FacetsWithPage | undefined = facets ? { want: facets.want } : undefined;
    const [spellings, fallback] = await Promise.all([fallbackSearch.spellings, recordsPage(tolerant, sort, offset, limit, countScope, after, fallbackFacets)]);
    if (fallbackFacets?.got) facets!.got = fallbackFacets.got;
    else delete facets?.got;
    return withSuggestion(windowed(tolerant, sort, { ...fallback, typoTolerant: tolerant }), spellings);
  }

  return {
    page,
    renderedPage(query, format, countScope) {
      return paged(query, countScope, (sq, countUpTo) => store.pageWithRenders(sq, format, countUpTo), (ids) => store.rendersByIds(ids, format));
    },
    check(filter, sort) {
      store.matchKey(filter);
      for (const s of sort) sortableQueryable(s.property, 'sortby', resolveCanonical);
    },
    async facets(filter, limit, countScope) {
      return (await facetCounter.counts(filter, FACETS, limit, countScope)) as Record<FacetName, FacetValue[]>;
    },
    async pageWithFacets(filter, sort, offset, limit, facetLimit, countScope, after) {
      const counts = (f: FilterNode): Promise<Record<FacetName, FacetValue[]>> => facetCounter.counts(f, FACETS, facetLimit, countScope) as Promise<Record<FacetName, FacetValue[]>>;
      // in relevance order the page statement ranks a window of the first matches: the facet
      // sample, asked of it (unless remembered); in any other order two statements side by side
      const ranked = sort.length === 0 && limit > 0 && freeTextNodes(filter).length > 0 && facetCounter.kept(filter, FACETS, facetLimit, countScope) === undefined;
      if (!ranked) {
        const [p, f] = await Promise.all([page(filter, sort, offset, limit, countScope, after), counts(filter)]);
        return { page: p, facets: p.typoTolerant ? await counts(p.typoTolerant) : f };
      }
      const asked: FacetsWithPage = { want: { specs: FACETS, limit: facetLimit, sampleRows: facetCounter.sampleRows } };
      const p = await page(filter, sort, offset, limit, countScope, after, asked);
      // nothing matched the words: the facets count the typo-tolerant records shown instead
      // (`asked.got` then holds theirs); a store that did not count them with the page
      // (another sample than its window, no word to rank) is asked apart
      const shown = p.typoTolerant ?? filter;
      const facets = asked.got ? await facetCounter.accept(shown, FACETS, facetLimit, countScope, asked.got) : await counts(shown);
      return { page: p, facets: facets as Record<FacetName, FacetValue[]> };
    },
    async domain(property) {
      const q = resolveCanonical(property);
      if (!q) throw invalid('propertyname', `PropertyName "${property.slice(0, 100)}" bukan queryable yang dikenal.`);
      return hasDomain(q) ? store.domainValues(q.name, DOMAIN_LIMIT) : undefined;
    },
  };
}
