import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { completeDoc, minimalDoc, seedRecord } from '../helpers/fixtures';
import { launchBrowser, openWatchedPage } from '../helpers/browser';
import { pngHeader } from '../helpers/image-headers';
import { isoRecord } from '../helpers/broken-csw-server';
import { expectAccessible, loginAs, recordIdOf, screenshot, serveWorkbench, type Served, type UserPage } from './workbench-support';

/*
 * Issue 20 §4 "a browser test per mutating action" and §5 (copies, templates), in both modes.
 * Each action is clicked through and the test asserts the screen is still the app and shows the
 * result (the bug was a white page after a 200), that no native dialog opened (window.prompt /
 * confirm are gone), and that the new dialogs and screens pass axe.
 * Covered elsewhere: the transitions (workbench-publish, both modes), creating a user and editing
 * a contact (admin-screens, both modes), upload / import / export / delete in server mode
 * (workbench-new-user-bugs; here in embedded mode).
 */
describe.each(['server', 'embedded'] as const)('workbench: every mutating action keeps the screen alive (%s mode)', (mode) => {
  let s: Served;
  let browser: Browser;
  const opened: UserPage[] = [];
  const nativeDialogs: string[] = [];

  /** a logged-in page whose native dialogs are recorded (and dismissed): there must be none */
  const open = async (username: string): Promise<Page> => {
    const p = await loginAs(browser, s.base, username);
    p.page.on('dialog', (d) => { nativeDialogs.push(d.message()); void d.dismiss(); });
    opened.push(p);
    return p.page;
  };
  const recordUrl = (id: string): string => `${s.base}/app/records/${encodeURIComponent(id)}`;

  beforeAll(async () => {
    s = await serveWorkbench(mode);
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    for (const p of opened) await p.context.close().catch(() => undefined);
    await browser?.close();
    await s?.close();
  }, 600_000);

  afterEach(async () => {
    for (const p of opened) {
      expect(p.watch.pageErrors).toEqual([]);
      expect(p.watch.externalRequests).toEqual([]);
      await p.context.close().catch(() => undefined);
    }
    opened.length = 0;
    expect(nativeDialogs).toEqual([]);
  });

  it('makes a copy of a record from its page, through the app dialog, and edits the copy', async () => {
    const src = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: `Peta Sungai ${mode}` }) });
    const page = await open('a-produsen2');
    await page.goto(recordUrl(src.id));
    await page.getByTestId('copy').click();
    const dialog = page.getByRole('dialog', { name: 'Buat salinan rekaman' });
    await dialog.waitFor();
    await expectAccessible(page, 'copy dialog');
    await page.getByTestId('copy-dialog-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(recordIdOf(page)).toBe(src.id);

    await page.getByTestId('copy').click();
    await page.getByTestId('copy-dialog-confirm').click();
    await page.getByTestId('record-title').getByText(`Salinan: Peta Sungai ${mode}`).waitFor();
    await page.getByTestId('flash').getByText('Salinan dibuat. Anda sekarang menyunting salinannya.').waitFor();
    const copyId = recordIdOf(page);
    expect(copyId).not.toBe(src.id);
    const row = (await s.t.db.query<{ status: string; owner_id: string; file_identifier: string }>(
      'SELECT status, owner_id, file_identifier FROM records WHERE id = $1', [copyId])).rows[0];
    expect(row).toEqual({ status: 'DRAFT', owner_id: s.w.a.produsen2.user.id, file_identifier: copyId });
    // the copy is an editable draft: saving works and the page stays
    await page.getByTestId('field-abstract').fill('Abstrak salinan.');
    await page.getByTestId('save').click();
    await page.getByTestId('flash').getByText('Tersimpan.').waitFor();
    await page.getByTestId('transition-QCQE_PROCESS').waitFor();
    await expectAccessible(page, 'copied record');
  }, 300_000);

  it('an ADMIN marks a template; a producer starts a new record from it', async () => {
    const title = `Templat Batas Desa ${mode}`;
    const tpl = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title }) });
    const admin = await open('a-admin');
    await admin.goto(recordUrl(tpl.id));
    await admin.getByTestId('template-toggle').getByText('Jadikan templat').click();
    await admin.getByTestId('flash').getByText('Rekaman ini sekarang templat organisasi', { exact: false }).waitFor();
    await admin.getByTestId('template-badge').waitFor();
    await admin.getByTestId('record-title').getByText(title).waitFor();
    await expectAccessible(admin, 'record marked as template');

    // a producer has no template switch, but the copy button
    const producer = await open('a-produsen2');
    await producer.goto(recordUrl(tpl.id));
    await producer.getByTestId('template-badge').waitFor();
    await producer.getByTestId('copy').waitFor();
    expect(await producer.getByTestId('template-toggle').count()).toBe(0);

    await producer.getByRole('link', { name: 'Rekaman baru' }).click();
    await producer.getByText('Dari templat organisasi').click();
    await producer.getByTestId('template-list').waitFor();
    await expectAccessible(producer, 'new record from a template');
    await screenshot(producer, 'new-from-template', mode === 'server');
    await producer.getByRole('button', { name: `Buat dari templat ini: ${title}` }).click();
    await producer.getByTestId('record-title').getByText(`Salinan: ${title}`).waitFor();
    await producer.getByTestId('flash').waitFor();
    expect(recordIdOf(producer)).not.toBe(tpl.id);
    await producer.getByTestId('save').waitFor();

    // unmarking takes it off the list
    await admin.getByTestId('template-toggle').getByText('Hapus dari templat').click();
    await admin.getByTestId('flash').getByText('Rekaman ini bukan templat lagi.').waitFor();
    expect((await s.t.db.query('SELECT 1 FROM record_templates WHERE record_id = $1', [tpl.id])).rowCount).toBe(0);
  }, 300_000);

  it('users: role change, deactivate and activate, and a password reset in the app dialog (no window.prompt)', async () => {
    const username = `a-pengguna-${mode}`;
    const page = await open('a-admin');
    await page.getByRole('link', { name: 'Pengguna' }).click();
    await page.getByLabel('Nama pengguna').fill(username);
    await page.getByRole('textbox', { name: 'Kata sandi' }).fill('kata-sandi-awal-123');
    await page.getByRole('button', { name: 'Buat pengguna' }).click();
    const userRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await userRow.waitFor();

    await page.getByRole('combobox', { name: `Peran ${username}` }).selectOption('QCQE');
    await page.getByText('Pengguna disimpan.').waitFor();
    await page.waitForFunction(async (u) => {
      const r = await fetch('/api/admin/users', { headers: { Accept: 'application/json' } });
      return ((await r.json()) as { username: string; role: string }[]).some((x) => x.username === u && x.role === 'QCQE');
    }, username);

    await userRow.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
    await userRow.getByRole('button', { name: 'Aktifkan', exact: true }).waitFor();
    expect((await s.t.db.query('SELECT active FROM users WHERE username = $1', [username])).rows[0]).toEqual({ active: false });
    await userRow.getByRole('button', { name: 'Aktifkan', exact: true }).click();
    await userRow.getByRole('button', { name: 'Nonaktifkan', exact: true }).waitFor();

    await page.getByRole('button', { name: `Setel ulang kata sandi: ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Setel ulang kata sandi ${username}` });
    await dialog.waitFor();
    await expectAccessible(page, 'password reset dialog');
    await screenshot(page, 'password-reset', mode === 'server');
    await page.getByTestId('reset-password-new').fill('kata-sandi-baru-456');
    await page.getByTestId('reset-password-repeat').fill('kata-sandi-lain-789');
    await page.getByTestId('reset-password-save').click();
    await dialog.getByText('Kedua kata sandi tidak sama.').waitFor();
    // the server's refusal stays in the dialog as well
    await page.getByTestId('reset-password-new').fill('pendek');
    await page.getByTestId('reset-password-repeat').fill('pendek');
    await page.getByTestId('reset-password-save').click();
    await page.getByTestId('reset-password-error').waitFor();
    expect(await page.getByTestId('reset-password-error').textContent()).not.toBe('Kedua kata sandi tidak sama.');
    await page.getByTestId('reset-password-new').fill('kata-sandi-baru-456');
    await page.getByTestId('reset-password-repeat').fill('kata-sandi-baru-456');
    await page.getByTestId('reset-password-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Kata sandi ${username} disetel ulang.`).waitFor();
    await page.getByRole('heading', { name: 'Pengguna organisasi' }).waitFor();

    // the new password is the one that logs in
    const { context, page: fresh, watch } = await openWatchedPage(browser);
    await fresh.goto(`${s.base}/app/`);
    await fresh.locator('input[name=username]').fill(username);
    await fresh.locator('input[name=password]').fill('kata-sandi-baru-456');
    await fresh.getByRole('button', { name: 'Masuk' }).click();
    await fresh.getByTestId('whoami').waitFor();
    expect(watch.pageErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it('in English, the server\'s completeness refusal of a submission shows in English', async () => {
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: minimalDoc(`Incomplete ${mode}`) });
    const page = await open('a-produsen');
    await page.getByRole('combobox', { name: 'Bahasa' }).selectOption('en');
    await page.goto(recordUrl(rec.id));
    await page.getByTestId('transition-QCQE_PROCESS').click();
    await page.getByTestId('transition-confirm').click();
    const error = page.getByTestId('transition-error');
    await error.getByText('An abstract is required before submitting for review', { exact: false }).waitFor();
    expect(await error.textContent()).not.toMatch(/wajib/);
    await page.getByTestId('record-title').waitFor();
  }, 300_000);

  if (mode === 'embedded') {
    it('uploads a thumbnail, imports, exports and deletes: each answer leaves the app on screen', async () => {
      const page = await open('a-produsen');
      const draft = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: 'Gambar tertanam' }) });
      await page.goto(recordUrl(draft.id));
      // a file that says PNG but is not an image: the refusal is shown next to the button, the editor stays
      await page.locator('input[type=file]').setInputFiles({ name: 'palsu.png', mimeType: 'image/png', buffer: Buffer.from('bukan gambar') });
      await page.getByRole('alert').getByText('bukan gambar PNG, JPEG, atau WebP', { exact: false }).waitFor();
      await page.getByTestId('record-title').getByText('Gambar tertanam').waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'pratinjau.png', mimeType: 'image/png', buffer: pngHeader(64, 48) });
      await page.getByTestId('flash').getByText('Gambar pratinjau diunggah.').waitFor();
      await page.getByTestId('record-title').getByText('Gambar tertanam').waitFor();
      await page.getByTestId('save').waitFor();

      await page.getByRole('link', { name: 'Impor XML' }).click();
      // the import screen, not the editor's thumbnail input still on screen
      await page.getByTestId('dropzone').waitFor();
      const fileId = `urn:tertanam:${Date.now().toString(36)}`;
      await page.locator('input[type=file]').setInputFiles({ name: 'tertanam.xml', mimeType: 'application/xml', buffer: Buffer.from(isoRecord(fileId, 'Impor tertanam')) });
      await page.getByTestId('import-result').getByText('Rekaman dibuat dari tertanam.xml.').waitFor();
      await page.getByRole('link', { name: 'Buka rekaman' }).click();
      await page.getByTestId('record-title').getByText('Impor tertanam').waitFor();
      await page.getByRole('tab', { name: 'Ekspor' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-gmd').click()]);
      expect(readFileSync((await download.path())!, 'utf8')).toContain(fileId);
      await page.getByTestId('record-title').waitFor();

      await page.getByRole('tab', { name: 'Isi' }).click();
      await page.getByTestId('delete').click();
      await page.getByTestId('delete-dialog-confirm').click();
      await page.waitForURL(/\/app\/records$/);
      await page.getByTestId('whoami').waitFor();
      expect((await s.t.db.query('SELECT 1 FROM records WHERE file_identifier = $1', [fileId])).rowCount).toBe(0);
    }, 300_000);
  }
});
