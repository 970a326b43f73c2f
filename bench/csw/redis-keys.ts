import { Redis } from 'ioredis';

/**
 * A benchmark's API runs under a private REDIS_PREFIX; its keys (cache entries, generations,
 * queues) are removed afterwards so the shared Redis — which runs with noeviction — keeps nothing.
 */
export async function unlinkPrefixed(redis: Redis, prefix: string): Promise<number> {
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) removed += await redis.unlink(...keys);
  } while (cursor !== '0');
  return removed;
}

/** unlinkPrefixed on a connection of its own */
export async function dropCacheKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    return await unlinkPrefixed(redis, prefix);
  } finally {
    redis.disconnect();
  }
}
