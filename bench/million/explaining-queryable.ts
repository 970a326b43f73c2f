import type { Queryable } from '../../libs/db/database';

/**
 * A Queryable that sends every statement as EXPLAIN (ANALYZE, BUFFERS) to `db` and keeps the plans
 * in `plans` (answering no rows): what the explain-* scripts hand to the search repository's functions.
 */
export function explainingQueryable(db: Queryable, plans: string[]): Queryable {
  return {
    async query(sql: string, p?: readonly unknown[]) {
      const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, p as unknown[]);
      plans.push(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
      return { rows: [], rowCount: 0 } as never;
    },
    exec: async () => undefined,
  } as unknown as Queryable;
}

/** the execution times (ms) of EXPLAIN ANALYZE plans, NaN where a plan has none */
export const executionTimes = (plans: readonly string[]): number[] => plans.map((p) => Number(/Execution Time: ([\d.]+) ms/.exec(p)?.[1] ?? NaN));
