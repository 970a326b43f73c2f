import type { Page } from 'playwright-core';
import { completeDoc, seedRecord } from '../helpers/fixtures';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { expectAccessible, loginAs, useServedWorkbench } from './workbench-support';
import { useChromium } from './support/chromium';

/*
 * Issue 19 §4 in the editor: a producer fills the fields the record model gained — an English
 * title, a resource identifier, a contact named in the citation, a vertical extent (with the
 * min/max check), legal constraints with an anchored other constraint, a conformity report, and
 * for a service record its coupling, an operation and the dataset it operates on — saves,
 * reloads and sees them; the REST API's JSON of the record carries them. axe on the editor.
 */
const chromium = useChromium();

const SPEC = 'PERATURAN KOMISI (UE) No 1089/2010 tentang interoperabilitas set data spasial';
const SPEC_URI = 'http://data.europa.eu/eli/reg/2010/1089';
const NO_LIMITS = 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations';
const DATASET_ID = 'batas-desa-2024';
const DATASET_HREF = 'https://katalog.example.go.id/csw?id=batas-desa-2024';

async function expectValue(page: Page, testId: string, value: string): Promise<void> {
  expect(await page.getByTestId(testId).inputValue()).toBe(value);
}

describe('workbench: the fields of the grown record model (issue 19 §4)', () => {
  const s = useServedWorkbench('server');

  it('fills, saves and reloads translations, identifiers, legal constraints, conformity and the service fields', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: 'Layanan peta batas desa' }) });
    const { context, page, watch } = await loginAs(chromium.browser, s.base, 'a-produsen');
    const url = `${s.base}/app/records/${encodeURIComponent(rec.id)}`;
    await page.goto(url);
    await page.getByTestId('record-title').waitFor();

    // a dataset shows no service fields; they come with the hierarchy level "service"
    expect(await page.getByTestId('field-operatesOn').count()).toBe(0);
    await page.getByTestId('field-hierarchyLevel').selectOption('service');
    await page.getByTestId('field-operatesOn').waitFor();

    // identification: the English title, an alternate title, a resource identifier
    await page.getByTestId('field-translations-title-eng').fill('Village boundary map service');
    await page.getByTestId('field-alternateTitles').fill('LPBD');
    await page.getByTestId('field-resourceIdentifiers-add').click();
    await page.getByTestId('field-resourceIdentifiers-0-code').fill('BIG-BD-001');
    await page.getByTestId('field-resourceIdentifiers-0-codeSpace').fill('https://big.go.id');

    // the service: coupling, one operation, the dataset it serves
    await page.getByTestId('field-couplingType').selectOption('tight');
    await page.getByTestId('field-serviceTypeVersions').fill('1.3.0');
    await page.getByTestId('field-operations-add').click();
    await page.getByTestId('field-operations-0-name').fill('GetCapabilities');
    await page.getByTestId('field-operations-0-dcp').fill('WebServices');
    await page.getByTestId('field-operations-0-url').fill('https://peta.example.go.id/wms');
    await page.getByTestId('field-operatesOn-add').click();
    await page.getByTestId('field-operatesOn-0-uuidref').fill(DATASET_ID);
    await page.getByTestId('field-operatesOn-0-href').fill(DATASET_HREF);
    await page.getByTestId('field-operatesOn-0-title').fill('Batas Desa 2024');

    // the first contact is named in the citation
    await page.getByTestId('field-contacts-0-placement').selectOption('citation');

    // a vertical extent: a maximum below the minimum is refused while typing, in Indonesian
    await page.getByTestId('field-extent-vertical-minimum').fill('10');
    await page.getByTestId('field-extent-vertical-maximum').fill('5');
    await page.getByText('Nilai maksimum tidak boleh lebih kecil dari nilai minimum').waitFor();
    await page.getByTestId('field-extent-vertical-maximum').fill('120');
    await page.getByText('Nilai maksimum tidak boleh lebih kecil dari nilai minimum').waitFor({ state: 'detached' });

    // legal constraints: an access code and an other constraint with its anchor
    await page.getByTestId('field-constraints-legal-accessConstraints').click();
    await page.getByRole('option', { name: /\(otherRestrictions\)/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('field-constraints-legal-otherConstraints-add').click();
    await page.getByTestId('field-constraints-legal-otherConstraints-0-text').fill('Tanpa batasan akses publik');
    await page.getByTestId('field-constraints-legal-otherConstraints-0-uri').fill('bukan-uri');
    await page.getByText('URL harus diawali http://, https:// atau ftp://').waitFor();
    await page.getByTestId('field-constraints-legal-otherConstraints-0-uri').fill(NO_LIMITS);

    // a conformity report: an empty result reads "Belum dievaluasi"; here it passed
    await page.getByTestId('field-conformity-add').click();
    const pass = page.getByTestId('field-conformity-0-pass');
    expect(await pass.locator('option:checked').textContent()).toBe('Belum dievaluasi');
    await page.getByTestId('field-conformity-0-specification').fill(SPEC);
    await page.getByTestId('field-conformity-0-specificationAnchor').fill(SPEC_URI);
    await page.getByTestId('field-conformity-0-specificationDate').fill('2010-12-08');
    await page.getByTestId('field-conformity-0-explanation').fill('Diuji terhadap skema aplikasi.');
    await pass.selectOption('true');

    // an associated resource needs no title (only the main title is the editor's to require);
    // an online resource says what it is for
    await page.getByTestId('field-associatedResources-add').click();
    await page.getByTestId('field-associatedResources-0-associationType').selectOption('largerWorkCitation');
    await page.getByTestId('field-associatedResources-0-identifier').fill('seri-batas-wilayah');
    await page.getByTestId('field-distributions-add').click();
    await page.getByTestId('field-distributions-0-protocol').selectOption('OGC:WMS');
    await page.getByTestId('field-distributions-0-url').fill('https://peta.example.go.id/wms');
    await page.getByTestId('field-distributions-0-function').selectOption('information');
    await page.getByTestId('field-distributions-0-applicationProfile').fill('batas_desa');

    await expectAccessible(page, 'editor with the grown fields');
    await page.getByTestId('save').click();
    await page.getByTestId('flash').getByText('Tersimpan').waitFor();

    // reloaded, the form shows what was saved
    await page.reload();
    await page.getByTestId('record-title').waitFor();
    await expectValue(page, 'field-translations-title-eng', 'Village boundary map service');
    await expectValue(page, 'field-resourceIdentifiers-0-code', 'BIG-BD-001');
    await expectValue(page, 'field-couplingType', 'tight');
    await expectValue(page, 'field-operatesOn-0-uuidref', DATASET_ID);
    await expectValue(page, 'field-operatesOn-0-href', DATASET_HREF);
    await expectValue(page, 'field-contacts-0-placement', 'citation');
    await expectValue(page, 'field-extent-vertical-maximum', '120');
    await expectValue(page, 'field-constraints-legal-otherConstraints-0-uri', NO_LIMITS);
    await expectValue(page, 'field-conformity-0-specificationAnchor', SPEC_URI);
    await expectValue(page, 'field-conformity-0-pass', 'true');
    // the chosen access code stands in its multi-select as its label
    await page.getByText('Pembatasan lain (otherRestrictions)', { exact: true }).first().waitFor();
    await expectAccessible(page, 'reloaded editor with the grown fields');

    // the REST API's JSON of the record carries them
    const res = await context.request.get(`${s.base}/api/metadata/${encodeURIComponent(rec.id)}`);
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as MetadataDoc;
    expect(doc.hierarchyLevel).toBe('service');
    expect(doc.translations).toEqual({ title: { eng: 'Village boundary map service' } });
    expect(doc.alternateTitles).toEqual(['LPBD']);
    expect(doc.resourceIdentifiers).toEqual([{ code: 'BIG-BD-001', codeSpace: 'https://big.go.id' }]);
    expect(doc.couplingType).toBe('tight');
    expect(doc.serviceTypeVersions).toEqual(['1.3.0']);
    expect(doc.operations).toEqual([{ name: 'GetCapabilities', dcp: 'WebServices', url: 'https://peta.example.go.id/wms' }]);
    expect(doc.operatesOn).toEqual([{ uuidref: DATASET_ID, href: DATASET_HREF, title: 'Batas Desa 2024' }]);
    expect(doc.contacts?.[0]).toMatchObject({ role: 'pointOfContact', placement: 'citation' });
    expect(doc.extent?.vertical).toEqual({ minimum: 10, maximum: 120 });
    expect(doc.constraints?.legal).toEqual({ accessConstraints: ['otherRestrictions'], otherConstraints: [{ text: 'Tanpa batasan akses publik', uri: NO_LIMITS }] });
    expect(doc.associatedResources).toEqual([{ associationType: 'largerWorkCitation', identifier: 'seri-batas-wilayah' }]);
    expect(doc.distributions).toEqual([{ protocol: 'OGC:WMS', url: 'https://peta.example.go.id/wms', function: 'information', applicationProfile: 'batas_desa' }]);
    expect(doc.conformity).toEqual([{ specification: SPEC, specificationAnchor: SPEC_URI, specificationDate: '2010-12-08', explanation: 'Diuji terhadap skema aplikasi.', pass: true }]);

    // switched back to dataset (issue 19 finding 4): the service fields go out of sight and are not saved
    await page.getByTestId('field-hierarchyLevel').selectOption('dataset');
    await page.getByTestId('field-operatesOn-0-uuidref').waitFor({ state: 'detached' });
    expect(await page.getByTestId('field-couplingType').count()).toBe(0);
    await page.getByTestId('save').click();
    await page.getByTestId('flash').getByText('Tersimpan').waitFor();
    const asDataset = (await (await context.request.get(`${s.base}/api/metadata/${encodeURIComponent(rec.id)}`)).json()) as MetadataDoc;
    expect(asDataset.hierarchyLevel).toBe('dataset');
    for (const k of ['serviceType', 'serviceTypeVersions', 'couplingType', 'operations', 'operatesOn'] as const) expect([k, asDataset[k]]).toEqual([k, undefined]);
    expect(asDataset.translations).toEqual({ title: { eng: 'Village boundary map service' } });
    expect(watch.pageErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows a service operation\'s connect point among the links as the operation\'s: not editable there, kept through a save', async () => {
    const connectPoint = { protocol: 'OGC:WMS', url: 'https://peta.example.go.id/ows?service=WMS', operation: true };
    const link = { protocol: 'WWW:LINK', url: 'https://peta.example.go.id/unduh' };
    const rec = await seedRecord(s.t.db, {
      owner: s.w.a.produsen.user, status: 'DRAFT',
      doc: completeDoc({ title: 'Layanan dengan titik akses', hierarchyLevel: 'service', distributions: [link, connectPoint] }),
    });
    const { context, page, watch } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}`);
    await page.getByTestId('record-title').waitFor();
    await page.getByTestId('field-distributions-1-operation').waitFor();
    expect(await page.getByTestId('field-distributions-1-url').isDisabled()).toBe(true);
    expect(await page.getByTestId('field-distributions-0-url').isDisabled()).toBe(false);
    expect(await page.getByTestId('field-distributions-0-operation').count()).toBe(0);
    await page.getByTestId('field-distributions-0-url').fill('https://peta.example.go.id/unduh-baru');
    await page.getByTestId('save').click();
    await page.getByTestId('flash').getByText('Tersimpan').waitFor();
    const saved = (await (await context.request.get(`${s.base}/api/metadata/${encodeURIComponent(rec.id)}`)).json()) as MetadataDoc;
    expect(saved.distributions).toEqual([{ ...link, url: 'https://peta.example.go.id/unduh-baru' }, connectPoint]);
    await expectAccessible(page, 'editor with a connect point');
    expect(watch.pageErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it('labels and explains the new fields in English', async () => {
    const rec = await seedRecord(s.t.db, {
      owner: s.w.a.produsen.user, status: 'DRAFT',
      doc: completeDoc({ title: 'Dataset dengan laporan', conformity: [{ specification: 'SNI 19-6502.1-2000' }] }),
    });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-produsen');
    await page.getByLabel('Bahasa').selectOption('en');
    await page.goto(`${s.base}/app/records/${encodeURIComponent(rec.id)}`);
    await page.getByTestId('record-title').waitFor();
    await page.getByRole('group', { name: 'Translations' }).getByLabel('Title in English').waitFor();
    await page.getByRole('group', { name: 'Conformity reports', exact: true }).waitFor();
    // the report has no result: it reads "Not evaluated", and its help says what the choices mean
    const pass = page.getByLabel('Conformity result');
    expect(await pass.locator('option:checked').textContent()).toBe('Not evaluated');
    await page.getByText('Yes = conformant, No = not conformant, Not evaluated = not tested yet.').waitFor();
    // a dataset keeps its service fields out of sight
    expect(await page.getByTestId('field-couplingType').count()).toBe(0);
    await expectAccessible(page, 'editor in English');
    await context.close();
  }, 300_000);
});
