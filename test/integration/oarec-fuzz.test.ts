import fc from 'fast-check';
import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { schemaErrors, seedOarecCatalogue } from '../helpers/oarec-support';

/**
 * fast-check over HTTP against the real app (PostgreSQL + Redis): random query strings and
 * random CQL2 texts on /collections/metadata/items never give a 5xx; every error is a 4xx
 * exception JSON.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('server');
  await seedOarecCatalogue(t);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const check = async (path: string): Promise<void> => {
  const res = await request(t.app).get(path);
  if (res.status >= 500) throw new Error(`${path} → ${res.status} ${res.text.slice(0, 200)}`);
  if (res.status >= 400) expect(schemaErrors('exception', JSON.parse(res.text))).toEqual([]);
};

const CQL_TOKENS = [
  'title', 'updated', 'created', 'geometry', 'keywords', 'time', 'type', 'format', "'a'", "'%Lorem%'", "'2020-01-01'", '1', '-2.5', '(', ')', ',',
  '=', '<>', '<', '>=', 'AND', 'OR', 'NOT', 'LIKE', 'IN', 'BETWEEN', 'IS', 'NULL', 'S_INTERSECTS', 'S_WITHIN', 'T_INTERSECTS', 'T_BEFORE',
  'A_OVERLAPS', 'BBOX(0,0,10,10)', 'POINT(1 2)', "DATE('2020-01-01')", "TIMESTAMP('2020-01-01T00:00:00Z')", "INTERVAL('..','2020-12-31')",
  'CASEI', '"title"', 'TRUE', "'", '\u00e9',
];

describe('random input over HTTP', () => {
  it('random query strings: never a 5xx', async () => {
    const key = fc.constantFrom('bbox', 'datetime', 'q', 'type', 'ids', 'externalIds', 'limit', 'offset', 'sortby', 'filter', 'filter-lang', 'title', 'updated', 'f', 'facets', 'x');
    await fc.assert(fc.asyncProperty(fc.dictionary(key, fc.string({ maxLength: 40 }), { maxKeys: 5 }), async (q) => {
      await check(`/collections/metadata/items?${new URLSearchParams(q).toString()}`);
    }), { numRuns: 250 });
  });

  it('random CQL2 texts and JSON: never a 5xx', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...CQL_TOKENS), { maxLength: 20 }), async (ts) => {
      await check(`/collections/metadata/items?filter=${encodeURIComponent(ts.join(' '))}`);
    }), { numRuns: 250 });
    await fc.assert(fc.asyncProperty(fc.json({ maxDepth: 4 }), async (j) => {
      await check(`/collections/metadata/items?filter-lang=cql2-json&filter=${encodeURIComponent(j)}`);
    }), { numRuns: 150 });
  });
});
