/**
 * The one database seam. Repositories take a `Queryable` and never know whether it is a
 * pg Pool, a pg transaction client or PGlite: the SQL (placeholders $1…$n) is the same.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** How a statement is sent (a hint: an implementation without the feature ignores it). */
export interface QueryOptions {
  /**
   * The text is one of a few that repeat with other values (the search core's page and count
   * statements): the server may keep it parsed per connection (a named prepared statement on
   * PostgreSQL; PGlite ignores it).
   */
  reuse?: boolean;
  /**
   * With `reuse`: planning for the values can be skipped (PostgreSQL's generic plans). Only
   * where `reusesPlans`.
   * - `chosen`: the plan's shape suits any values (a page of a filter known to match few
   *   records, SearchQuery.fewMatches); after five executions the server keeps one plan for
   *   all values unless its estimate is worse than the per-value plans' — which it is where
   *   an index needs the value itself (a LIKE prefix), so those stay planned per value;
   * - `forced`: the statement's text fixes its plan's shape (a bounded walk,
   *   SearchQuery.broadMatches): the value-free plan always, although its estimate is worse.
   */
  genericPlan?: 'chosen' | 'forced';
}

export interface Queryable {
  /** true: statements sent with `reuse` and a `genericPlan` may run on a plan made once (PostgreSQL server) */
  readonly reusesPlans?: boolean;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
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
