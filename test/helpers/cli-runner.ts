import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseConfig } from '../../libs/config';
import type { Database } from '../../libs/db/database';
import { runCli } from '../../services/api/cli/run-cli';
import { TEST_REDIS_URL } from './env';

/** The two ways the CLI tests run `npm run cli --`: in process (fast, on a test database) and as the real child process. */

const REPO_ROOT = path.resolve(__dirname, '../..');

export interface CliOutput { code: number; out: string; err: string }

export interface InProcessCli {
  /** the test database the commands work on; its pool belongs to the test (closed by `drop()`) */
  db: Database;
  url: string;
  sessionSecret: string;
  /** more configuration (e.g. OUTBOUND_ALLOW for a local harvest source) */
  env?: Record<string, string>;
  /** called each time a command opens the database (usage errors must not) */
  onOpenDb?: () => void;
}

/** One CLI invocation in process against `target.db`; collects its output lines. */
export async function runCliInProcess(target: InProcessCli, argv: string[]): Promise<CliOutput> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    config: parseConfig({ DATABASE_URL: target.url, REDIS_URL: TEST_REDIS_URL, SESSION_SECRET: target.sessionSecret, LOG_LEVEL: 'silent', ...target.env }),
    async openDb() {
      target.onOpenDb?.();
      return { db: target.db, close: async () => undefined };
    },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The real entry point (`npm run cli --` is `tsx services/api/cli/main.ts`) as a child process with only `env` (plus PATH, HOME). */
export function spawnCli(argv: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['services/api/cli/main.ts', ...argv], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += String(d); });
    child.stderr.on('data', (d) => { err += String(d); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
