import request from 'supertest';
import { completeDoc, seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { posList, randomRing, wktRing } from '../helpers/random-rings';
import type { Pos } from '../../libs/search/filter/geometry';

/*
 * Issue 22, point 1: an anonymous filter polygon crashed the whole PostgreSQL server. A
 * self-intersecting ring of 1,000 random vertices made ST_MakeValid segfault in GEOS when
 * statement_timeout fired inside it (and run for minutes otherwise). Now every protocol refuses
 * an invalid polygon before any SQL, with its own error document naming the filter; the server
 * never restarts (pg_postmaster_start_time unchanged). Nothing here measures speed.
 */
const NS = 'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" '
  + 'xmlns:gml="http://www.opengis.net/gml" xmlns:ows="http://www.opengis.net/ows"';

function intersectsXml(ring: string): string {
  return `<csw:GetRecords ${NS} service="CSW" version="2.0.2" resultType="results" maxRecords="5">`
    + '<csw:Query typeNames="csw:Record"><csw:ElementSetName>brief</csw:ElementSetName>'
    + '<csw:Constraint version="1.1.0"><ogc:Filter><ogc:Intersects><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName>'
    + `<gml:Polygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84"><gml:exterior><gml:LinearRing><gml:posList>${ring}</gml:posList>`
    + '</gml:LinearRing></gml:exterior></gml:Polygon></ogc:Intersects></ogc:Filter></csw:Constraint></csw:Query></csw:GetRecords>';
}

/** a query string whose spaces are '+' and whose commas and parentheses stay as they are: a long ring still fits a GET line */
const plus = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+').replace(/%2C/g, ',').replace(/%28/g, '(').replace(/%29/g, ')');

let t: TestApp;
let w: World;
const ITEMS = '/collections/metadata/items';
const exceptionCode = (xml: string): string | undefined => /exceptionCode="([^"]+)"/.exec(xml)?.[1];
const postmasterStart = async (): Promise<string> =>
  String((await t.db.query<{ t: Date }>('SELECT pg_postmaster_start_time() AS t')).rows[0]!.t.toISOString());

const cswPost = (ring: string) => request(t.app).post('/metadata/csw').set('Content-Type', 'application/xml').send(intersectsXml(ring));
const cswKvp = (wkt: string) => request(t.app).get(`/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results`
  + `&constraintLanguage=CQL_TEXT&constraint_language_version=1.1.0&constraint=${plus(`INTERSECTS(ows:BoundingBox, ${wkt})`)}`);
const oarecText = (wkt: string) => request(t.app).get(`${ITEMS}?f=json&filter=${plus(`S_INTERSECTS(geometry, ${wkt})`)}`);
const oarecJson = (ring: Pos[]) => request(t.app).get(`${ITEMS}?f=json&filter-lang=cql2-json&filter=${encodeURIComponent(JSON.stringify(
  { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [ring] }] }))}`);

function expectCswRefusal(res: request.Response): void {
  expect(res.status).toBe(200);
  expect(exceptionCode(res.text)).toBe('InvalidParameterValue');
  expect(res.text).toContain('locator="constraint"');
  expect(res.text).toContain('Poligon filter tidak valid: cincin berpotongan atau bersentuhan dengan dirinya sendiri');
}

function expectOarecRefusal(res: request.Response): void {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('InvalidParameterValue');
  expect(res.body.description).toContain('Parameter "filter" tidak valid');
  expect(res.body.description).toContain('Poligon filter tidak valid: cincin berpotongan atau bersentuhan dengan dirinya sendiri');
}

beforeAll(async () => {
  t = await startTestApp('server');
  w = await seedWorld(t);
  for (let i = 0; i < 3; i++) {
    await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: `Rekaman poligon ${i}` }) });
  }
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('a self-intersecting filter polygon is refused by every protocol', () => {
  // a bowtie over the seeded records (West Java): answered with records while it was repaired
  const bowtie: Pos[] = [[105, -8], [115, -4], [115, -8], [105, -4], [105, -8]];

  it('a bowtie: CSW POST and KVP, OGC API – Records CQL2 text and JSON', async () => {
    expectCswRefusal(await cswPost(posList(bowtie)));
    expectCswRefusal(await cswKvp(`POLYGON(${wktRing(bowtie)})`));
    expectOarecRefusal(await oarecText(`POLYGON(${wktRing(bowtie)})`));
    expectOarecRefusal(await oarecJson(bowtie));
  }, 60_000);

  it('the review\'s 1,000 random vertices (and 200 for a GET with six decimals): a clear error, and PostgreSQL never restarts', async () => {
    const before = await postmasterStart();
    const ring = randomRing(1000);
    // the review's POST (~19 KB)
    expectCswRefusal(await cswPost(posList(ring)));
    // GET lines are bounded (16 KB of headers): the same 1,000 vertices with two decimals
    const short = randomRing(1000, 1000, 2);
    expectCswRefusal(await cswKvp(`POLYGON(${wktRing(short)})`));
    expectOarecRefusal(await oarecText(`POLYGON(${wktRing(short)})`));
    const two = randomRing(200);
    expectOarecRefusal(await oarecText(`POLYGON(${wktRing(two)})`));
    expectOarecRefusal(await oarecJson(two));
    expect(await postmasterStart()).toBe(before);
    // and the service still answers searches
    const ok = await request(t.app).get(`${ITEMS}?f=json&bbox=105,-8,115,-4`);
    expect(ok.status).toBe(200);
    expect(ok.body.numberMatched).toBeGreaterThan(0);
  }, 120_000);

  it('a valid polygon and a box without height still search', async () => {
    const valid: Pos[] = [[105, -8], [115, -8], [115, -4], [105, -4], [105, -8]];
    const res = await cswPost(posList(valid));
    expect(exceptionCode(res.text)).toBeUndefined();
    expect(res.text).toMatch(/numberOfRecordsMatched="[1-9]/);
    const line = await request(t.app).get(`${ITEMS}?f=json&bbox=105,-6.2,115,-6.2`);
    expect(line.status).toBe(200);
    expect(line.body.numberMatched).toBeGreaterThan(0);
  }, 60_000);
});
