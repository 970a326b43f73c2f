import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * wrk (https://github.com/wg/wrk) as the load generator of the hot-path benchmark: a C event
 * loop costs far less CPU per request than autocannon, so on a 2-core machine more of the CPU
 * is left to the servers being compared. Both servers are driven by the same binary with the
 * same settings, so whatever wrk costs, it costs both alike.
 */
export interface WrkResult {
  requestsPerSecond: number;
  /** latency percentiles in ms */
  p50: number;
  p99: number;
  requests: number;
  /** socket errors (connect/read/write/timeout) and non-2xx/3xx answers */
  errors: number;
}

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** "1.23ms", "456.00us", "1.01s" → ms */
function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 'ms' ? v : m[2] === 's' ? v * 1000 : v * 60_000;
}

export function parseWrk(out: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const total = /(\d+) requests in/.exec(out);
  const p50 = /^\s*50%\s+(\S+)/m.exec(out);
  const p99 = /^\s*99%\s+(\S+)/m.exec(out);
  if (!rps || !total || !p50 || !p99) throw new Error(`keluaran wrk tidak dikenali:\n${out}`);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const errors = (sock ? sock.slice(1).reduce((s, x) => s + Number(x), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0);
  return { requestsPerSecond: Number(rps[1]), p50: toMs(p50[1]!), p99: toMs(p99[1]!), requests: Number(total[1]), errors };
}

/** a wrk Lua script that sends every request as this POST (wrk has no flag for a body) */
function postScript(body: string, contentType: string): string {
  const file = path.join(tmpdir(), `gk-wrk-post-${process.pid}-${createHash('sha1').update(body).digest('hex').slice(0, 12)}.lua`);
  // JSON string literals are valid Lua string literals for this text (no \u escapes in XML bodies we send)
  writeFileSync(file, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = ${JSON.stringify(contentType)}\n`);
  return file;
}

/** One wrk run against `url`; threads = min(2, connections) (the machine has 2 cores). */
export function runWrk(url: string, opts: { connections: number; durationSeconds: number; headers?: Record<string, string>; post?: { body: string; contentType: string } }): Promise<WrkResult> {
  const args = ['-t', String(Math.min(2, opts.connections)), '-c', String(opts.connections), '-d', `${opts.durationSeconds}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (opts.post) args.push('-s', postScript(opts.post.body, opts.post.contentType));
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk keluar dengan kode ${code}:\n${out}`));
      try {
        resolve(parseWrk(out));
      } catch (err) {
        reject(err);
      }
    });
  });
}
