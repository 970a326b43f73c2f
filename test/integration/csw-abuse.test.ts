import request from 'supertest';
import { Redis } from 'ioredis';
import { openDatabase } from '../../libs/db/open-database';
import { isAppError } from '../../libs/errors';
import { MAX_FILTER_VERTICES, MAX_POST_ELEMENTS } from '../../libs/csw/request-limits';
import { completeDoc, loginAgent, seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_REDIS_URL } from '../helpers/env';

/*
 * Issue 12, finding 2: what one request without a login can make the service do. Server mode
 * (PostgreSQL + Redis), the reproductions of the review as tests. Nothing here measures speed:
 * "does not block" is asserted as "the other requests succeed", with generous bounds.
 */

const NS = 'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" '
  + 'xmlns:gml="http://www.opengis.net/gml" xmlns:ows="http://www.opengis.net/ows"';

/** a closed ring of `positions` positions (first = last) around West Java (the seeded extents), lon/lat (CRS84) */
function ring(positions: number, radius = 3): string {
  const pts: string[] = [];
  for (let i = 0; i < positions - 1; i++) {
    const a = (2 * Math.PI * i) / (positions - 1);
    pts.push(`${(107 + radius * Math.cos(a)).toFixed(6)} ${(-6 + radius * Math.sin(a)).toFixed(6)}`);
  }
  pts.push(pts[0]!);
  return pts.join(' ');
}

function intersects(posList: string, extra = ''): string {
  return `<csw:GetRecords ${NS} service="CSW" version="2.0.2" resultType="results" maxRecords="5"${extra}>`
    + '<csw:Query typeNames="csw:Record"><csw:ElementSetName>brief</csw:ElementSetName>'
    + '<csw:Constraint version="1.1.0"><ogc:Filter><ogc:Intersects><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName>'
    + `<gml:Polygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84"><gml:exterior><gml:LinearRing><gml:posList>${posList}</gml:posList>`
    + '</gml:LinearRing></gml:exterior></gml:Polygon></ogc:Intersects></ogc:Filter></csw:Constraint></csw:Query></csw:GetRecords>';
}

let t: TestApp;
let w: World;
const post = (body: string) => request(t.app).post('/metadata/csw').set('Content-Type', 'application/xml').send(body);
const exceptionCode = (xml: string): string | undefined => /exceptionCode="([^"]+)"/.exec(xml)?.[1];

beforeAll(async () => {
  t = await startTestApp('server');
  w = await seedWorld(t);
  for (let i = 0; i < 5; i++) {
    await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: `Rekaman uji beban ${i}` }) });
  }
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('bounded work per request', () => {
  it(`refuses more than ${MAX_FILTER_VERTICES} vertices with InvalidParameterValue; exactly that many are answered`, async () => {
    const over = await post(intersects(ring(MAX_FILTER_VERTICES + 1)));
    expect(over.status).toBe(200);
    expect(exceptionCode(over.text)).toBe('InvalidParameterValue');
    expect(over.text).toContain('locator="constraint"');
    expect(over.text).toContain(String(MAX_FILTER_VERTICES));

    const limit = await post(intersects(ring(MAX_FILTER_VERTICES)));
    expect(limit.status).toBe(200);
    expect(limit.text).toContain('GetRecordsResponse');
    expect(limit.text).toMatch(/numberOfRecordsMatched="[1-9]/);
  }, 120_000);

  it('counts the vertices of all geometries of a request together', async () => {
    const half = ring(Math.ceil(MAX_FILTER_VERTICES / 2) + 1);
    const two = intersects(half).replace('<ogc:Intersects>', '<ogc:Or><ogc:Intersects>')
      .replace('</ogc:Intersects></ogc:Filter>', `</ogc:Intersects><ogc:Intersects><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName><gml:Polygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84"><gml:exterior><gml:LinearRing><gml:posList>${half}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></ogc:Intersects></ogc:Or></ogc:Filter>`);
    const res = await post(two);
    expect(exceptionCode(res.text)).toBe('InvalidParameterValue');
  }, 60_000);

  it('refuses a flat body of 250,000 elements before building a DOM, with a clear text and no internal names', async () => {
    const body = `<r>${'<a/>'.repeat(250_000)}</r>`;
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(exceptionCode(res.text)).toBe('InvalidParameterValue');
    expect(res.text).toContain(`lebih dari ${MAX_POST_ELEMENTS} elemen`);
    expect(res.text).not.toMatch(/XmlInputError|Error:/);
  }, 60_000);

  it('no internal class names in XML error texts (CSW and REST)', async () => {
    for (const body of ['<csw:GetRecords', '<a></b>', '<a/><b/>', '<a xmlns:p="x"><q:b/></a>']) {
      const res = await post(body);
      expect(exceptionCode(res.text)).toBe('InvalidParameterValue');
      expect(res.text).not.toMatch(/XmlInputError|HierarchyRequestError|NamespaceError|ParseError/);
    }
    const rest = await w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send('<gmd:MD_Metadata>');
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).not.toMatch(/XmlInputError|ParseError/);
  });

  it('a self-intersecting ring is refused with InvalidParameterValue, not repaired in the database (issue 22)', async () => {
    const bowtie = '105 -8 115 -4 115 -8 105 -4 105 -8';
    const res = await post(intersects(bowtie));
    expect(res.status).toBe(200);
    expect(exceptionCode(res.text)).toBe('InvalidParameterValue');
    expect(res.text).toContain('locator="constraint"');
    expect(res.text).toContain('Poligon filter tidak valid');
    expect(res.text).not.toMatch(/TopologyException|GEOS|Error:/);
  }, 60_000);

  it('ten large polygons at once do not hold the service: /healthz, a CSW request and a REST list succeed meanwhile', async () => {
    const reader = await loginAgent(t, 'a-produsen');
    // supertest sends a request when it is awaited: `.then` starts the ten now, the light ones run meanwhile
    let heavyDone = 0;
    const heavy = Array.from({ length: 10 }, (_, i) =>
      post(intersects(ring(MAX_FILTER_VERTICES, 2.5 + i / 10), ` requestId="berat-${i}"`)).then((r) => { heavyDone += 1; return r; }));
    await new Promise((r) => setTimeout(r, 50)); // let them reach the server first
    const light = [
      request(t.app).get('/healthz'),
      request(t.app).get('/metadata/csw').query({ service: 'CSW', version: '2.0.2', request: 'GetRecords', resultType: 'hits', typeNames: 'csw:Record', q: 'rekaman' }),
      reader.get('/api/metadata?pageSize=5'),
    ];
    const [h, c, l] = await Promise.all(light);
    // not asserted (a timing fact): how many heavy ones were still running when the light ones were answered
    process.stdout.write(`permintaan berat yang selesai saat yang ringan terjawab: ${heavyDone}/10\n`);
    expect(h!.status).toBe(200);
    expect(c!.status).toBe(200);
    expect(c!.text).toContain('GetRecordsResponse');
    expect(l!.status).toBe(200);
    expect(Array.isArray(l!.body.items)).toBe(true);
    for (const r of await Promise.all(heavy)) {
      expect(r.status).toBe(200);
      expect(r.text).toContain('GetRecordsResponse');
    }
  }, 180_000);
});

describe('response cache growth', () => {
  it('600 requests with distinct requestIds share one cache entry; each answer echoes its own requestId', async () => {
    const prefix = `${t.config.redisPrefix}:csw:resp:`;
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    await redis.connect();
    const count = async (): Promise<number> => {
      let n = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        n += keys.length;
      } while (cursor !== '0');
      return n;
    };
    try {
      const before = await count();
      const query = { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'full', maxRecords: '500', outputSchema: 'http://www.isotc211.org/2005/gmd' };
      for (let batch = 0; batch < 6; batch++) {
        const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => {
          const requestId = `uji-${batch}-${i}`;
          return request(t.app).get('/metadata/csw').query({ ...query, requestId }).then((r) => ({ r, requestId }));
        }));
        for (const { r, requestId } of answers) {
          expect(r.status).toBe(200);
          expect(r.text).toContain(`<csw:RequestId>${requestId}</csw:RequestId>`);
          expect(r.text.match(/<csw:RequestId>/g)).toHaveLength(1);
        }
      }
      expect((await count()) - before).toBe(1);
    } finally {
      redis.disconnect();
    }
  }, 180_000);
});

describe('statement_timeout', () => {
  it('request connections are cancelled after DB_STATEMENT_TIMEOUT_MS (503, not 500); job connections get the longer one', async () => {
    const url = t.config.databaseUrl!;
    const config = { databaseUrl: url, dataDir: t.config.dataDir, statementTimeout: { requestMs: 300, jobMs: 300_000 } };
    const { db: requestDb } = await openDatabase(config, 'request');
    const { db: jobDb } = await openDatabase(config, 'job');
    try {
      expect((await requestDb.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('300ms');
      expect((await jobDb.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('5min');
      const err = await requestDb.query('SELECT pg_sleep(3)').then(() => undefined, (e: unknown) => e);
      expect(isAppError(err) && err.status).toBe(503);
      // the connection is usable again at once
      expect((await requestDb.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await requestDb.close();
      await jobDb.close();
    }
    // the app's own pool carries the default request timeout
    expect((await t.db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('5s');
  }, 60_000);
});
