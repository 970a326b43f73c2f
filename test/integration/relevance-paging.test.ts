import request from 'supertest';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { encodeCursor } from '../../libs/oarec/request/page-cursor';
import { createFixtureUser } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 21 point 1 (brief H3): a `q` search without a sort is in relevance order, and its pages
 * continue by key (rank, identifier) — the OGC API – Records `next` links by cursor, CSW by
 * nextRecord (the remembered page boundaries). Walking every page gives exactly the sequence
 * of one big page, with ranks that tie (records with identical text) and in the typo-tolerant
 * fallback's own order; a cursor of another query, or one whose rank is not a number, is the
 * protocol's 400. Through the real app in both modes.
 */
const ITEMS = '/collections/metadata/items';
const CSW = '/metadata/csw';

const kw = (...values: string[]) => [{ type: 'theme', values }];
const doc = (id: string, d: Partial<MetadataDoc> & { title: string }): MetadataDoc => ({ language: 'ind', fileIdentifier: id, ...d }) as MetadataDoc;

/** identical texts (exact rank ties) between records of other ranks; identifiers out of rank order */
const RECORDS: { id: string; doc: MetadataDoc }[] = [
  ...Array.from({ length: 8 }, (_, i) => {
    const id = `rp-kembar-${'hcfadgbe'[i]}`;
    return { id, doc: doc(id, { title: 'Tutupan Lahan Kabupaten', keywords: kw('tutupan lahan'), abstract: 'Peta tutupan lahan skala 1:50.000.' }) };
  }),
  ...['Sumatera', 'Jawa', 'Bali', 'Papua'].map((p, i) => {
    const id = `rp-pulau-${i}`;
    return { id, doc: doc(id, { title: `Peta Tutupan Lahan Pulau ${p} ${2018 + i}`, keywords: kw('penutup lahan', p.toLowerCase()), abstract: `Klasifikasi tutupan dan penggunaan lahan ${p}.` }) };
  }),
  ...Array.from({ length: 5 }, (_, i) => {
    const id = `rp-abstrak-${i}`;
    // the words only in the abstract, three of them with the same text (ties again)
    return { id, doc: doc(id, { title: `Data Spasial Pesisir ${i < 3 ? 'Utara' : `Lembar ${i}`}`, abstract: i < 3 ? 'Berisi tutupan lahan pesisir.' : `Lahan dan tutupan awan lembar ${i}.` }) };
  }),
  { id: 'rp-lain', doc: doc('rp-lain', { title: 'Jaringan Jalan Sleman', abstract: 'Jalan nasional dan provinsi.' }) },
];

interface Fc {
  numberMatched?: number;
  features: { id: string }[];
  links: { rel: string; href: string }[];
  typoTolerant?: boolean;
}

describe.each(['server', 'embedded'] as const)('relevance order pages by key (%s)', (mode) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(mode);
    const org = await createOrganisation(t.db, { name: 'Organisasi halaman relevansi' });
    const owner = await createFixtureUser(t.db, `relevansi-halaman-${mode}`, 'ADMIN', org.id);
    for (const r of RECORDS) {
      const rec = await insertRecord(t.db, { id: r.id, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null, doc: r.doc, publishedAt: '2026-01-01T00:00:00Z' });
      if (!rec) throw new Error(`record ${r.id} exists`);
      // CSW answers with the stored renders
      await upsertRenders(t.db, rec.id, rec.version, await t.deps.renderer.renderAll(rec));
    }
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string): Promise<request.Response> => request(t.app).get(url.replace(t.config.baseUrl, ''));
  const items = async (url: string): Promise<Fc> => {
    const res = await get(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`);
    return JSON.parse(res.text) as Fc;
  };
  const nextOf = (fc: Fc): string | undefined => fc.links.find((l) => l.rel === 'next')?.href;

  /** every page by its `next` link; each next link of a relevance page is a cursor */
  async function byNextLinks(q: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let url: string | undefined = `${ITEMS}?q=${encodeURIComponent(q)}&limit=${limit}`;
    for (let pages = 0; url; pages++) {
      if (pages > 40) throw new Error('paging by next links does not end');
      const fc = await items(url);
      seen.push(...fc.features.map((f) => f.id));
      url = nextOf(fc);
      if (url) expect(new URL(url).searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    return seen;
  }

  /** every page by CSW nextRecord (startPosition = the nextRecord of the page before) */
  async function byNextRecord(q: string, maxRecords: number): Promise<string[]> {
    const seen: string[] = [];
    let start = 1;
    for (let pages = 0; start !== 0; pages++) {
      if (pages > 40) throw new Error('paging by nextRecord does not end');
      const res = await get(`${CSW}?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&elementSetName=brief&q=${encodeURIComponent(q)}&maxRecords=${maxRecords}&startPosition=${start}`);
      expect(res.status).toBe(200);
      const m = /nextRecord="(\d+)"/.exec(res.text);
      if (!m) throw new Error(`no SearchResults: ${res.text.slice(0, 300)}`);
      seen.push(...[...res.text.matchAll(/<dc:identifier>([^<]+)<\/dc:identifier>/g)].map((x) => x[1]!));
      start = Number(m[1]);
    }
    return seen;
  }

  it('walking a q search by next links (cursor) gives exactly the sequence of one big page, ties included', async () => {
    const all = await items(`${ITEMS}?q=${encodeURIComponent('tutupan lahan')}&limit=100`);
    const expected = all.features.map((f) => f.id);
    expect(expected).toHaveLength(RECORDS.length - 1);
    expect(all.numberMatched).toBe(expected.length);
    // relevance, not identifier order: the titles first, the abstract-only records last; the
    // eight identical records tie and come in identifier order among themselves
    expect(expected.slice(-5).sort()).toEqual(RECORDS.filter((r) => r.id.startsWith('rp-abstrak-')).map((r) => r.id));
    const twins = expected.filter((id) => id.startsWith('rp-kembar-'));
    expect(twins).toEqual([...twins].sort());
    expect(expected).not.toEqual([...expected].sort());
    for (const limit of [1, 2, 3, 5]) expect({ limit, ids: await byNextLinks('tutupan lahan', limit) }).toEqual({ limit, ids: expected });
  });

  it('CSW pages by nextRecord in relevance order: the same sequence as one big page', async () => {
    const expected = await byNextRecord('tutupan lahan', 100);
    expect(expected).toEqual((await items(`${ITEMS}?q=${encodeURIComponent('tutupan lahan')}&limit=100`)).features.map((f) => f.id));
    for (const max of [2, 3]) expect({ max, ids: await byNextRecord('tutupan lahan', max) }).toEqual({ max, ids: expected });
  });

  it('the typo-tolerant fallback pages by its own key the same way', async () => {
    const big = await items(`${ITEMS}?q=${encodeURIComponent('tutupn lahn')}&limit=100`);
    expect(big.typoTolerant).toBe(true);
    const expected = big.features.map((f) => f.id);
    expect(expected.length).toBeGreaterThanOrEqual(8);
    for (const limit of [2, 3]) expect({ limit, ids: await byNextLinks('tutupn lahn', limit) }).toEqual({ limit, ids: expected });
  });

  it('a cursor of another query, or with a rank that is not a number, is a 400 naming cursor', async () => {
    const first = await items(`${ITEMS}?q=${encodeURIComponent('tutupan lahan')}&limit=3`);
    const cursor = new URL(nextOf(first)!).searchParams.get('cursor')!;
    const forged = encodeCursor({ q: 'tutupan lahan' }, 3, ['bukan-angka', 'rp-kembar-a']);
    for (const qs of [`q=lahan&limit=3&cursor=${cursor}`, `q=${encodeURIComponent('tutupan lahan')}&limit=3&sortby=title&cursor=${cursor}`, `q=${encodeURIComponent('tutupan lahan')}&limit=3&cursor=${forged}`]) {
      const res = await get(`${ITEMS}?${qs}`);
      expect({ qs, status: res.status }).toEqual({ qs, status: 400 });
      expect((JSON.parse(res.text) as { description: string }).description).toContain('"cursor"');
    }
  });
});
