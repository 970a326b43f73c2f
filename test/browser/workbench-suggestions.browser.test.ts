import type { Browser } from 'playwright-core';
import { completeDoc, seedRecord } from '../helpers/fixtures';
import { launchBrowser } from '../helpers/browser';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { expectAccessible, loginAs, screenshot, serveWorkbench, type Served } from './workbench-support';

/*
 * Issue 20 §5 clicked through in Chromium, in both modes: a producer picks a thesaurus the
 * catalogue uses, types the start of a keyword and picks a suggestion with its anchor, fills a
 * contact from the organisation's directory and saves; the organisation's ADMIN edits a
 * directory entry. axe: no serious or critical finding on the editor with the autocomplete open,
 * the picker, the directory and its dialog.
 */
const GEMET = 'GEMET - INSPIRE themes';
const GEMET_URI = 'http://www.eionet.europa.eu/gemet/inspire_themes';
const HIDRO_URI = 'http://inspire.ec.europa.eu/theme/hy';

describe.each(['server', 'embedded'] as const)('workbench: keyword suggestions and the contact directory (%s mode)', (mode) => {
  let s: Served;
  let browser: Browser;

  beforeAll(async () => {
    s = await serveWorkbench(mode);
    browser = await launchBrowser();
    await seedRecord(s.t.db, {
      owner: s.w.a.produsen2.user, status: 'PUBLISHED',
      doc: completeDoc({
        title: 'Sungai', keywords: [{ type: 'theme', thesaurus: GEMET, thesaurusAnchor: GEMET_URI, values: ['Hidrografi'], anchors: [{ value: 'Hidrografi', uri: HIDRO_URI }] }],
        contacts: [{ role: 'custodian', organisationName: 'Dinas Sumber Daya Air', individualName: 'Siti Aminah', positionName: 'Analis', email: 'siti@example.go.id', phone: '+62 22 123' }],
      }),
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('suggests keywords with their anchors and fills a contact from the directory', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: `Draf saran ${mode}` }) });
    const { context, page, watch } = await loginAs(browser, s.base, 'a-produsen');
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}`);
    await page.getByTestId('record-title').waitFor();

    // a new keyword group: its thesaurus picked from those the catalogue uses (its URI comes along)
    await page.getByTestId('field-keywords-add').click();
    await page.getByTestId('field-keywords-1-type').selectOption('theme');
    await page.getByTestId('field-keywords-1-thesaurus').click();
    await page.getByRole('option', { name: new RegExp(GEMET) }).click();
    await expectValue(page, 'field-keywords-1-thesaurusAnchor', GEMET_URI);

    // the start of a keyword, without its accent or case: the suggestion carries its anchor
    await page.getByTestId('field-keywords-1-suggest').fill('HÍDR');
    const option = page.getByRole('option', { name: /Hidrografi/ });
    await option.waitFor();
    await expect(option.textContent()).resolves.toContain(HIDRO_URI);
    await expectAccessible(page, 'editor with the keyword autocomplete open');
    await screenshot(page, 'keyword-suggestions', mode === 'server');
    await option.click();
    await expectValue(page, 'field-keywords-1-values', 'Hidrografi');
    await expectValue(page, 'field-keywords-1-anchors-0-value', 'Hidrografi');
    await expectValue(page, 'field-keywords-1-anchors-0-uri', HIDRO_URI);
    await expectValue(page, 'field-keywords-1-suggest', '');

    // the first contact from the directory
    await page.getByTestId('contact-pick-contacts-0').click();
    const picker = page.getByRole('dialog', { name: 'Pilih kontak dari direktori organisasi' });
    await picker.getByTestId('contact-picker-search').fill('siti');
    await picker.getByRole('button', { name: /Pilih: Siti Aminah/ }).click();
    await picker.waitFor({ state: 'detached' });
    await expectValue(page, 'field-contacts-0-individualName', 'Siti Aminah');
    await expectValue(page, 'field-contacts-0-organisationName', 'Dinas Sumber Daya Air');
    await expectValue(page, 'field-contacts-0-email', 'siti@example.go.id');

    await page.getByTestId('save').click();
    await page.getByTestId('flash').getByText('Tersimpan').waitFor();
    const doc = (await s.t.db.query<{ doc: MetadataDoc }>('SELECT doc FROM records WHERE id = $1', [rec.id])).rows[0]!.doc;
    expect(doc.keywords?.[1]).toEqual({ type: 'theme', thesaurus: GEMET, thesaurusAnchor: GEMET_URI, values: ['Hidrografi'], anchors: [{ value: 'Hidrografi', uri: HIDRO_URI }] });
    expect(doc.contacts?.[0]).toMatchObject({ role: 'pointOfContact', individualName: 'Siti Aminah', organisationName: 'Dinas Sumber Daya Air', positionName: 'Analis', email: 'siti@example.go.id' });
    expect(watch.pageErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it('opens the picker accessibly', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: `Draf pemilih ${mode}` }) });
    const { context, page } = await loginAs(browser, s.base, 'a-produsen');
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}`);
    await page.getByTestId('contact-pick-contacts-0').click();
    await page.getByTestId('contact-picker-choose').first().waitFor();
    await expectAccessible(page, 'contact picker');
    await context.close();
  }, 300_000);

  it("lets the organisation's ADMIN edit a directory entry; a producer only reads", async () => {
    const producer = await loginAs(browser, s.base, 'a-produsen');
    await producer.page.getByRole('link', { name: 'Direktori kontak' }).click();
    await producer.page.getByTestId('contacts-table').getByText(/Siti Aminah/).waitFor();
    expect(await producer.page.getByTestId('contacts-edit').count()).toBe(0);
    await producer.context.close();

    const { context, page, watch } = await loginAs(browser, s.base, 'a-admin');
    await page.getByRole('link', { name: 'Direktori kontak' }).click();
    await page.getByTestId('contacts-search').fill('siti');
    await page.getByRole('button', { name: /Ubah: Siti Aminah/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah kontak' });
    await dialog.getByTestId('contact-form-positionName').fill('Kepala Seksi Data');
    await expectAccessible(page, 'directory entry dialog');
    await dialog.getByTestId('contact-form-save').click();
    await page.getByTestId('contacts-message').getByText('Kontak disimpan.').waitFor();
    await page.getByTestId('contacts-table').getByText(/Kepala Seksi Data/).waitFor();
    await expectAccessible(page, 'contact directory');
    await screenshot(page, 'contact-directory', mode === 'server');
    const row = (await s.t.db.query<{ position_name: string }>(
      "SELECT position_name FROM contact_directory WHERE organisation_id = $1 AND email = 'siti@example.go.id' AND deleted_at IS NULL", [s.w.a.org.id],
    )).rows;
    expect(row).toEqual([{ position_name: 'Kepala Seksi Data' }]);
    expect(watch.pageErrors).toEqual([]);
    await context.close();
  }, 300_000);
});

async function expectValue(page: import('playwright-core').Page, testId: string, value: string): Promise<void> {
  // the form updates on the next render: wait for the value rather than read it once
  await page.waitForFunction(([id, v]) => (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.value === v, [testId, value] as const);
}
