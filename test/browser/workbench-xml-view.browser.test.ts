import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { launchBrowser } from '../helpers/browser';
import { ISO_CORPUS_DIR } from '../helpers/test-data';
import { expectAccessible, loginAs, screenshot, serveWorkbench, type Served } from './workbench-support';

/*
 * Issue 19 points 4 and 5 clicked through in Chromium, in both modes: a producer opens the XML tab
 * of an imported record, edits the title in the document, presses "Periksa" (passes, the line diff
 * shows the edit), "Simpan" (a new document version; the form shows the new title); an edit that
 * breaks the XSD shows its findings and is refused; the changes tab shows the XML changes on
 * request. axe: no serious or critical finding on the XML tab with its results.
 */
const VALID = readFileSync(path.join(ISO_CORPUS_DIR, 'iso19139/ckanext-spatial__04_Dataset_Valid.xml'), 'utf8');
const TITLE = 'Test Record 04 Dataset Valid';

describe.each(['server', 'embedded'] as const)('workbench: the XML view (%s mode)', (mode) => {
  let s: Served;
  let browser: Browser;

  beforeAll(async () => {
    s = await serveWorkbench(mode);
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('edits, checks, diffs and saves the document; an invalid edit shows its findings', async () => {
    const xml = VALID.replace('test-record-04', `xml-view-${mode}`);
    const imported = await s.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xml);
    expect(imported.status).toBe(201);
    const rec = imported.body as MetadataRecord;

    const { page, watch } = await loginAs(browser, s.base, 'a-produsen');
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}/xml`);
    const editor = page.getByTestId('xml-editor');
    await editor.waitFor();
    // a textarea's value has LF line ends (the corpus file has CRLF)
    expect(await editor.inputValue()).toBe(xml.replace(/\r\n/g, '\n'));

    // an element ISO 19139 does not have: findings, and "Simpan" is refused with them
    await editor.fill(xml.replace('</gmd:MD_DataIdentification>', '<gmd:unsurAsing>x</gmd:unsurAsing></gmd:MD_DataIdentification>'));
    await page.getByTestId('xml-check').click();
    await page.getByTestId('xml-check-result').getByText('Dokumen belum lolos pemeriksaan').waitFor();
    await expect(page.getByTestId('xsd-findings').first().textContent()).resolves.toContain('unsurAsing');
    await page.getByTestId('xml-save').click();
    await page.getByTestId('xml-refused').waitFor();
    await expect(page.getByTestId('xml-refused').textContent()).resolves.toContain('unsurAsing');

    // a valid edit: passes, the diff shows it, saving makes it the record's
    await editor.fill(xml.replace(TITLE, 'Judul Baru dari XML'));
    await page.getByTestId('xml-check').click();
    await page.getByTestId('xml-check-result').getByText('Dokumen lolos pemeriksaan').waitFor();
    const diff = await page.getByTestId('xml-diff').textContent();
    expect(diff).toContain(`-                  <gco:CharacterString>${TITLE}</gco:CharacterString>`);
    expect(diff).toContain('+                  <gco:CharacterString>Judul Baru dari XML</gco:CharacterString>');
    await expectAccessible(page, 'the XML tab with a check result');
    await screenshot(page, 'xml-view', mode === 'server');
    await page.getByTestId('xml-save').click();
    await page.getByTestId('xml-saved').waitFor();
    await page.getByTestId('record-title').getByText('Judul Baru dari XML').waitFor();

    // the form shows the field re-derived from the document
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}`);
    await expect(page.getByTestId('field-title').inputValue()).resolves.toBe('Judul Baru dari XML');

    // the review's changes tab: XML changes on request (never published: against the previous version)
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}/changes`);
    await page.getByTestId('toggle-xml-changes').check();
    await page.getByTestId('review-xml-diff').waitFor();
    await expect(page.getByTestId('review-xml-diff').textContent()).resolves.toContain('+                  <gco:CharacterString>Judul Baru dari XML</gco:CharacterString>');
    await expectAccessible(page, 'the changes tab with the XML changes');
    expect(watch.pageErrors).toEqual([]);
  });
});
