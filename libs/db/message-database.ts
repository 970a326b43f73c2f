import type { Database, Queryable, QueryResult } from './database';
import type { PgliteErrorData } from './pglite-protocol';

/**
 * The statement side of a `Database` whose PostgreSQL lives elsewhere and is reached by
 * messages: the PGlite thread of this process (pglite-database.ts) or the process that owns
 * DATA_DIR's store (shared-database.ts). Both speak the same four operations; only the
 * transport differs, so the query/exec/transaction shape is written once here.
 */
export type StatementCall =
  | { op: 'query'; sql: string; params?: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean };

export interface StatementResult {
  rows?: unknown[];
  rowCount?: number;
  tx?: number;
}

/** An error as it crossed the boundary, rebuilt with PostgreSQL's fields (code, constraint, detail …). */
export function errorFromData(data: PgliteErrorData): Error {
  const err = new Error(data.message);
  const { message: _m, stack: _s, ...fields } = data.fields;
  return Object.assign(err, fields);
}

export function messageStatements(
  call: (body: StatementCall) => Promise<StatementResult>,
): Pick<Database, 'kind' | 'query' | 'exec' | 'transaction' | 'ping'> {
  const queryable = (tx?: number): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = await call({ op: 'query', sql, ...(params ? { params } : {}), ...(tx !== undefined ? { tx } : {}) });
      return { rows: (r.rows ?? []) as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await call({ op: 'exec', sql, ...(tx !== undefined ? { tx } : {}) });
    },
  });
  const self = queryable();
  return {
    kind: 'pglite',
    query: self.query,
    exec: self.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const { tx } = await call({ op: 'begin' });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (err) {
        // the rollback's own failure must not hide the error that caused it
        await call({ op: 'end', tx: tx!, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', tx: tx!, commit: true });
      return result;
    },
    async ping() { await self.query('SELECT 1'); },
  };
}
