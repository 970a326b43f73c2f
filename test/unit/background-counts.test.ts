import { createBackgroundCounts } from '../../libs/search/background-counts';
import type { FilterNode } from '../../libs/search/filter/filter-ast';

/**
 * The background exact counts of broad searches (libs/search/background-counts.ts): one per
 * filter and generation however many requests ask, a bounded number running and waiting,
 * a failure forgotten. The count function is a controllable promise: no database is involved
 * in what is tested here (the queueing), and no clock.
 */
function controllable() {
  const calls: { where: string; resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  // each filter of these tests names one identifier: the call records it
  const count = (filter: FilterNode): Promise<number> => new Promise((resolve, reject) => {
    calls.push({ where: filter.op === 'ids' ? filter.ids[0]! : filter.op, resolve, reject });
  });
  return { calls, count };
}
const filterOf = (name: string): FilterNode => ({ op: 'ids', ids: [name] });
const flush = () => new Promise((r) => setImmediate(r));

it('shares one count per filter, runs at most `concurrency`, refuses beyond the queue, and records what it counted', async () => {
  const c = controllable();
  const counted: [string, string, number][] = [];
  const bg = createBackgroundCounts({ concurrency: 1, queue: 1, count: c.count, onCounted: (s, k, n) => counted.push([s, k, n]) });
  const a1 = bg.request('g1', 'a', filterOf('A'));
  const a2 = bg.request('g1', 'a', filterOf('A'));
  expect(a2).toBe(a1);
  const b = bg.request('g1', 'b', filterOf('B'));
  expect(b).toBeDefined();
  // one running (a), one waiting (b): a third filter gets no count
  expect(bg.request('g1', 'c', filterOf('C'))).toBeUndefined();
  await flush();
  expect(c.calls.map((x) => x.where)).toEqual(['A']);
  c.calls[0]!.resolve(42);
  expect(await a1).toBe(42);
  await flush();
  expect(c.calls.map((x) => x.where)).toEqual(['A', 'B']);
  c.calls[1]!.reject(new Error('canceling statement due to statement timeout'));
  expect(await b).toBeUndefined();
  await bg.idle();
  expect(counted).toEqual([['g1', 'a', 42]]);
  // done and forgotten: asked again, counted again
  const again = bg.request('g1', 'a', filterOf('A'));
  await flush();
  c.calls[2]!.resolve(43);
  expect(await again).toBe(43);
});

it('with concurrency 0 starts nothing', () => {
  const c = controllable();
  const bg = createBackgroundCounts({ concurrency: 0, queue: 16, count: c.count, onCounted: () => undefined });
  expect(bg.request('g', 'k', filterOf('W'))).toBeUndefined();
  expect(c.calls).toEqual([]);
});
