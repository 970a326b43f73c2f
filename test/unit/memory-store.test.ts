import { createMemoryStore } from '../../libs/cache/memory-store';
import { createRateLimiter } from '../../libs/cache/rate-limiter';

describe('memory key/value store (embedded mode)', () => {
  it('expires keys by their TTL on a controllable clock', async () => {
    let now = 1_000_000;
    const kv = createMemoryStore(100, () => now);
    await kv.set('a', '1', 10);
    expect(await kv.get('a')).toBe('1');
    expect(await kv.ttl('a')).toBe(10);
    now += 10_001;
    expect(await kv.get('a')).toBeNull();
    expect(await kv.ttl('a')).toBe(-2);
  });

  it('counts with incr and keeps the first expiry of a window', async () => {
    let now = 0;
    const kv = createMemoryStore(100, () => now);
    expect(await kv.incr('c', 60)).toBe(1);
    now += 30_000;
    expect(await kv.incr('c', 60)).toBe(2);
    expect(await kv.ttl('c')).toBe(30);
    expect(await kv.incr('g')).toBe(1);
    expect(await kv.ttl('g')).toBe(-1);
  });

  it('evicts the oldest entries beyond its bound', async () => {
    const kv = createMemoryStore(3);
    for (const k of ['a', 'b', 'c', 'd']) await kv.set(k, k, 60);
    expect(await kv.get('a')).toBeNull();
    expect(await kv.get('d')).toBe('d');
  });

  it('blocks after max failures until the window ends, and resets on success', async () => {
    let now = 0;
    const limiter = createRateLimiter(createMemoryStore(100, () => now), { max: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blockedFor('u|ip')).toBe(0);
      await limiter.recordFailure('u|ip');
    }
    expect(await limiter.blockedFor('u|ip')).toBe(60);
    expect(await limiter.blockedFor('other|ip')).toBe(0);
    now += 61_000;
    expect(await limiter.blockedFor('u|ip')).toBe(0);
    await limiter.recordFailure('u|ip');
    await limiter.reset('u|ip');
    expect(await limiter.blockedFor('u|ip')).toBe(0);
  });
});
