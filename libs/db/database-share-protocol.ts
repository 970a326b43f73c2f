import path from 'node:path';
import type { Socket } from 'node:net';
import { deserialize, serialize } from 'node:v8';
import type { PgliteErrorData } from './pglite-protocol';

/**
 * The embedded store shared over a Unix socket in DATA_DIR (database-share.ts, shared-database.ts).
 * A PGlite directory may be opened by one process only; the process that opened it listens on
 * `pglite.sock`, and another process of the same installation (the CLI next to `npm start`) sends
 * its statements there instead of opening the directory a second time. Messages are framed as a
 * 4-byte length and V8's structured serialisation: the values (Date, Buffer, bigint …) arrive as
 * they would from the PGlite thread's postMessage, so repositories see no difference.
 *
 * The first frame of a connection is the token the owner wrote to `pglite.sock.token` (mode
 * 0600): only a process that may read the owner's files may send statements.
 */
export type ShareRequest =
  | { id: number; op: 'query'; sql: string; params?: readonly unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean };

export type ShareReply =
  | { type: 'ready'; pid: number }
  | { type: 'result'; id: number; rows?: unknown[]; rowCount?: number; tx?: number }
  | { type: 'error'; id: number; error: PgliteErrorData };

export const socketPath = (dataDir: string): string => path.join(dataDir, 'pglite.sock');
export const tokenPath = (dataDir: string): string => path.join(dataDir, 'pglite.sock.token');

/** A frame too large is a broken or hostile peer, not a statement: 256 MB is far above any import batch. */
const MAX_FRAME = 256 * 1024 * 1024;

/** Writes one frame: `msg` serialised, or a Buffer as it is (the token). */
export function writeFrame(socket: Socket, msg: unknown): void {
  const body = Buffer.isBuffer(msg) ? msg : serialize(msg);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  socket.write(Buffer.concat([head, body]));
}

/** V8's deserialisation of a frame; undefined when it is not one (the connection is then ended). */
export function decode(body: Buffer): unknown {
  try {
    return deserialize(body);
  } catch {
    return undefined;
  }
}

/**
 * Calls `onFrame` with each whole frame `socket` receives, as bytes: the owner compares the
 * first one (the token) without deserialising anything a stranger sent.
 */
export function readFrames(socket: Socket, onFrame: (body: Buffer) => void, maxFrame: () => number = () => MAX_FRAME): void {
  let buf: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    while (buf.length >= 4) {
      const len = buf.readUInt32BE(0);
      if (len > maxFrame()) {
        socket.destroy();
        return;
      }
      if (buf.length < 4 + len) return;
      const body = buf.subarray(4, 4 + len);
      buf = buf.subarray(4 + len);
      onFrame(body);
    }
  });
}
