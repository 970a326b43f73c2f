import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { createFixtureUser } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Migration 107: a record's rank vector stays inside its row, so ranking reads no TOAST
 * (libs/db/search-sql/free-text.ts reads it four times per ranked record; out of line, each read
 * was a TOAST lookup of its own). Measured by buffers, which load cannot change: the rank of a
 * record whose row is far over the 2 KB toast threshold reads exactly the buffers that fetching
 * the row reads. Both modes (PGlite is the same storage code, but its own migration run).
 * Migration 113's `anytext` and facet columns are checked the same way (below).
 */
describe.each(['server', 'embedded'] as const)('rank vector storage (%s)', (mode) => {
  let t: TestApp;
  const id = `rv-${mode}`;

  beforeAll(async () => {
    t = await startTestApp(mode);
    const org = await createOrganisation(t.db, { name: `Organisasi vektor ${mode}` });
    const owner = await createFixtureUser(t.db, `vektor-${mode}`, 'ADMIN', org.id);
    // distinct words, so that neither the text columns nor the word vectors compress away
    const words = (n: number, stem: string): string => Array.from({ length: n }, (_, i) => `${stem}${(i * 7919).toString(36)}`).join(' ');
    const doc = {
      language: 'ind',
      fileIdentifier: id,
      title: `Peta Batimetri ${words(6, 'judul')}`,
      abstract: `Pemetaan kedalaman laut. ${words(50, 'abstrak')}`,
      keywords: [{ type: 'theme', values: words(10, 'kata').split(' ') }],
      lineage: words(400, 'riwayat'),
    } as MetadataDoc;
    const rec = await insertRecord(t.db, { id, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null, doc, publishedAt: '2026-01-01T00:00:00Z' });
    if (!rec) throw new Error(`record ${id} exists`);
    // a record of the usual size (~2.5 KB of text): over the threshold before toasting, its anytext fits in the row
    const usual = {
      language: 'ind',
      fileIdentifier: `${id}-biasa`,
      title: `Peta Batimetri ${words(4, 'judul')}`,
      abstract: `Pemetaan kedalaman laut. ${words(40, 'abstrak')}`,
      keywords: [{ type: 'theme', values: words(6, 'kata').split(' ') }],
      topicCategories: ['oceans'],
      lineage: words(30, 'riwayat'),
    } as MetadataDoc;
    const other = await insertRecord(t.db, { id: `${id}-biasa`, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null, doc: usual, publishedAt: '2026-01-01T00:00:00Z' });
    if (!other) throw new Error(`record ${id}-biasa exists`);
  }, 120_000);
  afterAll(async () => t?.close());

  /** shared buffers (hit + read) of one statement, from EXPLAIN (ANALYZE, BUFFERS) */
  const buffers = async (select: string, of = id): Promise<number> => {
    const r = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) SELECT ${select} FROM records r WHERE r.id = $1`, [of]);
    const top = r.rows.map((x) => x['QUERY PLAN']).find((l) => /Buffers: shared/.test(l)) ?? '';
    return [...top.matchAll(/(hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
  };

  it('ranking a record with a large row reads no more buffers than fetching it', async () => {
    const row = await t.db.query<{ bytes: number; storage: string }>(
      `SELECT pg_column_size(r.*) AS bytes, (SELECT attstorage FROM pg_attribute WHERE attrelid = 'records'::regclass AND attname = 'rank_vector') AS storage
         FROM records r WHERE r.id = $1`, [id]);
    // the row (before toasting) is far over the threshold: the toaster has to move columns out
    expect(Number(row.rows[0]!.bytes)).toBeGreaterThan(8_000);
    expect(row.rows[0]!.storage).toBe('m');
    const fetch = await buffers('r.id');
    expect(fetch).toBeGreaterThan(0);
    const q = "to_tsquery('simple', 'peta')";
    const rank = await buffers(`ts_rank_cd(r.rank_vector, ${q}), ts_filter(r.rank_vector, '{a}') @@ ${q}, ts_filter(r.rank_vector, '{a,b}') @@ ${q}`);
    expect(rank).toBe(fetch);
    // and the word vector of every text is out of line, as it should be (the check can see TOAST reads)
    expect(await buffers(`r.search_vector @@ ${q}`)).toBeGreaterThan(fetch);
  });

  /*
   * Migration 113: `anytext` stays in the row where it fits (a CSW AnyText LIKE rechecks every
   * trigram candidate against it), and the columns the facets and the result list read are never
   * moved out to make room for it: with a row too large, the largest MAIN column goes out first.
   */
  // each value is read (EXPLAIN ANALYZE sends no rows: a column merely selected is never fetched from TOAST)
  const FACET_COLUMNS = 'length(r.title), cardinality(r.keywords), cardinality(r.topic_categories), length(r.hierarchy_level), cardinality(r.organisation_names), cardinality(r.formats)';

  it('a usual record keeps its anytext in the row: an AnyText LIKE reads the row only', async () => {
    const of = `${id}-biasa`;
    const row = await t.db.query<{ bytes: number }>('SELECT pg_column_size(r.*) AS bytes FROM records r WHERE r.id = $1', [of]);
    expect(Number(row.rows[0]!.bytes)).toBeGreaterThan(2_400);
    const fetch = await buffers('r.id', of);
    expect(await buffers("r.anytext LIKE '%batimetri%'", of)).toBe(fetch);
    expect(await buffers(FACET_COLUMNS, of)).toBe(fetch);
    // the check can see TOAST reads: the word vector is out of line
    expect(await buffers("r.search_vector @@ to_tsquery('simple', 'peta')", of)).toBeGreaterThan(fetch);
  });

  it('a large record keeps the facet columns in the row and moves its larger columns out', async () => {
    const fetch = await buffers('r.id');
    expect(await buffers(FACET_COLUMNS)).toBe(fetch);
  });
});
