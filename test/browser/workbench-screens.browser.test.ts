import { completeDoc, seedRecord } from '../helpers/fixtures';
import { openWatchedPage } from '../helpers/browser';
import { expectAccessible, loginAs, screenshot, useServedWorkbench, transition } from './workbench-support';
import { useChromium } from './support/chromium';

// The workbench's other paths in Chromium (server mode): login messages, a 412 conflict between
// two tabs, a rejection going back to DRAFT, actions the server does not allow are not offered,
// and the Admin screens — each checked with axe.

const chromium = useChromium();

describe('workbench: conflicts, rejection, permissions, admin screens', () => {
  const s = useServedWorkbench('server');

  it('says "wrong password" on the login screen and passes axe there', async () => {
    const { context, page } = await openWatchedPage(chromium.browser);
    await page.goto(`${s.base}/app/`);
    await page.locator('input[name=username]').fill('a-produsen');
    await page.locator('input[name=password]').fill('salah-sekali');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.getByTestId('login-error').getByText('Nama pengguna atau kata sandi salah.').waitFor();
    await expectAccessible(page, 'login');
    await screenshot(page, 'login', true);
    await context.close();
  }, 300_000);

  it('shows a 412 conflict between two tabs and keeps both writers\' text', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: 'Judul awal' }) });
    const url = `${s.base}/app/records/${encodeURIComponent(rec.id)}`;
    const one = await loginAs(chromium.browser, s.base, 'a-produsen');
    const two = await loginAs(chromium.browser, s.base, 'a-admin');
    await one.page.goto(url);
    await two.page.goto(url);
    await one.page.getByTestId('field-title').fill('Judul dari tab satu');
    await one.page.getByTestId('save').click();
    await one.page.getByTestId('flash').waitFor();
    await two.page.getByTestId('field-abstract').fill('Abstrak dari tab dua.');
    await two.page.getByTestId('save').click();
    const dialog = two.page.getByTestId('conflict-dialog');
    // the other writer's change by its label and values, not a JSON pointer
    await dialog.getByTestId('change-title').getByText('Judul', { exact: true }).waitFor();
    await dialog.getByTestId('change-title').getByTestId('change-after').getByText('Judul dari tab satu').waitFor();
    await expectAccessible(two.page, 'conflict dialog');
    await screenshot(two.page, 'conflict', true);
    await two.page.getByTestId('conflict-reload-keep').click();
    expect(await two.page.getByTestId('field-title').inputValue()).toBe('Judul dari tab satu');
    expect(await two.page.getByTestId('field-abstract').inputValue()).toBe('Abstrak dari tab dua.');
    await two.page.getByTestId('save').click();
    await two.page.getByTestId('flash').waitFor();
    const row = (await s.t.db.query<{ title: string; abstract: string }>('SELECT title, abstract FROM records WHERE id = $1', [rec.id])).rows[0];
    expect(row).toEqual({ title: 'Judul dari tab satu', abstract: 'Abstrak dari tab dua.' });
    await one.context.close();
    await two.context.close();
  }, 300_000);

  it('sends a rejected record back to DRAFT (the note is required)', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'QCQE_PROCESS', doc: completeDoc({ title: 'Untuk ditolak' }) });
    const url = `${s.base}/app/records/${encodeURIComponent(rec.id)}`;
    const qc = await loginAs(chromium.browser, s.base, 'a-qcqe');
    await qc.page.goto(url);
    await qc.page.getByTestId('transition-REJECTED').click();
    await qc.page.getByTestId('transition-confirm').click();
    await qc.page.getByTestId('transition-error').getByText('Catatan wajib diisi: tuliskan alasannya').waitFor();
    await qc.page.getByTestId('transition-note').fill('Abstrak belum menjelaskan sumber data.');
    await qc.page.getByTestId('transition-confirm').click();
    await qc.page.locator('[data-status="REJECTED"]').first().waitFor();
    await qc.context.close();
    const prod = await loginAs(chromium.browser, s.base, 'a-produsen');
    await prod.page.goto(`${url}/history`);
    // the reason is shown at the top of the record and in the history
    await prod.page.getByTestId('rejection-reason').getByText('Abstrak belum menjelaskan sumber data.').waitFor();
    await prod.page.getByTestId('history').getByText('Abstrak belum menjelaskan sumber data.').waitFor();
    await transition(prod.page, 'DRAFT');
    expect((await s.t.db.query<{ status: string }>('SELECT status FROM records WHERE id = $1', [rec.id])).rows[0]?.status).toBe('DRAFT');
    await prod.context.close();
  }, 300_000);

  it('does not offer what the server does not allow', async () => {
    const published = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: 'Sudah terbit' }) });
    const review = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'REVIEW', doc: completeDoc({ title: 'Dalam review' }) });
    const qc = await loginAs(chromium.browser, s.base, 'a-qcqe');
    await qc.page.goto(`${s.base}/app/records/${encodeURIComponent(published.id)}`);
    await qc.page.getByText('Anda dapat membaca rekaman ini tetapi tidak mengubah isinya.').waitFor();
    expect(await qc.page.locator('[data-testid^="transition-"]').count()).toBe(0);
    expect(await qc.page.getByTestId('save').count()).toBe(0);
    expect(await qc.page.getByRole('link', { name: 'Rekaman baru' }).count()).toBe(0);
    await qc.context.close();
    const prod = await loginAs(chromium.browser, s.base, 'a-produsen');
    await prod.page.goto(`${s.base}/app/records/${encodeURIComponent(review.id)}`);
    await prod.page.getByTestId('record-title').waitFor();
    expect(await prod.page.getByTestId('transition-PUBLISHED').count()).toBe(0);
    expect(await prod.page.getByTestId('delete').count()).toBe(0);
    expect(await prod.page.getByRole('link', { name: 'Pengguna' }).count()).toBe(0);
    await prod.context.close();
  }, 300_000);

  it('Admin screens: users, organisation switch, CSW identity, system status, list in the URL — all pass axe', async () => {
    // an organisation's ADMIN is not offered the service-wide screens …
    const orgAdmin = await loginAs(chromium.browser, s.base, 'b-admin');
    await orgAdmin.page.getByRole('link', { name: 'Pengguna' }).waitFor();
    for (const name of ['Identitas CSW', 'Status sistem']) expect(await orgAdmin.page.getByRole('link', { name }).count()).toBe(0);
    await orgAdmin.context.close();
    // … the service administrator is (the flag is set by the CLI only: here straight in the database)
    await s.t.db.query("UPDATE users SET is_service_admin = true WHERE username = 'a-admin'");
    const adm = await loginAs(chromium.browser, s.base, 'a-admin');
    const p = adm.page;
    await p.goto(`${s.base}/app/records?status=PUBLISHED&q=terbit`);
    await p.getByTestId('list-total').waitFor();
    expect(await p.locator('select[name=status]').inputValue()).toBe('PUBLISHED');
    await expectAccessible(p, 'list');
    await screenshot(p, 'list', true);
    await p.getByRole('link', { name: 'Pengguna' }).click();
    await p.getByText('a-qcqe2').waitFor();
    await expectAccessible(p, 'users');
    await screenshot(p, 'users', true);
    await p.getByRole('link', { name: 'Organisasi' }).click();
    await p.getByTestId('lintas-counts').waitFor();
    await expectAccessible(p, 'organisation');
    await p.getByRole('link', { name: 'Identitas CSW' }).click();
    await p.getByTestId('csw-preview').waitFor();
    await expectAccessible(p, 'csw identity');
    await screenshot(p, 'csw', true);
    await p.getByRole('link', { name: 'Status sistem' }).click();
    await p.getByTestId('system-status').waitFor();
    await expectAccessible(p, 'system status');
    // the language switch: the English catalogue is complete
    await p.getByLabel('Bahasa').selectOption('en');
    await p.getByRole('link', { name: 'System status' }).waitFor();
    expect(adm.watch.externalRequests).toEqual([]);
    expect(adm.watch.pageErrors).toEqual([]);
    await adm.context.close();
  }, 300_000);
});
