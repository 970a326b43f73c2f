import { request as httpRequest, type Server } from 'node:http';
import type { KeyValueStore } from '../../libs/cache/key-value';
import { bumpPublicGeneration, trustedPublicGeneration } from '../../libs/response-cache/generation';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createLogger } from '../../libs/logger';
import { createApp, CSW_FAST_PATH_LOCAL } from '../../services/api/app';
import type { FastPath } from '../../services/api/http/csw-fast-path';
import { startApiRuntime } from '../../services/api/runtime';
import { publishThroughWorkflow, identifiers } from '../helpers/csw-cache-rules';
import { seedRecord, seedWorld, completeDoc, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The CSW fast path (services/api/http/csw-fast-path.ts) answers cache hits before Express.
 * These tests prove, over real HTTP, that (1) it sends exactly what the normal path sends for
 * the same hit or miss (GET, and a POST it reads itself) — status line, every header in the
 * same order and spelling except Date, body bytes; (2) it hands everything else to Express; (3) a publish committed through one API
 * replica is visible on the very next request to another replica (same PostgreSQL and Redis)
 * whose fast path held the old answer — and the same in embedded mode.
 */
interface Raw {
  status: number;
  /** [name, value] as received, Date left out (it differs by the second) */
  headers: [string, string][];
  body: Buffer;
}

const Q = '/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&elementSetName=brief';

function raw(server: Server, path: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<Raw> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * The same answer from both paths: status, headers in order, body — except the second of the
 * response's timestamp (csw:SearchStatus), which may differ between two requests, and with it
 * the ETag (a hash of the body): equal whenever the bodies are.
 */
function expectSameAnswer(fast: Raw, normal: Raw): void {
  const stamp = (b: Buffer) => b.toString('utf8').replace(/timestamp="[^"]*"/g, 'timestamp=""');
  const sameBytes = fast.body.equals(normal.body);
  const headers = (r: Raw) => r.headers.map(([k, v]) => [k, !sameBytes && k === 'ETag' ? 'etag' : v]);
  expect(fast.status).toBe(normal.status);
  expect(headers(fast)).toEqual(headers(normal));
  expect(stamp(fast.body)).toBe(stamp(normal.body));
}

const header = (r: Raw, name: string): string | undefined => r.headers.find(([k]) => k.toLowerCase() === name)?.[1];
const listen = (app: Express): Promise<Server> => new Promise((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
const close = (s: Server | undefined): Promise<void> => new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
const fastPathOf = (app: Express): FastPath => app.locals[CSW_FAST_PATH_LOCAL] as FastPath;

describe('CSW fast path (server mode: two API replicas on one PostgreSQL and one Redis)', () => {
  let a: TestApp;
  let w: World;
  let replicaB: { app: Express; kv: KeyValueStore; close(): Promise<void> };
  let fastA: Server;
  let normalA: Server;
  let serverB: Server;

  beforeAll(async () => {
    a = await startTestApp('server');
    w = await seedWorld(a);
    await seedRecord(a.deps.db, { owner: w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: 'Peta Jalur Cepat Awal' }) });
    // replica B: its own runtime (own cache, own local copies, own Redis connection), same config
    const runtimeB = await startApiRuntime(a.config, createLogger('silent'));
    replicaB = { app: createApp(runtimeB.deps), kv: runtimeB.deps.kv, close: () => runtimeB.close() };
    fastA = await listen(a.app);
    // the same runtime (same cache) without the fast path: the reference for byte identity
    normalA = await listen(createApp(a.deps, { cswFastPath: false }));
    serverB = await listen(replicaB.app);
  }, 300_000);

  afterAll(async () => {
    await close(fastA);
    await close(normalA);
    await close(serverB);
    await replicaB?.close();
    await a?.close();
  });

  it('sends a cache hit byte for byte as the normal path does (status, headers in order, body)', async () => {
    for (const path of [Q, `${Q}&requestId=uji-jalur-cepat-1`]) {
      const first = await raw(normalA, path, { headers: { 'X-Request-Id': 'sama-1' } });
      // the requestId is not part of the cache key: the second path shares the first one's entry
      expect(header(first, 'x-cache')).toBe(path === Q ? 'miss' : 'hit');
      const normal = await raw(normalA, path, { headers: { 'X-Request-Id': 'sama-1' } });
      expect(header(normal, 'x-cache')).toBe('hit');
      const before = fastPathOf(a.app).served();
      const fast = await raw(fastA, path, { headers: { 'X-Request-Id': 'sama-1' } });
      expect(fastPathOf(a.app).served()).toBe(before + 1);
      expect(fast.status).toBe(200);
      expect(fast.headers).toEqual(normal.headers);
      expect(fast.body.equals(normal.body)).toBe(true);
      expect(fast.headers.map(([k]) => k)).toEqual(['X-Request-Id', 'Cache-Control', 'ETag', 'X-Cache', 'Content-Type', 'Content-Length', 'Connection', 'Keep-Alive']);
    }
    // the requestId is echoed into the answer by both paths
    const echoed = await raw(fastA, `${Q}&requestId=uji-jalur-cepat-1`);
    expect(echoed.body.toString('utf8')).toContain('uji-jalur-cepat-1');
    // without X-Request-Id each path makes one: only the id differs
    const own = await raw(fastA, Q);
    expect(header(own, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a miss itself (GET, and a plain POST) byte for byte as the normal path does', async () => {
    const post = (body: string, extra: Record<string, string> = {}) => ({
      method: 'POST', body: Buffer.from(body, 'utf8'),
      headers: { 'Content-Type': 'application/xml', 'Content-Length': String(Buffer.byteLength(body)), 'X-Request-Id': 'sama-2', ...extra },
    });
    const getRecords = `<?xml version="1.0" encoding="UTF-8"?><csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" service="CSW" version="2.0.2" resultType="results" maxRecords="4"><csw:Query typeNames="csw:Record"><csw:ElementSetName>brief</csw:ElementSetName><csw:Constraint version="1.1.0"><ogc:Filter><ogc:PropertyIsLike wildCard="%" singleChar="_" escapeChar="\\"><ogc:PropertyName>csw:AnyText</ogc:PropertyName><ogc:Literal>%jalur%</ogc:Literal></ogc:PropertyIsLike></ogc:Filter></csw:Constraint></csw:Query></csw:GetRecords>`;
    const cases: { path: string; opts: Parameters<typeof raw>[2] }[] = [
      { path: `${Q}&maxRecords=3`, opts: { headers: { 'X-Request-Id': 'sama-2' } } },
      { path: '/metadata/csw', opts: post(getRecords) },
      // a byte-order mark and an explicit UTF-8 charset: read as the route's parser reads them
      { path: '/metadata/csw', opts: post(`\ufeff${getRecords.replace('maxRecords="4"', 'maxRecords="5"')}`, { 'Content-Type': 'text/xml; charset=UTF-8' }) },
    ];
    for (const c of cases) {
      // each request is a miss on both paths: the generation moves on in between
      await bumpPublicGeneration(a.deps.kv);
      const normal = await raw(normalA, c.path, c.opts);
      await bumpPublicGeneration(a.deps.kv);
      const before = fastPathOf(a.app).served();
      const fast = await raw(fastA, c.path, c.opts);
      expect(fastPathOf(a.app).served()).toBe(before + 1);
      expect(header(normal, 'x-cache')).toBe('miss');
      expectSameAnswer(fast, normal);
      expect(fast.body.toString('utf8')).toContain('Peta Jalur Cepat Awal');
    }
    // an ExceptionReport (status 200 under the default CSW 2.0.2 rule) is answered here too, as Express would
    const badXml = '<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"';
    const bad = post(badXml);
    const badNormal = await raw(normalA, '/metadata/csw', bad);
    const before = fastPathOf(a.app).served();
    const badFast = await raw(fastA, '/metadata/csw', bad);
    expect(fastPathOf(a.app).served()).toBe(before + 1);
    expect(badFast.body.toString('utf8')).toContain('ExceptionReport');
    expectSameAnswer(badFast, badNormal);
  });

  it('hands to Express what it does not answer: conditional GET, HEAD, a coded or chunked body, another path, a long query', async () => {
    const hit = await raw(fastA, Q);
    const served = fastPathOf(a.app).served();
    const notModified = await raw(fastA, Q, { headers: { 'If-None-Match': header(hit, 'etag')! } });
    expect(notModified.status).toBe(304);
    const head = await raw(fastA, Q, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // gzip and chunked bodies are Express's parser's (which refuses gzip here, as before)
    const xml = '<csw:GetCapabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW"/>';
    const zipped = gzipSync(Buffer.from(xml));
    const coded = await raw(fastA, '/metadata/csw', { method: 'POST', body: zipped, headers: { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.length) } });
    const codedNormal = await raw(normalA, '/metadata/csw', { method: 'POST', body: zipped, headers: { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.length) } });
    expect(coded.status).toBe(codedNormal.status);
    const chunked = await raw(fastA, '/metadata/csw', { method: 'POST', body: Buffer.from(xml), headers: { 'Content-Type': 'application/xml', 'Transfer-Encoding': 'chunked' } });
    expect(chunked.status).toBe(200);
    expect(chunked.body.toString('utf8')).toContain('Capabilities');
    expect((await raw(fastA, '/healthz')).status).toBe(200);
    // a query string over 2 KB is not remembered by the fast path: Express answers it (from the cache)
    const long = await raw(fastA, `${Q}&requestId=${'p'.repeat(2100)}`);
    expect(long.status).toBe(200);
    expect(header(long, 'x-cache')).toBe('hit');
    expect(fastPathOf(a.app).served()).toBe(served);
  });

  it('shows a record published through replica A on the very next request to replica B', async () => {
    await raw(serverB, Q);
    const warm = await raw(serverB, Q);
    expect(header(warm, 'x-cache')).toBe('hit');
    const servedB = fastPathOf(replicaB.app).served();
    const held = await raw(serverB, Q);
    expect(fastPathOf(replicaB.app).served()).toBe(servedB + 1); // B's fast path holds the answer
    // …and B holds the generation under a lease: it answered without reading Redis, so only the
    // lease protocol (generation-broadcast.ts) can make it see the publish
    expect(trustedPublicGeneration(replicaB.kv)).toBeDefined();

    const rec = await publishThroughWorkflow(w, 'Peta Jalur Cepat Terbit');
    const next = await raw(serverB, Q);
    expect(identifiers(next.body.toString('utf8'))).toContain(rec.id);
    expect(identifiers(held.body.toString('utf8'))).not.toContain(rec.id);
    expect(header(next, 'x-cache')).not.toBe('hit');
    // and the new answer is then a hit; the fast path answered all three (the miss through the cache)
    const again = await raw(serverB, Q);
    expect(header(again, 'x-cache')).toBe('hit');
    expect(identifiers(again.body.toString('utf8'))).toContain(rec.id);
    expect(fastPathOf(replicaB.app).served()).toBe(servedB + 3);
  });
});

describe('CSW fast path (embedded mode, in-process store)', () => {
  let t: TestApp;
  let w: World;
  let server: Server;

  beforeAll(async () => {
    t = await startTestApp('embedded');
    w = await seedWorld(t);
    server = await listen(t.app);
  }, 600_000);

  afterAll(async () => {
    await close(server);
    await t?.close();
  });

  it('shows a published record on the very next request after the fast path served the old answer', async () => {
    await raw(server, Q);
    const served = fastPathOf(t.app).served();
    const held = await raw(server, Q);
    expect(fastPathOf(t.app).served()).toBe(served + 1);
    const rec = await publishThroughWorkflow(w, 'Peta Jalur Cepat Tertanam');
    const next = await raw(server, Q);
    expect(identifiers(held.body.toString('utf8'))).not.toContain(rec.id);
    expect(identifiers(next.body.toString('utf8'))).toContain(rec.id);
    await t.deps.jobs.whenIdle(); // the jobs the publish queued finish before the app closes
  });
});
