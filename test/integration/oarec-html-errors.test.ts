import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { seedPublicCatalogue } from '../browser/support/pages-seed';
import { schemaErrors } from '../helpers/oarec-support';

// Issue 21 points 5 and 7 through the real app on PostgreSQL + Redis: error pages for clients
// that asked for HTML (exception JSON for everyone else), the catalogue media type on the
// collection, and the profile link on items pages.
const ITEMS = '/collections/metadata/items';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('OARec: HTML error pages and catalogue details', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('server');
    await seedPublicCatalogue(t.db);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const expectPage = (res: request.Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
    expect(res.text).toContain('<html lang="id">');
    expect(res.text).toContain('class="site-header"'); // the site's frame
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>[^<]/); // no inline script
  };

  it.each([
    ['bbox', `${ITEMS}?bbox=1,2,3`, /barat,selatan,timur,utara/],
    ['datetime', `${ITEMS}?datetime=kemarin`, /2020-01-01\/2020-12-31/],
    ['limit', `${ITEMS}?limit=-5`, /bilangan bulat 1 sampai 1000/],
    ['sortby', `${ITEMS}?sortby=warna`, /sortby=-updated/],
  ])('a bad %s asked by a browser is a 400 page that says what to fix and links back without it', async (param, url, help) => {
    const res = await request(t.app).get(`${url}&q=tanah`).set('Accept', BROWSER);
    expectPage(res, 400);
    expect(res.text).toContain(`Parameter &quot;${param}&quot; tidak valid`);
    expect(res.text).toMatch(help);
    // the way back keeps the rest of the search
    expect(res.text).toContain(`href="${ITEMS}?q=tanah"`);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('f=html asks for the page too, whatever Accept says', async () => {
    expectPage(await request(t.app).get(`${ITEMS}?f=html&bbox=a,b,c,d`).set('Accept', 'application/json'), 400);
  });

  it.each([
    ['an unknown record', `${ITEMS}/tidak-ada-rekaman`, 'Rekaman tidak ditemukan'],
    ['an unknown collection', '/collections/lain', 'Halaman tidak ditemukan'],
    ['an unknown path of the public site', '/halaman/yang/tidak/ada', 'Halaman tidak ditemukan'],
  ])('%s asked by a browser is a 404 page with a way back', async (_what, url, heading) => {
    const res = await request(t.app).get(url).set('Accept', BROWSER);
    expectPage(res, 404);
    expect(res.text).toContain(`<h1 id="h-galat">${heading}</h1>`);
    expect(res.text).toContain(`href="${ITEMS}"`);
    expect(res.text).toContain('href="/"');
  });

  it('JSON clients keep the exception JSON (and the REST API its problem document)', async () => {
    for (const [url, status] of [[`${ITEMS}?bbox=1,2,3`, 400], [`${ITEMS}/tidak-ada-rekaman`, 404], ['/collections/lain', 404]] as const) {
      for (const accept of [undefined, 'application/json', 'application/geo+json']) {
        const req = request(t.app).get(url);
        const res = await (accept ? req.set('Accept', accept) : req);
        expect([url, accept, res.status]).toEqual([url, accept, status]);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(schemaErrors('exception', JSON.parse(res.text))).toEqual([]);
      }
    }
    const api = await request(t.app).get('/api/tidak-ada').set('Accept', BROWSER);
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('Accept: application/ogc-catalog+json on the collection answers that media type with a valid collection', async () => {
    const res = await request(t.app).get('/collections/metadata').set('Accept', 'application/ogc-catalog+json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/ogc-catalog+json; charset=utf-8');
    expect(schemaErrors('collection', JSON.parse(res.text))).toEqual([]);
    // a plain JSON client (and one that prefers plain JSON) keeps application/json: the two are cached apart
    const plain = await request(t.app).get('/collections/metadata').set('Accept', 'application/json, application/ogc-catalog+json;q=0.5');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await request(t.app).get('/collections/metadata').set('Accept', 'application/ogc-catalog+json');
    expect(again.headers['content-type']).toBe('application/ogc-catalog+json; charset=utf-8');
  });

  it('an items page carries the rel=profile link single records carry, and stays valid', async () => {
    const res = await request(t.app).get(`${ITEMS}?limit=3`).expect(200);
    const body = JSON.parse(res.text) as { links: { rel: string; href: string }[]; features: { links: { rel: string; href: string }[] }[] };
    expect(schemaErrors('recordCollectionGeoJSON', body)).toEqual([]);
    const recordProfile = body.features[0]?.links.find((l) => l.rel === 'profile')?.href;
    expect(recordProfile).toBe('http://www.opengis.net/def/profile/OGC/0/ogc-catalog');
    expect(body.links.filter((l) => l.rel === 'profile').map((l) => l.href)).toEqual([recordProfile]);
  });
});

describe('OARec search page on the embedded default (PGlite): date fields and error pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('embedded');
    await seedPublicCatalogue(t.db);
  }, 600_000); // PGlite + PostGIS start: minutes on a loaded machine
  afterAll(async () => {
    await t?.close();
  });

  it('the date fields redirect to datetime/filter, and the publication filter narrows on PGlite too', async () => {
    const form = await request(t.app).get(`${ITEMS}?q=&terbit-dari=2020-01-01&terbit-sampai=2020-01-31&waktu-dari=&waktu-sampai=`).set('Accept', BROWSER);
    expect(form.status).toBe(303);
    const target = new URL(form.headers.location as string, 'http://x');
    expect(target.pathname).toBe(ITEMS);
    expect(target.searchParams.get('filter')).toBe("publicationDate >= DATE('2020-01-01') AND publicationDate <= DATE('2020-01-31')");
    const all = JSON.parse((await request(t.app).get(`${ITEMS}?limit=100`).expect(200)).text) as { numberMatched: number };
    const narrowed = JSON.parse((await request(t.app).get(`${target.pathname}${target.search}&f=json`).expect(200)).text) as { numberMatched: number; features: { id: string }[] };
    expect(narrowed.features.map((f) => f.id)).toContain('rec-full'); // published 2020-01-15
    expect(narrowed.numberMatched).toBeLessThan(all.numberMatched);
    const page = await request(t.app).get(`${target.pathname}${target.search}`).set('Accept', BROWSER).expect(200);
    expect(page.text).toContain('value="2020-01-01"'); // the inputs show the filter back
  });

  it('a malformed date field and a bad bbox are 400 pages; an unknown record a 404 page', async () => {
    const badDate = await request(t.app).get(`${ITEMS}?terbit-dari=kemarin`).set('Accept', BROWSER);
    expect(badDate.status).toBe(400);
    expect(badDate.text).toContain('Parameter &quot;terbit-dari&quot; tidak valid');
    expect(badDate.text).toContain('TTTT-BB-HH');
    expect((await request(t.app).get(`${ITEMS}?bbox=1,2`).set('Accept', BROWSER)).status).toBe(400);
    const missing = await request(t.app).get(`${ITEMS}/tidak-ada`).set('Accept', BROWSER);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
