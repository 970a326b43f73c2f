import type { MetadataRecord, RecordStatus } from '../../libs/catalogue/record.types';
import { completeDoc, seedRecord } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/* GET /api/metadata: paging, order, status filter, free text, query validation, visibility. */

const ctx = useSeededApp();

interface Page { items: MetadataRecord[]; page: number; pageSize: number; total: number }

beforeAll(async () => {
  const owner = ctx.w.a.produsen.user;
  // 25 published records of A with distinct, known update times (minutes apart, oldest first)
  for (let i = 1; i <= 25; i += 1) {
    const id = `pub-${String(i).padStart(2, '0')}`;
    await seedRecord(ctx.t.db, { owner, status: 'PUBLISHED', id, doc: completeDoc({ title: `Peta Tematik ${i}` }) });
    await ctx.t.db.query("UPDATE records SET updated_at = '2024-01-01T00:00:00Z'::timestamptz + make_interval(mins => $2) WHERE id = $1", [id, i]);
  }
  // two records with the same update time: ordered by id
  for (const id of ['tie-b', 'tie-a']) {
    await seedRecord(ctx.t.db, { owner, status: 'PUBLISHED', id, doc: completeDoc({ title: 'Seri Kembar' }) });
    await ctx.t.db.query("UPDATE records SET updated_at = '2023-06-01T00:00:00Z' WHERE id = $1", [id]);
  }
  const docs: [string, RecordStatus, object][] = [
    ['draft-a', 'DRAFT', completeDoc({ title: 'Draf Jaringan Irigasi', abstract: 'Saluran primer dan sekunder' })],
    ['review-a', 'REVIEW', completeDoc({ title: 'Curah Hujan Bulanan', keywords: [{ type: 'theme', values: ['klimatologi'] }] })],
    ['persen', 'PUBLISHED', completeDoc({ title: 'Realisasi 100% Sertifikasi', abstract: 'kode_wilayah lengkap' })],
    ['biasa', 'PUBLISHED', completeDoc({ title: 'Realisasi 1000 Sertifikasi', abstract: 'kodeXwilayah lengkap' })],
  ];
  for (const [id, status, doc] of docs) await seedRecord(ctx.t.db, { owner, status, id, doc: doc as MetadataRecord });
  await seedRecord(ctx.t.db, { owner: ctx.w.b.produsen.user, status: 'DRAFT', id: 'draft-b', doc: completeDoc({ title: 'Draf Organisasi B Irigasi' }) });
});

const list = async (query: string, agent = ctx.w.a.produsen.agent): Promise<Page> => {
  const res = await agent.get(`/api/metadata${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Page;
};
const ids = (p: Page): string[] => p.items.map((i) => i.id);

describe('paging and order', () => {
  it('defaults to page 1 of 20, newest update first', async () => {
    const p = await list('?status=PUBLISHED');
    expect(p).toMatchObject({ page: 1, pageSize: 20, total: 29 });
    expect(p.items).toHaveLength(20);
    const times = p.items.map((i) => Date.parse(i.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('walks the pages without gaps or repeats, ties broken by id', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 8; page += 1) seen.push(...ids(await list(`?status=PUBLISHED&pageSize=4&page=${page}`)));
    expect(seen).toHaveLength(29);
    expect(new Set(seen).size).toBe(29);
    const older = seen.filter((id) => id.startsWith('pub-') || id.startsWith('tie-'));
    expect(older).toEqual([...Array.from({ length: 25 }, (_, i) => `pub-${String(25 - i).padStart(2, '0')}`), 'tie-a', 'tie-b']);
  });

  it('answers an empty page past the end with the total', async () => {
    expect(await list('?status=PUBLISHED&page=99')).toMatchObject({ items: [], page: 99, total: 29 });
  });

  it('accepts pageSize 100 and filters by status', async () => {
    const p = await list('?pageSize=100&status=REVIEW');
    expect(ids(p)).toEqual(['review-a']);
  });
});

describe('free text (q)', () => {
  it('finds words of the title, abstract and keywords, case-insensitively', async () => {
    expect(ids(await list('?q=IRIGASI'))).toEqual(['draft-a']);
    expect(ids(await list('?q=saluran%20primer'))).toEqual(['draft-a']);
    expect(ids(await list('?q=klimatologi'))).toEqual(['review-a']);
    expect(ids(await list('?q=hujan%20klimatologi'))).toEqual(['review-a']);
    expect((await list('?q=hujan%20irigasi')).total).toBe(0);
  });

  it('takes LIKE metacharacters literally; a query without a word finds nothing (issue 21: words, not substrings)', async () => {
    expect(ids(await list(`?q=${encodeURIComponent('100%')}`))).toEqual(['persen']);
    expect(ids(await list('?q=kode_wilayah'))).toEqual(['persen']);
    const none = await list(`?q=${encodeURIComponent('%')}`);
    expect([ids(none), none.total]).toEqual([[], 0]);
  });

  it('combines with paging and counts only matches', async () => {
    const p = await list('?q=tematik&pageSize=10&page=3');
    expect(p.total).toBe(25);
    expect(p.items).toHaveLength(5);
  });
});

describe('visibility in lists', () => {
  it('shows another organisation only published records', async () => {
    const p = await list('?pageSize=100', ctx.w.b.produsen.agent);
    expect(p.items.every((i) => i.status === 'PUBLISHED' || i.organisationId === ctx.w.b.org.id)).toBe(true);
    expect(ids(p)).toContain('draft-b');
    expect(ids(p)).not.toContain('draft-a');
    expect(ids(await list('?q=irigasi', ctx.w.b.produsen.agent))).toEqual(['draft-b']);
  });

  it('hides producers\' drafts from the QCQE of the same organisation', async () => {
    expect(ids(await list('?status=DRAFT', ctx.w.a.qcqe.agent))).toEqual([]);
    expect(ids(await list('?status=REVIEW', ctx.w.a.qcqe.agent))).toEqual(['review-a']);
  });

  it('needs a login', async () => {
    expect((await ctx.w.anonymous.get('/api/metadata')).status).toBe(401);
  });
});

describe('query validation', () => {
  it.each([
    '?pageSize=101', '?pageSize=0', '?pageSize=-1', '?page=0', '?page=abc', '?page=1.5', '?status=draft', '?status=SELESAI',
    '?page=1&page=2', `?q=${'x'.repeat(201)}`,
  ])('%s → 400 problem', async (query) => {
    const res = await ctx.w.a.produsen.agent.get(`/api/metadata${query}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
