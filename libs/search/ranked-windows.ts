import type { PageKey, RankedWindow } from './search.ports';
import { createExpiringLru } from './expiring-lru';

export type { RankedWindow };

/*
 * The ranked windows of searches asked again (issue 21). A page in relevance order ranks a
 * window of up to RANK_WINDOW matches (libs/db/search-sql/rank-window.ts) in its statement:
 * for a broad word that is most of its cost (~8 ms of PostgreSQL for `q=water` at 100,000
 * records: the text index's bitmap, the window's rows, their ranks), paid again by every page
 * of the same search — the next page, the same words spelled otherwise, the HTML page after
 * the JSON one — while the count and the facets of that search were already remembered.
 *
 * So the window's order is remembered like them: per (generation as a local scope, filter key,
 * order key), with the count memo's rules (count-memo.ts) — only with a generation read before
 * the query, at most `ttlMs`, least recently used first. A remembered window is the first
 * min(matches, RANK_WINDOW) records of the search's order, each with its page key, exactly as
 * the page statement finds and keys them; a page that lies inside it is those ids, fetched by
 * primary key. A page reaching past it is the page statement's, as before.
 *
 * A window is asked for only when its search is seen the second time in a scope (`seen`): a
 * stream of distinct searches — each asked once — pays nothing for it.
 */

/** one page of a remembered window (windowPage) */
export interface WindowPage {
  ids: readonly string[];
  more: boolean;
  lastKey?: PageKey;
  /** min(matches, countUpTo + 1), when asked and known from the window */
  counted?: number;
}

export interface RankedWindows {
  get(scope: string, filterKey: string, orderKey: string): RankedWindow | undefined;
  set(scope: string, filterKey: string, orderKey: string, window: RankedWindow): void;
  /** true when this search was seen before in the scope (and remembers that it now has been) */
  seen(scope: string, filterKey: string, orderKey: string): boolean;
}

export function createRankedWindows(opts: { max?: number; ttlMs?: number; now?: () => number } = {}): RankedWindows {
  // a window of 1,000 ids and keys is ~150 KB of the heap: 100 of them stay well inside the API's
  const max = opts.max ?? 100;
  const ttlMs = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const windows = createExpiringLru<RankedWindow>({ max, ttlMs, now });
  const sightings = new Map<string, number>();
  const id = (scope: string, filterKey: string, orderKey: string): string => `${scope}\u0000${orderKey}\u0000${filterKey}`;
  return {
    get: (scope, filterKey, orderKey) => windows.get(id(scope, filterKey, orderKey)),
    set: (scope, filterKey, orderKey, window) => windows.set(id(scope, filterKey, orderKey), window),
    seen(scope, filterKey, orderKey) {
      const k = id(scope, filterKey, orderKey);
      const until = sightings.get(k);
      sightings.delete(k);
      sightings.set(k, now() + ttlMs);
      // only the search's text is kept: many more sightings than windows, oldest out first
      while (sightings.size > max * 50) sightings.delete(sightings.keys().next().value as string);
      return until !== undefined && until > now();
    },
  };
}

const sameKey = (a: PageKey, b: PageKey): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The page of `limit` records starting at `offset` (0-based), or after the record with key
 * `after`, out of a remembered window; undefined when the window cannot answer it: the key is
 * not one of the window's, the page reaches past a window that matches follow, or the count
 * asked (min(matches, countUpTo + 1)) is not known from it.
 */
export function windowPage(w: RankedWindow, page: { offset: number; limit: number; after?: PageKey; countUpTo?: number }): WindowPage | undefined {
  let start = Math.max(0, Math.floor(page.offset));
  if (page.after !== undefined) {
    const id = page.after[page.after.length - 1];
    const i = typeof id === 'string' ? w.ids.indexOf(id) : -1;
    if (i < 0 || !sameKey(w.keys[i]!, page.after)) return undefined;
    start = i + 1;
  }
  const end = start + Math.max(0, Math.floor(page.limit));
  // a page that ends exactly at the window's end knows a record follows when `beyond`
  if (end > w.ids.length && w.beyond) return undefined;
  let counted: number | undefined;
  if (page.countUpTo !== undefined) {
    // the window is every match (exact) or all but at least one more
    const least = w.ids.length + (w.beyond ? 1 : 0);
    const bound = Math.max(0, Math.floor(page.countUpTo)) + 1;
    if (w.beyond && bound > least) return undefined;
    counted = Math.min(least, bound);
  }
  const ids = w.ids.slice(start, end);
  const more = end < w.ids.length || w.beyond;
  const lastKey = ids.length > 0 ? w.keys[start + ids.length - 1] : undefined;
  return { ids, more, ...(lastKey ? { lastKey } : {}), ...(counted !== undefined ? { counted } : {}) };
}
