import type { Database, Queryable } from './database';

/**
 * A Queryable that runs at most `max` statements at once and queues the rest (first come,
 * first served). The public CSW endpoint reaches the database through one of these with a
 * share below the pool size (pg-database.ts: 10), so however many expensive anonymous
 * searches arrive together, logged-in REST requests still find a free connection instead of
 * a 503 after the pool's connect timeout (issue 12: ten large polygons held all ten).
 */
export function gateQueryable(inner: Queryable & Partial<Pick<Database, 'transaction'>>, max: number): Queryable & Partial<Pick<Database, 'transaction'>> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (running < max) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight on
    else running -= 1;
  };
  const gated = async <T>(run: () => Promise<T>): Promise<T> => {
    await acquire();
    try {
      return await run();
    } finally {
      release();
    }
  };
  const transaction = inner.transaction?.bind(inner);
  return {
    ...(inner.reusesPlans ? { reusesPlans: true } : {}),
    query: (sql, params, opts) => gated(() => inner.query(sql, params, opts)),
    exec: (sql) => gated(() => inner.exec(sql)),
    // a transaction holds one connection from BEGIN to COMMIT: one slot for all of it (a
    // background count with its own statement timeout, libs/search/match-count.ts)
    ...(transaction ? { transaction: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => gated(() => transaction(fn)) } : {}),
  };
}
