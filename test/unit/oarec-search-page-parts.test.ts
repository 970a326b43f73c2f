import { canonicalDateQuery, datetimeRange, publicationFilter, publicationRange } from '../../libs/oarec/html/search-date-fields';
import { pageNumbers, pager } from '../../libs/oarec/html/search-pager';
import { asksForHtml, negotiateFormat, prefersCatalogMedia } from '../../libs/oarec/request/oarec-request';
import { OarecError } from '../../libs/oarec/oarec-error';
import { searchPage } from '../../libs/oarec/html/search.page';
import type { OarecRecord } from '../../libs/oarec/html/record-feature.types';

describe('search page date fields → Records parameters', () => {
  it('nothing to do without the form fields', () => {
    expect(canonicalDateQuery({ q: 'peta', datetime: '2020-01-01/..' })).toBeUndefined();
  });

  it('temporal extent → datetime with open ends, publication → a publicationDate CQL2 filter; paging restarts', () => {
    expect(canonicalDateQuery({ q: 'peta', offset: '20', 'waktu-dari': '2019-01-01', 'waktu-sampai': '', 'terbit-dari': '', 'terbit-sampai': '2021-12-31' }))
      .toEqual({ q: 'peta', datetime: '2019-01-01/..', filter: "publicationDate <= DATE('2021-12-31')" });
    expect(canonicalDateQuery({ 'waktu-dari': '', 'waktu-sampai': '2020-06-30' })).toEqual({ datetime: '../2020-06-30' });
  });

  it('empty inputs remove the dates the page showed in them; another filter is kept and ANDed', () => {
    const own = publicationFilter({ from: '2020-01-01', to: '2020-12-31' })!;
    expect(canonicalDateQuery({ datetime: '2019-01-01/..', filter: own, 'waktu-dari': '', 'terbit-dari': '' })).toEqual({});
    expect(canonicalDateQuery({ filter: "type = 'service'", 'terbit-dari': '2020-01-01' }))
      .toEqual({ filter: "(type = 'service') AND publicationDate >= DATE('2020-01-01')" });
  });

  it('a date that is not YYYY-MM-DD is a 400 naming the field (no CQL2 text can be smuggled in)', () => {
    expect(() => canonicalDateQuery({ 'terbit-dari': "2020-01-01') OR (1=1" })).toThrow(OarecError);
    expect(() => canonicalDateQuery({ 'waktu-sampai': 'besok' })).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining('"waktu-sampai"') }));
  });

  it('reads back what it wrote, and only that', () => {
    expect(publicationRange(publicationFilter({ from: '2020-01-01', to: '2020-12-31' }))).toEqual({ from: '2020-01-01', to: '2020-12-31' });
    expect(publicationRange(publicationFilter({ to: '2020-12-31' }))).toEqual({ to: '2020-12-31' });
    expect(publicationRange("title LIKE '%a%'")).toBeUndefined();
    expect(datetimeRange('2020-05-01')).toEqual({ from: '2020-05-01', to: '2020-05-01' });
    expect(datetimeRange('../2020-05-01T10:00:00Z')).toEqual({ from: undefined, to: '2020-05-01' });
  });
});

describe('page numbers', () => {
  it('first, last, two either side, gaps as 0 (a one-page gap shown as its number)', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 0, 10]);
    expect(pageNumbers(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, 0, 8, 9, 10]);
  });

  it('never links past the largest offset the service accepts', () => {
    const nav = pager({ limit: '10' }, 50_000_000, 10).value;
    const offsets = [...nav.matchAll(/offset=(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...offsets)).toBeLessThanOrEqual(1_000_000);
  });
});

describe('negotiation', () => {
  it('the catalogue media type only when the client prefers it', () => {
    expect(prefersCatalogMedia(undefined, 'application/ogc-catalog+json')).toBe(true);
    expect(prefersCatalogMedia(undefined, 'application/json, application/ogc-catalog+json;q=0.5')).toBe(false);
    expect(prefersCatalogMedia('json', 'application/ogc-catalog+json')).toBe(false);
    expect(negotiateFormat(undefined, 'application/ogc-catalog+json', ['json', 'html'], ['application/ogc-catalog+json'])).toBe('json');
  });

  it('asks for HTML: f=html, or a browser Accept without f', () => {
    expect(asksForHtml('html', 'application/json')).toBe(true);
    expect(asksForHtml(undefined, 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(asksForHtml(undefined, 'application/json')).toBe(false);
    expect(asksForHtml('json', 'text/html')).toBe(false);
    expect(asksForHtml(['html', 'json'], 'text/html')).toBe(false);
    expect(asksForHtml(undefined, 'image/png')).toBe(false);
  });
});

describe('search page results', () => {
  const BASE = 'https://katalog.contoh.id';
  const rec = (id: string, preview: string | undefined, geometry: OarecRecord['geometry']): OarecRecord => ({
    id, type: 'Feature', geometry, properties: { title: `Judul ${id}` },
    links: preview ? [{ rel: 'preview', href: preview }] : [],
  });
  const box = { type: 'Polygon', coordinates: [[[106, -7], [107, -7], [107, -6], [106, -6], [106, -7]]] } as unknown as OarecRecord['geometry'];
  const page = searchPage({
    type: 'FeatureCollection', numberMatched: 3, numberReturned: 3,
    features: [rec('a', `${BASE}/api/metadata/a/thumbnail`, box), rec('b', 'https://lain.contoh.id/b.png', box), rec('c', undefined, null)],
  }, undefined, { baseUrl: BASE, query: {} }, { catalogueName: 'Uji', baseUrl: BASE });

  it('shows own thumbnails root-relative and sized, never another host\'s', () => {
    expect(page).toContain('<img class="thumb-small" src="/api/metadata/a/thumbnail" alt="" width="96" height="72" loading="lazy" decoding="async">');
    expect(page).not.toContain('lain.contoh.id');
    expect(page.match(/<img /g)).toHaveLength(1);
  });

  it('carries the footprints of results with an extent in a JSON data block the map names', () => {
    const block = /<script type="application\/json" id="jejak-hasil">([^<]*)<\/script>/.exec(page)?.[1];
    const list = JSON.parse(block ?? 'null') as { i: number; id: string }[];
    expect(list.map((f) => [f.i, f.id])).toEqual([[0, 'a'], [1, 'b']]);
    expect(page).toContain('data-footprints="jejak-hasil"');
    expect(page).toContain('data-footprint="0"');
    expect(page).not.toContain('data-footprint="2"');
    expect(page).toContain('3 rekaman ditemukan');
  });
});

describe('search page counts', () => {
  // the counts share one formatter (labels.ts): every place must still group digits the Indonesian way
  const page = searchPage({
    type: 'FeatureCollection', numberMatched: 47519, numberReturned: 1, rankWindow: 10000,
    features: [{ id: 'a', type: 'Feature', geometry: null, properties: { title: 'A' }, links: [] } as unknown as OarecRecord],
  }, { type: [{ value: 'dataset', count: 1234 }, { value: 'service', count: 25000, approximate: true }] }, { baseUrl: 'http://k.test', query: { q: 'peta' } }, { catalogueName: 'Uji' });

  it('summary, rank window, facets and pager group thousands with dots', () => {
    expect(page).toContain('47.519 rekaman ditemukan. Menampilkan 1–1 dari 47.519 rekaman.');
    expect(page).toContain('hanya 10.000 hasil pertama');
    expect(page).toContain('<span class="count" aria-label="1.234 rekaman">1.234</span>');
    expect(page).toContain('sekitar 25.000');
    expect(page).toContain('Halaman 1 dari 1.001');
  });
});
