import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A counter in Redis ("the generation") that API replicas may use WITHOUT reading it on every
 * request, and still never answer from an older value once a bump has returned.
 *
 * Why: a response-cache hit costs a few dozen microseconds of work, and reading the generation
 * from Redis for it costs a network round trip — at low concurrency that round trip is most of
 * the hit's latency. Why not plain pub/sub: a message can still be in a socket buffer when the
 * client that caused the change sends its next request to another replica.
 *
 * The protocol (a lease plus acknowledgements):
 * - A follower (an API process) first SUBSCRIBEs to the change channel, then renews a lease
 *   every `leaseMs / 3`: one script registers it in a sorted set with expiry `now + leaseMs`
 *   (Redis's clock), reads the generation and records it as acknowledged. The follower trusts
 *   its local value until `time the renewal was SENT + leaseMs - margin` (its own monotonic
 *   clock): always before the expiry Redis holds for it. It stops trusting at once when its
 *   subscriber connection drops.
 * - A bump is one script: INCR, PUBLISH the new value, and list the followers whose lease is
 *   live. The bump then returns only when each of them has acknowledged the new value (a
 *   follower acknowledges when it has applied the message, or by renewing), or its lease has
 *   expired in Redis's clock — after which that follower no longer trusts its value.
 * So whoever waited for the bump (a publish answering its HTTP client) knows that every
 * replica either has the new value or asks Redis. A dead or stalled replica delays a bump by
 * at most one lease.
 * - A token, created on first use (SET NX) and sent with every value, changes when Redis lost
 *   its data (restart without persistence, FLUSHDB): the counter may then repeat a number seen
 *   before, and the follower reports a reset instead of treating it as the old value.
 */
export interface GenerationBroadcast {
  /** increments, tells the followers, waits for them (see above); the new value */
  bump(): Promise<number>;
  /** starts following (subscribe, lease); resolves when the first lease is held */
  follow(): Promise<void>;
  /** the value this process may use now without asking Redis, or undefined (ask Redis) */
  trusted(): TrustedGeneration | undefined;
  /** stops following and releases the lease (a bump then no longer waits for this process) */
  close(): Promise<void>;
  /** this process's name among the followers (its subscriber connection is named after it) */
  readonly followerId: string;
  /** what the last bump waited for (tests, diagnostics) */
  readonly lastBump: { generation: number; acknowledged: number; expired: number } | undefined;
}

export interface TrustedGeneration {
  generation: number;
  /** changes when Redis lost the counter: local state kept for old numbers must be dropped */
  token: string;
}

export interface GenerationBroadcastOptions {
  /** the generation's full key (with the deployment prefix) */
  key: string;
  leaseMs?: number;
  logger?: { warn(obj: object, msg: string): void };
}

/** Lease length: a stalled replica delays a publish by at most this (plus a renewal). */
const DEFAULT_LEASE_MS = 3_000;
/** Trust ends this much before the lease Redis holds: covers clock-rate drift and timer lateness. */
const TRUST_MARGIN_MS = 500;

/**
 * KEYS: generation, token, followers (zset), acks (hash); ARGV: follower id, lease ms, fresh token.
 * Registers/renews the follower, drops expired ones, returns the current value and token. It
 * does NOT acknowledge: the follower acknowledges only after it has applied the value, or a
 * bump could return while the value is still on its way to the follower.
 */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('SET', KEYS[2], ARGV[3], 'NX')
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)
for _, id in ipairs(expired) do redis.call('HDEL', KEYS[4], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[1])
return {redis.call('GET', KEYS[1]) or '0', redis.call('GET', KEYS[2])}
`;

/** KEYS: generation, token, followers; ARGV: channel, fresh token. INCR + PUBLISH + the live followers. */
const BUMP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('SET', KEYS[2], ARGV[2], 'NX')
local token = redis.call('GET', KEYS[2])
local g = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], token .. ' ' .. g)
return {g, token, redis.call('ZRANGEBYSCORE', KEYS[3], '(' .. now, '+inf')}
`;

/**
 * KEYS: followers, acks; ARGV: generation, follower ids… The followers still to wait for: live
 * (lease not expired in Redis's clock) and not yet acknowledged `generation`.
 */
const PENDING = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local g = tonumber(ARGV[1])
local pending, expired = {}, 0
for i = 2, #ARGV do
  local until_ = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[i]) or '0')
  local ack = tonumber(redis.call('HGET', KEYS[2], ARGV[i]) or '-1')
  if until_ <= now then expired = expired + 1
  elseif ack < g then table.insert(pending, ARGV[i]) end
end
return {expired, pending}
`;

/** KEYS: acks; ARGV: follower id, generation. Raises the acknowledgement, never lowers it. */
const ACK = `
if tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '-1') < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
`;

/**
 * A bump gives up waiting after this many leases (and says so): only reachable when a follower
 * keeps renewing but its acknowledgements fail, which the renewals themselves would hit first.
 */
const GIVE_UP_LEASES = 10;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function createGenerationBroadcast(redis: Redis, opts: GenerationBroadcastOptions): GenerationBroadcast {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const keys = { generation: opts.key, token: `${opts.key}:token`, followers: `${opts.key}:followers`, acks: `${opts.key}:acks` };
  const channel = `${opts.key}:changes`;
  const id = randomUUID();

  let subscriber: Redis | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let subscribed = false;
  let closed = false;
  let trustUntil = 0;
  let current: TrustedGeneration | undefined;
  let lastBump: GenerationBroadcast['lastBump'];

  /** tokens replaced by a newer one: a late renewal reply carrying one must not bring it back */
  const retired = new Set<string>();
  /** applies a value read (renewal) or received (message); the counter only moves forward within a token */
  const apply = (token: string, generation: number): void => {
    if (retired.has(token)) return;
    if (current && current.token !== token) retired.add(current.token);
    if (!current || current.token !== token || generation > current.generation) current = { token, generation };
  };
  const distrust = (): void => {
    subscribed = false;
    trustUntil = 0;
  };

  /** tells the bumpers this process has applied `generation` (after applying it, never before) */
  const acknowledge = (generation: number): Promise<unknown> => redis.eval(ACK, 1, keys.acks, id, String(generation));

  async function renew(): Promise<void> {
    const sent = performance.now();
    const wasSubscribed = subscribed;
    const [g, token] = (await redis.eval(RENEW, 4, keys.generation, keys.token, keys.followers, keys.acks, id, String(leaseMs), randomUUID())) as [string, string];
    // a renewal that crossed a message carrying a newer value must not move it back: apply() keeps the larger
    apply(token, Number(g));
    // trust only what was read while subscribed the whole time: a read sent before a dropped
    // subscription may predate a change whose message was lost with it
    if (wasSubscribed && subscribed && !closed) trustUntil = sent + leaseMs - TRUST_MARGIN_MS;
    await acknowledge(current!.generation);
  }

  const scheduleRenewals = (): void => {
    renewTimer = setInterval(() => {
      renew().catch((err: unknown) => {
        // no lease this round: trust ends at the previous lease's end, then every request asks Redis
        opts.logger?.warn({ err: (err as Error).message }, 'sewa generasi cache tidak dapat diperpanjang');
      });
    }, Math.max(50, Math.floor(leaseMs / 3)));
    renewTimer.unref();
  };

  return {
    followerId: id,
    get lastBump() {
      return lastBump;
    },

    async bump() {
      const [g, token, live] = (await redis.eval(BUMP, 3, keys.generation, keys.token, keys.followers, channel, randomUUID())) as [number, string, string[]];
      const generation = Number(g);
      // this process applies its own bump at once (its message arrives later)
      if (subscriber) apply(token, generation);
      let waiting = live;
      let expired = 0;
      const giveUpAt = performance.now() + GIVE_UP_LEASES * leaseMs;
      // acknowledgements come within a round trip or two; back off up to 20 ms between checks.
      // Bounded: each follower's lease ends within leaseMs, after which it no longer counts.
      for (let pause = 1; waiting.length > 0; pause = Math.min(20, pause * 2)) {
        const [gone, pending] = (await redis.eval(PENDING, 2, keys.followers, keys.acks, String(generation), ...waiting)) as [number, string[]];
        expired += Number(gone);
        waiting = pending;
        if (!waiting.length) break;
        if (performance.now() > giveUpAt) {
          opts.logger?.warn({ generation, waiting }, 'replika belum mengakui generasi cache baru; tidak ditunggu lagi');
          break;
        }
        await sleep(pause);
      }
      lastBump = { generation, acknowledged: live.length - expired - waiting.length, expired };
      return generation;
    },

    async follow() {
      if (subscriber) return;
      subscriber = redis.duplicate({ lazyConnect: true, enableAutoPipelining: false, connectionName: `gk-generation-follower-${id}` });
      subscriber.on('error', (err: Error) => opts.logger?.warn({ err: err.message }, 'langganan generasi cache bermasalah'));
      // a dropped subscription may have missed a change: stop trusting at once
      subscriber.on('close', distrust);
      subscriber.on('message', (ch: string, text: string) => {
        if (ch !== channel) return;
        const space = text.indexOf(' ');
        apply(text.slice(0, space), Number(text.slice(space + 1)));
        // unacknowledged (Redis away): the bump waits for this process's lease to end instead
        acknowledge(current!.generation).catch(() => undefined);
      });
      await subscriber.connect();
      await subscriber.subscribe(channel);
      subscribed = true;
      // after a reconnect (ioredis subscribes again by itself): trust comes back with the first
      // renewal sent once the subscription is confirmed
      subscriber.on('ready', () => {
        if (closed) return;
        subscriber!.subscribe(channel).then(() => {
          subscribed = true;
          return renew();
        }).catch(() => undefined);
      });
      await renew();
      scheduleRenewals();
    },

    trusted() {
      if (!subscribed || !current || performance.now() >= trustUntil) return undefined;
      return current;
    },

    async close() {
      closed = true;
      distrust();
      if (renewTimer) clearInterval(renewTimer);
      if (subscriber) {
        subscriber.disconnect();
        // release the lease: a bump no longer waits for a process that is gone
        await redis.multi().zrem(keys.followers, id).hdel(keys.acks, id).exec().catch(() => undefined);
      }
    },
  };
}
