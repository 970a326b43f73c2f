import {  } from '../helpers/harvest-support';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { harvestStoreFor } from '../../libs/db/harvest-store';
import { executeHarvestRun } from '../../libs/harvest/harvest-run';
import { harvestOutboundPolicy, harvestSecretBox } from '../../libs/harvest/harvest-settings';
import type { HarvestRun, HarvestSource } from '../../libs/harvest/harvest.types';
import { isoRecord } from '../helpers/broken-csw-server';
import { HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * The OGC API – Records client against a small Records server in the test (127.0.0.1): the
 * collection is checked first, /items is paged through `next` links, only changed records have
 * their ISO 19139 alternate fetched, a `next` link that repeats a page stops the run, and a
 * `q` constraint and the incremental `updated` filter are sent as parameters.
 */

const ctx = useSeededApp({ env: { ...HARVEST_TEST_ENV } });
let server: http.Server;
let base: string;
let src: HarvestSource;
const ids = ['or-1', 'or-2', 'or-3'];
let updated: Record<string, string> = Object.fromEntries(ids.map((id) => [id, '2024-01-01T00:00:00Z']));
let loopNext = false;
const xmlFetches: string[] = [];
const itemQueries: URLSearchParams[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url!, base);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (u.pathname === '/collections/metadata') return json({ id: 'metadata', type: 'Collection', itemType: 'record', links: [] });
    if (u.pathname === '/collections/metadata/items') {
      itemQueries.push(u.searchParams);
      const offset = Number(u.searchParams.get('offset') ?? '0');
      const limit = Number(u.searchParams.get('limit'));
      const page = ids.slice(offset, offset + limit);
      const nextOffset = loopNext ? offset : offset + limit;
      const links = nextOffset < ids.length || (loopNext && offset === 0)
        ? [{ rel: 'next', href: `${base}/collections/metadata/items?f=json&limit=${limit}&offset=${nextOffset}` }] : [];
      return json({
        type: 'FeatureCollection', numberMatched: ids.length, numberReturned: page.length, links,
        features: page.map((id) => ({
          id, type: 'Feature', geometry: null, properties: { title: `Rekaman ${id}`, updated: updated[id] },
          links: [
            { rel: 'alternate', type: 'application/vnd.iso.19115-3+xml', href: `/iso3/${id}` },
            { rel: 'alternate', type: 'application/vnd.iso.19139+xml', href: `/xml/${id}` },
          ],
        })),
      });
    }
    if (u.pathname.startsWith('/xml/')) {
      const id = u.pathname.slice(5);
      xmlFetches.push(id);
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(isoRecord(id, `Judul ${id} ${updated[id]}`));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({
    name: 'Simpul Records', url: `${base}/collections/metadata`, protocol: 'oarec', pageSize: 2, constraint: 'q=jalan',
  });
  src = res.body;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const run = async (incremental = false): Promise<HarvestRun> => (await executeHarvestRun({
  store: harvestStoreFor(ctx.t.deps.db), secrets: harvestSecretBox(ctx.t.config), userAgent: 'uji', logger: pino({ level: 'silent' }),
  outbound: harvestOutboundPolicy(ctx.t.config),
}, { sourceId: src.id, trigger: 'cli', incremental }))!;

describe('OGC API – Records source', () => {
  it('pages through next links and maps each record from its ISO 19139 alternate', async () => {
    const r = await run();
    expect(r.status).toBe('succeeded');
    expect(r.report!.counts).toMatchObject({ listed: 3, added: 3, failed: 0 });
    expect(r.report!.pages).toBe(2);
    expect(xmlFetches.sort()).toEqual(ids);
    expect(itemQueries[0]!.get('q')).toBe('jalan');
    expect(itemQueries[0]!.get('limit')).toBe('2');
  });

  it('an unchanged listing fetches no XML; a changed record is fetched and updated; incremental runs send an `updated` filter', async () => {
    xmlFetches.length = 0;
    expect((await run()).report!.counts).toMatchObject({ unchanged: 3, updated: 0 });
    expect(xmlFetches).toEqual([]);
    updated = { ...updated, 'or-2': '2025-05-05T00:00:00Z' };
    itemQueries.length = 0;
    const r = await run(true);
    expect(r.report!.counts).toMatchObject({ updated: 1, unchanged: 2 });
    expect(xmlFetches).toEqual(['or-2']);
    expect(itemQueries[0]!.get('filter')).toMatch(/^updated >= TIMESTAMP\('\d{4}-/);
    expect(itemQueries[0]!.get('filter-lang')).toBe('cql2-text');
  });

  it('a next link that repeats a page stops the run: failed, nothing withdrawn', async () => {
    loopNext = true;
    try {
      const r = await run();
      expect(r.status).toBe('failed');
      expect(r.report!.errors[0]).toContain('mengulang');
      const st = await ctx.t.deps.db.query<{ status: string }>('SELECT status FROM records WHERE file_identifier = ANY($1::text[])', [ids]);
      expect(st.rows.map((x) => x.status)).toEqual(['DRAFT', 'DRAFT', 'DRAFT']);
    } finally {
      loopNext = false;
    }
  });

  it('a URL that is not a record collection is refused clearly', async () => {
    const res = await ctx.w.a.admin.agent.patch(`/api/admin/harvest-sources/${src.id}`).send({ url: `${base}/bukan-koleksi` });
    expect(res.status).toBe(200);
    const r = await run();
    expect(r.status).toBe('failed');
    expect(r.report!.errors[0]).toContain('OGC API – Records');
  });
});
