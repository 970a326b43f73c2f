import { completeDoc, seedRecord } from '../helpers/fixtures';
import { savePublication } from '../../libs/db/record.repository';
import { expectAccessible, loginAs, screenshot, useServedWorkbench, transition } from './workbench-support';
import { useChromium } from './support/chromium';

// Issue 20 §2 by clicking, in both modes: the changes since publication in human terms, a
// reviewer's comments on fields, the rejection reason at the top of the record and on the
// author's dashboard, and the dashboards that list what waits for each role with its age.

// one Chromium for the blocks of both modes
const chromium = useChromium();

describe.each(['server', 'embedded'] as const)('workbench: the reviewer\'s view (%s mode)', (mode) => {
  const s = useServedWorkbench(mode);
  const shots = mode === 'server';

  const recordUrl = (id: string): string => `${s.base}/app/records/${encodeURIComponent(id)}`;

  it('shows the changes since publication by section and label, lists as lists, the box on maps', async () => {
    const published = completeDoc({ title: 'Peta Tutupan Lahan 2023', keywords: [{ type: 'theme', values: ['lahan'] }] });
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({
      title: 'Peta Tutupan Lahan 2024', hierarchyLevel: 'series', keywords: [{ type: 'theme', values: ['lahan', 'hutan'] }],
      extent: { bbox: { west: 106.7, east: 107.1, south: -6.4, north: -6.1 } },
    }) });
    await savePublication(s.t.db, rec.id, rec.version, { ...published, fileIdentifier: rec.id });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-qcqe');
    await page.goto(`${recordUrl(rec.id)}/changes`);
    const diff = page.getByTestId('changes-diff');
    const title = diff.getByTestId('change-title');
    await title.getByRole('rowheader', { name: 'Judul' }).waitFor();
    await title.getByTestId('change-before').getByText('Peta Tutupan Lahan 2023').waitFor();
    await title.getByTestId('change-after').getByText('Peta Tutupan Lahan 2024').waitFor();
    // a code by its label, in the identification section
    await diff.getByTestId('changes-section-identification').getByTestId('change-hierarchyLevel').getByText('Seri (series)').waitFor();
    // the keywords as a list of items with their labelled parts
    const keywords = diff.getByTestId('changes-section-keywords').getByTestId('change-keywords');
    await keywords.getByTestId('change-after').getByText('lahan, hutan').waitFor();
    // the box: a small map on each side, the sides by name
    const box = diff.getByTestId('changes-section-extent').getByTestId('change-extent.bbox');
    expect(await box.locator('.bbox-map.compact').count()).toBe(2);
    await box.getByTestId('change-after').getByText(/Timur \(bujur\) 107\.1/).waitFor();
    expect(await diff.getByText('/title').count()).toBe(0);
    await expectAccessible(page, 'changes since publication');
    await screenshot(page, 'changes', shots);
    await context.close();
  }, 300_000);

  it('a reviewer comments on a field and rejects; the author sees why on the record and the dashboard, and resolves', async () => {
    const title = `Rekaman untuk komentar ${mode}`;
    const rec = await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'QCQE_PROCESS', reviewerId: s.w.a.qcqe.user.id, doc: completeDoc({ title }) });

    const qc = await loginAs(chromium.browser, s.base, 'a-qcqe');
    await qc.page.getByTestId('waiting-review').getByRole('link', { name: title }).waitFor();
    await expectAccessible(qc.page, 'reviewer dashboard');
    await qc.page.getByTestId('waiting-review').getByRole('link', { name: title }).click();
    await qc.page.getByTestId('comment-field').selectOption('abstract');
    await qc.page.getByTestId('comment-body').fill('Sebutkan sumber data dan tahun survei.');
    await qc.page.getByTestId('comment-send').click();
    await qc.page.getByTestId('comment-abstract').getByText('Sebutkan sumber data dan tahun survei.').waitFor();
    await qc.page.getByTestId('comment-field').selectOption('');
    await qc.page.getByTestId('comment-body').fill('Secara umum sudah baik.');
    await qc.page.getByTestId('comment-send').click();
    await qc.page.getByTestId('comments-summary').getByText('Secara umum sudah baik.').waitFor();
    await expectAccessible(qc.page, 'record with comments (reviewer)');
    await screenshot(qc.page, 'comments', shots);
    await transition(qc.page, 'REJECTED', { note: 'Abstrak belum menyebut sumber data.' });
    await qc.context.close();

    const prod = await loginAs(chromium.browser, s.base, 'a-produsen');
    const fix = prod.page.getByTestId('waiting-fix');
    const row = fix.getByTestId('waiting-row').filter({ hasText: title });
    await row.getByTestId('waiting-rejection').getByText('Ditolak: Abstrak belum menyebut sumber data.').waitFor();
    await row.getByText('2 komentar belum selesai').waitFor();
    await row.locator('time').getByText(/lalu|sekarang|menit ini/).waitFor();
    await prod.page.getByTestId('mine-REJECTED').getByRole('link', { name: title }).waitFor();
    await expectAccessible(prod.page, 'producer dashboard');
    await screenshot(prod.page, 'dashboard-waiting', shots);

    await row.getByRole('link', { name: title }).click();
    await prod.page.getByTestId('rejection-reason').getByText('Abstrak belum menyebut sumber data.').waitFor();
    const onAbstract = prod.page.getByTestId('comment-abstract');
    await onAbstract.getByText('Sebutkan sumber data dan tahun survei.').waitFor();
    expect(await prod.page.getByTestId('comment-form').count()).toBe(0); // the author does not review their own record
    await expectAccessible(prod.page, 'record with comments (author)');
    await onAbstract.getByTestId('comment-resolve').click();
    await onAbstract.waitFor({ state: 'detached' });
    await prod.page.getByTestId('comments-summary').getByText('1 dari 2 komentar belum selesai.').waitFor();
    const rows = await s.t.db.query<{ field: string | null; resolved: boolean }>(
      'SELECT field, resolved_at IS NOT NULL AS resolved FROM record_comments WHERE record_id = $1 ORDER BY id', [rec.id],
    );
    expect(rows.rows).toEqual([{ field: 'abstract', resolved: true }, { field: null, resolved: false }]);
    // back to draft: the reason stays at the top until it is submitted again
    await transition(prod.page, 'DRAFT');
    await prod.page.getByTestId('rejection-reason').waitFor();
    await prod.context.close();
  }, 300_000);

  it('lists what waits for the admin to publish, with its age', async () => {
    const title = `Menunggu terbit ${mode}`;
    await seedRecord(s.t.db, { owner: s.w.a.produsen.user, status: 'REVIEW', doc: completeDoc({ title }) });
    const { context, page } = await loginAs(chromium.browser, s.base, 'a-admin');
    const row = page.getByTestId('waiting-publish').getByTestId('waiting-row').filter({ hasText: title });
    await row.locator('time').waitFor();
    expect(await row.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expectAccessible(page, 'admin dashboard');
    await context.close();
  }, 300_000);
});
