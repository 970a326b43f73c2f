import request from 'supertest';
import { insertRecord } from '../../libs/db/record.repository';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { schemaErrors, seedOarecCatalogue } from '../helpers/oarec-support';
import { docOf, FULL } from '../helpers/sample-records';

/**
 * The abstract tests of OGC API – Records – Part 1: Core 1.0 (core/standard/abstract_tests)
 * for the classes we claim, one describe per conformance class, against the real app on
 * PostgreSQL + Redis with the golden data set. HTML and autodiscovery are tested with the
 * pages (browser tests); here the JSON side.
 */
let t: TestApp;
let ids: string[];
const CONF = 'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf';
const ITEMS = '/collections/metadata/items';

type Links = { rel: string; href: string; type?: string }[];
const getJson = async (url: string, status = 200) => {
  const res = await request(t.app).get(url);
  if (res.status !== status) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`);
  return { res, body: JSON.parse(res.text) as Record<string, unknown> & { links: Links } };
};

beforeAll(async () => {
  t = await startTestApp('server');
  ids = await seedOarecCatalogue(t);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe(`${CONF}/records-api (record-api)`, () => {
  it('landing page: valid, links self, service-desc (exact OpenAPI type), service-doc, conformance, data, OAI-PMH', async () => {
    const { res, body } = await getJson('/');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(schemaErrors('landingPage', body)).toEqual([]);
    const rels = body.links.map((l) => l.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'service-desc', 'service-doc', 'conformance', 'data']));
    expect(body.links.find((l) => l.rel === 'service-desc')?.type).toBe('application/vnd.oai.openapi+json;version=3.0');
    expect(body.links.some((l) => l.href.endsWith('/oai'))).toBe(true);
  });

  it('conformance: valid, declares every class we claim in both spellings', async () => {
    const { body } = await getJson('/conformance');
    expect(schemaErrors('confClasses', body)).toEqual([]);
    for (const c of ['record-core', 'record-collection', 'record-core-query-parameters', 'record-api', 'records-api', 'sorting', 'filtering', 'cql-filter', 'json', 'html', 'oas30', 'autodiscovery', 'searchable-catalog', 'searchable-catalog-filtering', 'searchable-catalog-sorting']) {
      expect(body.conformsTo).toContain(`${CONF}/${c}`);
    }
  });

  it('a record by id: 200 GeoJSON with self and collection links; unknown record and collection 404 with exception JSON', async () => {
    const { res, body } = await getJson(`${ITEMS}/rec-full`);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(schemaErrors('recordGeoJSON', body)).toEqual([]);
    expect(body.links.filter((l) => l.rel === 'collection')).toHaveLength(1);
    for (const url of [`${ITEMS}/tidak-ada`, '/collections/lain', '/collections/lain/items']) {
      const r = await request(t.app).get(url);
      expect([url, r.status]).toEqual([url, 404]);
      expect(schemaErrors('exception', JSON.parse(r.text))).toEqual([]);
    }
  });

  it('only PUBLISHED records, with the CSW identifiers', async () => {
    const { body } = await getJson(`${ITEMS}?limit=1000`);
    expect((body.features as { id: string }[]).map((f) => f.id).sort()).toEqual(ids);
    expect(ids).not.toContain('rec-minimal'); // a DRAFT
    await getJson(`${ITEMS}/rec-minimal`, 404);
  });
});

describe(`${CONF}/record-core`, () => {
  it('every record of the golden set is valid and carries profile, collection and alternate links', async () => {
    const { body } = await getJson(`${ITEMS}?limit=1000`);
    for (const f of body.features as { id: string; links: Links; properties: Record<string, unknown> }[]) {
      expect([f.id, schemaErrors('recordGeoJSON', f)]).toEqual([f.id, []]);
      expect(f.links.filter((l) => l.rel === 'collection')).toHaveLength(1);
      expect(f.links.some((l) => l.rel === 'profile' && l.href === 'http://www.opengis.net/def/profile/OGC/0/ogc-catalog')).toBe(true);
      expect(f.links.filter((l) => l.rel === 'alternate').map((l) => new URL(l.href).searchParams.get('f')).sort()).toEqual(['html', 'iso19115-3', 'iso19139']);
      expect(typeof f.properties.type).toBe('string');
      expect(typeof f.properties.title).toBe('string');
    }
  });

  it('maps the full sample record as the issue lists', async () => {
    const { body } = await getJson(`${ITEMS}/rec-full`);
    const p = body.properties as Record<string, unknown>;
    expect(p.language).toEqual({ code: 'id', name: 'Bahasa Indonesia' });
    expect(p.keywords).toEqual(expect.arrayContaining(['topografi', 'Bogor']));
    expect(p.themes).toEqual(expect.arrayContaining([expect.objectContaining({ scheme: 'GEMET' })]));
    expect((p.contacts as { roles: string[] }[])[0]!.roles).toEqual(['pointOfContact']);
    const g = body.geometry as { type: string; coordinates: number[][][] };
    const [x0, y0] = g.coordinates[0]![0]!;
    const [x2, y2] = g.coordinates[0]![2]!;
    expect(x0! < x2! && y0! < y2!).toBe(true); // starts at (minx, miny), vertex 2 is (maxx, maxy): counter-clockwise
    const { body: am } = await getJson(`${ITEMS}/rec-antimeridian`);
    expect((am.geometry as { type: string }).type).toBe('MultiPolygon');
  });

  it('serves the stored ISO renders as alternates', async () => {
    const gmd = await request(t.app).get(`${ITEMS}/rec-full?f=iso19139`);
    expect(gmd.status).toBe(200);
    expect(gmd.text).toMatch(/<gmd:MD_Metadata/);
    const mdb = await request(t.app).get(`${ITEMS}/rec-full?f=iso19115-3`);
    expect(mdb.text).toMatch(/MD_Metadata/);
    expect(mdb.text).toMatch(/iso\/19115\/-3\/mdb/);
  });
});

describe(`${CONF}/record-collection and searchable-catalog`, () => {
  it('/collections lists the catalogue (itemType "record", a string) and /collections/metadata is valid', async () => {
    const { body } = await getJson('/collections');
    expect(schemaErrors('catalogs', body)).toEqual([]);
    const { body: c } = await getJson('/collections/metadata');
    expect(schemaErrors('collection', c)).toEqual([]);
    expect(c.itemType).toBe('record');
    expect(c.links.some((l) => l.rel === 'items')).toBe(true);
  });
});

describe(`${CONF}/record-core-query-parameters`, () => {
  const count = async (qs: string) => (await getJson(`${ITEMS}?${qs}`)).body.numberMatched as number;
  it('limit: default 10, maximum 1000 (clamped), numberReturned, timeStamp', async () => {
    const { body } = await getJson(ITEMS);
    expect(body.numberReturned).toBe(Math.min(10, ids.length));
    expect(typeof body.timeStamp).toBe('string');
    expect((await getJson(`${ITEMS}?limit=100000`)).body.numberReturned).toBe(ids.length);
  });
  it('ids, type, externalIds and prop=value are OR lists of equalities', async () => {
    expect(await count('ids=rec-full,rec-antimeridian,tidak-ada')).toBe(2);
    expect(await count('type=service')).toBeGreaterThan(0);
    expect(await count('type=service,dataset')).toBe((await count('type=service')) + (await count('type=dataset')));
    expect(await count('externalIds=x')).toBe(0);
    expect(await count('title=Lorem%20ipsum')).toBe(1);
  });
  it('datetime intersects the temporal extent, with open ends', async () => {
    const all = await count('datetime=../..'.replace('../..', '..%2F..'));
    expect(all).toBeGreaterThan(0);
    expect(await count('datetime=2020-06-01')).toBeLessThanOrEqual(all);
    // long ago: only extents open at the start (an end but no begin) reach back that far
    const openStart = (await t.db.query<{ id: string }>(`SELECT id FROM records WHERE status = 'PUBLISHED' AND temp_begin IS NULL AND temp_end IS NOT NULL AND temp_end >= '1000'`)).rows.map((r) => r.id).sort();
    const old = (await getJson(`${ITEMS}?datetime=1000-01-01%2F1000-12-31&limit=1000`)).body.features as { id: string }[];
    expect(old.map((f) => f.id).sort()).toEqual(openStart);
    const r = await request(t.app).get(`${ITEMS}?datetime=kemarin`);
    expect(r.status).toBe(400);
    expect((JSON.parse(r.text) as { description: string }).description).toContain('"datetime"');
  });
});

describe(`${CONF}/sorting (searchable-catalog-sorting)`, () => {
  it('sortables are application/schema+json and sortby orders ascending and descending, identifier last', async () => {
    const res = await request(t.app).get('/collections/metadata/sortables');
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    expect(Object.keys((JSON.parse(res.text) as { properties: object }).properties)).toEqual(expect.arrayContaining(['title', 'updated', 'created']));
    const asc = (await getJson(`${ITEMS}?sortby=updated&limit=1000`)).body.features as { id: string; properties: { updated: string } }[];
    const desc = (await getJson(`${ITEMS}?sortby=-updated&limit=1000`)).body.features as { id: string; properties: { updated: string } }[];
    expect(asc.map((f) => f.properties.updated)).toEqual([...asc.map((f) => f.properties.updated)].sort());
    expect(desc.map((f) => f.properties.updated)).toEqual([...desc.map((f) => f.properties.updated)].sort().reverse());
  });
});

describe(`${CONF}/filtering (cql-filter, searchable-catalog-filtering)`, () => {
  it('queryables, cql2-text and cql2-json, and a bad filter-lang', async () => {
    const res = await request(t.app).get('/collections/metadata/queryables');
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    const q = JSON.parse(res.text) as { properties: Record<string, unknown> };
    expect(Object.keys(q.properties)).toEqual(expect.arrayContaining(['title', 'description', 'keywords', 'type', 'updated', 'created', 'organisation', 'topicCategory', 'language', 'format', 'geometry', 'time']));
    const text = (await getJson(`${ITEMS}?filter=${encodeURIComponent("T_AFTER(updated, TIMESTAMP('2000-01-01T00:00:00Z')) AND type = 'service'")}&limit=1000`)).body;
    const json = (await getJson(`${ITEMS}?filter-lang=cql2-json&limit=1000&filter=${encodeURIComponent(JSON.stringify({ op: 'and', args: [{ op: 't_after', args: [{ property: 'updated' }, { timestamp: '2000-01-01T00:00:00Z' }] }, { op: '=', args: [{ property: 'type' }, 'service'] }] }))}`)).body;
    expect(text.numberMatched).toBe(json.numberMatched);
    expect(text.numberMatched).toBeGreaterThan(0);
    const bad = await request(t.app).get(`${ITEMS}?filter=x&filter-lang=ecql`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('filter-lang');
  });
});

describe(`${CONF}/json and oas30`, () => {
  it('JSON media types by Accept and f; 406 for an encoding we do not have', async () => {
    expect((await request(t.app).get(ITEMS).set('Accept', 'application/geo+json')).headers['content-type']).toMatch(/^application\/geo\+json/);
    expect((await request(t.app).get('/').set('Accept', 'application/json')).headers['content-type']).toMatch(/^application\/json/);
    const r = await request(t.app).get('/').set('Accept', 'image/png');
    expect(r.status).toBe(406);
    expect((await request(t.app).get('/conformance?f=iso19139')).status).toBe(406);
  });
  it('/openapi is an OpenAPI 3.0 document of this API', async () => {
    const res = await request(t.app).get('/openapi');
    expect(res.headers['content-type']).toBe('application/vnd.oai.openapi+json;version=3.0');
    const doc = JSON.parse(res.text) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/', '/conformance', '/collections', ITEMS, `${ITEMS}/{recordId}`]));
  });

  it('/openapi describes the catalogue media type of the collection and the non-standard members of items pages', async () => {
    type Content = Record<string, { schema?: { $ref?: string; allOf?: { $ref: string }[] } }>;
    type Op = { get: { responses: Record<string, { content?: Content }> } };
    const doc = JSON.parse((await request(t.app).get('/openapi')).text) as { paths: Record<string, Op>; components: { schemas: Record<string, { properties: Record<string, { description?: string; items?: { $ref: string }; additionalProperties?: { items: { $ref: string } } }> }> } };
    const collection = doc.paths['/collections/metadata']!.get.responses['200']!.content!;
    expect(Object.keys(collection)).toEqual(expect.arrayContaining(['application/json', 'application/ogc-catalog+json', 'text/html']));
    expect(collection['application/ogc-catalog+json']!.schema!.$ref).toMatch(/collection\.yaml$/);
    // what the document says is what the collection answers
    const asCatalog = await request(t.app).get('/collections/metadata').set('Accept', 'application/ogc-catalog+json');
    expect([asCatalog.status, asCatalog.headers['content-type']]).toEqual([200, expect.stringMatching(/^application\/ogc-catalog\+json/)]);

    const page = doc.paths[ITEMS]!.get.responses['200']!.content!['application/geo+json']!.schema!;
    expect(page.allOf!.map((s) => s.$ref)).toEqual([expect.stringMatching(/recordCollectionGeoJSON\.yaml$/), '#/components/schemas/searchMembers']);
    const members = doc.components.schemas.searchMembers!.properties;
    expect(Object.keys(members).sort()).toEqual(['facets', 'rankWindow', 'suggestion', 'typoTolerant']);
    expect(members.facets!.additionalProperties!.items.$ref).toBe('#/components/schemas/facetValue');
    expect(doc.components.schemas.facetValue!.properties.approximate!.description).toMatch(/sample/);
  });
});

describe('response cache: ETag/304, Cache-Control and the CSW generation rules', () => {
  it('an HTML hit sends the page rendered before, without calling the renderer; a change renders again', async () => {
    const real = t.deps.oarecHtml!;
    let rendered = 0;
    t.deps.oarecHtml = { ...real, items: (...a: Parameters<typeof real.items>) => { rendered += 1; return real.items(...a); } };
    try {
      const url = `${ITEMS}?f=html&q=lorem&limit=5`;
      const a = await request(t.app).get(url).expect(200);
      expect(a.headers['content-type']).toMatch(/^text\/html/);
      expect(rendered).toBe(1);
      const b = await request(t.app).get(url).expect(200);
      expect(b.headers['x-cache']).toBe('hit');
      expect(rendered).toBe(1);
      expect(b.text).toBe(a.text);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect((await request(t.app).get(url).set('If-None-Match', a.headers.etag as string)).status).toBe(304);
      expect(rendered).toBe(1);
      // another query string is another page (its links differ), even for the same JSON
      await request(t.app).get(`${ITEMS}?q=lorem&limit=5&f=html`).expect(200);
      expect(rendered).toBe(2);
      // a change of the public catalogue: the JSON misses, the page is rendered again
      await t.afterCommit({ publicChanged: true });
      const c = await request(t.app).get(url).expect(200);
      expect(c.headers['x-cache']).toBe('miss');
      expect(rendered).toBe(3);
    } finally {
      t.deps.oarecHtml = real;
    }
  });

  it('a freshly computed answer brings the value of its body (what its HTML page reads), a hit only the body', async () => {
    const { cache } = t.deps.catalogue.oarec;
    await t.afterCommit({ publicChanged: true });
    const requests = [
      { path: ITEMS, query: { f: 'json', q: 'lorem', limit: '5', facets: 'true' } },
      { path: ITEMS, query: { f: 'json', bbox: '90,-15,145,10', sortby: '-updated', facets: 'true' } },
      { path: `${ITEMS}/${ids[0]}`, query: { f: 'json' } },
      { path: '/', query: { f: 'json' } },
      { path: '/collections/metadata', query: { f: 'json' } },
      { path: '/collections/metadata/queryables', query: { f: 'json' } },
    ];
    for (const r of requests) {
      const miss = await cache.respond({ method: 'GET', ...r });
      expect([r.path, miss.status, miss.cache]).toEqual([r.path, 200, 'miss']);
      // the page made from the value equals the page made from the text: no Date, no undefined
      // member, nothing JSON.stringify would have changed (toStrictEqual tells those apart)
      expect(miss.document).toStrictEqual(JSON.parse(miss.body));
      const hit = await cache.respond({ method: 'GET', ...r });
      expect([hit.cache, hit.document]).toEqual(['hit', undefined]);
    }
  });

  it('a repeated request is a hit with the same ETag, If-None-Match gives 304, a publish is seen at once', async () => {
    const url = `${ITEMS}?q=batimetri&limit=50`;
    const a = await request(t.app).get(url);
    const b = await request(t.app).get(url);
    expect(b.headers['x-cache']).toBe('hit');
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toMatch(/s-maxage=60/);
    expect((await request(t.app).get(url).set('If-None-Match', a.headers.etag as string)).status).toBe(304);
    const owner = (await t.db.query<{ owner_id: string; organisation_id: string }>(`SELECT owner_id, organisation_id FROM records WHERE id = 'rec-full'`)).rows[0]!;
    await insertRecord(t.db, {
      id: 'rec-batimetri-baru', status: 'PUBLISHED', organisationId: owner.organisation_id, ownerId: owner.owner_id, reviewerId: null,
      doc: { ...docOf(FULL), title: 'Batimetri baru' }, publishedAt: new Date().toISOString(),
    });
    await t.afterCommit({ publicChanged: true });
    const c = await request(t.app).get(url);
    expect(c.headers['x-cache']).toBe('miss');
    expect((JSON.parse(c.text) as { features: { id: string }[] }).features.map((f) => f.id)).toContain('rec-batimetri-baru');
  });
});

describe('bad input: never a 5xx', () => {
  it('odd query strings answer 400 with exception JSON', async () => {
    for (const qs of ['limit=1&limit=2', 'bbox=a,b,c,d', 'bbox=0,0,1,1&bbox-crs=EPSG:3857', 'filter=%00', 'sortby=-', 'offset=99999999', 'filter-lang=cql2-json&filter=%7B', 'datetime=2020-13-01']) {
      const r = await request(t.app).get(`${ITEMS}?${qs}`);
      expect([qs, r.status]).toEqual([qs, 400]);
      expect(schemaErrors('exception', JSON.parse(r.text))).toEqual([]);
    }
  });

  it('an empty q (a search form sent without a term) is no text filter, not an error', async () => {
    const all = JSON.parse((await request(t.app).get(ITEMS)).text) as { numberMatched: number };
    const empty = await request(t.app).get(`${ITEMS}?q=`);
    expect(empty.status).toBe(200);
    expect((JSON.parse(empty.text) as { numberMatched: number }).numberMatched).toBe(all.numberMatched);
  });
});
