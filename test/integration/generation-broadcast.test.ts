import { Redis } from 'ioredis';
import { createGenerationBroadcast, type GenerationBroadcast } from '../../libs/cache/generation-broadcast';
import { TEST_REDIS_URL } from '../helpers/env';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import { waitUntil } from '../helpers/private-servers';

/**
 * The lease-and-acknowledge protocol behind "a publish is visible on the very next request to
 * any replica" when replicas answer cache hits without reading Redis (generation-broadcast.ts).
 * Each follower here has its own Redis connections, as separate API processes would.
 */
describe('generation broadcast (leases and acknowledgements over real Redis)', () => {
  const prefix = testRedisPrefix();
  // each test its own counter, so that followers of one test never count in another
  let n = 0;
  let key = '';
  beforeEach(() => { n += 1; key = `${prefix}t${n}:csw:generation`; });
  const connections: Redis[] = [];
  const broadcasts: GenerationBroadcast[] = [];
  const connect = (): Redis => {
    const r = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    connections.push(r);
    return r;
  };
  const broadcast = (leaseMs = 3_000): GenerationBroadcast => {
    const b = createGenerationBroadcast(connect(), { key, leaseMs });
    broadcasts.push(b);
    return b;
  };
  afterAll(async () => {
    for (const b of broadcasts) await b.close();
    for (const c of connections) c.disconnect();
    await deleteKeys(prefix);
  });

  it('a bump returns only after every following replica holds the new value', async () => {
    const a = broadcast();
    const b = broadcast();
    await a.follow();
    await b.follow();
    const publisher = broadcast(); // a process that bumps but does not follow (the worker)
    expect(publisher.trusted()).toBeUndefined();
    for (let i = 0; i < 20; i++) {
      const g = await publisher.bump();
      // checked synchronously, before anything else can run: the bump waited for both
      expect(a.trusted()?.generation).toBe(g);
      expect(b.trusted()?.generation).toBe(g);
      expect(publisher.lastBump).toEqual({ generation: g, acknowledged: 2, expired: 0 });
    }
    // a follower's own bump: it holds the value at once
    const g = await a.bump();
    expect(a.trusted()?.generation).toBe(g);
    expect(b.trusted()?.generation).toBe(g);
  });

  it('a replica that stops acknowledging delays a bump only until its lease ends', async () => {
    const live = broadcast();
    await live.follow();
    // a follower that took a lease (1.5 s) and then went silent without releasing it, as a
    // frozen or partitioned process would: its command connection is gone, so it can neither
    // renew nor acknowledge, while its subscriber still receives the messages
    const silent = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const silentLease = createGenerationBroadcast(silent, { key, leaseMs: 1_500 });
    broadcasts.push(silentLease);
    await silentLease.follow();
    silent.disconnect();
    const publisher = broadcast();
    const g = await publisher.bump();
    expect(live.trusted()?.generation).toBe(g);
    expect(publisher.lastBump).toEqual({ generation: g, acknowledged: 1, expired: 1 });
    // and the silent follower itself no longer trusts what it held (its lease ran out first)
    expect(silentLease.trusted()).toBeUndefined();
  });

  it('stops trusting at once when its subscription drops, and trusts again after it is back', async () => {
    const f = broadcast();
    await f.follow();
    const before = f.trusted();
    expect(before).toBeDefined();
    const admin = connect();
    const list = (await admin.client('LIST')) as string;
    const line = list.split('\n').find((l) => l.includes(`name=gk-generation-follower-${f.followerId}`));
    expect(line).toBeDefined();
    // ioredis reconnects within milliseconds and trust comes back with the first renewal after
    // that, too soon for a 100 ms poll to see the gap: writes are held for 1.5 s (CLIENT PAUSE …
    // WRITE; other suites' writes just wait), so the renewal, and the untrusted window, last that long
    await admin.client('PAUSE', '1500', 'WRITE');
    await admin.client('KILL', 'ID', /id=(\d+)/.exec(line!)![1]!);
    await waitUntil(async () => f.trusted() === undefined, 'langganan terputus');
    // a change made while it was away (carried out when writes resume)
    const g = await broadcast().bump();
    await waitUntil(async () => f.trusted() !== undefined, 'langganan pulih dan sewa diperbarui');
    expect(f.trusted()?.generation).toBeGreaterThanOrEqual(g);
  });

  it('reports a new token when Redis lost the counter, so numbers seen before are not mistaken for old ones', async () => {
    const f = broadcast();
    await f.follow();
    const g = await broadcast().bump();
    const old = f.trusted()!;
    expect(old.generation).toBe(g);
    // Redis restarted without persistence: counter and token gone
    await connect().del(key, `${key}:token`);
    const publisher = broadcast();
    const after = await publisher.bump();
    expect(after).toBe(1);
    const now = f.trusted()!;
    expect(now.generation).toBe(1);
    expect(now.token).not.toBe(old.token);
  });

  it('a closed follower releases its lease: bumps no longer wait for it', async () => {
    const f = broadcast();
    await f.follow();
    await f.close();
    const admin = connect();
    expect(await admin.zscore(`${key}:followers`, f.followerId)).toBeNull();
    const publisher = broadcast();
    await publisher.bump();
    expect(publisher.lastBump?.expired).toBe(0);
    expect(f.trusted()).toBeUndefined();
  });
});
