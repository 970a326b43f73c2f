import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { openDatabase } from '../../libs/db/open-database';
import { socketPath, tokenPath } from '../../libs/db/database-share-protocol';
import { spawnCli } from '../helpers/cli-runner';
import { copyPgliteTemplate } from '../helpers/pglite-template';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from '../helpers/test-app';

/*
 * Issue 23, point 6: a CLI command next to a running embedded server opened the server's PGlite
 * directory a second time (two PostgreSQL instances on one directory), and each command spent
 * seconds opening PGlite. Now the process that has the store open shares it on DATA_DIR's
 * socket: the CLI sends its statements there, and a second server is refused.
 */

describe('embedded mode: the CLI next to a running server', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    t = await startTestApp('embedded');
    dataDir = t.config.dataDir;
  });
  afterAll(async () => { await t?.close(); });

  it('the server listens on DATA_DIR\'s socket, guarded by a token only its user can read', () => {
    expect(existsSync(socketPath(dataDir))).toBe(true);
    const mode = spawnSync('stat', ['-c', '%a', tokenPath(dataDir)], { encoding: 'utf8' }).stdout.trim();
    expect(mode).toBe('600');
  });

  it('org:create from the CLI is written through the server: the server sees it at once (written by a second PGlite instance, it stayed invisible to the server)', async () => {
    const env = { DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'silent' };
    const created = await spawnCli(['org:create', 'Dinas Lewat Soket'], env);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    // the server's own database answers with the CLI's row (its buffers, not a second instance's)
    const rows = await t.db.query<{ name: string }>('SELECT name FROM organisations WHERE name = $1', ['Dinas Lewat Soket']);
    expect(rows.rows).toEqual([{ name: 'Dinas Lewat Soket' }]);
    const listed = await spawnCli(['org:list'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('Dinas Lewat Soket');
  });

  it('a wrong token is refused: the connection ends without an answer', async () => {
    const net = await import('node:net');
    const answered = await new Promise<boolean>((resolve) => {
      const s = net.connect(socketPath(dataDir));
      let got = false;
      s.on('data', () => { got = true; });
      s.once('connect', () => {
        const body = Buffer.from('0'.repeat(64));
        const head = Buffer.alloc(4);
        head.writeUInt32BE(body.length);
        s.write(Buffer.concat([head, body]));
      });
      s.once('close', () => resolve(got));
      s.once('error', () => resolve(got));
    });
    expect(answered).toBe(false);
  });

  it('a second server on the same DATA_DIR is refused with a message, not opened twice', async () => {
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(/sedang dibuka proses geokatalog lain/);
    // the running server is unharmed
    await request(t.app).get('/readyz').expect(200);
  });
});

describe('embedded mode: a socket left by a server that was killed', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gk-stale-sock-'));
    await copyPgliteTemplate(dataDir);
    // a process that listens on the socket and dies with SIGKILL leaves the file behind
    const child = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socketPath(dataDir))}, () => process.kill(process.pid, 'SIGKILL'))`]);
    await new Promise((r) => child.once('exit', r));
    writeFileSync(tokenPath(dataDir), 'lama');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is taken over: the store opens, and the CLI (joining) finds nobody and opens it itself afterwards', async () => {
    expect(existsSync(socketPath(dataDir))).toBe(true);
    const { db } = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
    expect(existsSync(socketPath(dataDir))).toBe(false);
    const listed = await spawnCli(['org:list'], { DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'silent' });
    expect(listed.err).toBe('');
    expect(listed.code).toBe(0);
  });
});
