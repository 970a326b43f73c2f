import type { PageKey } from './search.ports';

/**
 * Where earlier pages ended, so a client that pages by position (CSW `startPosition`, OGC API –
 * Records `offset`) gets keyset continuation anyway: the page at position p of a filter and
 * sort, when a page ending just before p was served in the same generation, starts after that
 * page's last key instead of walking p matches with OFFSET. A harvest that asks for
 * startPosition 1, 11, 21 … therefore costs the same on its last page as on its first.
 *
 * Kept per (generation as a local scope, filter key, sort, position), the count memo's rules
 * (count-memo.ts): only with a generation read before the query, so a change (which bumps the
 * generation when it commits) makes every remembered boundary unreachable; bounded, least
 * recently used first; each lives at most `ttlMs`, like a cached page.
 */
export interface PageBoundaries {
  /** the key after which position `offset` (0-based) starts, if a page ended there */
  get(scope: string, filterKey: string, sortKey: string, offset: number): PageKey | undefined;
  set(scope: string, filterKey: string, sortKey: string, offset: number, key: PageKey): void;
}

export function createPageBoundaries(opts: { max?: number; ttlMs?: number; now?: () => number } = {}): PageBoundaries {
  const max = opts.max ?? 20_000;
  const ttlMs = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const map = new Map<string, { key: PageKey; until: number }>();
  const id = (scope: string, filterKey: string, sortKey: string, offset: number): string => `${scope}\u0000${sortKey}\u0000${offset}\u0000${filterKey}`;
  return {
    get(scope, filterKey, sortKey, offset) {
      const k = id(scope, filterKey, sortKey, offset);
      const e = map.get(k);
      if (!e) return undefined;
      if (e.until <= now()) {
        map.delete(k);
        return undefined;
      }
      map.delete(k);
      map.set(k, e);
      return e.key;
    },
    set(scope, filterKey, sortKey, offset, key) {
      const k = id(scope, filterKey, sortKey, offset);
      map.delete(k);
      map.set(k, { key, until: now() + ttlMs });
      while (map.size > max) map.delete(map.keys().next().value as string);
    },
  };
}
