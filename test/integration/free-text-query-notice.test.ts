import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * Migration 112: building a word query raises no NOTICE. Before it every call of
 * gk_free_text_query cast '' to tsquery, and PostgreSQL sent "text-search query doesn't contain
 * lexemes" to the client each time — several times per search statement, up to 21 times per
 * typed word in the typo lookup (~70 µs each). Server mode: the notices are read off the
 * connection; the embedded mode runs the same function (the free-text tests run in both).
 */
let t: TestDatabase;
let client: pg.Client;
const notices: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  client = new pg.Client({ connectionString: t.url });
  await client.connect();
  client.on('notice', (n) => notices.push(n.message ?? ''));
  await client.query('SET client_min_messages = notice');
}, 120_000);
afterAll(async () => {
  await client?.end();
  await t?.drop();
});

it('a word query, a multi-word query and the typo lookup send no NOTICE, and still find their words', async () => {
  notices.length = 0;
  const r = await client.query<{ one: string; two: string; typo: string[] }>(
    `SELECT gk_free_text_query(ARRAY['peta'])::text AS one,
            gk_free_text_query(ARRAY['pemetaan', 'hutan'])::text AS two,
            gk_typo_queries(ARRAY['batimteri'])::text[] AS typo`,
  );
  expect(r.rows[0]!.one).toBe("'peta' | 'peta'");
  expect(r.rows[0]!.two).toBe("( 'peta' | 'pemetaan' ) & ( 'hutan' | 'hutan' )");
  expect(r.rows[0]!.typo).toHaveLength(1);
  expect(notices).toEqual([]);
});

it('words that are all stop words still give the empty query, which matches nothing', async () => {
  const r = await client.query<{ q: string; n: number; hit: boolean }>(
    `SELECT gk_free_text_query(ARRAY['the', 'of'])::text AS q, numnode(gk_free_text_query(ARRAY['the'])) AS n,
            to_tsvector('simple', 'the of') @@ gk_free_text_query(ARRAY['the']) AS hit`,
  );
  expect(r.rows[0]).toEqual({ q: '', n: 0, hit: false });
});
