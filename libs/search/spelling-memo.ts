/**
 * "Maksud Anda" suggestions remembered per (generation scope, typo-tolerant filter, words). A
 * search that found nothing asks the store for spellings (SearchStore.spellings: the words of its
 * best typo-tolerant matches, ranked — 40–55 ms of PostgreSQL at 1,000,000 records), and so did
 * every later page of it and every repeat of it, although the count, the facets and the ranked
 * window of the same search were already remembered. The words of titles and keywords change
 * only with a publication, which bumps the generation, so the rules are the count memo's
 * (count-memo.ts): only with a generation scope, at most `ttlMs` (60 s), least recently used
 * first out.
 */
export interface SpellingMemo {
  get(scope: string, key: string): ReadonlyMap<string, string> | undefined;
  set(scope: string, key: string, spellings: ReadonlyMap<string, string>): void;
}

export function createSpellingMemo(opts: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): SpellingMemo {
  const max = opts.maxEntries ?? 2000;
  const ttl = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const map = new Map<string, { spellings: ReadonlyMap<string, string>; expiresAt: number }>();
  const name = (scope: string, key: string): string => `${scope}\u0000${key}`;
  return {
    get(scope, key) {
      const k = name(scope, key);
      const e = map.get(k);
      if (!e) return undefined;
      map.delete(k);
      if (e.expiresAt <= now()) return undefined;
      map.set(k, e); // most recently used last
      return e.spellings;
    },
    set(scope, key, spellings) {
      const k = name(scope, key);
      map.delete(k);
      map.set(k, { spellings, expiresAt: now() + ttl });
      while (map.size > max) map.delete(map.keys().next().value as string);
    },
  };
}
