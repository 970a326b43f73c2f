import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyPgliteTemplate } from '../helpers/pglite-template';
import { freePort, waitUntil } from '../helpers/private-servers';
import { REPO_ROOT } from './worker-test-support';

/*
 * Issue 23, point 6: `npm start` ran the server through `sh -c` and tsx's own wrapper process;
 * SIGTERM to npm ended npm and the shell and left the API running as an orphan. Now the signal
 * reaches the server, it stops, and npm exits with it: nothing of the process group survives
 * and the port is free again.
 */

/** the pids still alive in process group `pgid` (ps lists zombies too: they hold no port) */
function groupMembers(pgid: number): string[] {
  const r = spawnSync('ps', ['-o', 'pid=,stat=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  return r.stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^\d+\s+Z/.test(l));
}

const accepts = (port: number): Promise<boolean> => new Promise((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port });
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});

describe.each(['SIGTERM', 'SIGINT'] as const)('npm start and %s', (signal) => {
  let dataDir: string;
  let npm: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gk-npm-start-'));
    // the migrated template: this test is about stopping, not about a first start
    await copyPgliteTemplate(dataDir);
  });
  afterAll(() => {
    // whatever a failed run left behind, by this test's own process group only
    if (npm?.pid && groupMembers(npm.pid).length) {
      try { process.kill(-npm.pid, 'SIGKILL'); } catch { /* already gone */ }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${signal} to the npm process stops the server; npm exits with it and no process of its group is left`, async () => {
    const port = await freePort();
    // detached: npm leads a process group of its own, the group ps inspects afterwards
    npm = spawn('npm', ['start', '--silent'], {
      cwd: REPO_ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ADMIN_PASSWORD: 'kata-sandi-uji-123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    npm.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      npm!.once('exit', (code, sig) => resolve({ code, signal: sig }));
    });

    // hang bound only: a first start on a loaded machine takes long
    await waitUntil(async () => {
      if (npm!.exitCode !== null) throw new Error(`npm start berhenti: ${output}`);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      return res.ok;
    }, '/healthz dari npm start', 300_000);
    const pgid = npm.pid!;
    expect(groupMembers(pgid).some((l) => l.includes('services/api/main.ts'))).toBe(true);

    process.kill(pgid, signal);
    const end = await Promise.race([exited, new Promise<'hang'>((r) => setTimeout(() => r('hang'), 60_000).unref())]);
    expect(end).toEqual({ code: 0, signal: null });
    expect(output).toContain(`"signal":"${signal}"`);
    // the server was npm's child: it must be gone as well, not re-parented to init
    await waitUntil(async () => groupMembers(pgid).length === 0, 'proses grup npm start berakhir', 60_000).catch(() => undefined);
    expect(groupMembers(pgid)).toEqual([]);
    expect(await accepts(port)).toBe(false);
  });
});
