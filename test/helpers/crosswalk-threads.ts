import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IsoSchema } from '../../libs/render/crosswalk';
import type { CrosswalkReply, CrosswalkRequest } from './crosswalk-thread';

/**
 * libs/render's crosswalk() on worker threads, for the tests that put the whole ISO corpus
 * through it. Written when the crosswalks were SaxonJS stylesheets (minutes of CPU for the corpus
 * on one core); since they are TypeScript the corpus takes seconds and the threads mostly keep
 * the test's own thread free. The threads load the TypeScript through tsx's require hook, as the
 * render pool does (render-pool.ts).
 * Same code, same inputs, same output: the tests compare what comes back exactly as before.
 */
export interface CrosswalkThreads {
  crosswalk(xml: string, from: IsoSchema, to: IsoSchema): Promise<string>;
  close(): Promise<void>;
}

const ENTRY = path.join(__dirname, 'crosswalk-thread.ts');

function start(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(ENTRY)});`, { eval: true, execArgv: [] });
    const onMessage = (msg: CrosswalkReply): void => {
      if ('ready' in msg) {
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(worker);
      } else if ('fatal' in msg) {
        void worker.terminate();
        reject(new Error(`crosswalk thread did not start: ${msg.fatal}`));
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

export async function startCrosswalkThreads(size = 2): Promise<CrosswalkThreads> {
  const workers = await Promise.all(Array.from({ length: size }, start));
  const pending = new Map<number, { resolve: (xml: string) => void; reject: (e: Error) => void }>();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let nextId = 1;
  for (const w of workers) {
    w.on('message', (msg: CrosswalkReply) => {
      if (!('id' in msg)) return;
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      load.set(w, (load.get(w) ?? 1) - 1);
      if ('error' in msg) p?.reject(new Error(msg.error));
      else p?.resolve(msg.xml);
    });
    // a thread that dies fails every request still waiting: a test must not hang on it
    w.once('exit', (code) => {
      for (const p of pending.values()) p.reject(new Error(`crosswalk thread exited (${code})`));
      pending.clear();
    });
  }
  return {
    crosswalk(xml, from, to) {
      // the least busy thread
      const w = [...load].sort((a, b) => a[1] - b[1])[0]![0];
      const id = nextId++;
      load.set(w, (load.get(w) ?? 0) + 1);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, xml, from, to } satisfies CrosswalkRequest);
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
