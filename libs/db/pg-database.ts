import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database';
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

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      try {
        const r = await client.query(sql, params as unknown[] | undefined);
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

export function openPgDatabase(opts: PgOptions): Database {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // sent in the startup packet: in force from the first statement of every connection
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (server restart) emits 'error' on the pool; without
  // a listener Node would crash the process. The pool drops the client and makes a new one.
  pool.on('error', () => undefined);
  if (opts.onConnect) {
    const sql = opts.onConnect;
    pool.on('connect', (c) => { c.query(sql).catch(() => undefined); });
  }
  const q = wrap(pool);
  return {
    kind: 'pg',
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
        const result = await fn(wrap(client));
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
    async close() { await pool.end(); },
  };
}
