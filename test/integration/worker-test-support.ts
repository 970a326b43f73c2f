import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Queryable } from '../../libs/db/database';
import { renderVersions } from '../../libs/db/render.repository';
import { RENDER_FORMATS } from '../../libs/render/formats';

/** Helpers of the worker/jobs integration tests: worker child processes, render checks, waiting. */

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Polls until truthy, failing with `what` after the timeout (shared with the reliability suite). */
import { freePort, waitUntil as waitFor } from '../helpers/private-servers';
export { freePort, waitFor };

/** True when every stored form of the record is at exactly `version`. */
export async function rendersAt(db: Queryable, recordId: string, version: number): Promise<boolean> {
  const v = await renderVersions(db, recordId);
  return RENDER_FORMATS.every((f) => v[f] === version);
}


export interface ChildWorker {
  proc: ChildProcess;
  /** everything the process wrote so far (pino JSON lines) */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `services/worker/main.ts` as a real child process. Node runs it with tsx's loader directly
 * (not through the `tsx` CLI, which would put a second process in between), so a signal
 * reaches the worker itself.
 */
export function spawnWorker(env: Record<string, string>): ChildWorker {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'services/worker/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  proc.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { proc, output: () => out, exited };
}

