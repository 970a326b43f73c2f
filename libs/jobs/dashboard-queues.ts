import { Queue } from 'bullmq';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { QUEUE_NAMES } from './job-registry';
import { bullPrefix, producerConnection } from './redis-connection';

/**
 * BullMQ handles of every registry queue for the dashboard, opened on the first visit (most API
 * processes are never asked for the board, so they hold no extra Redis connections) and closed
 * with the runtime.
 */
export interface DashboardQueues {
  queues(): Queue[];
  close(): Promise<void>;
}

export function createDashboardQueues(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, logger: Logger): DashboardQueues | undefined {
  const redisUrl = config.redisUrl;
  if (!redisUrl) return undefined;
  let opened: Queue[] | undefined;
  return {
    queues() {
      opened ??= QUEUE_NAMES.map((name) => {
        // fail fast like every producer: while Redis is away the board's calls error at once
        const q = new Queue(name, { connection: producerConnection(redisUrl), prefix: bullPrefix(config.redisPrefix) });
        q.on('error', (err) => logger.warn({ queue: name, err: err.message }, 'dasbor antrean: kesalahan Redis'));
        return q;
      });
      return opened;
    },
    async close() {
      const qs = opened ?? [];
      opened = undefined;
      await Promise.all(qs.map((q) => q.close()));
    },
  };
}
