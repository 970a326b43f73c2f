import type { KeyValueStore } from './key-value';

interface Entry {
  value: string;
  expiresAt: number; // epoch ms; Infinity = no expiry
}

/** In-process KeyValueStore for embedded mode; bounded so it cannot grow without limit. */
export function createMemoryStore(maxEntries = 10_000, now: () => number = Date.now): KeyValueStore {
  const map = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const e = map.get(key);
    if (e && e.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  const put = (key: string, e: Entry): void => {
    map.delete(key);
    map.set(key, e);
    // Map keeps insertion order: the first key is the least recently written one.
    while (map.size > maxEntries) map.delete(map.keys().next().value as string);
  };
  return {
    kind: 'memory',
    async get(key) { return live(key)?.value ?? null; },
    async set(key, value, ttlSeconds) { put(key, { value, expiresAt: now() + ttlSeconds * 1000 }); },
    async del(key) { map.delete(key); },
    async incr(key, ttlSeconds, by = 1) {
      // no await before the write: concurrent callers in this process see one count each
      const e = live(key);
      const next = (e ? Number(e.value) : 0) + by;
      put(key, { value: String(next), expiresAt: e ? e.expiresAt : ttlSeconds ? now() + ttlSeconds * 1000 : Infinity });
      return next;
    },
    async ttl(key) {
      const e = live(key);
      if (!e) return -2;
      return e.expiresAt === Infinity ? -1 : Math.ceil((e.expiresAt - now()) / 1000);
    },
  };
}
