import { parseConfig, parseOutboundAllow } from '../../libs/config';
import { harvestOutboundPolicy } from '../../libs/harvest/harvest-settings';
import type { HarvestRun, HarvestSource } from '../../libs/harvest/harvest.types';
import { createOutboundClient, createOutboundPolicy, OutboundError, type OutboundPolicy } from '../../libs/outbound';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { isoRecord, startBrokenCsw, type BrokenCsw } from '../helpers/broken-csw-server';
import { runSource, startTestWorker } from '../helpers/harvest-support';
import { runWithPolicy, startCountingServer, type CountingServer } from '../helpers/outbound-servers';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 22 point 2: a harvest source (or a redirect or link it gives) must not reach the
 * machine's own services or the private network. The app of this file has no OUTBOUND_ALLOW:
 * loopback, private, link-local, unique-local, multicast, unspecified, CGNAT and IPv4-mapped
 * addresses are refused after resolution, on every hop and link, before any connection; the
 * run report says so in general words and quotes nothing of what answered. The allow-list
 * lets a named internal source through. No request here ever leaves the machine: refused
 * literals are judged before a socket exists (the log names that path), and every server
 * that could be reached listens on loopback and counts its connections.
 */

const ctx = useSeededApp();
const REFUSED = 'alamat tujuan tidak diizinkan';
let worker: WorkerRuntime;
let csw: BrokenCsw;
/** loopback servers that must never see a connection from the harvester */
let victim: CountingServer;
let victim6: CountingServer | undefined;

beforeAll(async () => {
  worker = await startTestWorker(ctx.t);
  csw = await startBrokenCsw(10);
  csw.records = ['og-1', 'og-2'].map((id) => [id, isoRecord(id, `Rekaman ${id}`)]);
  victim = await startCountingServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('rahasia-internal'));
  // IPv6 loopback where the machine has it (the refusal is tested either way; the count only then)
  victim6 = await startCountingServer((_req, res) => res.writeHead(200).end('rahasia-internal'), '::1').catch(() => undefined);
}, 300_000);
afterAll(async () => {
  await worker?.close();
  await csw?.close();
  await victim?.close();
  await victim6?.close();
});

let n = 0;
async function createSource(url: string, protocol: HarvestSource['protocol'] = 'csw'): Promise<HarvestSource> {
  const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({ name: `Sumber ${++n}`, url, protocol });
  expect(res.status).toBe(201);
  return res.body as HarvestSource;
}

const policyOf = (allow: string): OutboundPolicy => {
  const parsed = parseOutboundAllow(allow);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return createOutboundPolicy(parsed.entries);
};

/** what a report must never hold: the peer's words, addresses, ports or socket error codes */
function expectNothingQuoted(run: HarvestRun, ...also: string[]): void {
  const text = JSON.stringify(run.report);
  for (const leak of ['rahasia-internal', 'UND_ERR', 'ECONNREFUSED', 'ECONNRESET', 'fetch failed', 'socket', '127.0.0.1', 'localhost', '::1', ...also]) {
    expect(text).not.toContain(leak);
  }
}

describe('the reproduction of issue 22 point 2', () => {
  it('a CSW source at http://127.0.0.1:5432/ (PostgreSQL) is refused: failed run, generic message, nothing quoted', async () => {
    const src = await createSource('http://127.0.0.1:5432/');
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('failed');
    expect(run.report!.errors).toEqual([REFUSED]);
    expect(run.report!.counts).toMatchObject({ listed: 0, added: 0, withdrawn: 0 });
    expect(run.report!.withdrawalSkipped).toContain('tidak ada rekaman yang ditarik');
    expectNothingQuoted(run, '5432');
  });
});

describe('every address class is refused before a connection', () => {
  const loopbackCases: [string, (port: number) => string][] = [
    ['IPv4 loopback', (p) => `http://127.0.0.1:${p}/csw`],
    ['IPv4 loopback elsewhere in 127/8', (p) => `http://127.1.2.3:${p}/csw`],
    ['IPv4-mapped IPv6 loopback', (p) => `http://[::ffff:127.0.0.1]:${p}/csw`],
    ['IPv4-mapped IPv6 loopback, hex form', (p) => `http://[::ffff:7f00:1]:${p}/csw`],
    ['the unspecified address 0.0.0.0 (the local host on Linux)', (p) => `http://0.0.0.0:${p}/csw`],
    ['a name resolving to loopback (localhost)', (p) => `http://localhost:${p}/csw`],
    ['a name resolving to loopback with a trailing dot', (p) => `http://localhost.:${p}/csw`],
  ];
  it.each(loopbackCases)('%s: refused, the loopback server never sees a connection', async (_what, url) => {
    const src = await createSource(url(victim.port));
    const before = victim.connections;
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('failed');
    expect(run.report!.errors).toEqual([REFUSED]);
    expect(victim.connections).toBe(before);
    expectNothingQuoted(run, String(victim.port));
  });

  it('IPv6 loopback [::1]: refused, never connected', async () => {
    const port = victim6?.port ?? 9;
    const src = await createSource(`http://[::1]:${port}/csw`);
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.report!.errors).toEqual([REFUSED]);
    if (victim6) expect(victim6.connections).toBe(0);
    expectNothingQuoted(run);
  });

  // literals outside loopback: judged before any socket is made, so nothing leaves the machine;
  // the log shows the literal path (no lookup, no connect) — the report only the generic words
  it.each([
    ['private 10/8', 'http://10.0.0.1/csw'],
    ['private 172.16/12', 'http://172.16.5.4:8080/csw'],
    ['private 192.168/16', 'http://192.168.1.1/csw'],
    ['cloud metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT 100.64/10', 'http://100.64.0.1/csw'],
    ['multicast', 'http://224.0.0.1/csw'],
    ['broadcast', 'http://255.255.255.255/csw'],
    ['IPv6 link-local', 'http://[fe80::1]/csw'],
    ['IPv6 unique-local', 'http://[fd12:3456::1]/csw'],
    ['IPv6 unspecified', 'http://[::]/csw'],
    ['IPv4-mapped private', 'http://[::ffff:10.1.2.3]/csw'],
    ['NAT64 form of metadata', 'http://[64:ff9b::a9fe:a9fe]/csw'],
    ['6to4 form of a private address', 'http://[2002:c0a8:101::1]/csw'],
  ])('%s: refused without a connection attempt', async (_what, url) => {
    const src = await createSource(url);
    const { run, log } = await runWithPolicy(ctx.t, src.id, harvestOutboundPolicy(ctx.t.config));
    expect(run.status).toBe('failed');
    expect(run.report!.errors).toEqual([REFUSED]);
    expect(log).toContain('literal address');
    expectNothingQuoted(run, new URL(url).hostname);
  });

  it('the client itself: a refused literal fails as kind "refused" with no socket (no DNS, no connect)', async () => {
    const client = createOutboundClient({ policy: createOutboundPolicy(), timeoutMs: 30_000, maxBytes: 1024, userAgent: 'uji' });
    try {
      for (const url of ['http://10.9.8.7/', 'https://192.168.0.10:8443/x', 'http://169.254.169.254/latest/meta-data/']) {
        const err = await client.request({ url }).then(() => undefined, (e: unknown) => e);
        expect(err).toBeInstanceOf(OutboundError);
        expect(err).toMatchObject({ kind: 'refused', message: REFUSED, detail: expect.stringMatching(/^literal address/) });
      }
      expect(client.bytesRead()).toBe(0);
    } finally {
      client.close();
    }
  });

  it('non-http schemes are refused as such', async () => {
    const src = await createSource('http://127.0.0.1:1/csw');
    await ctx.t.db.query("UPDATE harvest_sources SET url = 'file:///etc/passwd' WHERE id = $1", [src.id]);
    const { run } = await runWithPolicy(ctx.t, src.id, harvestOutboundPolicy(ctx.t.config));
    expect(run.report!.errors).toEqual(['alamat tujuan bukan URL http/https']);
  });
});

describe('redirects and links lead nowhere a source may not go', () => {
  it('a redirect from an allowed source to another loopback port or to localhost is refused; the target never connects', async () => {
    for (const target of [`http://127.0.0.1:${victim.port}/csw`, `http://localhost:${csw.url.split(':')[2]}`, 'http://169.254.169.254/latest/meta-data/']) {
      const redirector = await startCountingServer((_req, res) => res.writeHead(302, { location: target }).end());
      try {
        const src = await createSource(`http://127.0.0.1:${redirector.port}/csw`);
        const before = victim.connections;
        // only the redirector's own address:port is allowed, as a deployment allows one internal source
        const { run, log } = await runWithPolicy(ctx.t, src.id, policyOf(`127.0.0.1:${redirector.port}`));
        expect(redirector.requests).toHaveLength(1);
        expect(run.report!.errors).toEqual([REFUSED]);
        expect(victim.connections).toBe(before);
        expect(log).toMatch(/literal address|resolves only to refused addresses/);
        expectNothingQuoted(run, String(victim.port));
      } finally {
        await redirector.close();
      }
    }
  });

  it('OGC API – Records: an item\'s alternate link and a next link to loopback or metadata are refused', async () => {
    const records = await startCountingServer((req, res, port) => {
      const u = new URL(req.url!, `http://127.0.0.1:${port}`);
      const json = (b: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(b));
      if (u.pathname === '/collections/m') return json({ id: 'm', itemType: 'record', links: [] });
      if (u.pathname === '/collections/m/items') {
        return json({
          type: 'FeatureCollection',
          links: [{ rel: 'next', href: `http://localhost:${victim.port}/collections/m/items?page=2` }],
          features: [
            { id: 'al-1', properties: {}, links: [{ rel: 'alternate', type: 'application/vnd.iso.19139+xml', href: `http://127.0.0.1:${victim.port}/readyz` }] },
            { id: 'al-2', properties: {}, links: [{ rel: 'alternate', type: 'application/vnd.iso.19139+xml', href: 'http://169.254.169.254/latest/meta-data/iam' }] },
          ],
        });
      }
      res.writeHead(404).end();
    });
    try {
      const src = await createSource(`http://127.0.0.1:${records.port}/collections/m`, 'oarec');
      const before = victim.connections;
      const { run } = await runWithPolicy(ctx.t, src.id, policyOf(`127.0.0.1:${records.port}`));
      expect(run.status).toBe('failed');
      expect(run.report!.failures).toEqual([
        { identifier: 'al-1', reason: `rekaman tidak dapat diambil: ${REFUSED}` },
        { identifier: 'al-2', reason: `rekaman tidak dapat diambil: ${REFUSED}` },
      ]);
      expect(run.report!.errors).toEqual([REFUSED]); // the next link
      expect(run.report!.counts.withdrawn).toBe(0);
      expect(victim.connections).toBe(before);
      expect(records.requests.map((r) => r.path.split('?')[0])).toEqual(['/collections/m', '/collections/m/items']);
      expectNothingQuoted(run, String(victim.port));
    } finally {
      await records.close();
    }
  });
});

describe('what an allowed peer answers is not echoed', () => {
  it.each([
    ['another service\'s XML', '<redis-secret version="7.2"><key>rahasia-internal</key></redis-secret>', 'Sumber bukan CSW 2.0.2: jawaban GetCapabilities bukan csw:Capabilities.'],
    ['HTML', '<html><body><h1>rahasia-internal</h1><p>unclosed</body></html>', 'Sumber bukan CSW 2.0.2: jawaban GetCapabilities bukan XML yang valid.'],
  ])('%s: "not a CSW response", no element names or parser messages', async (_what, body, message) => {
    const peer = await startCountingServer((_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body));
    try {
      const src = await createSource(`http://127.0.0.1:${peer.port}/`);
      const { run, log } = await runWithPolicy(ctx.t, src.id, policyOf(`127.0.0.1:${peer.port}`));
      expect(run.report!.errors).toEqual([message]);
      expectNothingQuoted(run, 'redis-secret', 'html', 'body');
      expect(log).toContain('run panen berhenti'); // the detail is the operators'
    } finally {
      await peer.close();
    }
  });

  it('a closed port of an allowed address: "not reachable", no socket error code', async () => {
    const gone = await startCountingServer(() => undefined);
    const port = gone.port;
    await gone.close();
    const src = await createSource(`http://127.0.0.1:${port}/csw`);
    const { run } = await runWithPolicy(ctx.t, src.id, policyOf(`127.0.0.1:${port}`));
    expect(run.report!.errors).toEqual(['sumber tidak dapat dijangkau']);
    expectNothingQuoted(run, String(port));
  });
});

describe('the allow-list (OUTBOUND_ALLOW)', () => {
  it('lets a named internal source through (localhost:port), and only that one', async () => {
    const port = new URL(csw.url).port;
    const src = await createSource(`http://localhost:${port}/csw`);
    const allowed = await runWithPolicy(ctx.t, src.id, policyOf(`localhost:${port}`));
    expect(allowed.run.status).toBe('succeeded');
    expect(allowed.run.report!.counts).toMatchObject({ listed: 2, added: 2 });
    // another port of the same name, or the same port by address, is still refused
    const otherPort = await runWithPolicy(ctx.t, src.id, policyOf(`localhost:${Number(port) === 1 ? 2 : 1}`));
    expect(otherPort.run.report!.errors).toEqual([REFUSED]);
  });

  it('a CIDR entry allows the addresses it holds', async () => {
    const src = await createSource(csw.url);
    const { run } = await runWithPolicy(ctx.t, src.id, policyOf('127.0.0.0/8'));
    expect(run.status).toBe('succeeded');
  });

  it('is validated with the rest of the configuration', () => {
    expect(parseOutboundAllow('csw.internal, 10.0.0.0/8, [fd00::1]:8080, localhost:8080, ::1')).toEqual({
      entries: [
        { kind: 'host', host: 'csw.internal' },
        { kind: 'cidr', address: '10.0.0.0', prefix: 8 },
        { kind: 'host', host: 'fd00::1', port: 8080 },
        { kind: 'host', host: 'localhost', port: 8080 },
        { kind: 'host', host: '::1' },
      ],
    });
    for (const bad of ['http://x/', '10.0.0.0/33', 'host:99999', 'a b', '10.0.0.1/8/2']) expect(parseOutboundAllow(bad)).toHaveProperty('problem');
    expect(() => parseConfig({ OUTBOUND_ALLOW: 'intern.local, 10.0.0.0/33' })).toThrow(/OUTBOUND_ALLOW: entri "10.0.0.0\/33"/);
    expect(parseConfig({}).outbound.allow).toEqual([]);
  });
});
