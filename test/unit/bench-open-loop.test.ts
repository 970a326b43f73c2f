import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runOpenLoop } from '../../bench/csw/open-loop';

/**
 * The benchmarks' open-loop generator (bench/csw/open-loop.ts) must send every request that
 * falls due and account for every answer; how many fall due depends on its seeded arrivals
 * only, never on how fast this machine is: no assertion here depends on the machine's speed (the
 * times are only checked not to start before the request was due).
 */
let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url?.startsWith('/missing')) res.writeHead(404).end('no');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

describe('open-loop load', () => {
  it('sends every due request once and counts each answer as 2xx, other status or error', async () => {
    seen.length = 0;
    let k = 0;
    const r = await runOpenLoop({ baseUrl: base, rate: 40, durationSeconds: 1, next: () => ({ method: 'GET', path: `${++k % 4 === 0 ? '/missing' : '/ok'}?k=${k}` }) });
    expect(r.sent).toBe(k);
    expect(r.sent).toBeGreaterThan(10);
    expect(seen.length).toBe(r.sent);
    expect(new Set(seen).size).toBe(r.sent);
    expect(r.non2xx).toBe(Math.floor(k / 4));
    expect(r.okTimes.length).toBe(r.sent - r.non2xx);
    expect(r.errors).toBe(0);
    expect(r.okTimes.every((t) => t >= 0)).toBe(true);
  }, 60_000);

  it('draws the same arrivals for the same rate and duration, whatever the server does', async () => {
    const a = await runOpenLoop({ baseUrl: base, rate: 30, durationSeconds: 1, next: () => ({ method: 'GET', path: '/ok' }) });
    const b = await runOpenLoop({ baseUrl: base, rate: 30, durationSeconds: 1, next: () => ({ method: 'GET', path: '/missing' }) });
    expect(b.sent).toBe(a.sent);
  }, 60_000);

  it('counts a refused connection as an error, not as an answer', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const r = await runOpenLoop({ baseUrl: `http://127.0.0.1:${port}`, rate: 20, durationSeconds: 1, next: () => ({ method: 'GET', path: '/' }) });
    expect(r.errors).toBe(r.sent);
    expect(r.okTimes.length + r.non2xx).toBe(0);
    expect(r.errorSamples.length).toBeGreaterThan(0);
  }, 60_000);
});
