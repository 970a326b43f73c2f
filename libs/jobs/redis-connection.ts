import type { RedisOptions } from 'bullmq';

/**
 * Connection settings handed to BullMQ (which opens and closes the connections itself).
 * Reconnects quickly (at most every 2 s) so queues resume soon after Redis returns.
 */
const retryStrategy = (times: number): number => Math.min(200 * times, 2_000);

/**
 * Producers fail fast: with no offline queue and one retry an enqueue while Redis is away
 * rejects at once, the outbox keeps the event and the relay tries again later.
 */
export function producerConnection(redisUrl: string): RedisOptions {
  return { url: redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy };
}

/** Workers block on Redis and must wait through outages: BullMQ requires `maxRetriesPerRequest: null`. */
export function workerConnection(redisUrl: string): RedisOptions {
  return { url: redisUrl, maxRetriesPerRequest: null, retryStrategy };
}

/** BullMQ key prefix for a deployment: its queues live under `<REDIS_PREFIX>:bull:<queue>:…`. */
export const bullPrefix = (redisPrefix: string): string => `${redisPrefix}:bull`;
