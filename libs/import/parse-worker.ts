import { parentPort } from 'node:worker_threads';
import { parseFile } from './parse-file';

/**
 * Worker-thread entry of parse-pool.ts: receives chunks of file paths, answers with their
 * parsed rows in the same order. It says "ready" once its modules are loaded, so the pool can
 * tell a thread that cannot start (no TypeScript loader, say) from one that is merely busy.
 */
export interface ParseRequest {
  chunkId: number;
  files: string[];
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (req: ParseRequest) => {
    port.postMessage({ chunkId: req.chunkId, results: req.files.map(parseFile) });
  });
  port.postMessage({ ready: true });
}
