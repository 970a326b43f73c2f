import type { FilterNode } from './filter/filter-ast';
import { createExpiringLru } from './expiring-lru';

/**
 * The typo-tolerant fallback of a search that found nothing, remembered per (generation scope,
 * search, words): its filter with each word's lookups in the spelling lexicon done
 * (SearchStore.typoQueries: ~6 ms at 1,000,000 records, which the statements otherwise repeated
 * in every place they used them) and its "maksud Anda" spellings (SearchStore.spellings: the
 * words of its best matches, ranked — 40–55 ms of PostgreSQL at 1,000,000 records). Both were
 * asked again on every later page and every repeat of the search, although its count, facets
 * and ranked window were remembered. The words of titles and keywords change only with a
 * publication, which bumps the generation, so the rules are the count memo's (count-memo.ts):
 * only with a generation scope, at most `ttlMs` (60 s), least recently used first out.
 */
export interface TypoFallback {
  /** the search's typo-tolerant filter (free-text.ts typoTolerantFilter), lookups included */
  filter: FilterNode;
  spellings: ReadonlyMap<string, string>;
}

export interface TypoFallbacks {
  get(scope: string, key: string): TypoFallback | undefined;
  set(scope: string, key: string, fallback: TypoFallback): void;
}

export function createTypoFallbacks(opts: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): TypoFallbacks {
  const entries = createExpiringLru<TypoFallback>({ max: opts.maxEntries ?? 2000, ttlMs: opts.ttlMs ?? 60_000, ...(opts.now ? { now: opts.now } : {}) });
  const name = (scope: string, key: string): string => `${scope}\u0000${key}`;
  return {
    get: (scope, key) => entries.get(name(scope, key)),
    set: (scope, key, fallback) => entries.set(name(scope, key), fallback),
  };
}
