import { Redis } from 'ioredis';
import { createRedisStore } from '../../libs/cache/redis-store';
import { createRateLimiter } from '../../libs/cache/rate-limiter';
import { bumpPublicGeneration, currentPublicGeneration } from '../../libs/response-cache/generation';
import { TEST_REDIS_URL } from '../helpers/env';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';

describe('Redis key/value store (server mode)', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;
  beforeAll(() => { redis = new Redis(TEST_REDIS_URL); });
  afterAll(async () => { await deleteKeys(prefix); redis.disconnect(); });

  it('stores with expiry under its prefix', async () => {
    const kv = createRedisStore(redis, prefix);
    await kv.set('k', 'v', 30);
    expect(await kv.get('k')).toBe('v');
    expect(await redis.get(`${prefix}k`)).toBe('v');
    const ttl = await kv.ttl('k');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
    await kv.del('k');
    expect(await kv.get('k')).toBeNull();
  });

  it('keeps the first expiry of a counting window and never expires a plain counter', async () => {
    const kv = createRedisStore(redis, prefix);
    expect(await kv.incr('w', 100)).toBe(1);
    await redis.expire(`${prefix}w`, 50);
    expect(await kv.incr('w', 100)).toBe(2);
    expect(await kv.ttl('w')).toBeLessThanOrEqual(50);
    expect(await kv.incr('plain')).toBe(1);
    expect(await kv.ttl('plain')).toBe(-1);
  });

  it('shares a login limiter between two clients (two API replicas)', async () => {
    const other = new Redis(TEST_REDIS_URL);
    try {
      const a = createRateLimiter(createRedisStore(redis, prefix), { max: 2, windowSeconds: 60 });
      const b = createRateLimiter(createRedisStore(other, prefix), { max: 2, windowSeconds: 60 });
      await a.recordFailure('user|1.2.3.4');
      await b.recordFailure('user|1.2.3.4');
      expect(await a.blockedFor('user|1.2.3.4')).toBeGreaterThan(0);
      expect(await b.blockedFor('user|1.2.3.4')).toBeGreaterThan(0);
    } finally {
      other.disconnect();
    }
  });

  it('bumps the CSW cache generation atomically', async () => {
    const kv = createRedisStore(redis, prefix);
    const before = await currentPublicGeneration(kv);
    await Promise.all([bumpPublicGeneration(kv), bumpPublicGeneration(kv), bumpPublicGeneration(kv)]);
    expect(await currentPublicGeneration(kv)).toBe(before + 3);
  });
});
