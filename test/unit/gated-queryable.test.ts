import type { Queryable } from '../../libs/db/database';
import { gateQueryable } from '../../libs/db/gated-queryable';

/** A Queryable whose statements finish only when told to, recording how many ran at once. */
function controllable() {
  let running = 0;
  let peak = 0;
  const finish: (() => void)[] = [];
  const q: Queryable = {
    query: async <T>() => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => finish.push(resolve));
      running -= 1;
      return { rows: [] as T[], rowCount: 0 };
    },
    exec: async () => undefined,
  };
  return { q, peak: () => peak, running: () => running, finishOne: () => finish.shift()?.() };
}

const tick = () => new Promise((r) => setImmediate(r));

it('runs at most `max` statements at once and starts the queued ones in order as slots free up', async () => {
  const c = controllable();
  const gated = gateQueryable(c.q, 3);
  const order: number[] = [];
  const all = Array.from({ length: 8 }, (_, i) => gated.query('SELECT 1').then(() => order.push(i)));
  await tick();
  expect(c.running()).toBe(3);
  while (order.length < 8) {
    c.finishOne();
    await tick();
    expect(c.running()).toBeLessThanOrEqual(3);
  }
  await Promise.all(all);
  expect(c.peak()).toBe(3);
  expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
});

it('frees the slot when a statement fails', async () => {
  const inner: Queryable = { query: async () => { throw new Error('gagal'); }, exec: async () => undefined };
  const gated = gateQueryable(inner, 1);
  await expect(gated.query('x')).rejects.toThrow('gagal');
  await expect(gated.query('y')).rejects.toThrow('gagal'); // would hang if the slot were lost
});
