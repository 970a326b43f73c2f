import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseFile, type ParsedFile } from './parse-file';
import type { ParseRequest } from './parse-worker';

/**
 * Parses chunks of files on worker threads (~400 documents/s per core, so a 10,000-file import
 * is CPU-bound), or in this thread when threads are unavailable. `parse` never rejects: a
 * thread that dies mid-chunk has its chunk parsed here instead, so no file is lost or doubled.
 */
export interface ParsePool {
  /** worker threads in use; 0 = parsing in this thread */
  readonly threads: number;
  /** why threads were asked for but not used (for the operator), if so */
  readonly fallbackReason: string | undefined;
  parse(files: readonly string[]): Promise<ParsedFile[]>;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

/**
 * In this thread, one chunk per macrotask: the event loop gets a turn between chunks, so the
 * database writes of the previous batch still overlap with parsing.
 */
function inProcessPool(fallbackReason?: string): ParsePool {
  return {
    threads: 0,
    fallbackReason,
    parse: (files) => new Promise((resolve) => setImmediate(() => resolve(files.map(parseFile)))),
    close: async () => undefined,
  };
}

/**
 * The worker entry next to this file: the compiled `.js` in a build; the `.ts` source under tsx
 * or ts-jest, loaded through tsx's CommonJS hook (a thread does not inherit jest's transformer).
 */
function workerEntry(): { file: string; execArgv?: string[] } {
  const js = path.join(__dirname, 'parse-worker.js');
  if (__filename.endsWith('.js') && existsSync(js)) return { file: js };
  return { file: path.join(__dirname, 'parse-worker.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
}

interface Task {
  files: string[];
  resolve(results: ParsedFile[]): void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

function startWorker(entry: { file: string; execArgv?: string[] }): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.file, entry.execArgv ? { execArgv: entry.execArgv } : {});
    const timer = setTimeout(() => fail(new Error('thread tidak siap dalam 30 detik')), READY_TIMEOUT_MS);
    // only our own listeners are removed: removeAllListeners() also drops Worker's internal ones
    const detach = () => {
      clearTimeout(timer);
      worker.off('error', fail);
      worker.off('exit', exited);
      worker.off('message', ready);
    };
    const fail = (err: Error) => {
      detach();
      void worker.terminate();
      reject(err);
    };
    const exited = (code: number) => fail(new Error(`thread berhenti dengan kode ${code}`));
    const ready = () => {
      detach();
      resolve(worker);
    };
    worker.on('error', fail);
    worker.on('exit', exited);
    worker.on('message', ready);
  });
}

/** `threads` ≤ 0 parses in this thread; otherwise that many threads, or in this thread when they cannot start. */
export async function createParsePool(threads: number): Promise<ParsePool> {
  if (threads <= 0) return inProcessPool();
  const entry = workerEntry();
  const started = await Promise.allSettled(Array.from({ length: threads }, () => startWorker(entry)));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.terminate() : undefined)));
    return inProcessPool(`thread tidak dapat dijalankan (${(failed.reason as Error)?.message ?? String(failed.reason)}); parsing di proses utama`);
  }
  return threadPool(started.map((s) => (s as PromiseFulfilledResult<Worker>).value));
}

function threadPool(workers: Worker[]): ParsePool {
  const slots: Slot[] = workers.map((worker) => ({ worker, task: undefined }));
  const queue: Task[] = [];
  let chunkIds = 0;
  let closing = false;

  const pump = (): void => {
    for (const slot of slots) {
      const task = slot.task ? undefined : queue.shift();
      if (!task) continue;
      slot.task = task;
      const req: ParseRequest = { chunkId: ++chunkIds, files: task.files };
      slot.worker.postMessage(req);
    }
    // every thread gone: what is left is parsed here
    if (slots.length === 0) for (const task of queue.splice(0)) setImmediate(() => task.resolve(task.files.map(parseFile)));
  };

  const lose = (slot: Slot): void => {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    const task = slot.task;
    slot.task = undefined;
    if (task) setImmediate(() => task.resolve(task.files.map(parseFile)));
    pump();
  };

  for (const slot of slots) {
    slot.worker.on('message', (msg: { results: ParsedFile[] }) => {
      const task = slot.task;
      slot.task = undefined;
      task?.resolve(msg.results);
      pump();
    });
    slot.worker.on('error', () => lose(slot));
    slot.worker.on('exit', () => { if (!closing) lose(slot); });
  }

  return {
    threads: workers.length,
    fallbackReason: undefined,
    parse(files) {
      return new Promise((resolve) => {
        queue.push({ files: [...files], resolve });
        pump();
      });
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
