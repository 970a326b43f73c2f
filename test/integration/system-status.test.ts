import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { seedWorld, type World } from '../helpers/fixtures';
import { updateUser } from '../../libs/db/user.repository';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runProbe } from '../../libs/ops/probe-runner';

// s3rver ships no type declarations; this is the part of it the tests use
interface S3rverInstance { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

const STATUS = '/api/admin/organisasi/status';
const WA_TOKEN = 'wa-token-uji';

const listen = (server: net.Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** Accepts connections and never says a word: the worst kind of "down". */
async function startHangingServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  const port = await listen(server);
  return { port, close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }) };
}

/** A port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** WhatsApp gateway health and an external CSW, as one small HTTP server. */
async function startFakeUpstreams() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/health') {
      res.writeHead(req.headers.authorization === `Bearer ${WA_TOKEN}` ? 200 : 401).end('{}');
    } else if (url.pathname === '/csw' && url.searchParams.get('request') === 'GetCapabilities') {
      res.writeHead(200, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0"?><csw:Capabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" version="2.0.2"/>');
    } else if (url.pathname === '/csw-broken') {
      res.writeHead(200, { 'content-type': 'application/xml' })
        .end('<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows" version="1.2.0"><ows:Exception exceptionCode="NoApplicableCode"/></ows:ExceptionReport>');
    } else {
      res.writeHead(404).end();
    }
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

async function startSmtp() {
  const server = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true, logger: false });
  const port = await listen(server.server);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('GET /api/admin/organisasi/status', () => {
  const dirs: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let upstreams: Awaited<ReturnType<typeof startFakeUpstreams>>;
  let s3Port: number;

  async function appWith(env: Record<string, string>, prefix: string): Promise<{ t: TestApp; w: World }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-status-'));
    dirs.push(dataDir);
    // a probe of a working component must not fail because a loaded test machine was slow:
    // the deadline is 30 s here, except in the test of the deadline itself
    const t = await startTestApp('server', { DATA_DIR: dataDir, STATUS_PROBE_TIMEOUT_MS: '30000', ...env });
    cleanups.push(() => t.close());
    const w = await seedWorld(t, { prefix });
    // the status of shared components is the service administrator's (issue 12): A's ADMIN is one here
    await updateUser(t.db, w.a.admin.user.id, { serviceAdmin: true });
    return { t, w };
  }

  beforeAll(async () => {
    upstreams = await startFakeUpstreams();
    cleanups.push(upstreams.close);
    const s3dir = mkdtempSync(path.join(tmpdir(), 'gk-status-s3-'));
    dirs.push(s3dir);
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: 'status-bucket' }] });
    s3Port = (await s3.run()).port;
    cleanups.push(() => s3.close());
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('reports all four components healthy (in-process SMTP, gateway, s3rver, built-in CSW)', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const { w } = await appWith({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WA_GATEWAY_URL: upstreams.url,
      WA_GATEWAY_TOKEN: WA_TOKEN,
      OBJECTSTORE_URL: `http://S3RVER:S3RVER@127.0.0.1:${s3Port}/status-bucket`,
    }, 'ok-');
    const res = await w.a.admin.agent.get(STATUS);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      smtp: { connected: true },
      wa: { connected: true },
      objectstore: { connected: true, backend: 's3', detail: `http://127.0.0.1:${s3Port}/status-bucket/` },
      csw: { provider: 'builtin', healthy: true },
      checkedAt: expect.any(String),
    });
  });

  it('refuses callers without a session (401) and non-admins (403)', async () => {
    const { w } = await appWith({}, 'acl-');
    expect((await w.anonymous.get(STATUS)).status).toBe(401);
    expect((await w.a.produsen.agent.get(STATUS)).status).toBe(403);
    expect((await w.b.qcqe.agent.get(STATUS)).status).toBe(403);
    // an organisation ADMIN without the service-administrator flag
    expect((await w.b.admin.agent.get(STATUS)).status).toBe(403);
    expect((await w.a.admin.agent.get(STATUS)).status).toBe(200);
  });

  it('reports unconfigured channels as not connected, with a detail; the data directory and an external CSW as working', async () => {
    const { w } = await appWith({ CSW_PROVIDER: 'external', CSW_UPSTREAM_URL: `${upstreams.url}/csw` }, 'none-');
    const res = await w.a.admin.agent.get(STATUS);
    expect(res.status).toBe(200);
    expect(res.body.smtp).toEqual({ connected: false, detail: 'Belum dikonfigurasi (SMTP_URL kosong)' });
    expect(res.body.wa).toEqual({ connected: false, detail: 'Belum dikonfigurasi (WA_GATEWAY_URL kosong)' });
    expect(res.body.objectstore).toMatchObject({ connected: true, backend: 'directory', detail: expect.stringContaining('OBJECTSTORE_URL kosong') });
    expect(res.body.csw).toEqual({ provider: 'external', healthy: true });
  });

  it('reports components on closed ports, a wrong token, a missing bucket and an upstream ExceptionReport as down — still 200', async () => {
    const { w } = await appWith({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      WA_GATEWAY_URL: upstreams.url,
      WA_GATEWAY_TOKEN: 'token-salah',
      OBJECTSTORE_URL: `http://S3RVER:S3RVER@127.0.0.1:${s3Port}/bucket-tidak-ada`,
      CSW_PROVIDER: 'external',
      CSW_UPSTREAM_URL: `${upstreams.url}/csw-broken`,
    }, 'down-');
    const res = await w.a.admin.agent.get(STATUS);
    expect(res.status).toBe(200);
    expect(res.body.smtp).toEqual({ connected: false, detail: expect.stringContaining('ECONNREFUSED') });
    expect(res.body.wa).toEqual({ connected: false, detail: expect.stringContaining('HTTP 401') });
    expect(res.body.objectstore).toEqual({ connected: false, backend: 's3', detail: expect.stringContaining('404') });
    expect(res.body.csw).toEqual({ provider: 'external', healthy: false, detail: 'GetCapabilities tidak mengembalikan dokumen Capabilities' });
  });

  it('reports servers that accept connections but never answer as down, after the 2 s probe deadline', async () => {
    const hang = await startHangingServer();
    cleanups.push(hang.close);
    const { w } = await appWith({
      SMTP_URL: `smtp://127.0.0.1:${hang.port}`,
      WA_GATEWAY_URL: `http://127.0.0.1:${hang.port}`,
      OBJECTSTORE_URL: `http://k:s@127.0.0.1:${hang.port}/bucket`,
      CSW_PROVIDER: 'external',
      CSW_UPSTREAM_URL: `http://127.0.0.1:${hang.port}/csw`,
      // (a server that never answers times out at any load: the default deadline is tested here)
      STATUS_PROBE_TIMEOUT_MS: '2000',
    }, 'hang-');
    const res = await w.a.admin.agent.get(STATUS);
    expect(res.status).toBe(200);
    const slow = expect.stringMatching(/Tidak merespons dalam 2 detik|timeout/i);
    expect(res.body.smtp).toEqual({ connected: false, detail: slow });
    expect(res.body.wa).toEqual({ connected: false, detail: slow });
    expect(res.body.objectstore).toEqual({ connected: false, backend: 's3', detail: slow });
    expect(res.body.csw).toEqual({ provider: 'external', healthy: false, detail: slow });
  });
});

describe('runProbe', () => {
  it('answers for a probe that never settles and ignores its abort signal', async () => {
    const status = await runProbe(() => new Promise(() => undefined), 50);
    expect(status).toEqual({ connected: false, detail: 'Tidak merespons dalam 0.05 detik' });
  });

  it('turns a thrown error into a detail without credentials', async () => {
    const status = await runProbe(async () => { throw new Error('gagal ke smtp://user:rahasia@mail.test'); });
    expect(status).toEqual({ connected: false, detail: 'gagal ke smtp://***@mail.test' });
  });
});
