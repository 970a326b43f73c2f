/**
 * numberOfRecordsMatched should be exact, and for a broad filter (AnyText "water", a country's
 * BBOX, no filter at all) the exact count visits every matching row: tens of milliseconds at
 * 100,000 records, seconds at 1,000,000, on every page of a harvest and every repeated search.
 * The same count is asked again and again while nothing changes, and "nothing changed" has a
 * name here: the public catalogue's generation, which every publish / unpublish / edit of a published
 * record bumps when it commits (libs/response-cache/generation.ts).
 *
 * So counts are remembered in process per (generation, filter key — the store's: CountStore.matchKey) — exact counts, and
 * the estimates given while an exact count is still being made (match-count.ts), so that every
 * page of a broad search shows the same number until the exact one replaces it. The rules are
 * the response cache's own, so a count is never staler than a cached response could be:
 * - only with a generation read BEFORE the query (the cache passes the one it read, as a
 *   local scope that also changes after a store failure or reset, see local-scope.ts); with
 *   no generation (store down, no cache in front) every count is computed;
 * - an entry lives at most `ttlMs` (60 s, the GetRecords response lifetime), so a change
 *   whose bump was lost (Redis down at commit, worker not yet run) is seen within that time,
 *   as it would be through the response cache;
 * - bounded: the least recently used entries go first;
 * - renewed before it ends: an exact count in the last quarter of its life is handed out once
 *   for renewal (`claimRenewal`), and the counter recounts it in the background while the
 *   remembered one is still served. Without this every broad filter in use lost its count at
 *   the same moment once a minute, and every request of it in that moment waited for the
 *   background count (measured at 100,000 records: p99 350–430 ms in that round, 26–35 ms in
 *   the others). A renewal that fails leaves the entry to end as before.
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
  /**
   * true once per entry: its count is exact and in the last quarter of its lifetime, so the
   * caller should recount it (and `set` the result, which starts a new lifetime)
   */
  claimRenewal(scope: string, key: string): boolean;
}

interface Entry {
  count: MatchCount;
  expiresAt: number;
  /** from then on the count may be handed out for renewal */
  renewAt: number;
  renewalClaimed: boolean;
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
      const t = now();
      map.set(id, { count: { value: count.value, exact: count.exact }, expiresAt: t + ttl, renewAt: t + ttl * 0.75, renewalClaimed: false });
      while (map.size > max) map.delete(map.keys().next().value as string);
    },
    claimRenewal(scope, key) {
      const e = live(k(scope, key));
      if (!e || !e.count.exact || e.renewalClaimed || now() < e.renewAt) return false;
      e.renewalClaimed = true;
      return true;
    },
  };
}
