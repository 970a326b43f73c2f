import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { loginAgent, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { NEW_IDENTITY } from '../helpers/csw-cache-rules';

/**
 * CSW_PROVIDER=external: /metadata/csw is relayed to CSW_UPSTREAM_URL (here a small HTTP server
 * standing in for pycsw/GeoNetwork), the upstream's own URL in its answers becomes ours, bodies
 * over 1 MB never reach it, an unreachable upstream is an ows:ExceptionReport, and the CSW
 * settings say that the external provider must be restarted for an identity change.
 */
let upstream: Server;
let upstreamUrl: string;
let t: TestApp;
let w: World;
const seen: { method: string; url: string; body: string; contentType: string | undefined }[] = [];

const PUBLIC = 'https://katalog.example.go.id';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const body = await bodyOf(req);
    seen.push({ method: req.method ?? '', url: req.url ?? '', body, contentType: req.headers['content-type'] });
    const self = `${upstreamUrl}?config=hulu.cfg`;
    res.writeHead(200, { 'Content-Type': 'application/xml; charset=UTF-8', 'Cache-Control': 'public, max-age=30', 'Set-Cookie': 'hulu=1' });
    res.end(`<csw:Capabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:xlink="http://www.w3.org/1999/xlink">`
      + `<Get xlink:href="${self.replace(/&/g, '&amp;')}"/><Post xlink:href="${upstreamUrl}"/><Method>${req.method}</Method></csw:Capabilities>`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/csw`;
  t = await startTestApp('server', { CSW_PROVIDER: 'external', CSW_UPSTREAM_URL: `${upstreamUrl}?config=hulu.cfg`, BASE_URL: PUBLIC, CSW_TITLE: 'Katalog Hulu' });
  w = await seedWorld(t);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('CSW_PROVIDER=external', () => {
  it('relays GET with the upstream\'s own query kept and its URLs replaced by ours', async () => {
    const res = await request(t.app).get('/metadata/csw?service=CSW&request=GetCapabilities');
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/csw?config=hulu.cfg&service=CSW&request=GetCapabilities' });
    expect(res.headers['content-type']).toBe('application/xml; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain(`<Get xlink:href="${PUBLIC}/metadata/csw"/>`);
    expect(res.text).toContain(`<Post xlink:href="${PUBLIC}/metadata/csw"/>`);
    expect(res.text).not.toContain('127.0.0.1');
  });

  it('relays a POST body with its content type', async () => {
    const xml = '<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2"/>';
    const res = await request(t.app).post('/metadata/csw').set('Content-Type', 'text/xml').send(xml);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Method>POST</Method>');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: xml, contentType: 'text/xml' });
  });

  it('refuses a body over 1 MB with an ExceptionReport, without bothering the upstream', async () => {
    const before = seen.length;
    const res = await request(t.app).post('/metadata/csw').set('Content-Type', 'application/xml').send(`<a>${'x'.repeat(1024 * 1024)}</a>`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('exceptionCode="InvalidParameterValue"');
    expect(seen.length).toBe(before);
  });

  it('answers an unreachable upstream with NoApplicableCode', async () => {
    const down = await startTestApp('server', { CSW_PROVIDER: 'external', CSW_UPSTREAM_URL: 'http://127.0.0.1:9/csw' });
    try {
      const res = await request(down.app).get('/metadata/csw?service=CSW&request=GetCapabilities');
      expect(res.status).toBe(200);
      expect(res.text).toContain('exceptionCode="NoApplicableCode"');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await down.close();
    }
  });

  it('reports the CSW_* identity and that a change needs a restart of the provider', async () => {
    // the service administrator's page (the bootstrap admin); an organisation ADMIN gets 403
    expect((await w.a.admin.agent.get('/api/admin/csw/settings')).status).toBe(403);
    const serviceAdmin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');
    const got = await serviceAdmin.get('/api/admin/csw/settings');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ title: 'Katalog Hulu', provider: 'external', appliedImmediately: false, restartRequired: true });
    const put = await serviceAdmin.put('/api/admin/csw/settings').send(NEW_IDENTITY);
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ provider: 'external', restartRequired: true });
  });
});
