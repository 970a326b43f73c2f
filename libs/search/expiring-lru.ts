/**
 * A bounded map whose entries end after `ttlMs` — what the search core remembers per generation
 * scope (ranked windows, typo fallbacks): a read renews an entry's place (least recently used
 * first out past `max`), never its lifetime, so nothing is served longer than a cached response
 * could be (count-memo.ts explains why 60 s).
 */
export interface ExpiringLru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function createExpiringLru<V>(opts: { max: number; ttlMs: number; now?: () => number }): ExpiringLru<V> {
  const now = opts.now ?? Date.now;
  const map = new Map<string, { value: V; until: number }>();
  return {
    get(key) {
      const e = map.get(key);
      if (!e) return undefined;
      map.delete(key);
      if (e.until <= now()) return undefined;
      map.set(key, e); // most recently used last
      return e.value;
    },
    set(key, value) {
      map.delete(key);
      map.set(key, { value, until: now() + opts.ttlMs });
      while (map.size > opts.max) map.delete(map.keys().next().value as string);
    },
  };
}
