import { createMemoryStore } from '../../libs/cache/memory-store';
import { createRateLimiter } from '../../libs/cache/rate-limiter';

/** A controllable clock for the memory store, so windows expire without waiting. */
function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (seconds: number) => { t += seconds * 1000; } };
}

describe('createRateLimiter (memory store)', () => {
  it('allows attempts until `max` failures, then blocks for the rest of the window', async () => {
    const c = clock();
    const limiter = createRateLimiter(createMemoryStore(100, c.now), { max: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) {
      await expect(limiter.blockedFor('budi|1.2.3.4')).resolves.toBe(0);
      await limiter.recordFailure('budi|1.2.3.4');
    }
    await expect(limiter.blockedFor('budi|1.2.3.4')).resolves.toBe(60);
    c.advance(45);
    await expect(limiter.blockedFor('budi|1.2.3.4')).resolves.toBe(15);
    c.advance(15);
    await expect(limiter.blockedFor('budi|1.2.3.4')).resolves.toBe(0);
  });

  it('the window starts at the first failure: later failures do not extend it', async () => {
    const c = clock();
    const limiter = createRateLimiter(createMemoryStore(100, c.now), { max: 2, windowSeconds: 100 });
    await limiter.recordFailure('k');
    c.advance(90);
    await limiter.recordFailure('k');
    await expect(limiter.blockedFor('k')).resolves.toBe(10);
    c.advance(10);
    await expect(limiter.blockedFor('k')).resolves.toBe(0);
    await limiter.recordFailure('k'); // a new window, one failure
    await expect(limiter.blockedFor('k')).resolves.toBe(0);
  });

  it('counts each key separately', async () => {
    const limiter = createRateLimiter(createMemoryStore(), { max: 1, windowSeconds: 60 });
    await limiter.recordFailure('budi|1.2.3.4');
    await expect(limiter.blockedFor('budi|1.2.3.4')).resolves.toBeGreaterThan(0);
    await expect(limiter.blockedFor('budi|5.6.7.8')).resolves.toBe(0);
    await expect(limiter.blockedFor('ani|1.2.3.4')).resolves.toBe(0);
  });

  it('reset clears the count (a successful login)', async () => {
    const limiter = createRateLimiter(createMemoryStore(), { max: 2, windowSeconds: 60 });
    await limiter.recordFailure('k');
    await limiter.recordFailure('k');
    await expect(limiter.blockedFor('k')).resolves.toBeGreaterThan(0);
    await limiter.reset('k');
    await expect(limiter.blockedFor('k')).resolves.toBe(0);
    await limiter.recordFailure('k');
    await expect(limiter.blockedFor('k')).resolves.toBe(0);
  });

  it('keeps its keys under its prefix, away from other users of the store', async () => {
    const store = createMemoryStore();
    const a = createRateLimiter(store, { max: 1, windowSeconds: 60 });
    const b = createRateLimiter(store, { max: 1, windowSeconds: 60, prefix: 'ratelimit:lain:' });
    await a.recordFailure('k');
    await expect(store.get('ratelimit:login:k')).resolves.toBe('1');
    await expect(b.blockedFor('k')).resolves.toBe(0);
  });
});
