import type { MetadataDoc } from '../../libs/catalogue/record.types';
import type { Database } from '../../libs/db/database';
import { listRecords } from '../../libs/db/record.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import { qFilter } from '../../libs/oarec/request/item-query';
import { freeTextFilter } from '../../libs/csw/request/kvp-filters';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { createSearchCore, type SearchCore } from '../../libs/search/search-core';
import { openModeDatabase, publishDocs, SEARCH_MODES, type ModeDatabase } from '../helpers/search-modes';

/**
 * Issue 21, point 1: `q` searches words — Indonesian and English word forms, accents folded —
 * ranked (title ≫ keywords > abstract > other text, a phrase above scattered words) with a
 * stable tie-break, and falls back to similar spellings with a "maksud Anda" suggestion when
 * nothing matches. Every case runs on the real PostgreSQL server and on PGlite (the embedded
 * default): the same migrations, dictionaries and SQL must give the same answers.
 */
const doc = (d: Partial<MetadataDoc> & { title: string }): MetadataDoc => ({ language: 'ind', ...d }) as MetadataDoc;
const kw = (...values: string[]) => [{ type: 'theme', values }];

const RECORDS: { id: string; doc: MetadataDoc }[] = [
  { id: 'ft-hutan', doc: doc({ title: 'Peta Kawasan Hutan Provinsi Riau', keywords: kw('kawasan hutan', 'forest'), abstract: 'Batas kawasan hutan lindung dan hutan produksi skala 1:250.000.' }) },
  { id: 'ft-kebun', doc: doc({ title: 'Perkebunan Kelapa Sawit Kalimantan Barat', keywords: kw('perkebunan', 'plantation'), abstract: 'Sebaran areal kebun kelapa sawit rakyat dan swasta.' }) },
  { id: 'ft-batimetri', doc: doc({ title: 'Batimetri Selat Sunda', keywords: kw('batimetri', 'bathymetry'), abstract: 'Kedalaman laut hasil survei multibeam.' }) },
  { id: 'ft-groundwater', doc: doc({ language: 'eng', title: 'Groundwater Potential of Java', keywords: kw('groundwater', 'air tanah'), abstract: 'Aquifer productivity and groundwater potential zones.' }) },
  { id: 'ft-aa-landcover', doc: doc({ language: 'eng', title: 'Regional land cover index', keywords: kw('land cover'), abstract: 'An index of land cover classes, also used in groundwater recharge studies.' }) },
  { id: 'ft-meteo', doc: doc({ language: 'fra', title: 'Répartition des stations météo', keywords: kw('météorologie'), abstract: 'Stations du réseau national.' }) },
  { id: 'ft-layanan', doc: doc({ title: 'Layanan Peta Web Batas Desa', keywords: kw('batas desa'), abstract: 'Web map service of village boundaries.', hierarchyLevel: 'service' }) },
  { id: 'ft-phrase', doc: doc({ title: 'Tutupan Lahan Sumatera 2020', keywords: kw('penutup lahan') }) },
  { id: 'ft-scattered', doc: doc({ title: 'Lahan Kritis dan Tutupan Awan Sumatera', keywords: kw('lahan kritis') }) },
  { id: 'ft-abstract-only', doc: doc({ title: 'Data Spasial Pesisir', abstract: 'Berisi peta tutupan lahan pesisir.' }) },
  ...Array.from({ length: 23 }, (_, i) => ({
    id: `ft-rbi-${String(i).padStart(2, '0')}`,
    doc: doc({ title: `Peta Rupabumi Indonesia Lembar ${1209 + i}`, keywords: kw('rupabumi'), abstract: i % 3 === 0 ? 'Peta rupabumi skala 1:25.000, rupabumi lembar lengkap.' : 'Skala 1:25.000.' }),
  })),
  { id: 'ft-format', doc: doc({ title: 'Jaringan Jalan Sleman', formats: ['GeoTIFF', 'Shapefile'], distributions: [{ protocol: 'WWW:DOWNLOAD-1.0-http--download', url: 'https://contoh.go.id/a.zip', name: 'RBI25K_SLEMAN' }, { protocol: 'OGC:WMS', url: 'https://contoh.go.id/wms', name: 'Default Polygon (LegendURL)' }] }) },
];

const q = (text: string): FilterNode => qFilter(text);
const ids = async (core: SearchCore, filter: FilterNode, limit = 50, offset = 0): Promise<string[]> =>
  (await core.page(filter, [], offset, limit)).records.map((r) => r.id);

describe.each(SEARCH_MODES)('free text on %s', (mode) => {
  let m: ModeDatabase;
  let db: Database;
  let core: SearchCore;

  beforeAll(async () => {
    m = await openModeDatabase(mode);
    db = m.db;
    await publishDocs(db, RECORDS);
    core = createSearchCore(createSearchStore(db));
  }, 600_000);

  afterAll(async () => {
    await m?.close();
  });

  it('the dictionaries are there: both stemmers, unaccent, in the configurations of migration 065', async () => {
    const r = await db.query<{ id: string; en: string; folded: string }>(
      "SELECT to_tsvector('gk_indonesian', 'pemetaan perkebunan kehutanan')::text AS id, to_tsvector('gk_english', 'groundwaters mapping')::text AS en, unaccent('Pétrole Ñandú') AS folded");
    expect(r.rows[0]).toEqual({ id: "'hutan':3 'kebun':2 'peta':1", en: "'groundwat':1 'map':2", folded: 'Petrole Nandu' });
  });

  it('Indonesian word forms meet: pemetaan → peta, perkebunan → kebun, kehutanan → hutan; batimetri is found', async () => {
    expect(await ids(core, q('pemetaan kawasan'))).toEqual(['ft-hutan']);
    expect(await ids(core, q('kebun sawit'))).toEqual(['ft-kebun']);
    expect(await ids(core, q('kehutanan'))).toEqual(['ft-hutan']);
    expect(await ids(core, q('batimetri'))).toEqual(['ft-batimetri']);
  });

  it('English word forms meet, and a query word may be in either language', async () => {
    expect(await ids(core, q('forests'))).toEqual(['ft-hutan']);
    expect(await ids(core, q('plantations'))).toEqual(['ft-kebun']);
    expect(await ids(core, q('air tanah'))).toEqual(['ft-groundwater']);
  });

  it('words, not substrings: "ice" does not find "service", "sea" nothing', async () => {
    expect(await ids(core, q('ice'))).toEqual([]);
    expect(await ids(core, { op: 'and', children: [q('sea'), { op: 'not', child: { op: 'all' } }] })).toEqual([]);
    expect(await ids(core, q('service'))).toEqual(['ft-layanan']);
  });

  it('CSW PropertyIsLike on csw:AnyText keeps its LIKE semantics (a substring)', async () => {
    const like: FilterNode = { op: 'like', property: 'csw:AnyText', pattern: '*ice*', wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: false };
    expect(await ids(core, like)).toEqual(['ft-layanan']);
  });

  it('accents are folded on both sides', async () => {
    expect(await ids(core, q('meteo'))).toEqual(['ft-meteo']);
    expect(await ids(core, q('météo repartition'))).toEqual(['ft-meteo']);
  });

  it('ranks the title above the abstract: groundwater in a title comes before groundwater in an abstract (whose id sorts first)', async () => {
    expect(await ids(core, q('groundwater'))).toEqual(['ft-groundwater', 'ft-aa-landcover']);
    expect(await ids(core, freeTextFilter('groundwater')!)).toEqual(['ft-groundwater', 'ft-aa-landcover']);
  });

  it('ranks a phrase above the same words scattered, and both above words only in an abstract', async () => {
    expect(await ids(core, q('tutupan lahan'))).toEqual(['ft-phrase', 'ft-scattered', 'ft-abstract-only']);
  });

  it('Indonesian function words are not demanded: "peta tutupan lahan di sumatera"', async () => {
    expect(await ids(core, q('tutupan lahan di sumatera'))).toEqual(['ft-phrase', 'ft-scattered']);
  });

  it('commas are alternatives (OGC API – Records): each term ranked, all found', async () => {
    expect((await ids(core, q('batimetri, kehutanan'))).sort()).toEqual(['ft-batimetri', 'ft-hutan']);
  });

  it('paging a ranked result never repeats or skips a record; ties are broken by the identifier', async () => {
    const all = await ids(core, q('rupabumi'));
    expect(all).toHaveLength(23);
    const seen: string[] = [];
    for (let offset = 0; offset < 30; offset += 4) seen.push(...(await ids(core, q('rupabumi'), 4, offset)));
    expect(seen).toEqual(all);
    // the records whose abstract repeats the word rank first; each group in identifier order
    const heavy = RECORDS.filter((r) => r.id.startsWith('ft-rbi-') && Number(r.id.slice(7)) % 3 === 0).map((r) => r.id);
    expect(all.slice(0, heavy.length)).toEqual(heavy);
    expect(all.slice(heavy.length)).toEqual([...all.slice(heavy.length)].sort());
  });

  it('an explicit sort wins over relevance', async () => {
    const page = await core.page(q('rupabumi'), [{ property: 'dc:title', order: 'DESC' }], 0, 3);
    expect(page.records.map((r) => r.title)).toEqual(['Peta Rupabumi Indonesia Lembar 1231', 'Peta Rupabumi Indonesia Lembar 1230', 'Peta Rupabumi Indonesia Lembar 1229']);
  });

  it('a typo finds nothing exactly: the typo-tolerant fallback answers, with a suggestion', async () => {
    const page = await core.page(q('batimteri'), [], 0, 10);
    expect(page.records.map((r) => r.id)).toEqual(['ft-batimetri']);
    expect(page.typoTolerant).toBeDefined();
    expect(page.suggestion).toBe('batimetri');
    const two = await core.page(q('perkebunna sawit'), [], 0, 10);
    expect(two.records.map((r) => r.id)).toEqual(['ft-kebun']);
    expect(two.suggestion).toBe('perkebunan sawit');
  });

  it("a typo search's facets count the fallback's records, with its page statement", async () => {
    const store = createSearchStore(db);
    let apart = 0;
    const watched = createSearchCore({ ...store, facetCounts: (...a: Parameters<typeof store.facetCounts>) => ((apart += 1), store.facetCounts(...a)) });
    const { page, facets } = await watched.pageWithFacets(q('batimteri'), [], 0, 10, 10);
    expect(page.records.map((r) => r.id)).toEqual(['ft-batimetri']);
    expect(facets.keywords).toEqual(expect.arrayContaining([{ value: 'batimetri', count: 1 }, { value: 'bathymetry', count: 1 }]));
    expect(apart).toBe(0);
    // the same counts as asked apart for the typo-tolerant filter
    expect(facets).toEqual(await watched.facets(page.typoTolerant!, 10));
    expect(apart).toBe(1);
  });

  it('the fallback reads the spelling lexicon, which takes the words of records published later (migration 106)', async () => {
    expect((await core.page(q('terumbuu'), [], 0, 10)).records).toEqual([]);
    await publishDocs(db, [{ id: 'ft-terumbu', doc: doc({ title: 'Terumbu Karang Raja Ampat', keywords: kw('coral reef') }) }], 'Organisasi uji leksikon');
    // the write only appended the new words to the pending list; the lexicon is written by the refresh
    const pending = await db.query<{ word: string }>('SELECT word FROM search_lexicon_pending ORDER BY word');
    expect(pending.rows.map((r) => r.word)).toEqual(expect.arrayContaining(['ampat', 'karang', 'terumbu']));
    const page = await core.page(q('terumbuu'), [], 0, 10);
    expect(page.records.map((r) => r.id)).toEqual(['ft-terumbu']);
    expect(page.suggestion).toBe('terumbu');
    expect((await db.query('SELECT 1 FROM search_lexicon_pending')).rows).toEqual([]);
    const known = await db.query<{ word: string }>("SELECT word FROM search_lexicon WHERE word IN ('terumbu', 'karang', 'batimetri') ORDER BY word");
    expect(known.rows.map((r) => r.word)).toEqual(['batimetri', 'karang', 'terumbu']);
  });

  it('a typo takes its nearest spellings only, not every word that shares its beginning (migration 111)', async () => {
    await publishDocs(db, [
      { id: 'ft-toponu', doc: doc({ title: 'Batas Desa Toponu', keywords: kw('batas desa') }) },
      { id: 'ft-toponimi', doc: doc({ title: 'Gasetir Toponimi Pulau', keywords: kw('toponimi') }) },
    ], 'Organisasi uji ejaan terdekat');
    // "toponuu" is as similar (word_similarity ≥ 0.5) to "toponimi" as a word can be to its
    // prefix, but "toponu" is nearer by more than 0.1: only the place is meant
    const page = await core.page(q('toponuu'), [], 0, 10);
    expect(page.records.map((r) => r.id)).toEqual(['ft-toponu']);
    expect(page.suggestion).toBe('toponu');
    const [looked] = await createSearchStore(db).typoQueries(['toponuu']);
    expect(looked).toContain("'toponu'");
    expect(looked).not.toContain('toponim');
  });

  it('a correct query gets no suggestion and no fallback; gibberish gets neither records nor a suggestion', async () => {
    const ok = await core.page(q('batimetri'), [], 0, 10);
    expect(ok.suggestion).toBeUndefined();
    expect(ok.typoTolerant).toBeUndefined();
    const none = await core.page(q('qxzvw'), [], 0, 10);
    expect(none.records).toEqual([]);
    expect(none.suggestion).toBeUndefined();
  });

  it('the workbench list (REST q) finds words, most relevant first', async () => {
    const scope = { publicStatuses: ['PUBLISHED'] as const, organisationId: '00000000-0000-0000-0000-000000000000', orgStatuses: [] as const, reviewerId: null };
    const page = await listRecords(db, scope, { q: 'groundwater', page: 1, pageSize: 10 });
    expect(page.items.map((r) => r.id)).toEqual(['ft-groundwater', 'ft-aa-landcover']);
    expect(page.total).toBe(2);
    expect((await listRecords(db, scope, { q: 'ice', page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('the Format facet counts the format fields, not the names of distributions', async () => {
    const facets = await core.facets(q('jalan sleman'), 10);
    expect(facets.format).toEqual([{ value: 'GeoTIFF', count: 1 }, { value: 'Shapefile', count: 1 }]);
    // dc:format filters read the same column
    expect(await ids(core, { op: 'compare', cmp: 'eq', property: 'dc:format', value: 'RBI25K_SLEMAN', matchCase: false })).toEqual([]);
  });
});
