import type { GenerationBroadcast } from './generation-broadcast';

/**
 * A small key/value store with expiry and counters: Redis in server mode, process memory in
 * embedded mode. The CSW response cache, its generation counter and the login rate limiter
 * are built on it, so both modes follow the same rules.
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  /**
   * Redis only: the broadcast of a counter kept under `key` (generation-broadcast.ts), one per
   * key and store. The memory store has none: in one process every read is local anyway.
   */
  generationBroadcast?(key: string): GenerationBroadcast;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  /** atomically increments (by `by`, default 1) and returns the new value; sets the expiry when the key is new */
  incr(key: string, ttlSeconds?: number, by?: number): Promise<number>;
  /**
   * Adds `size` to the counter `budget.key` (which expires `budget.ttlSeconds` after its first
   * increment) and sets `key` only if the counter is then at most `budget.limit`: one atomic step
   * and one round trip (the CSW response cache's store budget). `true` when stored. Optional: a
   * store without it gets `incr` then `set`.
   */
  setWithinBudget?(key: string, value: string, ttlSeconds: number, budget: { key: string; ttlSeconds: number; limit: number }, size: number): Promise<boolean>;
  /** seconds until the key expires; -2 when absent, -1 without expiry */
  ttl(key: string): Promise<number>;
}
