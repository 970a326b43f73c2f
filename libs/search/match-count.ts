import { createCountMemo, type CountMemo, type MatchCount } from './count-memo';
import { createBackgroundCounts, type BackgroundCounts } from './background-counts';
import type { FilterNode } from './filter/filter-ast';

export type { MatchCount };

/**
 * How a search page gets its number of matches within the request's budget (issue 11: at
 * 1,000,000 records the exact count of a broad search took 6–12 s, past the 5 s statement
 * timeout, so "all datasets" failed). The shape is the one of search engines that cap the
 * hits they track (Elasticsearch's `track_total_hits`), kept exact wherever it is cheap:
 *
 * 1. the page query also counts the matches, but at most `exactRows` + 1 of them (a LIMIT
 *    inside the count): up to `exactRows` matches the count is exact in the same round trip,
 *    and a broad filter costs `exactRows` rows of counting, not a million;
 * 2. the page asks for one row more than it shows, so whether a next page exists is known
 *    from the rows themselves, never from a count; the last page (not empty, nothing after
 *    it) settles the count exactly;
 * 3. past `exactRows`, the exact count is made in the background (its own statement timeout,
 *    bounded concurrency and queue, one per filter and generation) into the count memo; the
 *    request waits for it at most `waitMs` (and only when the planner expects at most
 *    `waitRows` matches, which can be counted in that time), else it answers with an estimate — the planner's
 *    row estimate, never below what the pages prove (`offset + shown + 1` when a next page
 *    exists, `exactRows + 1`) nor above what an empty page proves. Later pages and repeated
 *    searches of the same generation get the exact count from the memo.
 *
 * Without a generation (`scope` undefined: no cache in front, the store down) nothing is
 * remembered, so no background count is started either.
 */
export interface CountSettings {
  /** matches counted exactly together with the page (SEARCH_COUNT_EXACT_ROWS) */
  exactRows: number;
  /** how long a request waits for the background exact count (SEARCH_COUNT_WAIT_MS) */
  waitMs: number;
  /**
   * a request waits for the background count only when the planner expects at most this many
   * matches (SEARCH_COUNT_WAIT_ROWS): PostgreSQL counts 200,000 (free text: each row's text vector is
   * read out of line) to 1,000,000 (a box) rows a second on this kind of machine, so a count of
   * more cannot arrive within `waitMs`, and waiting for it only made every
   * first page of a broad search ~200 ms slower (issue 21)
   */
  waitRows: number;
  /** statement_timeout of a background exact count (SEARCH_COUNT_TIMEOUT_MS) */
  timeoutMs: number;
  /** background exact counts run at once (0 = none: over `exactRows` a count stays an estimate) */
  concurrency: number;
  /** background counts that may wait for a slot; further ones are not started */
  queue: number;
}

export const DEFAULT_COUNT_SETTINGS: Readonly<CountSettings> = { exactRows: 1_000, waitMs: 200, waitRows: 50_000, timeoutMs: 120_000, concurrency: 1, queue: 16 };

/** What the counter needs of the database (libs/db/search.repository.ts implements it). */
export interface CountStore {
  /**
   * The count memo's key of a filter: equal for filters the store answers alike (so CSW and
   * OGC API – Records share a count when their filters compile to the same statement). Throws
   * the SearchError of a filter the store cannot answer, without touching the database.
   */
  matchKey(filter: FilterNode): string;
  /** the exact count; `timeoutMs` replaces the connection's statement timeout for this statement */
  countPublished(filter: FilterNode, opts?: { timeoutMs?: number }): Promise<number>;
  /** the planner's estimate of the matches (no row is read) */
  estimatePublished(filter: FilterNode): Promise<number>;
}

/** One page as the store returns it: one row more was asked for, `more` says if it came. */
export interface FetchedPage<T> {
  items: T[];
  more: boolean;
  /** with a bound: min(matches, bound + 1) */
  counted?: number;
  /** the key of the last record of `items` (SearchQuery.after continues after it) */
  lastKey?: readonly (string | null)[];
}

export interface CountedPage<T> {
  items: T[];
  more: boolean;
  count: MatchCount;
  /** FetchedPage.lastKey */
  lastKey?: readonly (string | null)[];
}

export interface PageRequest {
  filter: FilterNode;
  offset: number;
  /** 0: the count only (CSW resultType=hits) */
  limit: number;
  /** the cache generation as a local scope (libs/response-cache/local-scope.ts); undefined: nothing is remembered */
  scope?: string;
  /** the page continues after a key (SearchQuery.after): a walk starts there, not at the first record */
  keyset?: boolean;
}

/**
 * At most this many matches, known exactly: the page statement may take the matches first and
 * sort them (SearchQuery.fewMatches). Finding and sorting a few hundred rows costs PostgreSQL
 * less than planning the statement for its values (0.4–0.7 ms a page at 10,000 records); a
 * plan made once for all values is safe only when the values cannot make it a big search.
 */
export const FEW_MATCHES = 500;

/**
 * A filter that matches a large share of the published records finds a page in identifier
 * order after a short walk of that order: with matches spread evenly over the identifiers
 * (random UUIDs), `(offset + limit + 1) × published / matches` rows. Up to BROAD_WALK_ROWS
 * such rows the page statement may walk (SearchQuery.broadMatches) with a plan made once:
 * evaluating a broad AnyText and BBOX filter cost PostgreSQL ~4 µs a row walked (measured at
 * 100,000 records), planning the page for its values 0.35–0.4 ms — so a walk of 100 rows
 * costs about what the planning it saves did, and a first page of 10 qualifies from ~11 %
 * of the records matching. Deeper pages and narrower filters keep plans made per value.
 */
export const BROAD_WALK_ROWS = 100;

/** The filter of "every published record": its count is the walk's yardstick. */
export const ALL_PUBLISHED: FilterNode = { op: 'all' };

/** What the counter knows about a filter's matches, for the store's choice of page statement (SearchQuery). */
export interface PageShape {
  fewMatches?: true;
  broadMatches?: true;
}

export interface MatchCounter {
  /**
   * `fetch(bound, shape)`: the page, counting at most bound + 1 matches (no count when bound is
   * undefined); `shape`: what the remembered exact count says of the matches (PageShape), to
   * be spread into the SearchQuery
   */
  page<T>(req: PageRequest, fetch: (countUpTo: number | undefined, shape: PageShape) => Promise<FetchedPage<T>>): Promise<CountedPage<T>>;
  /** resolves when no background count runs or waits (tests, orderly shutdown) */
  idle(): Promise<void>;
  /** the count remembered for this filter in this scope (exact or estimate), if any */
  remembered?(scope: string, filter: FilterNode): MatchCount | undefined;
}

export interface CountLogger {
  warn(obj: object, msg?: string): void;
}

/** resolves with the promise's value, or undefined after `ms` */
function within<T>(p: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  if (ms <= 0) return Promise.resolve(undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export function createMatchCounter(store: CountStore, settings: Partial<CountSettings> = {}, logger?: CountLogger, memo: CountMemo = createCountMemo()): MatchCounter {
  const s: CountSettings = { ...DEFAULT_COUNT_SETTINGS, ...settings };
  const background: BackgroundCounts = createBackgroundCounts({
    concurrency: s.concurrency,
    queue: s.queue,
    count: (filter) => store.countPublished(filter, { timeoutMs: s.timeoutMs }),
    onCounted: (scope, key, n) => memo.set(scope, key, { value: n, exact: true }),
    ...(logger ? { logger } : {}),
  });

  async function estimate(filter: FilterNode): Promise<number> {
    try {
      return await store.estimatePublished(filter);
    } catch (err) {
      // an estimate is a courtesy: without one the bounds below still give a usable number
      logger?.warn({ err: (err as Error)?.message ?? String(err) }, 'perkiraan jumlah kecocokan gagal');
      return 0;
    }
  }

  /** a remembered exact count in its last quarter is recounted, once, while still served (count-memo.ts) */
  const renewIfDue = (scope: string, key: string, filter: FilterNode): void => {
    if (memo.claimRenewal(scope, key)) void background.request(scope, key, filter);
  };
  let allKeyOnce: string | undefined;
  const allKey = (): string => (allKeyOnce ??= store.matchKey(ALL_PUBLISHED));
  /** few or broad, from an exact count of this generation (PageShape, BROAD_WALK_ROWS) */
  function shapeOf(req: PageRequest, matches: number): PageShape {
    if (matches <= FEW_MATCHES) return { fewMatches: true };
    if (req.scope === undefined || req.limit <= 0) return {};
    const all = memo.get(req.scope, allKey());
    if (!all?.exact) {
      // the yardstick, once per generation (deduplicated like any background count)
      void background.request(req.scope, allKey(), ALL_PUBLISHED);
      return {};
    }
    renewIfDue(req.scope, allKey(), ALL_PUBLISHED);
    const walk = (((req.keyset ? 0 : req.offset) + req.limit + 1) * all.value) / matches;
    return walk <= BROAD_WALK_ROWS ? { broadMatches: true } : {};
  }

  return {
    async page(req, fetch) {
      const key = store.matchKey(req.filter);
      const remembered = req.scope !== undefined ? memo.get(req.scope, key) : undefined;
      const remember = (count: MatchCount): MatchCount => {
        if (req.scope !== undefined) memo.set(req.scope, key, count);
        return count;
      };
      const page = await fetch(remembered ? undefined : s.exactRows, remembered?.exact ? shapeOf(req, remembered.value) : {});
      const done = (count: MatchCount): CountedPage<(typeof page.items)[number]> => ({
        items: page.items, more: page.more, count, ...(page.lastKey ? { lastKey: page.lastKey } : {}),
      });
      if (remembered?.exact) {
        if (req.scope !== undefined) renewIfDue(req.scope, key, req.filter);
        return done(remembered);
      }
      const seen = req.offset + page.items.length;
      // the last page, not empty: everything before it and on it is all there is
      if (req.limit > 0 && page.items.length > 0 && !page.more) return done(remember({ value: seen, exact: true }));
      if (!remembered && page.counted !== undefined && page.counted <= s.exactRows) return done(remember({ value: page.counted, exact: true }));

      // past the budget: the exact count in the background, waited for a little when it can come in time.
      // A count expected to be large (seconds of a core) is started only for a filter this scope has
      // seen before — a next page, a search asked again — so a stream of distinct broad searches
      // does not keep a core counting results nobody pages through; their answers keep the estimate.
      const guess = remembered?.value ?? (await estimate(req.filter));
      const large = guess > s.waitRows;
      const pending = req.scope !== undefined && (!large || remembered !== undefined) ? background.request(req.scope, key, req.filter) : undefined;
      const exact = pending && !large ? await within(pending, s.waitMs) : undefined;
      if (exact !== undefined) return done({ value: exact, exact: true });
      const lower = Math.max(seen + (page.more ? 1 : 0), remembered ? 0 : s.exactRows + 1);
      // an empty page at `offset` proves there are at most `offset` matches
      const upper = req.limit > 0 && page.items.length === 0 ? req.offset : Number.POSITIVE_INFINITY;
      const value = Math.max(lower, Math.min(upper, Math.round(guess)));
      return done(remember({ value, exact: false }));
    },
    idle: () => background.idle(),
    remembered: (scope, filter) => memo.get(scope, store.matchKey(filter)),
  };
}
