import type { Queryable } from '../../libs/db/database';
import { searchPublishedPage } from '../../libs/db/search.repository';
import { parseCql } from '../../libs/csw/filter/parse-cql';
import { DEFAULT_COUNT_SETTINGS } from '../../libs/search/match-count';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of exactly the statement a CSW GetRecords with a CQL constraint
 * sends on its first request (bounded count and page in one statement; libs/db/search.repository.ts):
 * the filter is parsed and compiled by the project's own code, and the repository function runs
 * against a Queryable that explains instead of executing.
 */
export interface ExplainResult {
  cql: string;
  plan: string;
  executionMs: number;
  /** the index names the plan uses */
  indexes: string[];
}

export async function explainCql(db: Queryable, cql: string, format = 'dc-brief', limit = 10): Promise<ExplainResult> {
  let plan = '';
  const explaining: Queryable = {
    async query(sql: string, p?: readonly unknown[]) {
      const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, p as unknown[]);
      plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
      return { rows: [], rowCount: 0 } as never;
    },
    exec: async () => undefined,
  } as unknown as Queryable;
  // the first request's statement: the page and a count bounded by the default budget
  await searchPublishedPage(explaining, { filter: parseCql(cql), sort: [], offset: 0, limit }, format, DEFAULT_COUNT_SETTINGS.exactRows);
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  const indexes = [...new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using |on )(\w+)/g)].map((m) => m[1]!))];
  return { cql, plan, executionMs, indexes };
}
