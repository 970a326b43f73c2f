import type { Page } from 'playwright-core';
import { openWatchedPage, seriousAxeViolations } from '../helpers/browser';
import { FULL } from '../helpers/sample-records';
import { useChromium } from './support/chromium';
import { expectClean } from './support/page-watch';
import { usePublicCatalogue } from './support/public-catalogue';

// Issue 21 point 5 in Debian's Chromium against the real app (server mode): footprints that
// follow hover both ways, the date filter, page numbers, HTML error pages, the first load's
// transfer size, axe.
const ITEMS = '/collections/metadata/items';

const titles = (page: Page) => page.locator('.result h3 a').allTextContents();

async function matchedCount(page: Page): Promise<number> {
  const text = (await page.locator('[data-result-summary]').textContent()) ?? '';
  const m = /^([\d.]+) rekaman ditemukan/.exec(text);
  return m ? Number((m[1] as string).replace(/\./g, '')) : 0;
}

const chromium = useChromium();

describe('browser: the search page', () => {
  const app = usePublicCatalogue('server');

  it('draws the footprints of the results, and hovering lights the result and its footprint both ways; axe clean', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${app.base}${ITEMS}?limit=50`);
      await page.locator('[data-map-ready]').waitFor();
      const withExtent = page.locator('li[data-footprint]');
      const n = await withExtent.count();
      expect(n).toBeGreaterThan(3);
      expect(n).toBeLessThan(app.published.length); // the record without extent has no footprint
      // one SVG path (or more, for a multipolygon) per result with an extent
      await page.waitForFunction((want) => new Set([...document.querySelectorAll('path.footprint')].map((p) => p.getAttribute('data-footprint-of'))).size === want, n, { timeout: 30_000 });
      // list → map
      const full = page.locator('li.result', { has: page.getByRole('link', { name: FULL.title, exact: true }) });
      const i = await full.getAttribute('data-footprint');
      await full.hover();
      await expect(full.getAttribute('class')).resolves.toContain('is-lit');
      await expect(page.locator(`path[data-footprint-of="${i}"]`).first().getAttribute('class')).resolves.toContain('footprint-lit');
      await page.mouse.move(5, 5);
      await expect(page.locator(`path[data-footprint-of="${i}"]`).first().getAttribute('class')).resolves.not.toContain('footprint-lit');
      // keyboard: focusing the result's link lights it too
      await full.getByRole('link', { name: FULL.title, exact: true }).focus();
      await expect(page.locator(`path[data-footprint-of="${i}"]`).first().getAttribute('class')).resolves.toContain('footprint-lit');
      await page.locator('#q').focus();
      // map → list: a footprint under the pointer lights its result
      const other = await withExtent.nth(0).getAttribute('data-footprint');
      await page.locator(`path[data-footprint-of="${other}"]`).first().dispatchEvent('mouseover');
      await expect(withExtent.nth(0).getAttribute('class')).resolves.toContain('is-lit');
      await page.locator(`path[data-footprint-of="${other}"]`).first().dispatchEvent('mouseout');
      await expect(withExtent.nth(0).getAttribute('class')).resolves.not.toContain('is-lit');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('the date filter narrows the results: publication date and temporal extent, written as standard parameters', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}${ITEMS}?limit=50`);
      const before = await matchedCount(page);
      expect(before).toBe(app.published.length);
      // FULL was published 2020-01-15
      await page.getByRole('group', { name: 'Tanggal publikasi' }).getByLabel('Dari').fill('2020-01-01');
      await page.getByRole('group', { name: 'Tanggal publikasi' }).getByLabel('Sampai').fill('2020-01-31');
      await Promise.all([page.waitForURL(/filter=/), page.getByRole('button', { name: 'Terapkan tanggal' }).click()]);
      const url = new URL(page.url());
      expect(url.searchParams.get('filter')).toBe("publicationDate >= DATE('2020-01-01') AND publicationDate <= DATE('2020-01-31')");
      expect(url.searchParams.get('terbit-dari')).toBeNull();
      const byPublication = await matchedCount(page);
      expect(byPublication).toBeGreaterThan(0);
      expect(byPublication).toBeLessThan(before);
      expect(await titles(page)).toContain(FULL.title);
      // the inputs show the filter back
      await expect(page.getByRole('group', { name: 'Tanggal publikasi' }).getByLabel('Dari').inputValue()).resolves.toBe('2020-01-01');
      // temporal extent: FULL covers 2019 only, so a 2021 start leaves it out
      await page.getByRole('group', { name: 'Cakupan waktu data' }).getByLabel('Dari').fill('2021-01-01');
      await page.getByRole('group', { name: 'Tanggal publikasi' }).getByLabel('Dari').fill('');
      await page.getByRole('group', { name: 'Tanggal publikasi' }).getByLabel('Sampai').fill('');
      await Promise.all([page.waitForURL(/datetime=/), page.getByRole('button', { name: 'Terapkan tanggal' }).click()]);
      const url2 = new URL(page.url());
      expect(url2.searchParams.get('datetime')).toBe('2021-01-01/..');
      expect(url2.searchParams.get('filter')).toBeNull();
      const byTime = await matchedCount(page);
      expect(byTime).toBeLessThan(before);
      expect(await titles(page)).not.toContain(FULL.title);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('page numbers move through the results; the current page is marked', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}${ITEMS}?limit=2&sortby=title`);
      const pages = Math.ceil(app.published.length / 2);
      const nav = page.getByRole('navigation', { name: 'Halaman hasil' });
      await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe('1');
      const first = await titles(page);
      await Promise.all([page.waitForURL(/offset=2/), nav.getByRole('link', { name: 'Halaman 2', exact: true }).click()]);
      await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe('2');
      const second = await titles(page);
      expect(second).toHaveLength(2);
      expect(second.some((x) => first.includes(x))).toBe(false);
      await Promise.all([page.waitForURL(new RegExp(`offset=${(pages - 1) * 2}`)), nav.getByRole('link', { name: `Halaman ${pages}`, exact: true }).click()]);
      await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe(String(pages));
      await expect(nav.getByRole('link', { name: /Berikutnya/ }).count()).resolves.toBe(0);
      await Promise.all([page.waitForURL((u) => !u.search.includes('offset=')), nav.getByRole('link', { name: 'Halaman 1', exact: true }).click()]);
      expect(await titles(page)).toEqual(first);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('a bad parameter is a 400 page that says what to fix; an unknown record a 404 page with a way back; both axe clean', async () => {
    const { context, page } = await openWatchedPage(chromium.browser);
    try {
      const bad = await page.goto(`${app.base}${ITEMS}?q=peta&bbox=200,0,210`);
      expect(bad?.status()).toBe(400);
      expect(bad?.headers()['content-type']).toBe('text/html; charset=utf-8');
      await expect(page.locator('h1').textContent()).resolves.toBe('Permintaan perlu diperbaiki');
      await expect(page.locator('.error-help').textContent()).resolves.toContain('barat,selatan,timur,utara');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await Promise.all([page.waitForURL(/\?q=peta$/), page.getByRole('link', { name: /tanpa parameter bbox/ }).click()]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Cari metadata');
      const missing = await page.goto(`${app.base}${ITEMS}/tidak-ada-rekaman`);
      expect(missing?.status()).toBe(404);
      await expect(page.locator('h1').textContent()).resolves.toBe('Rekaman tidak ditemukan');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await Promise.all([page.waitForURL(new RegExp(`${ITEMS}$`)), page.getByRole('link', { name: 'Ke halaman pencarian metadata' }).click()]);
      const lost = await page.goto(`${app.base}/tidak/ada/di/sini`);
      expect(lost?.status()).toBe(404);
      await expect(page.locator('h1').textContent()).resolves.toBe('Halaman tidak ditemukan');
    } finally {
      await context.close();
    }
  });

  it('the first load of the search page transfers under 400 KB (every response body as served, gzip where it is)', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      const responses: Promise<{ url: string; bytes: number; encoding?: string }>[] = [];
      page.on('requestfinished', (req) => {
        responses.push((async () => {
          const sizes = await req.sizes();
          const res = await req.response();
          return { url: req.url(), bytes: sizes.responseBodySize, encoding: res?.headers()['content-encoding'] };
        })());
      });
      await page.goto(`${app.base}${ITEMS}`);
      await page.locator('[data-map-ready]').waitFor();
      await page.locator('path.footprint').first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const all = await Promise.all(responses);
      const total = all.reduce((n, r) => n + r.bytes, 0);
      // what was loaded: the page, our CSS and script, Leaflet's CSS and script, the base map
      expect(all.some((r) => r.url.endsWith('/vendor/leaflet/leaflet.js') && r.encoding === 'gzip')).toBe(true);
      expect(all.some((r) => r.url.endsWith('/world.geojson') && r.encoding === 'gzip')).toBe(true);
      expect(all.every((r) => r.bytes > 0)).toBe(true);
      console.log(`search page first load: ${all.length} responses, ${total} bytes`, all.map((r) => `${new URL(r.url).pathname.split('/').pop()}=${r.bytes}`).join(' '));
      expect(total).toBeLessThan(400 * 1024);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });
});
