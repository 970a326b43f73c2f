import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RenderInput } from './document-forms';
import type { RenderFormat } from './formats';
import type { RenderSet } from './renderer';
import { compileStylesheets, type CompileOptions } from './stylesheet-compiler';
import { planStylesheets } from './render-plan';
import type { WorkerReply, WorkerRequest } from './render-worker';

/**
 * A pool of worker threads (one per core by default), each with its own renderer: XSLT in
 * SaxonJS is synchronous CPU work, so rendering on the main thread would stall everything
 * else the process does. Used by the render benchmark and by the embedded API, which also serves
 * HTTP on its main thread.
 *
 * Runs from compiled JavaScript, or from TypeScript under tsx (the workers then load tsx
 * themselves); not inside jest, whose module system worker threads do not share.
 */
export interface RenderPoolOptions extends CompileOptions {
  /** number of threads; default: the number of cores */
  size?: number;
  /**
   * young generation of each thread's heap in MB (see YOUNG_GENERATION_MB); 0 leaves V8's
   * default, for a process that counts its memory more than its render CPU
   */
  youngGenerationMb?: number;
}

export interface RenderPool {
  readonly size: number;
  /** every form of the record, rendered on the least busy thread */
  renderAll(record: RenderInput): Promise<RenderSet>;
  /** one form (export and CSW render a stale form on the spot) */
  render(record: RenderInput, format: RenderFormat): Promise<string>;
  /** waits for nothing: pending renders are rejected */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (r: Partial<RenderSet>) => void; reject: (e: Error) => void }>;
}

/** Errors of the pool itself (not of the record): a retry can pass, so jobs retry them. */
const transient = (message: string): Error => Object.assign(new Error(message), { transient: true });

const WORKER_FILE = path.join(__dirname, `render-worker${path.extname(__filename)}`);

/**
 * A render allocates megabytes of short-lived SaxonJS objects (QNames, iterators, tree nodes),
 * nearly all dead once the record is done. With V8's default young generation a render thread
 * ran ~27 scavenges per 100 records and GC took a sixth of its CPU; with 32 MB semi-spaces (a
 * 96 MB young generation: V8 sizes it at three semi-spaces) ~14, and the pool used 16 % less
 * CPU per record (bench:render). Only the young generation grows: the old generation keeps
 * V8's default limit, and a thread's heap can grow by at most these 96 MB.
 */
export const YOUNG_GENERATION_MB = 96;

/**
 * A compiled .js worker starts directly. Under tsx the worker must load tsx's CommonJS hook
 * before the .ts entry: `--import tsx` in execArgv does not reach a worker's entry module on
 * Node 20 (ERR_UNKNOWN_FILE_EXTENSION), a require hook installed first does.
 */
function newWorker(workerData: CompileOptions, resourceLimits: ResourceLimits): Worker {
  if (!WORKER_FILE.endsWith('.ts')) return new Worker(WORKER_FILE, { workerData, resourceLimits });
  const boot = `require('tsx/cjs'); require(${JSON.stringify(WORKER_FILE)});`;
  return new Worker(boot, { eval: true, workerData, execArgv: [], resourceLimits });
}

function startWorker(workerData: CompileOptions, resourceLimits: ResourceLimits): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = newWorker(workerData, resourceLimits);
    const onMessage = (msg: WorkerReply): void => {
      if (msg.type === 'ready') {
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(worker);
      } else if (msg.type === 'fatal') {
        void worker.terminate();
        reject(new Error(`Worker render gagal dimulai: ${msg.message}`));
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

export async function createRenderPool(opts: RenderPoolOptions = {}): Promise<RenderPool> {
  const size = Math.max(1, opts.size ?? availableParallelism());
  // compile (or verify the cache) once here, so that the threads only read SEF files
  const compiled = await compileStylesheets(planStylesheets(), opts);
  const workerData: CompileOptions = { ...(opts.xsltDir ? { xsltDir: opts.xsltDir } : {}), cacheDir: compiled.cacheDir };
  const youngMb = opts.youngGenerationMb ?? YOUNG_GENERATION_MB;
  const limits: ResourceLimits = youngMb > 0 ? { maxYoungGenerationSizeMb: youngMb } : {};
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const attach = (worker: Worker): Slot => {
    // like the database thread: an idle pool does not keep the process alive
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (msg: WorkerReply) => {
      if (msg.type !== 'done' && msg.type !== 'failed') return;
      const p = slot.pending.get(msg.id);
      if (!p) return;
      slot.pending.delete(msg.id);
      if (slot.pending.size === 0) worker.unref();
      if (msg.type === 'done') p.resolve(msg.renders as RenderSet);
      else p.reject(new Error(msg.message));
    });
    // a thread that dies takes its queue with it: fail those renders and start a replacement
    let dead = false;
    const onDeath = (reason: string): void => {
      if (dead) return;
      dead = true;
      for (const p of slot.pending.values()) p.reject(transient(`Worker render berhenti: ${reason}`));
      slot.pending.clear();
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      if (!closed) void startWorker(workerData, limits).then((w) => (closed ? void w.terminate() : slots.push(attach(w))), () => undefined);
    };
    worker.once('error', (err) => onDeath(err.message));
    worker.once('exit', (code) => onDeath(`keluar dengan kode ${code}`));
    return slot;
  };

  const workers = await Promise.all(Array.from({ length: size }, () => startWorker(workerData, limits)));
  for (const w of workers) slots.push(attach(w));

  const send = (record: RenderInput, format?: RenderFormat): Promise<Partial<RenderSet>> => {
    if (closed) return Promise.reject(transient('Pool render sudah ditutup'));
    const slot = slots.reduce<Slot | undefined>((best, s) => (!best || s.pending.size < best.pending.size ? s : best), undefined);
    if (!slot) return Promise.reject(transient('Tidak ada worker render yang hidup'));
    const id = nextId++;
    return new Promise<Partial<RenderSet>>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, record, ...(format ? { format } : {}) } satisfies WorkerRequest);
    });
  };

  return {
    size,
    renderAll: (record) => send(record) as Promise<RenderSet>,
    async render(record, format) {
      const out = await send(record, format);
      const text = out[format];
      if (typeof text !== 'string') throw new Error(`Worker render tidak menghasilkan ${format}`);
      return text;
    },
    async close() {
      closed = true;
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
