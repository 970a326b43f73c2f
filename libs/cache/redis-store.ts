import type { Redis } from 'ioredis';
import type { KeyValueStore } from './key-value';
import { createGenerationBroadcast, type GenerationBroadcast } from './generation-broadcast';

/**
 * KEYS: budget counter, entry. ARGV: size, budget lifetime (s), limit, value, entry lifetime (s).
 * INCRBY and the first EXPIRE of the counter as in `incr`; the entry is set only within the limit.
 */
const SET_WITHIN_BUDGET = `
local spent = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2], 'NX')
if spent > tonumber(ARGV[3]) then return 0 end
redis.call('SET', KEYS[2], ARGV[4], 'EX', ARGV[5])
return 1
`;

/** Redis-backed KeyValueStore; every key is put under `prefix` so deployments and tests can share a server. */
export function createRedisStore(redis: Redis, prefix = 'gk:'): KeyValueStore {
  const k = (key: string) => prefix + key;
  const broadcasts = new Map<string, GenerationBroadcast>();
  return {
    kind: 'redis',
    generationBroadcast(key) {
      let b = broadcasts.get(key);
      if (!b) broadcasts.set(key, (b = createGenerationBroadcast(redis, { key: k(key) })));
      return b;
    },
    get: (key) => redis.get(k(key)),
    async set(key, value, ttlSeconds) { await redis.set(k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds))); },
    async del(key) { await redis.del(k(key)); },
    async incr(key, ttlSeconds, by = 1) {
      // INCR and the first EXPIRE in one round trip; NX keeps an existing window's expiry.
      // (EXPIRE with 0 would delete the key, so a plain counter gets no EXPIRE at all.)
      const tx = by === 1 ? redis.multi().incr(k(key)) : redis.multi().incrby(k(key), by);
      if (ttlSeconds) tx.expire(k(key), ttlSeconds, 'NX');
      const res = await tx.exec();
      const first = res?.[0];
      if (!first || first[0]) throw first?.[0] ?? new Error('INCR gagal');
      return Number(first[1]);
    },
    async setWithinBudget(key, value, ttlSeconds, budget, size) {
      const stored = await redis.eval(
        SET_WITHIN_BUDGET, 2, k(budget.key), k(key),
        String(size), String(budget.ttlSeconds), String(budget.limit), value, String(Math.max(1, Math.ceil(ttlSeconds))),
      );
      return Number(stored) === 1;
    },
    ttl: (key) => redis.ttl(k(key)),
  };
}
