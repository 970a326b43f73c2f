import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_NODE_FLAGS } from '../../services/api/node-flags';

/**
 * The real API (services/api/main.ts, or a bench entry that starts the same process) in server mode as a child process on a free loopback
 * port: its own CPU time is not mixed with autocannon's, and it is started exactly as in
 * production (config from the environment, migrations, Redis cache, BullMQ producer).
 */
export interface ApiServer {
  baseUrl: string;
  redisPrefix: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API berhenti saat dimulai (kode ${child.exitCode})`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API tidak siap dalam ${timeoutMs / 1000} s`);
}

export interface StartOptions {
  databaseUrl: string;
  redisUrl: string;
  /** extra environment (e.g. DB_STATEMENT_TIMEOUT_MS) */
  env?: Record<string, string>;
  /**
   * The entry script, relative to the repository: services/api/main.ts (the API as deployed) by
   * default; a bench's own entry that starts the same API with a part put in (bench/hotpath/uncached-server.ts)
   */
  entry?: string;
  /** write a V8 CPU profile of the server into this directory */
  cpuProfDir?: string;
  log: (s: string) => void;
}

/** The API refuses to start in server mode without METRICS_TOKEN; the benchmarks scrape with this one. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export async function startApiServer(opts: StartOptions): Promise<ApiServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const redisPrefix = `gkbench${process.pid}`;
  // the production flags (heap cap) first: the benchmarks measure the API as it is deployed
  const nodeArgs = [...API_NODE_FLAGS, '--require', 'tsx/cjs'];
  if (opts.cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, opts.entry ?? 'services/api/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      // a private prefix: the benchmark's cache entries never meet anyone else's
      REDIS_PREFIX: redisPrefix,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      // logging every request would cost throughput; warnings and errors still show
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) opts.log(`API berhenti sendiri (kode ${code}, sinyal ${signal}): hasil setelah ini tidak berlaku`);
  });
  await waitReady(baseUrl, child, 90_000);
  opts.log(`API siap di ${baseUrl} (pid ${child.pid}, REDIS_PREFIX=${redisPrefix})`);
  return {
    baseUrl,
    redisPrefix,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
