import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { slimPostgis } from './pglite-postgis-bundle';
import { heldTransactions } from './held-transactions';
import { errorData, type PgliteReply, type PgliteRequest, type PgliteWorkerData } from './pglite-protocol';

// The package's contrib export declares only ESM typings although it ships a CommonJS build,
// so TypeScript would refuse the import; require() loads the CommonJS build it really has.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { unaccent } = require('@electric-sql/pglite/contrib/unaccent') as { unaccent: Extension };

/**
 * The thread that owns the embedded PostgreSQL. PGlite executes every statement synchronously
 * inside WebAssembly; on the HTTP thread that blocked requests for the length of each query, and
 * a backlog of jobs (each query a promise that resolves at once) never let the event loop reach
 * its sockets at all. Here it blocks only this thread.
 *
 * PGlite serialises statements itself and holds its transaction lock for the whole of
 * `transaction()`: a `begin` is answered once that lock is held, the transaction's statements
 * run on its `tx`, and every other statement waits until `end` — one connection, as before.
 */
if (!parentPort) throw new Error('pglite-worker hanya berjalan sebagai worker thread');
const port = parentPort;
const { dataDir } = (workerData ?? {}) as PgliteWorkerData;

const send = (msg: PgliteReply): void => port.postMessage(msg);

/**
 * PGlite's own start parameters plus a smaller buffer cache: PostgreSQL's default 128 MB of
 * shared_buffers lives inside the WebAssembly memory and is never given back, while pages
 * evicted from 32 MB are read again from the data directory through the OS page cache.
 */
function startParams(): { startParams?: string[] } {
  const defaults = (PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams;
  if (!Array.isArray(defaults)) return {};
  return { startParams: [...(defaults as string[]), '-c', 'shared_buffers=32MB'] };
}

async function open(): Promise<PGlite> {
  let t = 0;
  const begin = (name: string): void => {
    send({ type: 'step', step: name });
    t = performance.now();
  };
  const end = (name: string): void => send({ type: 'step', step: name, ms: Math.round(performance.now() - t) });
  // a directory without PG_VERSION is a first start: initdb runs inside PGlite.create
  const first = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  const opening = first ? 'PGlite dibuka (initdb, start pertama)' : 'PGlite dibuka';
  begin(opening);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, extensions: { postgis: await slimPostgis(), pg_trgm, unaccent }, ...startParams() });
  end(opening);
  // Migration 001 creates them as well (IF NOT EXISTS); done here first so that the slow part
  // of a first start (PostGIS, several seconds) has its own log line.
  const have = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_extension WHERE extname IN ('postgis', 'pg_trgm')");
  if ((have.rows[0]?.n ?? 0) < 2) {
    begin('ekstensi postgis dan pg_trgm dibuat');
    await db.exec('CREATE EXTENSION IF NOT EXISTS postgis; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    end('ekstensi postgis dan pg_trgm dibuat');
  }
  return db;
}

function serve(db: PGlite): void {
  // statements run on PGlite itself or on a transaction it handed out: both have query and exec
  const txs = heldTransactions<Pick<PGlite, 'query' | 'exec'>>(db, (fn) => db.transaction(fn));

  const handle = async (req: PgliteRequest): Promise<void> => {
    switch (req.op) {
      case 'query': {
        const r = await txs.target(req.tx).query(req.sql, req.params as unknown[] | undefined);
        send({ type: 'result', id: req.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
        return;
      }
      case 'exec':
        await txs.target(req.tx).exec(req.sql);
        send({ type: 'result', id: req.id });
        return;
      case 'begin':
        send({ type: 'result', id: req.id, tx: await txs.begin() });
        return;
      case 'end':
        await txs.end(req.tx, req.commit);
        send({ type: 'result', id: req.id });
        return;
      case 'stats': {
        const mod = (db as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
        send({ type: 'result', id: req.id, stats: { wasmBytes: mod?.HEAPU8?.byteLength ?? 0, heapUsed: process.memoryUsage().heapUsed } });
        return;
      }
      case 'close':
        await db.close();
        send({ type: 'result', id: req.id });
        return;
    }
  };
  port.on('message', (req: PgliteRequest) => {
    handle(req).catch((err: unknown) => send({ type: 'error', id: req.id, error: errorData(err) }));
  });
  send({ type: 'ready' });
}

open().then(serve, (err: unknown) => send({ type: 'fatal', error: errorData(err) }));
