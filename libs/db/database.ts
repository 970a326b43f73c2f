/**
 * The one database seam. Repositories take a `Queryable` and never know whether it is a
 * pg Pool, a pg transaction client or PGlite: the SQL (placeholders $1…$n) is the same.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pg' | 'pglite';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Cheap liveness probe used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
