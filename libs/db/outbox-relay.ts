import type { Database } from './database';
import { claimPendingEvents, type OutboxEvent } from './outbox.repository';

export interface OutboxRelay {
  /** try to hand pending events over now (called right after a commit that wrote one) */
  kick(): void;
  /** resolves once the pending events present at call time have been attempted */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface OutboxRelayOptions {
  db: Database;
  /** hands one event to the job queue; throws when it cannot (Redis down), the event then stays pending */
  dispatch(event: OutboxEvent): Promise<void>;
  onError?(err: unknown): void;
  /** safety net for events a kick missed (crash between commit and kick, queue down): default 5 s */
  intervalMs?: number;
  batchSize?: number;
  /**
   * How many events the queue takes now (the inline runner bounds its in-memory queue): a
   * drain claims no more than that, and the rest waits for the next kick or tick. Default: unbounded.
   */
  room?: () => number;
}

/**
 * Moves events from the outbox table to the job queue. Events are dispatched in id order and
 * a batch stops at the first failure, so an event is never marked dispatched unless the queue
 * accepted it; the periodic tick retries until it does.
 */
export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const batchSize = opts.batchSize ?? 100;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** resolves with the number of events handed over, or -1 when the queue had no room */
  const drainOnce = async (): Promise<number> => {
    const limit = Math.min(batchSize, opts.room ? opts.room() : Infinity);
    if (limit <= 0) return -1;
    return claimPendingEvents(opts.db, limit, async (events) => {
      const done: number[] = [];
      for (const e of events) {
        try {
          await opts.dispatch(e);
          done.push(e.id);
        } catch (err) {
          opts.onError?.(err);
          break;
        }
      }
      return done;
    });
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await drainOnce()) === batchSize);
        } while (again && !stopped);
      } catch (err) {
        opts.onError?.(err);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void run(), opts.intervalMs ?? 5_000);
  timer.unref();
  return {
    kick: () => void run(),
    flush: async () => {
      await run();
      if (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
