import { expectAccessible, loginAs, recordIdOf, screenshot, useServedWorkbench, transition } from './workbench-support';
import { useChromium } from './support/chromium';

// The full publishing flow by clicking, in a real Chromium against the real server, in both
// deployment modes: a Produsen writes a record (map-drawn extent, a field error fixed while
// typing) and submits it to a named reviewer; the QCQE passes it; the Admin publishes it; the
// record is then found over CSW (GetRecordById over HTTP) and in the public search (the OGC API
// – Records items, JSON and the HTML search page).

// one Chromium for the blocks of both modes
const chromium = useChromium();

describe.each(['server', 'embedded'] as const)('workbench: publishing flow (%s mode)', (mode) => {
  const s = useServedWorkbench(mode);
  const shots = mode === 'server';

  it('serves /app/ with the security headers and an SPA fallback', async () => {
    const res = await fetch(`${s.base}/app/records/some-id/history`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const missing = await fetch(`${s.base}/app/assets/nope-123.js`);
    expect(missing.status).toBe(404);
  });

  it('login → create with map → submit → review → publish → found in CSW', async () => {
    const title = `Tutupan Lahan Kabupaten Uji ${mode}`;
    // --- Produsen
    const prod = await loginAs(chromium.browser, s.base, 'a-produsen');
    const p = prod.page;
    await expectAccessible(p, 'dashboard');
    await screenshot(p, 'dashboard', shots);
    await p.getByRole('link', { name: 'Rekaman baru' }).click();
    await p.getByTestId('field-title').waitFor();
    await p.getByTestId('field-title').fill(title);
    await p.getByTestId('field-abstract').fill('Peta tutupan lahan skala 1:50.000 untuk uji workbench.');
    await p.getByTestId('field-language').selectOption('ind');
    await p.getByTestId('field-hierarchyLevel').selectOption('dataset');
    await p.getByTestId('field-dates-creation').fill('2024-03-01');
    await p.getByTestId('field-topicCategories').click();
    await p.getByRole('option', { name: /\(environment\)/ }).click();
    await p.keyboard.press('Escape');
    await p.getByTestId('field-contacts-add').click();
    await p.getByTestId('field-contacts-0-role').selectOption('pointOfContact');
    await p.getByTestId('field-contacts-0-organisationName').fill('Dinas Uji Geospasial');
    // a field error while typing, then fixed
    await p.getByTestId('field-referenceSystem').fill('4326');
    await p.getByText('Format tidak sesuai').waitFor();
    await p.getByTestId('field-referenceSystem').fill('EPSG:4326');
    await p.getByText('Format tidak sesuai').waitFor({ state: 'detached' });
    // draw the extent on the map
    const map = p.getByTestId('bbox-map');
    await map.scrollIntoViewIfNeeded();
    await p.getByTestId('draw-bbox').click();
    const box = (await map.boundingBox())!;
    await p.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
    await p.mouse.down();
    await p.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.6, { steps: 6 });
    await p.mouse.up();
    const west = Number(await p.getByTestId('field-extent-bbox-west').inputValue());
    const east = Number(await p.getByTestId('field-extent-bbox-east').inputValue());
    const south = Number(await p.getByTestId('field-extent-bbox-south').inputValue());
    const north = Number(await p.getByTestId('field-extent-bbox-north').inputValue());
    expect(west).toBeLessThan(east);
    expect(south).toBeLessThan(north);
    await p.getByText('Lengkap: siap diajukan.').waitFor();
    await expectAccessible(p, 'editor');
    await screenshot(p, 'editor', shots);
    await p.getByTestId('save').click();
    await p.getByTestId('flash').waitFor();
    const id = recordIdOf(p);
    const saved = (await s.t.db.query<{ doc_title: string }>('SELECT title AS doc_title FROM records WHERE id = $1', [id])).rows[0];
    expect(saved?.doc_title).toBe(title);
    // submit to a named reviewer of the organisation
    await transition(p, 'QCQE_PROCESS', { reviewerId: s.w.a.qcqe.user.id });
    await expectAccessible(p, 'record page');
    await screenshot(p, 'record', shots);
    await prod.context.close();

    // --- QCQE: the queue, the diff, pass
    const qc = await loginAs(chromium.browser, s.base, 'a-qcqe');
    await qc.page.getByRole('link', { name: 'Antrean review' }).click();
    await qc.page.getByRole('link', { name: title }).click();
    await qc.page.getByTestId('record-title').waitFor();
    await qc.page.getByTestId('tab-changes').click();
    await qc.page.getByTestId('changes-diff').getByTestId('change-title').getByText(title).waitFor();
    await expectAccessible(qc.page, 'review screen');
    await screenshot(qc.page, 'review', shots);
    await transition(qc.page, 'REVIEW');
    await qc.context.close();

    // --- Admin: publish
    const adm = await loginAs(chromium.browser, s.base, 'a-admin');
    await adm.page.goto(`${s.base}/app/records/${encodeURIComponent(id)}`);
    await transition(adm.page, 'PUBLISHED');
    await adm.page.getByRole('link', { name: 'Halaman publik' }).waitFor();
    expect(adm.watch.externalRequests).toEqual([]);
    expect(adm.watch.pageErrors).toEqual([]);
    await adm.context.close();

    // --- found in CSW
    const csw = await fetch(`${s.base}/metadata/csw?service=CSW&version=2.0.2&request=GetRecordById&id=${encodeURIComponent(id)}&elementSetName=full`);
    expect(csw.status).toBe(200);
    const xml = await csw.text();
    expect(xml).toContain(title);
    expect(xml).toContain(id);

    // --- found in the public search: the Records items (JSON) and the HTML search page
    const items = await fetch(`${s.base}/collections/metadata/items?q=${encodeURIComponent(title)}`, { headers: { Accept: 'application/geo+json' } });
    expect(items.status).toBe(200);
    const found = (await items.json()) as { features: { id: string; properties: { title?: string } }[] };
    expect(found.features.map((f) => f.id)).toContain(id);
    const pub = await chromium.browser.newContext();
    try {
      const page = await pub.newPage();
      await page.goto(`${s.base}/collections/metadata/items?f=html&q=${encodeURIComponent(title)}`);
      await page.locator(`a[href*="${encodeURIComponent(id)}"]`).first().waitFor({ timeout: 30_000 });
    } finally {
      await pub.close();
    }
  }, 600_000);
});
