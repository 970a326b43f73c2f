import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { Database, Queryable } from './database';
import { decode, readFrames, socketPath, tokenPath, writeFrame, type ShareReply, type ShareRequest } from './database-share-protocol';
import { heldTransactions, type HeldTransactions } from './held-transactions';
import { errorData } from './pglite-protocol';

/**
 * The owner's side of the shared embedded store (database-share-protocol.ts says why). The
 * socket is claimed BEFORE PGlite opens: a CLI started during a long first start finds it and
 * waits for `ready` instead of opening the directory too; its statements are served once the
 * owner hands over the opened database (`serve`).
 */
export interface DatabaseShare {
  /** starts answering the connections (those already waiting included) with `db` */
  serve(db: Database): void;
  /** stops listening, ends the connections (rolling back their open transactions), removes the socket */
  close(): Promise<void>;
}

/** Whether a process answers on DATA_DIR's socket (false: no socket, or a file left by a process that died). */
export function probeOwner(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath(dataDir));
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

/**
 * Largest frame after the token (statements with their parameters, an import batch). Before the
 * token only the token's length is accepted: nothing larger is buffered for a stranger.
 */
const MAX_AUTHED_FRAME = 256 * 1024 * 1024;

function handleConnection(conn: net.Socket, token: Buffer, dbReady: Promise<Database>): void {
  let authed = false;
  // made on the first statement, when the store is open (dbReady)
  let held: HeldTransactions<Queryable> | undefined;
  const reply = (msg: ShareReply): void => { if (!conn.destroyed) writeFrame(conn, msg); };

  const run = async (db: Database, req: ShareRequest): Promise<void> => {
    const txs = (held ??= heldTransactions<Queryable>(db, (fn) => db.transaction(fn)));
    switch (req.op) {
      case 'query': {
        const r = await txs.target(req.tx).query(req.sql, req.params);
        reply({ type: 'result', id: req.id, rows: r.rows, rowCount: r.rowCount });
        return;
      }
      case 'exec':
        await txs.target(req.tx).exec(req.sql);
        reply({ type: 'result', id: req.id });
        return;
      case 'begin':
        reply({ type: 'result', id: req.id, tx: await txs.begin() });
        return;
      case 'end':
        await txs.end(req.tx, req.commit);
        reply({ type: 'result', id: req.id });
        return;
    }
  };

  readFrames(conn, (body) => {
    if (!authed) {
      // the token, compared as bytes: nothing a stranger sent is deserialised
      if (body.length !== token.length || !timingSafeEqual(body, token)) {
        conn.destroy();
        return;
      }
      authed = true;
      dbReady.then(() => reply({ type: 'ready', pid: process.pid }), () => conn.destroy());
      return;
    }
    const req = decode(body) as ShareRequest | undefined;
    if (!req || typeof req !== 'object' || typeof req.id !== 'number') {
      conn.destroy();
      return;
    }
    // not queued behind each other: like the PGlite thread, a statement outside a transaction
    // waits inside the database while the transaction's own statements and its end go on
    dbReady.then((db) => run(db, req)).catch((err: unknown) => reply({ type: 'error', id: req.id, error: errorData(err) }));
  }, () => (authed ? MAX_AUTHED_FRAME : token.length));
  // a client that goes away (Ctrl-C on the CLI) must not leave a transaction holding the store
  conn.on('close', () => held?.abandonAll());
  conn.on('error', () => undefined);
}

/**
 * Claims DATA_DIR's socket for this process. Rejects with `owned` = true when another live
 * process holds it; a socket file left by a process that died is replaced.
 */
export async function claimShare(dataDir: string): Promise<DatabaseShare> {
  const sock = socketPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let setDb!: (db: Database) => void;
  let failDb!: (err: Error) => void;
  const dbReady = new Promise<Database>((resolve, reject) => { setDb = resolve; failDb = reject; });
  dbReady.catch(() => undefined);

  // the token as the client sends it: the file's hex text
  const tokenText = Buffer.from(randomBytes(32).toString('hex'), 'utf8');
  const conns = new Set<net.Socket>();
  const server = net.createServer((conn) => {
    conns.add(conn);
    conn.on('close', () => conns.delete(conn));
    handleConnection(conn, tokenText, dbReady);
  });
  const listen = (): Promise<void> => new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(sock, () => { server.off('error', reject); resolve(); });
  });
  try {
    await listen();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (await probeOwner(dataDir)) throw Object.assign(new Error('owned'), { owned: true });
    rmSync(sock, { force: true }); // left by a process that died
    await listen();
  }
  // the socket only for this user; the token file (0600) is what really guards it
  try { chmodSync(sock, 0o600); } catch { /* a file system without modes */ }
  rmSync(tokenPath(dataDir), { force: true });
  // written after the claim (an owner's token is never overwritten by a process that then finds
  // the socket taken); a client that connects before it exists retries
  writeFileSync(tokenPath(dataDir), tokenText, { mode: 0o600, flag: 'wx' });
  server.unref();

  return {
    serve: (db) => setDb(db),
    async close() {
      failDb(new Error('ditutup'));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const c of conns) c.destroy();
      });
      rmSync(sock, { force: true });
      rmSync(tokenPath(dataDir), { force: true });
    },
  };
}
