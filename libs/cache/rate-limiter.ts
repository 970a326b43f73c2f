import type { KeyValueStore } from './key-value';

/**
 * Fixed-window attempt counter (login brute-force protection). Backed by Redis in server mode
 * so every API replica sees the same count, by process memory in embedded mode.
 *
 * The login route uses `attempt`: counting and deciding are ONE atomic step (Redis INCR in a
 * MULTI; the memory store increments synchronously), so however many requests arrive at once,
 * at most `max` of them are let through to the password check in a window — a separate
 * "read the count, check the password, then increment" let 24 of 100 concurrent guesses
 * through against a limit of 5. A success resets the key.
 */
export interface RateLimiter {
  /**
   * Counts one attempt and says whether it may go ahead: 0 = allowed (it was one of the first
   * `max` in the window), otherwise the seconds until the window ends.
   */
  attempt(key: string): Promise<number>;
  /** how long the caller must wait (seconds), or 0 when another attempt is allowed; counts nothing */
  blockedFor(key: string): Promise<number>;
  /** counts a failure without deciding anything (an attempt made elsewhere) */
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(store: KeyValueStore, opts: { max: number; windowSeconds: number; prefix?: string }): RateLimiter {
  const k = (key: string) => `${opts.prefix ?? 'ratelimit:login:'}${key}`;
  const remaining = async (key: string): Promise<number> => {
    const ttl = await store.ttl(k(key));
    return ttl > 0 ? ttl : opts.windowSeconds;
  };
  return {
    async attempt(key) {
      // the window starts at the first attempt (the expiry is set only on a new key)
      const count = await store.incr(k(key), opts.windowSeconds);
      return count <= opts.max ? 0 : remaining(key);
    },
    async blockedFor(key) {
      const count = Number((await store.get(k(key))) ?? 0);
      return count < opts.max ? 0 : remaining(key);
    },
    async recordFailure(key) { await store.incr(k(key), opts.windowSeconds); },
    async reset(key) { await store.del(k(key)); },
  };
}
