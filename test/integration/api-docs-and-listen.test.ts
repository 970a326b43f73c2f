import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { TEST_REDIS_URL } from '../helpers/env';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import { freePort, waitUntil } from '../helpers/private-servers';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { REPO_ROOT } from './worker-test-support';

/*
 * Issue 22, finding 8: the API documentation page gets a CSP that forbids framing and serves
 * only the swagger-ui files it uses; the API binds to HOST when it is set.
 */

describe('/api/docs', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('server'); });
  afterAll(async () => { await t?.close(); });

  it('the page, its script and its assets carry a CSP with frame-ancestors \'none\'', async () => {
    for (const path of ['/api/docs', '/api/docs/init.js', '/api/docs/assets/swagger-ui.css', '/api/docs/assets/swagger-ui-bundle.js']) {
      const res = await request(t.app).get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('swagger-ui-dist\'s stock index.html (the petstore page) and the package\'s other files are not served', async () => {
    for (const file of ['index.html', 'oauth2-redirect.html', 'swagger-initializer.js', 'package.json', 'swagger-ui.js', 'absolute-path.js', '..%2Fpackage.json']) {
      const res = await request(t.app).get(`/api/docs/assets/${file}`);
      expect({ file, status: res.status }).toEqual({ file, status: 404 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.text).not.toContain('petstore');
    }
  });
});

/** true when a TCP connection to host:port is accepted */
const accepts = (host: string, port: number): Promise<boolean> => new Promise((resolve) => {
  const s = net.connect({ host, port });
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});

describe('HOST: the API listens on the given address only', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix().replace(/:$/, '');
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000).unref())]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await db?.drop();
    await deleteKeys(`${prefix}:`);
  });

  it('HOST=127.0.0.2: reachable there, connection refused on 127.0.0.1', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'services/api/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, SESSION_SECRET: 's'.repeat(32),
        METRICS_TOKEN: 'token-metrik-uji-0123', LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    await waitUntil(async () => {
      if (child!.exitCode !== null) throw new Error(`API berhenti: ${output.slice(-2000)}`);
      return accepts('127.0.0.2', port);
    }, 'API mendengarkan di 127.0.0.2', 300_000);
    const health = await fetch(`http://127.0.0.2:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await accepts('127.0.0.1', port)).toBe(false);
    expect(output).toContain('"host":"127.0.0.2"');
  }, 360_000);
});
