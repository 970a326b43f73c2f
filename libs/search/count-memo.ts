/**
 * numberOfRecordsMatched should be exact, and for a broad filter (AnyText "water", a country's
 * BBOX, no filter at all) the exact count visits every matching row: tens of milliseconds at
 * 100,000 records, seconds at 1,000,000, on every page of a harvest and every repeated search.
 * The same count is asked again and again while nothing changes, and "nothing changed" has a
 * name here: the CSW cache generation, which every publish / unpublish / edit of a published
 * record bumps when it commits (libs/cache/csw-generation.ts).
 *
 * So counts are remembered in process per (generation, compiled filter) — exact counts, and
 * the estimates given while an exact count is still being made (match-count.ts), so that every
 * page of a broad search shows the same number until the exact one replaces it. The rules are
 * the response cache's own, so a count is never staler than a cached response could be:
 * - only with a generation read BEFORE the query (the cache passes the one it read, as a
 *   local scope that also changes after a store failure or reset, see local-scope.ts); with
 *   no generation (store down, no cache in front) every count is computed;
 * - an entry lives at most `ttlMs` (60 s, the GetRecords response lifetime), so a change
 *   whose bump was lost (Redis down at commit, worker not yet run) is seen within that time,
 *   as it would be through the response cache;
 * - bounded: the least recently used entries go first.
 * Paging (a harvest asks the same count 200 times) and repeated searches then cost one
 * index-served page query instead of page + full count.
 */

/** A number of matches: exact, or an estimate (never below what the pages already showed) */
export interface MatchCount {
  value: number;
  exact: boolean;
}

export interface CountMemo {
  /** `scope`: the generation as a local scope (local-scope.ts) */
  get(scope: string, key: string): MatchCount | undefined;
  /** an estimate never replaces an exact count of the same scope and key */
  set(scope: string, key: string, count: MatchCount): void;
}

interface Entry {
  count: MatchCount;
  expiresAt: number;
}

export function createCountMemo(opts: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): CountMemo {
  const max = opts.maxEntries ?? 5000;
  const ttl = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const map = new Map<string, Entry>();
  const k = (scope: string, key: string): string => `${scope}\u0000${key}`;
  const live = (id: string): Entry | undefined => {
    const e = map.get(id);
    if (!e) return undefined;
    if (e.expiresAt <= now()) {
      map.delete(id);
      return undefined;
    }
    return e;
  };
  return {
    get(scope, key) {
      const id = k(scope, key);
      const e = live(id);
      if (!e) return undefined;
      // re-insert: Map order is the LRU order
      map.delete(id);
      map.set(id, e);
      return e.count;
    },
    set(scope, key, count) {
      const id = k(scope, key);
      const old = live(id);
      // an exact count arriving from the background must not be overwritten by a page that
      // still carried the estimate (they race), nor an older estimate's lifetime be extended
      if (old?.count.exact && !count.exact) return;
      map.delete(id);
      map.set(id, { count: { value: count.value, exact: count.exact }, expiresAt: now() + ttl });
      while (map.size > max) map.delete(map.keys().next().value as string);
    },
  };
}

/** The memo key of a compiled filter: the SQL fragment and its parameter values. */
export function countKey(where: string, params: readonly unknown[]): string {
  return `${where}\u0000${JSON.stringify(params)}`;
}
