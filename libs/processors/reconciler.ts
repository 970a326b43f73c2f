import type { RenderRecordPayload } from '../jobs/job-payloads';
import type { Logger } from '../logger';
import { RENDER_FORMATS } from '../render/formats';
import type { RenderStore } from './job-stores.ports';

export interface ReconcilerOptions {
  /** where the stored forms are compared with the records' versions */
  renders: Pick<RenderStore, 'findStaleRecords'>;
  /** enqueues one `record.render` (deterministic id, so repeats are deduplicated by the queue) */
  enqueue(payload: RenderRecordPayload): Promise<void>;
  logger: Logger;
  /** time between runs (default 5 minutes); the first run starts at once */
  intervalMs?: number;
  /** records read per query (default 500) */
  batchSize?: number;
  /** records enqueued per run at most (default 10,000): a huge backlog is spread over runs */
  maxPerRun?: number;
  /**
   * How many jobs the queue takes now (the inline runner bounds its in-memory queue). A run
   * stops there and the next one starts after `busyRetryMs` (default 5 s) rather than after
   * `intervalMs`, so a backlog larger than the queue is fed in steps. Default: unbounded.
   */
  room?: () => number;
  busyRetryMs?: number;
}

export interface Reconciler {
  /** one pass over the records; resolves with how many render jobs were enqueued */
  runOnce(): Promise<number>;
  /** stops the timer and waits for a running pass */
  stop(): Promise<void>;
}

/**
 * The safety net behind "no render is lost": queues can lose jobs (Redis restarted without
 * persistence, an event dispatched while no worker ran), the renders table cannot lie. Every
 * run enqueues a render for each record whose stored forms are missing or older than its
 * version. The first run starts at once, so a restarted worker catches up immediately.
 */
export function startReconciler(opts: ReconcilerOptions): Reconciler {
  const batchSize = opts.batchSize ?? 500;
  const maxPerRun = opts.maxPerRun ?? 10_000;
  const log = opts.logger;
  let running: Promise<number> | null = null;
  let stopped = false;

  let retry: NodeJS.Timeout | undefined;

  const pass = async (): Promise<number> => {
    let enqueued = 0;
    let afterId: string | undefined;
    let full = false;
    while (!stopped && enqueued < maxPerRun) {
      // the queue's room is read per batch: the outbox relay fills the same queue meanwhile
      const room = opts.room ? opts.room() : Infinity;
      const want = Math.min(batchSize, maxPerRun - enqueued, room);
      if (want <= 0) {
        full = true;
        break;
      }
      const rows = await opts.renders.findStaleRecords({ formats: RENDER_FORMATS, limit: want, afterId });
      for (const r of rows) {
        await opts.enqueue({ recordId: r.id, version: r.version });
        enqueued++;
      }
      if (rows.length < want) return enqueued; // nothing more is stale
      afterId = rows[rows.length - 1]!.id;
    }
    // stopped by the queue's room (not by maxPerRun): come back soon for the rest
    if (!stopped && full) {
      clearTimeout(retry);
      retry = setTimeout(() => void runOnce(), opts.busyRetryMs ?? 5_000);
      retry.unref();
    }
    return enqueued;
  };

  const runOnce = (): Promise<number> => {
    if (running) return running;
    running = pass()
      .then((n) => {
        if (n > 0) log.info({ enqueued: n }, 'rekonsiliasi: render yang tertinggal dijadwalkan');
        return n;
      })
      .catch((err: unknown) => {
        // queue or database away: the next run tries again
        log.warn({ err: (err as Error)?.message ?? String(err) }, 'rekonsiliasi render tertunda');
        return 0;
      })
      .finally(() => { running = null; });
    return running;
  };

  void runOnce();
  const timer = setInterval(() => void runOnce(), opts.intervalMs ?? 5 * 60_000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retry);
      if (running) await running;
    },
  };
}
