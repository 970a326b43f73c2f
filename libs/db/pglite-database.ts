import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { Database } from './database';
import { errorFromData, messageStatements } from './message-database';
import type { PgliteReply, PgliteRequest, PgliteStats, PgliteWorkerData } from './pglite-protocol';

/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly) with PostGIS and pg_trgm, run in
 * its own worker thread (pglite-worker.ts) so that its synchronous query execution never blocks
 * the thread that answers HTTP. The same `Database` as the pg pool: the repositories do not know.
 * `dataDir` undefined = in memory (tests).
 */
export interface PgliteDatabase extends Database {
  /** memory of the database thread (start-up report, benchmark) */
  stats(): Promise<PgliteStats>;
}

export interface PgliteOpenOptions {
  /** called when a start-up step of the thread (opening PGlite, creating extensions) begins (no `ms`) and ends */
  onStep?(step: string, ms?: number): void;
}

const WORKER_FILE = path.join(__dirname, `pglite-worker${path.extname(__filename)}`);

/**
 * A compiled .js worker starts directly. Under tsx (and jest) the worker loads tsx's CommonJS
 * hook before the .ts entry: `--import tsx` in execArgv does not reach a worker's entry module
 * on Node 20, a require hook installed first does (the render pool does the same).
 */
function newWorker(data: PgliteWorkerData): Worker {
  if (!WORKER_FILE.endsWith('.ts')) return new Worker(WORKER_FILE, { workerData: data });
  const boot = `require('tsx/cjs'); require(${JSON.stringify(WORKER_FILE)});`;
  return new Worker(boot, { eval: true, workerData: data, execArgv: [] });
}

export async function openPgliteDatabase(dataDir?: string, opts: PgliteOpenOptions = {}): Promise<PgliteDatabase> {
  const worker = newWorker(dataDir ? { dataDir } : {});
  const pending = new Map<number, { resolve: (r: Extract<PgliteReply, { type: 'result' }>) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: PgliteReply): void => {
      if (msg.type === 'step') opts.onStep?.(msg.step, msg.ms);
      else if (msg.type === 'ready') { cleanup(); resolve(); }
      else if (msg.type === 'fatal') { cleanup(); void worker.terminate(); reject(errorFromData(msg.error)); }
    };
    const onError = (err: Error): void => { cleanup(); reject(err); };
    const onExit = (code: number): void => { cleanup(); reject(new Error(`thread PGlite berhenti saat mulai (kode ${code})`)); };
    const cleanup = (): void => { worker.off('message', onMessage); worker.off('error', onError); worker.off('exit', onExit); };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });

  // The thread keeps the process alive only while a statement is in flight: a process that
  // never closes the database (a test that failed half-way) can still exit, one that awaits a
  // reply (the CLI) cannot exit under it.
  worker.unref();
  worker.on('message', (msg: PgliteReply) => {
    if (msg.type !== 'result' && msg.type !== 'error') return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) worker.unref();
    if (msg.type === 'result') p.resolve(msg);
    else p.reject(errorFromData(msg.error));
  });
  // a thread that dies (out of memory, a WebAssembly trap) fails what it held and what follows
  const onDeath = (reason: string): void => {
    if (dead) return;
    dead = new AppError('SERVICE_UNAVAILABLE', `Basis data tertanam berhenti: ${reason}`);
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
    worker.unref();
  };
  worker.on('error', (err) => onDeath(err.message));
  worker.on('exit', (code) => onDeath(`kode keluar ${code}`));

  type Body = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;
  const call = (body: Body): Promise<Extract<PgliteReply, { type: 'result' }>> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage({ ...body, id } as PgliteRequest);
      } catch (err) {
        // parameters that cannot be cloned to the thread
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(err as Error);
      }
    });
  };

  return {
    ...messageStatements(call),
    async stats() {
      const r = await call({ op: 'stats' });
      return r.stats!;
    },
    async close() {
      if (!dead) await call({ op: 'close' }).catch(() => undefined);
      dead ??= new AppError('SERVICE_UNAVAILABLE', 'Basis data tertanam sudah ditutup');
      await worker.terminate();
    },
  };
}
