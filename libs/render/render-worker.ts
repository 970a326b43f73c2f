import { parentPort, workerData } from 'node:worker_threads';
import type { RenderInput } from './document-forms';
import { createRenderer } from './renderer';
import type { RenderFormat } from './formats';
import type { CompileOptions } from './stylesheet-compiler';

/**
 * Worker-thread entry of the render pool (render-pool.ts): one renderer per thread, rendering
 * every form of each record it is sent, or the one form asked for. Messages: in { id, record,
 * format? }; out { type: 'ready' } once, then { type: 'done', id, renders } or
 * { type: 'failed', id, message } per request.
 */
export type WorkerRequest = { id: number; record: RenderInput; format?: RenderFormat };
export type WorkerReply =
  | { type: 'ready'; startupMs: number }
  | { type: 'fatal'; message: string }
  | { type: 'done'; id: number; renders: Record<string, string> }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('render-worker hanya berjalan sebagai worker thread');

createRenderer((workerData ?? {}) as CompileOptions).then(
  (renderer) => {
    port.on('message', (req: WorkerRequest) => {
      let reply: WorkerReply;
      try {
        const renders = req.format ? { [req.format]: renderer.render(req.record, req.format) } : renderer.renderAll(req.record);
        reply = { type: 'done', id: req.id, renders };
      } catch (err) {
        reply = { type: 'failed', id: req.id, message: (err as Error).message };
      }
      port.postMessage(reply);
    });
    port.postMessage({ type: 'ready', startupMs: renderer.startup.ms } satisfies WorkerReply);
  },
  (err: unknown) => port.postMessage({ type: 'fatal', message: (err as Error).message } satisfies WorkerReply),
);
