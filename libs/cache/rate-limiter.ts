import type { KeyValueStore } from './key-value';

/**
 * Fixed-window attempt counter (login brute-force protection). Failures are counted per
 * key (username + IP); a success resets the key. Backed by Redis in server mode so every
 * API replica sees the same count.
 */
export interface RateLimiter {
  /** how long the caller must wait (seconds), or 0 when another attempt is allowed */
  blockedFor(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(store: KeyValueStore, opts: { max: number; windowSeconds: number; prefix?: string }): RateLimiter {
  const k = (key: string) => `${opts.prefix ?? 'ratelimit:login:'}${key}`;
  return {
    async blockedFor(key) {
      const count = Number((await store.get(k(key))) ?? 0);
      if (count < opts.max) return 0;
      const ttl = await store.ttl(k(key));
      return ttl > 0 ? ttl : opts.windowSeconds;
    },
    async recordFailure(key) { await store.incr(k(key), opts.windowSeconds); },
    async reset(key) { await store.del(k(key)); },
  };
}
