import { mkdirSync } from 'node:fs';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import type { Database, Queryable, QueryResult } from './database';

// The package's contrib export declares only ESM typings although it ships a CommonJS build,
// so TypeScript would refuse the import; require() loads the CommonJS build it really has.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly) with PostGIS and pg_trgm.
 * One connection: PGlite serialises queries itself and `transaction()` holds it exclusively,
 * so the same repositories work unchanged. `dataDir` undefined = in memory (tests).
 */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, extensions: { postgis, pg_trgm } });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  });
  const self = wrap(db);
  return {
    kind: 'pglite',
    query: self.query,
    exec: self.exec,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async ping() { await db.query('SELECT 1'); },
    async close() { await db.close(); },
  };
}
