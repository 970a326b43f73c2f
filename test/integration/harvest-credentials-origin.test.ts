import type { HarvestSource } from '../../libs/harvest/harvest.types';
import { createOutboundPolicy } from '../../libs/outbound';
import { parseOutboundAllow } from '../../libs/config';
import { isoRecord } from '../helpers/broken-csw-server';
import { runWithPolicy, startCountingServer, type CountingServer } from '../helpers/outbound-servers';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 22 point 3: harvest credentials go only to the source's exact origin (scheme, host and
 * port of its configured URL). The source is at http://127.0.0.1:PORT; its `next` link, one
 * item's `alternate` link and a redirect lead to http://localhost:PORT — the same server, but
 * another origin. Both names are allowed here (OUTBOUND_ALLOW), so every request is made: the
 * ones to 127.0.0.1 carry the Basic credentials, the ones to localhost none.
 */

const ctx = useSeededApp();
let server: CountingServer;
const PASSWORD = 'sandi-sumber-asal-7q2';
const BASIC = `Basic ${Buffer.from(`panen:${PASSWORD}`).toString('base64')}`;

beforeAll(async () => {
  server = await startCountingServer((req, res, port) => {
    const u = new URL(req.url!, `http://127.0.0.1:${port}`);
    const json = (b: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(b));
    const feature = (id: string, href: string) => ({ id, properties: {}, links: [{ rel: 'alternate', type: 'application/vnd.iso.19139+xml', href }] });
    if (u.pathname === '/collections/m') return json({ id: 'm', itemType: 'record', links: [] });
    if (u.pathname === '/collections/m/items' && u.searchParams.get('page') !== '2') {
      return json({
        type: 'FeatureCollection',
        links: [{ rel: 'next', href: `http://localhost:${port}/collections/m/items?page=2` }],
        features: [
          feature('kr-same', `http://127.0.0.1:${port}/xml/kr-same`), // same origin: with credentials
          feature('kr-other', `http://localhost:${port}/xml/kr-other`), // another origin: without
          feature('kr-redirect', `http://127.0.0.1:${port}/moved/kr-redirect`), // same origin, redirected to another
        ],
      });
    }
    if (u.pathname === '/collections/m/items') return json({ type: 'FeatureCollection', links: [], features: [feature('kr-page2', `http://127.0.0.1:${port}/xml/kr-page2`)] });
    if (u.pathname.startsWith('/moved/')) return void res.writeHead(302, { location: `http://localhost:${port}/xml/${u.pathname.slice(7)}` }).end();
    if (u.pathname.startsWith('/xml/')) {
      const id = u.pathname.slice(5);
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(isoRecord(id, `Rekaman ${id}`));
    }
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  await server?.close();
});

it('credentials reach only http://127.0.0.1:PORT; the next link, the alternate link and the redirect to localhost:PORT go without them', async () => {
  const port = server.port;
  const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({
    name: 'Sumber berkredensial', url: `http://127.0.0.1:${port}/collections/m`, protocol: 'oarec', credentials: { username: 'panen', password: PASSWORD },
  });
  expect(res.status).toBe(201);
  const src = res.body as HarvestSource;
  const allow = parseOutboundAllow(`127.0.0.1:${port}, localhost:${port}`);
  if ('problem' in allow) throw new Error(allow.problem);
  const { run, log } = await runWithPolicy(ctx.t, src.id, createOutboundPolicy(allow.entries));
  expect(run.status).toBe('succeeded');
  expect(run.report!.counts).toMatchObject({ listed: 4, added: 4, failed: 0 });

  const seen = server.requests.map((r) => ({ host: r.host, path: r.path.split('?')[0]!, auth: r.authorization ?? null }));
  const own = `127.0.0.1:${port}`;
  const other = `localhost:${port}`;
  // every kind of request was made to each origin
  expect(seen.filter((r) => r.host === other).map((r) => r.path).sort())
    .toEqual(['/collections/m/items', '/xml/kr-other', '/xml/kr-redirect'].sort());
  expect(seen.filter((r) => r.host === own).map((r) => r.path).sort())
    .toEqual(['/collections/m', '/collections/m/items', '/moved/kr-redirect', '/xml/kr-page2', '/xml/kr-same'].sort());
  for (const r of seen) expect({ ...r, auth: r.auth }).toEqual({ ...r, auth: r.host === own ? BASIC : null });
  expect(log).not.toContain(PASSWORD);
  expect(log).not.toContain(BASIC.slice(6));
});
