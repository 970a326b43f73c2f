import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a server sent for one request: status, headers in the order received, body bytes. */
export interface CapturedAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Headers Node's http server adds by itself (the bare server gets them the same way). */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export async function capture(url: string, headers: Record<string, string> = {}): Promise<CapturedAnswer> {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: [...res.headers.entries()], body };
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts bare-server.ts as its own process with exactly `answer` (minus the headers Node adds
 * itself), so its CPU time is measured apart from everything else like the API's.
 */
export async function startBareServer(answer: CapturedAnswer, pathAndQuery: string): Promise<BareServer> {
  const file = path.join(tmpdir(), `gk-hotpath-answer-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({
    status: answer.status,
    headers: answer.headers.filter(([k]) => !ADDED_BY_NODE.has(k.toLowerCase())),
    bodyBase64: answer.body.toString('base64'),
  }));
  const child: ChildProcess = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(__dirname, 'bare-server.ts'), file], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^(\d+)\n/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server bare berhenti (kode ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}${pathAndQuery}`,
    pid: child.pid!,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
