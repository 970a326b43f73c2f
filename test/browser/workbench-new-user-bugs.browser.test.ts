import type { Page } from 'playwright-core';
import { completeDoc, minimalDoc, seedRecord } from '../helpers/fixtures';
import { pngHeader } from '../helpers/image-headers';
import { insertRecord } from '../../libs/db/record.repository';
import { isoRecord } from '../helpers/broken-csw-server';
import { expectAccessible, loginAs, useServedWorkbench } from './workbench-support';
import { useChromium } from './support/chromium';

// Issue 20 §4: what broke for a new user, each clicked through in Chromium (server mode).

const chromium = useChromium();

describe('workbench: the bugs a new user hit (issue 20)', () => {
  const s = useServedWorkbench('server');

  const recordUrl = (id: string): string => `${s.base}/app/records/${encodeURIComponent(id)}`;

  /** The drawn extent rectangle and the map, in page pixels. */
  async function boxAndMap(page: Page) {
    const map = await page.getByTestId('bbox-map').boundingBox();
    const box = await page.locator('.leaflet-overlay-pane path[stroke="#c92a2a"]').boundingBox();
    if (!map || !box) throw new Error('map or box not rendered');
    return { map, box };
  }

  it('uploads a thumbnail and keeps working (the answer carries permissions)', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: 'Rekaman dengan gambar' }) });
    const { context, page, watch } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.goto(recordUrl(rec.id));
    await page.getByTestId('record-title').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'pratinjau.png', mimeType: 'image/png', buffer: pngHeader(64, 48) });
    await page.getByTestId('flash').getByText('Gambar pratinjau diunggah.').waitFor();
    // the page is still the editor: title, save button, status actions
    await page.getByTestId('record-title').getByText('Rekaman dengan gambar').waitFor();
    await page.getByTestId('save').waitFor();
    await page.getByTestId('transition-QCQE_PROCESS').waitFor();
    expect(watch.pageErrors).toEqual([]);
    const row = (await s.t.db.query<{ url: string | null }>("SELECT doc->>'thumbnailUrl' AS url FROM records WHERE id = $1", [rec.id])).rows[0];
    expect(row?.url).toContain('/thumbnail');
    await context.close();
  }, 300_000);

  it("deletes a draft through the app's own dialog (no native confirm), which can be cancelled", async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: minimalDoc('Draf untuk dihapus') });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-produsen');
    const nativeDialogs: string[] = [];
    page.on('dialog', (d) => { nativeDialogs.push(d.message()); void d.dismiss(); });
    await page.goto(recordUrl(rec.id));
    await page.getByTestId('delete').click();
    const dialog = page.getByRole('dialog', { name: 'Hapus draf' });
    await dialog.getByText('Hapus draf ini secara permanen?').waitFor();
    await expectAccessible(page, 'delete dialog');
    await page.getByTestId('delete-dialog-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect((await s.t.db.query('SELECT 1 FROM records WHERE id = $1', [rec.id])).rowCount).toBe(1);
    await page.getByTestId('delete').click();
    await page.getByTestId('delete-dialog-confirm').click();
    await page.waitForURL(/\/app\/records$/);
    expect((await s.t.db.query('SELECT 1 FROM records WHERE id = $1', [rec.id])).rowCount).toBe(0);
    expect(nativeDialogs).toEqual([]);
    await context.close();
  }, 300_000);

  it('imports an XML file, opens the new record and saves it, then exports it (every answer keeps the screens alive)', async () => {
    const { context, page, watch } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.getByRole('link', { name: 'Impor XML' }).click();
    const fileId = `urn:impor:${Date.now().toString(36)}`;
    await page.locator('input[type=file]').setInputFiles({ name: 'rekaman.xml', mimeType: 'application/xml', buffer: Buffer.from(isoRecord(fileId, 'Rekaman hasil impor')) });
    await page.getByTestId('import-result').getByText('Rekaman dibuat dari rekaman.xml.').waitFor();
    await page.getByRole('link', { name: 'Buka rekaman' }).click();
    await page.getByTestId('record-title').getByText('Rekaman hasil impor').waitFor();
    await page.getByTestId('field-abstract').fill('Abstrak setelah impor.');
    await page.getByTestId('save').click();
    // the answer, whichever it is: a failure names itself in the assertion
    await page.locator('[data-testid=flash], [role=alert]').first().waitFor();
    expect(await page.locator('[data-testid=flash], [role=alert], .mantine-InputWrapper-error').allTextContents()).toEqual(['Tersimpan.']);
    await page.getByRole('tab', { name: 'Ekspor' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-gmd').click()]);
    const path = await download.path();
    const xml = (await import('node:fs')).readFileSync(path!, 'utf8');
    expect(xml).toContain('Abstrak setelah impor.');
    expect(xml).toContain(fileId);
    await page.getByTestId('record-title').waitFor(); // still the app, not a white page
    expect(watch.pageErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it('links "Halaman publik" by the public identifier, percent-encoded, and the link answers 200', async () => {
    const key = `kunci-${Date.now().toString(36)}`;
    const publicId = `urn:big:katalog/${key} #1`;
    await insertRecord(s.t.db, {
      id: key, fileIdentifier: publicId, status: 'PUBLISHED', organisationId: s.w.a.org.id, ownerId: s.w.a.produsen.user.id, reviewerId: null,
      doc: completeDoc({ title: 'Terbit dengan pengenal publik lain' }), publishedAt: new Date().toISOString(),
    });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.goto(recordUrl(key));
    const link = page.getByRole('link', { name: 'Halaman publik' });
    expect(await link.getAttribute('href')).toBe(`/collections/metadata/items/${encodeURIComponent(publicId)}`);
    const res = await page.request.get(`${s.base}${await link.getAttribute('href')}`, { headers: { Accept: 'text/html' } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Terbit dengan pengenal publik lain');
    await context.close();
  }, 300_000);

  it('says "siap diajukan" on a complete draft only: not on published, other words on rejected', async () => {
    const draft = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: 'Draf lengkap' }) });
    const published = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: 'Terbit lengkap' }) });
    const rejected = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'REJECTED', doc: completeDoc({ title: 'Ditolak lengkap' }) });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-admin');
    await page.goto(recordUrl(draft.id));
    await page.getByTestId('completeness').getByText('Lengkap: siap diajukan.').waitFor();
    await page.goto(recordUrl(published.id));
    await page.getByTestId('record-title').getByText('Terbit lengkap').waitFor();
    await page.getByTestId('field-title').waitFor();
    expect(await page.getByTestId('completeness').count()).toBe(0);
    expect(await page.getByText('siap diajukan').count()).toBe(0);
    await page.goto(recordUrl(rejected.id));
    await page.getByTestId('completeness').getByText('Lengkap. Kembalikan ke draf untuk mengajukannya lagi.').waitFor();
    expect(await page.getByText('siap diajukan').count()).toBe(0);
    await context.close();
  }, 300_000);

  it('names West > East as crossing the antimeridian and draws the box across 180°, zoomed to it', async () => {
    const fiji = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT',
      doc: completeDoc({ title: 'Fiji', extent: { bbox: { west: 177, east: -178, south: -19, north: -16 } } }) });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.goto(recordUrl(fiji.id));
    await page.getByTestId('antimeridian-note').getByText(/melintasi garis antimeridian/).waitFor();
    expect(await page.getByTestId('bbox-map').getAttribute('data-crosses-antimeridian')).toBe('true');
    const { map, box } = await boxAndMap(page);
    // a 5°-wide strip zoomed in: inside the map and narrower than it (the whole-globe reading would fill or overflow it)
    expect(box.x).toBeGreaterThanOrEqual(map.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width + 1);
    expect(box.width).toBeLessThan(map.width);
    expect(box.width).toBeGreaterThan(20);
    // typing an ordinary box takes the note away
    await page.getByTestId('field-extent-bbox-east').fill('179');
    await page.getByTestId('antimeridian-note').waitFor({ state: 'detached' });
    await expectAccessible(page, 'editor with antimeridian note');
    await context.close();
  }, 300_000);

  it('zooms the editor map to an existing extent outside Indonesia', async () => {
    const norway = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT',
      doc: completeDoc({ title: 'Norwegia', extent: { bbox: { west: 5, east: 11, south: 58, north: 63 } } }) });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.goto(recordUrl(norway.id));
    await page.getByTestId('record-title').waitFor();
    await page.locator('.leaflet-overlay-pane path[stroke="#c92a2a"]').waitFor({ state: 'attached' });
    const { map, box } = await boxAndMap(page);
    expect(box.x).toBeGreaterThanOrEqual(map.x - 1);
    expect(box.y).toBeGreaterThanOrEqual(map.y - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height + 1);
    expect(box.height).toBeGreaterThan(map.height / 4); // zoomed to it, not a speck on the world
    await context.close();
  }, 300_000);

  it('shows code-list labels and completeness messages in English when English is chosen', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: minimalDoc('Draft in English') });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.getByRole('combobox', { name: 'Bahasa' }).selectOption('en');
    await page.goto(recordUrl(rec.id));
    const completeness = page.getByTestId('completeness');
    await completeness.getByText('An abstract is required before submitting for review').waitFor();
    expect(await completeness.getByText('wajib').count()).toBe(0);
    const language = page.getByTestId('field-language');
    expect(await language.locator('option[value="ind"]').textContent()).toBe('Indonesian (ind)');
    expect(await page.getByTestId('field-progressStatus').locator('option[value="onGoing"]').textContent()).toBe('On going (onGoing)');
    expect(await page.getByTestId('field-hierarchyLevel').locator('option[value="nonGeographicDataset"]').textContent()).toBe('Non geographic dataset (nonGeographicDataset)');
    await expectAccessible(page, 'editor in English');
    await context.close();
  }, 300_000);
});
