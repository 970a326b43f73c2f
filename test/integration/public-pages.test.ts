import express from 'express';
import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { seedPublicCatalogue } from '../browser/support/pages-seed';
import { publicPagesRoutes } from '../../services/api/routes/public-pages.routes';
import { assetUrl } from '../../libs/oarec/html/static-assets';

// Sitemap, robots.txt, static assets and the pages' security headers, through the real app on
// a real PostgreSQL database.
describe('public pages: sitemap, robots.txt, static assets, headers', () => {
  let t: TestApp;
  let publishedIds: string[];

  beforeAll(async () => {
    t = await startTestApp('server', { MAP_TILE_URL: 'https://{s}.tile.contoh.id/{z}/{x}/{y}.png' });
    publishedIds = (await seedPublicCatalogue(t.db)).published.map((r) => r.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sitemap.xml lists every published record page with its lastmod, and no draft', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = t.config.baseUrl;
    expect(locs).toEqual([`${base}/`, `${base}/collections/metadata/items`, ...[...publishedIds].sort().map((id) => `${base}/collections/metadata/items/${id}`)]);
    expect(res.text).not.toContain('rec-draft-pages');
    expect(res.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
  });

  it('beyond the page size the sitemap is an index of pages that together list every record once', async () => {
    const small = express().use(publicPagesRoutes(t.deps, { sitemapPageSize: 4 }));
    const index = await request(small).get('/sitemap.xml').expect(200);
    const pages = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    const total = publishedIds.length + 2;
    expect(index.text).toContain('<sitemapindex');
    expect(pages).toEqual(Array.from({ length: Math.ceil(total / 4) }, (_, i) => `/sitemap-${i + 1}.xml`));
    const listed: string[] = [];
    for (const p of pages) {
      const res = await request(small).get(p).expect(200);
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      expect(locs.length).toBeLessThanOrEqual(4);
      listed.push(...locs);
    }
    expect(listed.filter((l) => l.includes('/items/')).map((l) => decodeURIComponent(l.split('/items/')[1] as string))).toEqual([...publishedIds].sort());
    await request(small).get(`/sitemap-${pages.length + 1}.xml`).expect(404);
    await request(small).get('/sitemap-0.xml').expect(404);
  });

  it('the home page figures count published records once per type, organisations, and the newest publications first', async () => {
    const s = await t.deps.publicPages.summary(3);
    expect(s.published).toBe(publishedIds.length);
    expect(s.byType.reduce((n, b) => n + b.count, 0)).toBe(publishedIds.length);
    expect(new Set(s.byType.map((b) => b.type)).size).toBe(s.byType.length);
    expect(s.organisations).toBe(1);
    expect(s.recent.map((r) => r.id)).toEqual(publishedIds.slice(-3).reverse());
  });

  it('robots.txt points at the sitemap and keeps crawlers out of the API', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain(`Sitemap: ${t.config.baseUrl}/sitemap.xml`);
    expect(res.text).toContain('Disallow: /api/');
  });

  it('static assets are served from this server with a year-long cache; the base map is small and quantized', async () => {
    for (const [name, type] of [['site.css', 'text/css'], ['pages.js', 'text/javascript'], ['vendor/leaflet/leaflet.js', 'text/javascript'], ['vendor/leaflet/leaflet.css', 'text/css'], ['world.geojson', 'application/geo+json']] as const) {
      const res = await request(t.app).get(assetUrl(name)).expect(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const world = await request(t.app).get(assetUrl('world.geojson')).buffer(true).parse((res, cb) => {
      let s = '';
      res.on('data', (c: Buffer) => { s += c.toString(); });
      res.on('end', () => cb(null, s));
    });
    const fc = JSON.parse(world.body as string) as { type: string; features: { properties: { kind: string }; geometry: { type: string; coordinates: unknown[] } }[] };
    expect(fc.type).toBe('FeatureCollection');
    // land (Natural Earth 1:110m) filled, the borders between countries once, as lines; ≤ 150 KB
    const land = fc.features.filter((f) => f.properties.kind === 'land');
    expect(land.map((f) => f.geometry.type)).toEqual(['MultiPolygon']);
    expect(land[0]!.geometry.coordinates.length).toBeGreaterThan(100); // Natural Earth 1:110m: 127 land polygons
    const borders = fc.features.filter((f) => f.properties.kind === 'border');
    expect(borders.map((f) => f.geometry.type)).toEqual(['MultiLineString']);
    expect(borders[0]!.geometry.coordinates.length).toBeGreaterThan(150);
    expect(Buffer.byteLength(world.body as string)).toBeLessThanOrEqual(150 * 1024);
    // 0.001° at most: the base map is quantized
    expect((world.body as string).match(/\d\.\d{4,}/)).toBeNull();
  });

  it('text assets go out gzipped to clients that take gzip, minified, and as they are to the others', async () => {
    for (const name of ['pages.js', 'site.css', 'vendor/leaflet/leaflet.js', 'world.geojson']) {
      const gz = await request(t.app).get(assetUrl(name)).set('Accept-Encoding', 'gzip, deflate, br');
      expect([name, gz.headers['content-encoding'], gz.headers.vary]).toEqual([name, 'gzip', 'Accept-Encoding']);
      const plain = await request(t.app).get(assetUrl(name)).set('Accept-Encoding', 'identity');
      expect([name, plain.headers['content-encoding']]).toEqual([name, undefined]);
      expect(Number(gz.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 2);
    }
    const js = await request(t.app).get(assetUrl('pages.js')).set('Accept-Encoding', 'identity');
    expect(js.text).not.toContain('// '); // comments gone: the minified build, not the source
    expect(js.text.split('\n').length).toBeLessThan(5);
    // images are not compressed again
    const png = await request(t.app).get(assetUrl('vendor/leaflet/images/layers.png')).set('Accept-Encoding', 'gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it('an unknown version or a path outside the assets is a 404', async () => {
    await request(t.app).get('/static/000000000000/site.css').expect(404);
    await request(t.app).get(assetUrl('../package.json')).expect(404);
  });

  it('public page paths get the CSP, with the MAP_TILE_URL host allowed for images', async () => {
    const res = await request(t.app).get('/collections/metadata/items');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https://*.tile.contoh.id; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const api = await request(t.app).get('/api/referensi/BAHASA');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
