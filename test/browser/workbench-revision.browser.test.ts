import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { completeDoc, type Agent } from '../helpers/fixtures';
import { expectAccessible, loginAs, recordIdOf, screenshot, useServedWorkbench, transition } from './workbench-support';
import { useChromium } from './support/chromium';

// Issue 20 §1 by clicking, in a real Chromium against the real server, in both deployment modes:
// a Produsen starts a revision of a published record, edits and submits it; the QCQE sees the
// diff against the published version and passes it; the Admin publishes it from the record's
// page. Until then CSW GetRecordById, the OGC API – Records item and an OAI-PMH `from` harvest
// answer with the published version; afterwards with the new one. Then the Admin's direct
// correction (with its reason) and a withdrawal (with its reason).

const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

async function move(agent: Agent, id: string, body: Record<string, unknown>): Promise<void> {
  const res = await agent.patch(path(id)).send(body);
  if (res.status !== 200) throw new Error(`PATCH ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
}

// one Chromium for the blocks of both modes
const chromium = useChromium();

describe.each(['server', 'embedded'] as const)('workbench: revising a published record (%s mode)', (mode) => {
  const s = useServedWorkbench(mode);
  const shots = mode === 'server';

  /** what the public protocols answer for the identifier */
  async function publicView(fid: string, since: string) {
    const csw = await (await fetch(`${s.base}/metadata/csw?service=CSW&version=2.0.2&request=GetRecordById&elementSetName=full&id=${encodeURIComponent(fid)}`)).text();
    const item = (await (await fetch(`${s.base}/collections/metadata/items/${encodeURIComponent(fid)}?f=json`)).json()) as { properties: { title: string } };
    const oai = await (await fetch(`${s.base}/oai?verb=ListRecords&metadataPrefix=oai_dc&from=${since}`)).text();
    return {
      csw: /<dc:title>([^<]*)<\/dc:title>/.exec(csw)?.[1],
      oarec: item.properties.title,
      oai: oai.includes('noRecordsMatch') ? null : /<dc:title>([^<]*)<\/dc:title>/.exec(oai)?.[1],
    };
  }

  it('revision → review → publish replaces the public version only at publication; then a direct correction and a withdrawal', async () => {
    const { produsen, qcqe, admin } = s.w.a;
    const fid = `peta-revisi-${mode}`;
    const title = `Peta Kawasan Hutan ${mode}`;
    const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title, fileIdentifier: fid }));
    const id = (created.body as MetadataRecord).id;
    await move(produsen.agent, id, { status: 'QCQE_PROCESS', reviewerId: qcqe.user.id });
    await move(qcqe.agent, id, { status: 'REVIEW' });
    await move(admin.agent, id, { status: 'PUBLISHED' });
    await new Promise((r) => setTimeout(r, 1100)); // OAI-PMH datestamps have seconds granularity
    const since = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(await publicView(fid, since)).toEqual({ csw: title, oarec: title, oai: null });

    // --- Produsen: "Buat revisi" on the published record, edit the working copy, submit it
    const prod = await loginAs(chromium.browser, s.base, 'a-produsen');
    const p = prod.page;
    await p.goto(`${s.base}/app/records/${encodeURIComponent(id)}`);
    await p.getByTestId('start-revision').click();
    await p.getByTestId('revision-banner').waitFor();
    const revId = recordIdOf(p);
    expect(revId).not.toBe(id);
    await p.getByTestId('flash').getByText('Revisi dibuat').waitFor();
    await p.getByTestId('field-title').fill(`${title} (revisi)`);
    await p.getByTestId('save').click();
    await p.getByTestId('flash').getByText('Tersimpan').waitFor();
    await expectAccessible(p, 'revision page');
    await screenshot(p, 'revision', shots);
    await transition(p, 'QCQE_PROCESS', { reviewerId: qcqe.user.id });
    // the published record links to the revision in progress
    await p.getByTestId('revision-of-link').click();
    await p.getByTestId('open-revision').waitFor();
    expect(recordIdOf(p)).toBe(id);
    expect(prod.watch.pageErrors).toEqual([]);
    await prod.context.close();
    expect(await publicView(fid, since)).toEqual({ csw: title, oarec: title, oai: null });

    // --- QCQE: the diff against the published version, pass
    const qc = await loginAs(chromium.browser, s.base, 'a-qcqe');
    await qc.page.goto(`${s.base}/app/records/${encodeURIComponent(revId)}/changes`);
    await qc.page.getByTestId('changes-diff').getByText(`${title} (revisi)`).waitFor();
    await expectAccessible(qc.page, 'revision diff');
    await transition(qc.page, 'REVIEW');
    await qc.context.close();
    expect(await publicView(fid, since)).toEqual({ csw: title, oarec: title, oai: null });

    // --- Admin: from the published record to its revision, publish it
    const adm = await loginAs(chromium.browser, s.base, 'a-admin');
    const a = adm.page;
    await a.goto(`${s.base}/app/records/${encodeURIComponent(id)}`);
    await a.getByTestId('open-revision-link').click();
    await a.getByTestId('revision-banner').waitFor();
    await transition(a, 'PUBLISHED');
    await a.getByTestId('flash').getByText('Revisi diterbitkan').waitFor();
    expect(recordIdOf(a)).toBe(id);
    await a.getByTestId('record-title').getByText(`${title} (revisi)`).waitFor();
    expect(await publicView(fid, since)).toEqual({ csw: `${title} (revisi)`, oarec: `${title} (revisi)`, oai: `${title} (revisi)` });

    // --- Admin: a direct correction asks its reason and is in the history
    await a.getByTestId('start-correction').click();
    await a.getByTestId('correction-mode').waitFor();
    await a.getByTestId('field-title').fill(`${title} 2025`);
    await a.getByTestId('save').click();
    await a.getByTestId('correction-confirm').click();
    await a.getByTestId('correction-error').waitFor();
    await expectAccessible(a, 'correction dialog');
    await a.getByTestId('correction-reason').fill('Tahun data pada judul');
    await a.getByTestId('correction-confirm').click();
    await a.getByTestId('flash').getByText('Koreksi langsung tersimpan').waitFor();
    expect((await publicView(fid, since)).oarec).toBe(`${title} 2025`);

    // --- Admin: a withdrawal needs its reason
    await a.getByTestId('transition-PRIVATE').click();
    await a.getByTestId('transition-confirm').click();
    await a.getByTestId('transition-error').waitFor();
    await a.getByTestId('transition-note').fill('Data sumber ditarik instansi');
    await a.getByTestId('transition-confirm').click();
    await a.locator('[data-status="PRIVATE"]').first().waitFor();
    await a.getByRole('tab', { name: 'Riwayat' }).click();
    const history = a.getByTestId('history');
    for (const text of ['Revisi dimulai', 'Revisi diterbitkan', 'Koreksi langsung', 'Tahun data pada judul', 'Penarikan', 'Data sumber ditarik instansi']) {
      await history.getByText(text).first().waitFor();
    }
    const oai = await (await fetch(`${s.base}/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=${since}`)).text();
    expect(oai).toContain('status="deleted"');
    expect(adm.watch.externalRequests).toEqual([]);
    expect(adm.watch.pageErrors).toEqual([]);
    await adm.context.close();
  }, 600_000);
});
