import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';

/**
 * Servers of a test's own, which it may stop, kill and restart at will: the machine's shared
 * PostgreSQL (5432) and Redis (6379) serve every other test file at the same time and must
 * never be touched. A private redis-server runs as a child process; a private PostgreSQL is a
 * throw-away cluster (initdb into a temp dir) driven with pg_ctl, with PostGIS available
 * because it is installed system-wide.
 */

const run = promisify(execFile);

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Polls `check` every 100 ms until it returns a truthy value; throws naming `what` after
 * `timeoutMs`. The default is a hang bound for a loaded 2-core CI machine (a child process
 * started through tsx took more than 30 s to reach its first job at load 15), not a speed figure.
 */
export async function waitUntil<T>(check: () => Promise<T | undefined | false | null>, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`menunggu ${what}: batas waktu habis${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// Redis

export interface PrivateRedis {
  url: string;
  port: number;
  /** true while the server process runs */
  readonly running: boolean;
  /** starts the server (again) on the same port; resolves once it answers PING */
  start(): Promise<void>;
  /**
   * Stops the server: SIGTERM (a clean shutdown) or SIGKILL (a crash). Without persistence
   * (`--save ''`, no AOF) everything in it, queued jobs and sessions included, is gone.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } finally {
    r.disconnect();
  }
}

/** A private redis-server, already started. Call `stop()` in afterAll. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: ChildProcess | undefined;
  // a test process that dies without its afterAll must not leave a redis-server behind it
  process.once('exit', () => proc?.kill('SIGKILL'));
  const handle: PrivateRedis = {
    url,
    port,
    get running() {
      return proc !== undefined && proc.exitCode === null && proc.signalCode === null;
    },
    async start() {
      if (handle.running) return;
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitUntil(() => redisAnswers(url), `redis-server pribadi di port ${port}`, 60_000);
    },
    async stop(signal = 'SIGTERM') {
      const p = proc;
      proc = undefined;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill(signal);
      await gone;
    },
  };
  await handle.start();
  return handle;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const PG_BIN = process.env.GK_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** the migrated application database (`geokatalog`) */
  url: string;
  /** the cluster's `postgres` database, for administration */
  adminUrl: string;
  port: number;
  dataDir: string;
  /** `pg_ctl start` (waits until it accepts connections) */
  start(): Promise<void>;
  /** `pg_ctl stop`: `fast` ends sessions with 57P01; `immediate` is a crash without a checkpoint */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl restart -m fast`: every open connection is cut, the server is back when this resolves */
  restart(): Promise<void>;
  /** stops the cluster and deletes its directory */
  destroy(): Promise<void>;
}

/** Runs a PostgreSQL binary as the `postgres` OS user when we are root (initdb and postgres refuse root). */
async function asPostgres(bin: string, args: string[]): Promise<string> {
  const exe = path.join(PG_BIN, bin);
  const root = userInfo().uid === 0;
  const { stdout } = root ? await run('runuser', ['-u', 'postgres', '--', exe, ...args]) : await run(exe, args);
  return stdout;
}

/** The same, synchronously: for the exit hook, where nothing asynchronous runs any more. */
function asPostgresSync(bin: string, args: string[]): void {
  const exe = path.join(PG_BIN, bin);
  if (userInfo().uid === 0) execFileSync('runuser', ['-u', 'postgres', '--', exe, ...args], { stdio: 'ignore' });
  else execFileSync(exe, args, { stdio: 'ignore' });
}

/**
 * A private PostgreSQL 15 cluster on a free port, listening on 127.0.0.1 only (socket in its
 * own directory), with fsync off (test data is disposable), and a database `geokatalog`
 * migrated with our migrations. Call `destroy()` in afterAll.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const base = mkdtempSync(path.join(tmpdir(), 'gk-pg-'));
  const dataDir = path.join(base, 'data');
  const root = userInfo().uid === 0;
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(base, Number(stdout.trim()), Number(gid.trim()));
  }
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
  const serverOptions = [
    `-p ${port}`,
    `-k ${base}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
    '-c shared_buffers=32MB',
  ].join(' ');
  const log = path.join(base, 'server.log');
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/geokatalog`;

  const pgCtl = (args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '60', ...args]);
  const accepting = async (): Promise<boolean> => {
    const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } finally {
      await c.end().catch(() => undefined);
    }
  };

  let up = false;
  // a test process that dies without its afterAll must not leave a postgres running behind it
  const onExit = (): void => {
    try {
      if (up) asPostgresSync('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(base, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const handle: PrivatePostgres = {
    url,
    adminUrl,
    port,
    dataDir,
    async start() {
      await pgCtl(['-o', serverOptions, 'start']);
      await waitUntil(accepting, `PostgreSQL pribadi di port ${port}`, 60_000);
      up = true;
    },
    async stop(mode = 'fast') {
      up = false;
      await pgCtl(['-m', mode, 'stop']);
    },
    async restart() {
      await pgCtl(['-m', 'fast', '-o', serverOptions, 'restart']);
      await waitUntil(accepting, `PostgreSQL pribadi kembali di port ${port}`, 60_000);
      up = true;
    },
    async destroy() {
      process.removeListener('exit', onExit);
      if (up) await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      up = false;
      rmSync(base, { recursive: true, force: true });
    },
  };

  try {
    await handle.start();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE geokatalog');
    await admin.end();
    const db = openPgDatabase({ connectionString: url, max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  } catch (err) {
    await handle.destroy();
    throw err;
  }
  return handle;
}
