import type { MatchCount } from './count-memo';
import type { FilterNode } from './filter/filter-ast';
import type { FacetCountResult, FacetSpec, FacetValue, SearchStore } from './search.ports';

/**
 * Facet counts within a bounded cost (issue 21: counting the facets of every match cost 332 ms
 * of PostgreSQL per uncached search page at 100,000 records).
 *
 * - Up to FACET_EXACT_ROWS matches the counts are exact (every match is counted).
 * - Past it the store counts the first FACET_EXACT_ROWS matches it finds and the counts are
 *   scaled to the number of matches (the remembered exact count of this generation, else the
 *   planner's estimate), each marked `approximate`: the pages say "sekitar". The top values of
 *   a large result are its frequent ones, which a sample of 1,000 finds; the sample is the
 *   plan's first matches, so a catalogue whose records were loaded in blocks of one kind may
 *   skew it — hence the label, never a number that looks exact.
 * - Results are remembered per (generation as a local scope, filter key, limit) for 60 s, like
 *   the counts (count-memo.ts), so the pages of one search and repeated searches count once.
 */
// 1,000 like the matches counted with a page (SEARCH_COUNT_EXACT_ROWS): at 1,000,000 records the
// sample of a broad word reads ~2 rows per match, each with its text vector out of line, ~5 µs a row
export const FACET_EXACT_ROWS = 1_000;
const MEMO_ENTRIES = 2_000;
const MEMO_TTL_MS = 60_000;

export interface FacetCounter {
  counts(filter: FilterNode, facets: readonly FacetSpec[], limit: number, scope: string | undefined): Promise<Record<string, FacetValue[]>>;
  /** the counts remembered for these arguments (counts() would answer without the store), if any */
  kept(filter: FilterNode, facets: readonly FacetSpec[], limit: number, scope: string | undefined): Record<string, FacetValue[]> | undefined;
  /**
   * Counts the store made elsewhere over the same sample counts() asks for (the first
   * `sampleRows` + 1 matches: SearchQuery.facets, counted with a page), scaled and remembered
   * as counts() would
   */
  accept(filter: FilterNode, facets: readonly FacetSpec[], limit: number, scope: string | undefined, r: FacetCountResult): Promise<Record<string, FacetValue[]>>;
  /** the sample counts() asks the store for (FacetCounterDeps.exactRows) */
  readonly sampleRows: number;
}

export interface FacetCounterDeps {
  store: Pick<SearchStore, 'facetCounts' | 'matchKey' | 'estimatePublished'>;
  /** the exact or estimated count remembered for this filter and scope (match-count.ts), if any */
  remembered(scope: string, filter: FilterNode): MatchCount | undefined;
  exactRows?: number;
  now?: () => number;
}

/** counts of a sample scaled to `total` matches, each marked approximate */
export function scaledFacets(r: FacetCountResult, total: number): Record<string, FacetValue[]> {
  if (r.sampled === undefined) return r.values;
  const factor = Math.max(total, r.sampled) / r.sampled;
  const out: Record<string, FacetValue[]> = {};
  for (const [name, values] of Object.entries(r.values)) {
    out[name] = values.map((v) => ({ value: v.value, count: Math.max(1, Math.round(v.count * factor)), approximate: true }));
  }
  return out;
}

export function createFacetCounter(deps: FacetCounterDeps): FacetCounter {
  const exactRows = deps.exactRows ?? FACET_EXACT_ROWS;
  const now = deps.now ?? Date.now;
  const memo = new Map<string, { values: Record<string, FacetValue[]>; until: number }>();
  const key = (filter: FilterNode, facets: readonly FacetSpec[], limit: number, scope: string | undefined): string | undefined =>
    scope !== undefined ? `${scope}\u0000${limit}\u0000${facets.map((f) => f.name).join(',')}\u0000${deps.store.matchKey(filter)}` : undefined;
  const kept = (id: string | undefined): Record<string, FacetValue[]> | undefined => {
    const k = id !== undefined ? memo.get(id) : undefined;
    return k && k.until > now() ? k.values : undefined;
  };
  async function settle(filter: FilterNode, scope: string | undefined, id: string | undefined, r: FacetCountResult): Promise<Record<string, FacetValue[]>> {
    let values = r.values;
    if (r.sampled !== undefined) {
      const known = scope !== undefined ? deps.remembered(scope, filter) : undefined;
      const total = known?.value ?? (await deps.store.estimatePublished(filter).catch(() => r.sampled!));
      values = scaledFacets(r, total);
    }
    if (id !== undefined) {
      memo.delete(id);
      memo.set(id, { values, until: now() + MEMO_TTL_MS });
      while (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
    }
    return values;
  }
  return {
    sampleRows: exactRows,
    async counts(filter, facets, limit, scope) {
      const id = key(filter, facets, limit, scope);
      const values = kept(id);
      if (values) return values;
      return settle(filter, scope, id, await deps.store.facetCounts(filter, facets, limit, { sampleRows: exactRows }));
    },
    kept: (filter, facets, limit, scope) => kept(key(filter, facets, limit, scope)),
    accept: (filter, facets, limit, scope, r) => settle(filter, scope, key(filter, facets, limit, scope), r),
  };
}
