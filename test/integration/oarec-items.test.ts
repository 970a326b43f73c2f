import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { schemaErrors, seedOarecCatalogue } from '../helpers/oarec-support';

/**
 * OGC API – Records items over the golden data set (CSW suites cite + apiso, sample records):
 * the standard's query parameters, paging, sorting, CQL2 text and JSON, schema validity of
 * every record, and the same set and identifiers as CSW.
 */
let t: TestApp;
let ids: string[];
const ITEMS = '/collections/metadata/items';

interface Fc {
  type: string;
  numberMatched: number;
  numberReturned: number;
  features: { id: string; geometry: { type: string; coordinates: number[][][] | number[][][][] } | null; properties: Record<string, unknown>; links: { rel: string; href: string; type?: string }[] }[];
  links: { rel: string; href: string }[];
}

const get = async (url: string, status = 200) => {
  const res = await request(t.app).get(url);
  if (res.status !== status) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
};
const items = async (qs: string): Promise<Fc> => JSON.parse((await get(`${ITEMS}?${qs}`)).text) as Fc;
const idsOf = (fc: Fc): string[] => fc.features.map((f) => f.id);

beforeAll(async () => {
  t = await startTestApp('server');
  ids = await seedOarecCatalogue(t);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('items', () => {
  it('serves every PUBLISHED record, 10 per page by default, with exact counts and valid GeoJSON', async () => {
    const fc = await items('');
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.numberMatched).toBe(ids.length);
    expect(fc.numberReturned).toBe(10);
    expect(schemaErrors('recordCollectionGeoJSON', fc)).toEqual([]);
    const all = await items('limit=1000');
    expect(idsOf(all).sort()).toEqual(ids);
    for (const f of all.features) expect([f.id, schemaErrors('recordGeoJSON', f)]).toEqual([f.id, []]);
  });

  it('pages with limit and 0-based offset to the end, with next and prev links', async () => {
    const seen: string[] = [];
    let url: string | undefined = `${ITEMS}?limit=7&offset=0`;
    let pages = 0;
    while (url) {
      const fc = JSON.parse((await get(url.replace(t.config.baseUrl, ''))).text) as Fc;
      seen.push(...idsOf(fc));
      expect(fc.numberReturned).toBe(fc.features.length);
      if (pages > 0) expect(fc.links.some((l) => l.rel === 'prev')).toBe(true);
      url = fc.links.find((l) => l.rel === 'next')?.href;
      pages += 1;
      if (pages > 50) throw new Error('paging does not end');
    }
    expect(seen).toEqual([...ids].sort());
    expect(pages).toBe(Math.ceil(ids.length / 7));
  });

  it('next links continue by an opaque cursor: the same sequence as offset paging, also sorted with ties', async () => {
    for (const sortby of ['', '&sortby=-updated,title', '&sortby=type']) {
      const byOffset: string[] = [];
      for (let offset = 0; ; offset += 4) {
        const fc = await items(`limit=4&offset=${offset}${sortby}`);
        byOffset.push(...idsOf(fc));
        if (fc.features.length < 4) break;
      }
      const byCursor: string[] = [];
      let url: string | undefined = `${ITEMS}?limit=4${sortby}`;
      let cursors = 0;
      while (url) {
        const fc = JSON.parse((await get(url.replace(t.config.baseUrl, ''))).text) as Fc;
        byCursor.push(...idsOf(fc));
        url = fc.links.find((l) => l.rel === 'next')?.href;
        if (url) {
          const next = new URL(url);
          expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(next.searchParams.has('offset')).toBe(false);
          cursors += 1;
        }
        if (byCursor.length > ids.length + 4) throw new Error('cursor paging does not end');
      }
      expect(cursors).toBe(Math.ceil(ids.length / 4) - 1);
      expect(byCursor).toEqual(byOffset);
    }
  });

  it('bounds offset (a clear 400 past the maximum) and refuses a cursor that is not this query\'s', async () => {
    const deep = JSON.parse((await get(`${ITEMS}?offset=10001`, 400)).text) as { description: string };
    expect(deep.description).toContain('"offset"');
    expect(deep.description).toMatch(/cursor/);
    await get(`${ITEMS}?offset=10000`, 200);
    const first = await items('limit=3&sortby=title');
    const next = new URL(first.links.find((l) => l.rel === 'next')!.href);
    const cursor = next.searchParams.get('cursor')!;
    // the same cursor on another query, mangled, or with offset: named in a 400
    for (const qs of [`limit=3&sortby=-title&cursor=${cursor}`, `limit=3&sortby=title&cursor=${cursor}x!`, 'cursor=e30', `sortby=title&cursor=${cursor}&offset=3`]) {
      const body = JSON.parse((await get(`${ITEMS}?${qs}`, 400)).text) as { code: string; description: string };
      expect(schemaErrors('exception', body)).toEqual([]);
      expect(body.description).toContain('"cursor"');
    }
    // the cursor itself works with any limit
    expect(idsOf(await items(`limit=2&sortby=title&cursor=${cursor}`))).toEqual(idsOf(await items('limit=2&offset=3&sortby=title')));
  });

  it('clamps a limit above 1000 and refuses bad limits and offsets naming the parameter', async () => {
    expect((await items('limit=5000')).numberReturned).toBe(ids.length);
    for (const [qs, param] of [['limit=0', 'limit'], ['limit=abc', 'limit'], ['offset=-1', 'offset'], ['bbox=1,2,3', 'bbox'], ['sortby=nothing', 'sortby'], ['foo=1', 'foo']]) {
      const res = await get(`${ITEMS}?${qs}`, 400);
      const body = JSON.parse(res.text) as { code: string; description: string };
      expect(schemaErrors('exception', body)).toEqual([]);
      expect(body.description).toContain(`"${param}"`);
    }
  });

  it('q: one term, comma alternatives, and whitespace-separated words in any order (issue 21: words, ranked)', async () => {
    const lorem = await items('q=lorem&limit=100');
    expect(lorem.numberMatched).toBeGreaterThanOrEqual(5);
    const either = await items('q=lorem,rupabumi&limit=100');
    const rupabumi = await items('q=rupabumi&limit=100');
    expect(either.numberMatched).toBe(lorem.numberMatched + rupabumi.numberMatched);
    // both words must occur (as words, so also as substrings of the stored free text), in any order
    const rows = new Map((await t.db.query<{ id: string; anytext: string }>(`SELECT id, anytext FROM records WHERE status = 'PUBLISHED'`)).rows.map((r) => [r.id, r.anytext]));
    for (const [a, b] of [['lembar', 'bogor'], ['lorem', 'ipsum']] as const) {
      const ab = idsOf(await items(`q=${encodeURIComponent(`${a.toUpperCase()}  ${b}`)}&limit=100`)).sort();
      const ba = idsOf(await items(`q=${encodeURIComponent(`${b} ${a}`)}&limit=100`)).sort();
      expect([a, b, ab]).toEqual([a, b, ba]);
      expect(ab.length).toBeGreaterThan(0);
      for (const id of ab) expect([id, rows.get(id)?.includes(a), rows.get(id)?.includes(b)]).toEqual([id, true, true]);
    }
    expect(idsOf(await items('q=lembar%20bogor'))).toEqual(['rec-full']);
  });

  it('q with a typo: the typo-tolerant records, "typoTolerant" and a "suggestion" in JSON, "Maksud Anda" on the HTML page', async () => {
    const fc = (await items('q=lembar%20bogr')) as Fc & { typoTolerant?: boolean; suggestion?: string };
    expect(fc.typoTolerant).toBe(true);
    expect(fc.suggestion).toBe('lembar bogor');
    expect(idsOf(fc)).toContain('rec-full');
    expect(schemaErrors('recordCollectionGeoJSON', fc)).toEqual([]);
    const page = (await get(`${ITEMS}?q=lembar%20bogr&f=html`)).text;
    expect(page).toMatch(/Maksud Anda: <a href="[^"]*q=lembar(\+|%20)bogor[^"]*">lembar bogor<\/a>/);
    const exact = (await items('q=lembar%20bogor')) as Fc & { typoTolerant?: boolean; suggestion?: string };
    expect([exact.typoTolerant, exact.suggestion]).toEqual([undefined, undefined]);
  });

  it('bbox intersects the record extent, also across the antimeridian', async () => {
    const across = await items('bbox=175,-15,-175,-12&limit=100');
    expect(idsOf(across)).toContain('rec-antimeridian');
    const world = await items('bbox=-180,-90,180,90&limit=1000');
    expect(idsOf(world)).not.toContain('rec-no-extent');
    const f = across.features.find((x) => x.id === 'rec-antimeridian')!;
    expect(f.geometry?.type).toBe('MultiPolygon');
  });

  it('sortby title and -updated, identifier last', async () => {
    const byTitle = await items('sortby=title&limit=1000');
    const titles = byTitle.features.map((f) => String(f.properties.title)).filter((x) => x !== '');
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byUpdated = await items('sortby=-updated&limit=1000');
    const updated = byUpdated.features.map((f) => String(f.properties.updated));
    expect(updated).toEqual([...updated].sort().reverse());
  });

  it('CQL2 text and JSON compile to the same answer', async () => {
    const text = await items(`filter=${encodeURIComponent("title LIKE 'Lorem%' OR S_INTERSECTS(geometry, BBOX(175,-15,-175,-12))")}&limit=100`);
    const json = await items(`filter-lang=cql2-json&filter=${encodeURIComponent(JSON.stringify({
      op: 'or', args: [{ op: 'like', args: [{ property: 'title' }, 'Lorem%'] }, { op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [175, -15, -175, -12] }] }],
    }))}&limit=100`);
    expect(idsOf(text)).toEqual(idsOf(json));
    const titles = text.features.map((f) => f.properties.title);
    expect(titles).toEqual(expect.arrayContaining(['Lorem ipsum', 'Lorem ipsum dolor sit amet', 'Batimetri Pasifik melintasi antimeridian']));
    expect(text.numberMatched).toBe(3);
  });

  it('a CQL2 syntax error is a 400 naming the filter and the position', async () => {
    const res = await get(`${ITEMS}?filter=${encodeURIComponent("title = 'a' AND (")}`, 400);
    expect(res.text).toContain('filter');
    expect(res.text).toMatch(/posisi 18/);
  });
});
