import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { AppError } from '../errors';
import type { Database } from './database';
import { errorFromData, messageStatements } from './message-database';
import { decode, readFrames, socketPath, tokenPath, writeFrame, type ShareReply, type ShareRequest } from './database-share-protocol';

/**
 * The joining side of the shared embedded store (database-share-protocol.ts): the `Database` of
 * the process that has DATA_DIR's PGlite open, reached over its socket. Opening PGlite costs
 * seconds (WebAssembly, PostGIS); joining costs a connection.
 */

const connect = (path: string): Promise<net.Socket | undefined> => new Promise((resolve) => {
  const s = net.connect(path);
  s.once('connect', () => resolve(s));
  // nobody there (no file, or one left by a process that died): the caller opens the store itself
  s.once('error', () => resolve(undefined));
});

/** The owner writes its token just after claiming the socket: a joiner that came first waits for it. */
async function readToken(dataDir: string): Promise<Buffer> {
  const file = tokenPath(dataDir);
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  return readFileSync(file);
}

/**
 * The database of the process that owns DATA_DIR's store, or undefined when no process does.
 * Waits while the owner is still opening it (a first start).
 */
export async function joinSharedDatabase(dataDir: string): Promise<Database | undefined> {
  const socket = await connect(socketPath(dataDir));
  if (!socket) return undefined;
  const gone = (): AppError => new AppError('SERVICE_UNAVAILABLE', 'Proses pemilik basis data tertanam (server) berhenti');
  let dead: Error | undefined;
  const pending = new Map<number, { resolve: (r: Extract<ShareReply, { type: 'result' }>) => void; reject: (e: Error) => void }>();
  let nextId = 1;

  try {
    writeFrame(socket, await readToken(dataDir));
  } catch (err) {
    socket.destroy();
    throw err;
  }
  const ready = new Promise<void>((resolve, reject) => {
    readFrames(socket, (body) => {
      const msg = decode(body) as ShareReply | undefined;
      if (!msg) return;
      if (msg.type === 'ready') { resolve(); return; }
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.type === 'result') p.resolve(msg);
      else p.reject(errorFromData(msg.error));
    });
    socket.on('close', () => {
      dead = gone();
      reject(dead);
      for (const p of pending.values()) p.reject(dead);
      pending.clear();
    });
    socket.on('error', () => undefined);
  });
  await ready;

  type Body = ShareRequest extends infer R ? (R extends ShareRequest ? Omit<R, 'id'> : never) : never;
  const call = (body: Body): Promise<Extract<ShareReply, { type: 'result' }>> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        writeFrame(socket, { ...body, id });
      } catch (err) {
        // parameters that cannot be serialised
        pending.delete(id);
        reject(err as Error);
      }
    });
  };

  return {
    ...messageStatements(call),
    async close() {
      dead ??= new AppError('SERVICE_UNAVAILABLE', 'Koneksi ke basis data tertanam sudah ditutup');
      await new Promise<void>((resolve) => {
        if (socket.destroyed) resolve();
        else { socket.once('close', () => resolve()); socket.end(); }
      });
    },
  };
}
