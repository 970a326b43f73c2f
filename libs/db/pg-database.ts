import pg from 'pg';
import type { Database, Queryable, QueryOptions, QueryResult } from './database';
import { AppError } from '../errors';

// Return int8/numeric counts as JS numbers (counts here never exceed 2^53) and keep
// timestamps as Date objects, the same shapes PGlite returns.
pg.types.setTypeParser(20, (v) => Number(v));

/** PostgreSQL error classes that mean "the server is not reachable right now". */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * Maps connection loss to a 503 AppError so a restart of PostgreSQL never surfaces as a 500,
 * and a statement cancelled by statement_timeout (57014) to a 503 that says the request was
 * too expensive — never a stack, and the pooled connection is free again at once.
 */
function translate(err: unknown): unknown {
  const e = err as { code?: string; message?: string };
  if (e && typeof e === 'object' && e.code === '57014') {
    return new AppError('SERVICE_UNAVAILABLE', 'Permintaan dihentikan karena melewati batas waktu kueri basis data; persempit permintaannya.', { cause: err, retryAfter: 5 });
  }
  if (e && typeof e === 'object' && ((e.code && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_ERRNOS.has(e.code)))
    || /Connection terminated|timeout exceeded when trying to connect/i.test(e.message ?? ''))) {
    return new AppError('SERVICE_UNAVAILABLE', 'Basis data tidak dapat dihubungi saat ini.', { cause: err });
  }
  return err;
}

/**
 * Named prepared statements for the texts callers mark `reuse` (the search core's page and
 * count statements). Parsing and analysing a page statement cost PostgreSQL ~0.4 ms of its
 * ~1 ms per uncached GetRecords (measured at 10,000 records); a named statement is parsed once
 * per connection. The main pool's connections run with plan_cache_mode = force_custom_plan,
 * so each execution is still planned for its own values — a generic plan, chosen once, would
 * serve a rare AnyText word with the plan of a common one (a whole-table walk at 1,000,000
 * records). Statements marked `genericPlan` run on two smaller pools where PostgreSQL plans
 * once per connection — planning a BBOX or AnyText-and-BBOX page cost 0.35–0.7 ms, more than
 * running it:
 * - `chosen` (few matches found first, SearchQuery.fewMatches): PostgreSQL's default (auto),
 *   after five executions one plan made without the values unless its estimate is worse. It
 *   is worse, and rightly, where an index needs the value (`lower(file_identifier) LIKE $1`
 *   uses its prefix index only with a known prefix: the value-free plan read all 1,000,000
 *   records, 1.3–2 s a page, when this was forced — bench:million, 24 November 14:12);
 * - `forced` (a walk of the identifier order, bounded in its text, SearchQuery.broadMatches):
 *   plan_cache_mode = force_generic_plan, because auto never took that plan — without the
 *   values its estimate is far worse than the per-value plans', though the plan is the same
 *   — and without JIT, which that estimate would switch on (66 ms of compilation for a
 *   0.2 ms walk, seen in EXPLAIN ANALYZE).
 * At most PREPARED_TEXTS distinct texts get a name, first come first named; later texts run
 * unnamed, so neither node-postgres's per-connection statement map nor the server's memory
 * grows with whatever filter shapes clients make up.
 */
const PREPARED_TEXTS = 128;
/** connections of the pool whose plans PostgreSQL may keep (its statements are short: few rows, no planning) */
const GENERIC_POOL_MAX = 4;
/** connections of the pool of forced generic plans (walks of at most a few hundred rows) */
const FORCED_POOL_MAX = 2;

function statementNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < PREPARED_TEXTS) {
      name = `gk${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
}

type PlanPools = Record<NonNullable<QueryOptions['genericPlan']>, pg.Pool>;

function wrap(client: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string | undefined, plans?: PlanPools): Queryable {
  return {
    ...(plans ? { reusesPlans: true } : {}),
    async query<T>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<QueryResult<T>> {
      try {
        const name = opts?.reuse ? nameOf(sql) : undefined;
        const on = name && opts?.genericPlan && plans ? plans[opts.genericPlan] : client;
        const r = name
          ? await on.query({ name, text: sql, values: params as unknown[] | undefined })
          : await client.query(sql, params as unknown[] | undefined);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      } catch (err) {
        throw translate(err);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await client.query(sql);
      } catch (err) {
        throw translate(err);
      }
    },
  };
}

export interface PgOptions {
  connectionString: string;
  max?: number;
  /** run on every new connection, e.g. `SET search_path` for a test schema */
  onConnect?: string;
  /**
   * PostgreSQL statement_timeout of every connection of the pool (ms; 0 or absent = none): a
   * statement running longer is cancelled by the server (57014), so one expensive request
   * cannot hold a pooled connection for long.
   */
  statementTimeoutMs?: number;
}

/**
 * Set on every connection: floats are written as the shortest text that reads back as the same
 * value (PostgreSQL ≥ 12's default, which a server's configuration could lower to 0 and so round
 * them). The relevance order's page keys hold a float8 rank as text and compare it again
 * (search-sql/keyset.ts): a rounded key would repeat or skip records at a page boundary.
 */
const EXACT_FLOATS = '-c extra_float_digits=1';
/**
 * Also set on every connection: a sequential scan starts at block 0. A broad free-text search ranks
 * only the first RANK_WINDOW matches in physical order and pages the rest by row position
 * (search-sql/rank-window.ts); a synchronised scan joining another one mid-table would give each
 * page statement a different window, and pages would repeat or skip records.
 */
const SCANS_FROM_START = '-c synchronize_seqscans=off';

export function openPgDatabase(opts: PgOptions): Database {
  const poolOf = (max: number, setting: string): pg.Pool => {
    const options = [EXACT_FLOATS, SCANS_FROM_START, setting].filter((o) => o !== '').join(' ');
    const p = new pg.Pool({
      connectionString: opts.connectionString,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // sent in the startup packet: in force from the first statement of every connection
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      options,
    });
    // An idle client losing its connection (server restart) emits 'error' on the pool; without
    // a listener Node would crash the process. The pool drops the client and makes a new one.
    p.on('error', () => undefined);
    if (opts.onConnect) {
      const sql = opts.onConnect;
      p.on('connect', (c) => { c.query(sql).catch(() => undefined); });
    }
    return p;
  };
  // every execution of a named statement planned for its own values (see statementNames)
  // and without JIT: its cost threshold is crossed by a broad search's page statement, whose
  // compilation took 26 ms of a 276 ms statement at 1,000,000 records (auto_explain) — more than
  // any of these statements can win back
  const pool = poolOf(opts.max ?? 10, '-c plan_cache_mode=force_custom_plan -c jit=off');
  const plans: PlanPools = {
    chosen: poolOf(Math.min(GENERIC_POOL_MAX, opts.max ?? 10), ''),
    forced: poolOf(Math.min(FORCED_POOL_MAX, opts.max ?? 10), '-c plan_cache_mode=force_generic_plan -c jit=off'),
  };
  const nameOf = statementNames();
  const q = wrap(pool, nameOf, plans);
  return {
    kind: 'pg',
    reusesPlans: true,
    query: q.query,
    exec: q.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw translate(err);
      }
      let broken = false;
      // pg-pool removes its own 'error' listener while a client is checked out (pool.query adds
      // one, pool.connect does not): without this, a server restart during a transaction emits
      // 'error' with no listener and takes the whole process down.
      const onError = (): void => { broken = true; };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, nameOf));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try { await client.query('ROLLBACK'); } catch { broken = true; }
        throw translate(err);
      } finally {
        client.release(broken);
        client.removeListener('error', onError);
      }
    },
    async ping() { await q.query('SELECT 1'); },
    async close() { await Promise.all([pool.end(), plans.chosen.end(), plans.forced.end()]); },
  };
}
