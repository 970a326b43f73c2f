import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request } from 'express';
import type { TestApp } from '../../helpers/test-app';
import { findRecordById } from '../../../libs/db/record.repository';
import { publicPageSecurity } from '../../../services/api/routes/public-pages.routes';
import { recordBbox } from '../../../libs/oarec/html/record-geometry';
import type { FacetGroup, OarecRecord } from '../../../libs/oarec/html/record-feature.types';
import type { HtmlPageContext, QueryParams } from '../../../libs/oarec/html/page-context';
import { oarecRecordOf } from '../../helpers/oarec-record-fixture';

/**
 * Stand-in for the OGC API – Records routes (branch `oarec`) until they are merged: it serves
 * `/`, `/collections/metadata/items` and `/collections/metadata/items/{id}` as HTML through the
 * app's real renderer (deps.oarecHtml), from the PUBLISHED records in the real database mapped
 * to GeoJSON records, with q / bbox / facet / sortby / offset applied in memory. Everything
 * else (static assets, sitemap, 404s) is the real app behind it.
 */
const FACETS: [string, (r: OarecRecord) => string[]][] = [
  ['type', (r) => (r.properties?.type ? [r.properties.type] : [])],
  ['topicCategory', (r) => (r.properties?.themes ?? []).filter((t) => t.scheme.includes('TopicCategory')).flatMap((t) => t.concepts.map((c) => c.id))],
  ['keywords', (r) => r.properties?.keywords ?? []],
  ['organisation', (r) => [...new Set((r.properties?.contacts ?? []).map((c) => c.organization ?? '').filter(Boolean))]],
  ['format', (r) => (r.properties?.formats ?? []).map((f) => f.name ?? '').filter(Boolean)],
];

function one(q: QueryParams, k: string): string | undefined {
  const v = q[k];
  return Array.isArray(v) ? v[0] : v || undefined;
}

function intersects(r: OarecRecord, box: number[]): boolean {
  const b = recordBbox(r);
  if (!b) return false;
  const [w, s, e, n] = box as [number, number, number, number];
  const spans = (west: number, east: number) => (west <= east ? [[west, east]] : [[west, 180], [-180, east]]);
  return b[1] <= n && b[3] >= s && spans(b[0], b[2]).some(([a1, a2]) => spans(w, e).some(([b1, b2]) => (a1 as number) <= (b2 as number) && (a2 as number) >= (b1 as number)));
}

export async function startPagesHarness(t: TestApp): Promise<{ base: string; close(): Promise<void> }> {
  const renderer = t.deps.oarecHtml;
  if (!renderer) throw new Error('deps.oarecHtml is not wired');
  let base = '';
  const published = async (): Promise<OarecRecord[]> => {
    const ids = await t.deps.db.query<{ id: string }>(`SELECT id FROM records WHERE status = 'PUBLISHED' ORDER BY id`);
    const recs = await Promise.all(ids.rows.map((r) => findRecordById(t.deps.db, r.id)));
    return recs.filter((r) => r !== undefined).map((r) => oarecRecordOf(r, base));
  };
  const ctx = (req: Request): HtmlPageContext => ({ baseUrl: base, query: req.query as QueryParams });

  const h = express();
  h.use(publicPageSecurity(t.deps));
  h.get('/', async (req, res) => {
    res.type('html').send(await renderer.landing({ title: 'x', description: 'y' }, ctx(req)));
  });
  h.get('/collections/metadata/items', async (req, res) => {
    const q = req.query as QueryParams;
    let recs = await published();
    const text = one(q, 'q')?.toLowerCase();
    if (text) recs = recs.filter((r) => JSON.stringify([r.properties?.title, r.properties?.description, r.properties?.keywords]).toLowerCase().includes(text));
    const bbox = one(q, 'bbox')?.split(',').map(Number);
    if (bbox) recs = recs.filter((r) => intersects(r, bbox));
    for (const [name, values] of FACETS) {
      const want = one(q, name);
      if (want) recs = recs.filter((r) => values(r).includes(want));
    }
    const sortby = one(q, 'sortby');
    if (sortby === 'title' || sortby === '-title') {
      recs.sort((a, b) => (a.properties?.title ?? '').localeCompare(b.properties?.title ?? '') * (sortby === 'title' ? 1 : -1));
    }
    const facets: FacetGroup[] = FACETS.map(([name, values]) => {
      const counts = new Map<string, number>();
      for (const r of recs) for (const v of values(r)) counts.set(v, (counts.get(v) ?? 0) + 1);
      return { name, values: [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => ({ value, count })) };
    });
    const offset = Number(one(q, 'offset') ?? 0);
    const limit = Number(one(q, 'limit') ?? 10);
    const page = recs.slice(offset, offset + limit);
    res.type('html').send(await renderer.items({ type: 'FeatureCollection', features: page, numberMatched: recs.length, numberReturned: page.length }, facets, ctx(req)));
  });
  h.get('/collections/metadata/items/:id', async (req, res, next) => {
    const rec = (await published()).find((r) => r.id === req.params.id);
    if (!rec) return next();
    res.type('html').send(await renderer.record(rec, ctx(req)));
  });
  h.use(t.app);
  const server: Server = h.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
