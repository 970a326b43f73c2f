import type { FilterNode } from './filter/filter-ast';

/**
 * Exact counts made after the answer (match-count.ts): one per (generation scope, filter) at a
 * time however many requests ask for it, at most `concurrency` running and `queue` waiting.
 * A count of a million rows costs seconds of one core; a flood of distinct broad searches must
 * not turn into a flood of such counts, so requests beyond the queue get none (their answer
 * keeps its estimate; a later page asks again). A failed count (its statement timeout, the
 * database away) is logged and forgotten: the estimate stays.
 */
export interface BackgroundCounts {
  /** the count of this filter, shared with any request already waiting for it; undefined when the queue is full */
  request(scope: string, key: string, filter: FilterNode): Promise<number | undefined> | undefined;
  /** resolves when nothing runs or waits */
  idle(): Promise<void>;
}

export function createBackgroundCounts(opts: {
  concurrency: number;
  queue: number;
  count(filter: FilterNode): Promise<number>;
  onCounted(scope: string, key: string, n: number): void;
  logger?: { warn(obj: object, msg?: string): void };
}): BackgroundCounts {
  const pending = new Map<string, Promise<number | undefined>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = (): Promise<void> => {
    if (running < opts.concurrency) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    request(scope, key, filter) {
      if (opts.concurrency <= 0) return undefined;
      const id = `${scope}\u0000${key}`;
      const known = pending.get(id);
      if (known) return known;
      if (running >= opts.concurrency && waiting.length >= opts.queue) return undefined;
      const p = (async (): Promise<number | undefined> => {
        await slot();
        try {
          const n = await opts.count(filter);
          opts.onCounted(scope, key, n);
          return n;
        } catch (err) {
          opts.logger?.warn({ err: (err as Error)?.message ?? String(err) }, 'hitungan tepat di latar belakang gagal; jawaban tetap memakai perkiraan');
          return undefined;
        } finally {
          release();
          pending.delete(id);
        }
      })();
      pending.set(id, p);
      return p;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending.values()]);
    },
  };
}
