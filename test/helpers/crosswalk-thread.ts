import { parentPort } from 'node:worker_threads';
import { crosswalk, type IsoSchema } from '../../libs/render/crosswalk';

/**
 * Worker-thread entry of crosswalk-threads.ts: the crosswalk of libs/render, run outside jest's
 * module sandbox. Messages: in { id, xml, from, to }; out { ready } once, then { id, xml } or
 * { id, error } per request.
 */
export type CrosswalkRequest = { id: number; xml: string; from: IsoSchema; to: IsoSchema };
export type CrosswalkReply = { ready: true } | { fatal: string } | { id: number; xml: string } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('crosswalk-thread runs only as a worker thread');

port.on('message', (req: CrosswalkRequest) => {
  let reply: CrosswalkReply;
  try {
    reply = { id: req.id, xml: crosswalk(req.xml, req.from, req.to) };
  } catch (err) {
    reply = { id: req.id, error: `${(err as Error).name}: ${(err as Error).message}` };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies CrosswalkReply);
