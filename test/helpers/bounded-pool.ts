/**
 * `fn` over `items` with at most `limit` calls in flight; results in input order. For test loops
 * over a corpus whose steps wait on PostgreSQL or an in-process HTTP request part of the time:
 * two or three in flight keep the CPU busy while one waits, and more only queue up on a 2-core
 * machine. The first rejection stops handing out items and rejects the whole once the calls in flight
 * have settled.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T, i);
      } catch (err) {
        next = items.length; // the other lanes take nothing new
        throw err;
      }
    }
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane);
  const settled = await Promise.allSettled(lanes);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return out;
}
