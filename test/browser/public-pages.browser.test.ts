import path from 'node:path';
import type { Page } from 'playwright-core';
import { openWatchedPage, seriousAxeViolations } from '../helpers/browser';
import { FULL, SERVICE } from '../helpers/sample-records';
import { seedRichRecord } from './support/rich-record-seed';
import { useChromium } from './support/chromium';
import { expectClean } from './support/page-watch';
import { usePublicCatalogue } from './support/public-catalogue';

// The public pages in Debian's Chromium against the real app (server mode: PostgreSQL + Redis):
// the OGC API – Records routes and search core, the pages' renderer, static assets, Leaflet and
// the base map. Screenshots go to docs/screenshots/.
const SHOTS = path.join(__dirname, '../../docs/screenshots');

async function resultTitles(page: Page): Promise<string[]> {
  return page.locator('.result h3 a').allTextContents();
}

async function matchedCount(page: Page): Promise<number> {
  const text = (await page.locator('[data-result-summary]').textContent()) ?? '';
  const m = /dari ([\d.]+) rekaman/.exec(text);
  return m ? Number((m[1] as string).replace(/\./g, '')) : 0;
}

// one Chromium for both describe blocks (server and embedded mode)
const chromium = useChromium();

describe('browser: public pages', () => {
  const app = usePublicCatalogue('server', { CSW_TITLE: 'Katalog Uji Halaman Publik', CSW_ABSTRACT: 'Katalog metadata untuk uji peramban.' });

  it('home: identity, counts and recent publications, nothing from outside the machine, no console errors, axe clean', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      const res = await page.goto(`${app.base}/`);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.locator('h1').textContent()).resolves.toBe('Katalog Uji Halaman Publik');
      await expect(page.locator('.lead').textContent()).resolves.toBe('Katalog metadata untuk uji peramban.');
      await expect(page.locator('.figures dd').first().textContent()).resolves.toBe(String(app.published.length));
      // newest first, eight of them: the last sample published is first, the first one is not listed
      const recent = await page.locator('.recent a').allTextContents();
      expect(recent).toHaveLength(8);
      expect(recent[0]).toBe(app.published[app.published.length - 1]?.title);
      expect(recent).not.toContain(FULL.title);
      expect(recent).not.toContain(app.draftTitle);
      expect(await page.locator('html').getAttribute('lang')).toBe('id');
      await page.screenshot({ path: path.join(SHOTS, 'home.png') });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('a text search from the home page finds the record, and the URL holds the search', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}/`);
      await page.locator('#q-beranda').fill('Rupabumi');
      await Promise.all([page.waitForURL(/\/collections\/metadata\/items\?q=Rupabumi$/), page.keyboard.press('Enter')]);
      expect(await resultTitles(page)).toEqual([FULL.title]);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('dragging a box on the map narrows the result to records whose extent meets it', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${app.base}/collections/metadata/items?limit=50`);
      const before = await matchedCount(page);
      expect(before).toBe(app.published.length);
      const map = page.locator('[data-map-ready]');
      await map.waitFor();
      await page.getByRole('button', { name: 'Gambar kotak' }).click();
      const box = await map.boundingBox();
      if (!box) throw new Error('map not laid out');
      // the map opens centred on Indonesia: a box around the centre
      await page.mouse.move(box.x + box.width * 0.42, box.y + box.height * 0.4);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 });
      await Promise.all([page.waitForURL(/bbox=/), page.mouse.up()]);
      const bbox = new URL(page.url()).searchParams.get('bbox')?.split(',').map(Number) ?? [];
      expect(bbox).toHaveLength(4);
      const [w, s, e, n] = bbox as [number, number, number, number];
      expect(w).toBeLessThan(e);
      expect(s).toBeLessThan(n);
      const titles = await resultTitles(page);
      expect(titles.length).toBeGreaterThan(0);
      expect(await matchedCount(page)).toBeLessThan(before);
      // the national service (95..141, -11..6) meets any box around the centre; the record without extent never does
      expect(titles).toContain(SERVICE.title);
      expect(titles).not.toContain('Statistik Kependudukan Tanpa Cakupan');
      // the drawn box is kept in the four coordinate inputs (the keyboard way to edit it)
      await expect(page.getByLabel('Barat').inputValue()).resolves.toBe(String(w));
      await page.screenshot({ path: path.join(SHOTS, 'search.png') });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('a facet narrows the result and can be removed again', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}/collections/metadata/items`);
      const before = await matchedCount(page);
      const facet = page.locator('.facet', { has: page.getByRole('heading', { name: 'Jenis sumber daya' }) });
      await Promise.all([page.waitForURL(/type=service/), facet.getByRole('link', { name: 'Layanan' }).click()]);
      expect(await resultTitles(page)).toEqual([SERVICE.title]);
      expect(await matchedCount(page)).toBeLessThan(before);
      await Promise.all([page.waitForURL((u) => !u.search.includes('type=')), page.getByRole('link', { name: /Hapus saringan Jenis sumber daya/ }).click()]);
      expect(await matchedCount(page)).toBe(before);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('the record page carries a schema.org Dataset consistent with the record and the page', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}/collections/metadata/items/${FULL.id}`);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as Record<string, any>;
      expect(ld['@type']).toBe('Dataset');
      expect(ld.name).toBe(FULL.title);
      expect(await page.locator('h1').textContent()).toBe(ld.name);
      expect(ld.description).toBe(FULL.abstract);
      expect(ld.identifier).toBe(FULL.id);
      expect(ld.keywords).toEqual(FULL.keywords?.flatMap((k) => k.values));
      expect(ld.spatialCoverage.geo.box).toBe('-6.75 106.5 -6.5 107');
      expect(ld.temporalCoverage).toBe('2019-01-01/2019-12-31');
      expect(ld.distribution.map((d: { contentUrl: string }) => d.contentUrl)).toEqual(FULL.distributions?.map((d) => d.url));
      expect(ld.includedInDataCatalog.name).toBe('Katalog Uji Halaman Publik');
      // every distribution is a link on the page, and the ISO XML links are there
      for (const d of FULL.distributions ?? []) await expect(page.locator(`a[href="${d.url}"]`).count()).resolves.toBe(1);
      await expect(page.getByRole('link', { name: 'ISO 19139 XML' }).getAttribute('href')).resolves.toMatch(/\?f=iso19139$/);
      await page.locator('[data-map-ready]').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'record.png'), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('a record with a rich ISO document (INSPIRE, PT_FreeText): its sections in Indonesian and English are axe clean', async () => {
    // seeded here, after the pages whose counts the seed above fixes
    const id = await seedRichRecord(app.t.db, 'iso19139/geonorge-api__keywords-english.xml');
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}/collections/metadata/items/${encodeURIComponent(id)}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Kualitas data' }).count()).resolves.toBe(1);
      await expect(page.getByRole('table', { name: 'Kesesuaian dengan spesifikasi' }).locator('tbody tr').count()).resolves.toBe(4);
      await page.locator('[data-map-ready]').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'record-rich.png'), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'English' }).click();
      await expect(page.locator('h1').textContent()).resolves.toBe('Administrative units municipalities');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });

  it('keyboard: the skip link is the first stop and moves to the main content', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}/collections/metadata/items`);
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Langsung ke isi utama');
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('isi');
      expectClean(watch);
    } finally {
      await context.close();
    }
  });
});

describe('browser: public pages in embedded mode', () => {
  const app = usePublicCatalogue('embedded');

  it('the home page and a record page load on PGlite with nothing from outside and no console errors', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      await page.goto(`${app.base}/`);
      expect(await page.locator('.recent a').allTextContents()).toContain(SERVICE.title);
      await expect(page.locator('.figures dd').first().textContent()).resolves.toBe(String(app.published.length));
      await page.getByRole('link', { name: SERVICE.title }).click();
      await page.locator('[data-map-ready]').waitFor();
      expect(await page.locator('h1').textContent()).toBe(SERVICE.title);
      expectClean(watch);
    } finally {
      await context.close();
    }
  });
});
