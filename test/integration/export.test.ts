import { Queue } from 'bullmq';
import { findRecordById, updateRecordContent } from '../../libs/db/record.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { renderJobId } from '../../libs/jobs/job-ids';
import { bullPrefix } from '../../libs/jobs/redis-connection';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { EXPORT_FORMATS } from '../../libs/render/formats';
import { exportFileName } from '../../services/api/routes/export.routes';
import { completeDoc, seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_REDIS_URL } from '../helpers/env';

const NS = {
  gmd: 'http://www.isotc211.org/2005/gmd',
  mdb2016: 'http://standards.iso.org/iso/19115/-3/mdb/1.0',
  mdb2018: 'http://standards.iso.org/iso/19115/-3/mdb/2.0',
} as const;

const url = (id: string, format?: string) => `/api/metadata/${encodeURIComponent(id)}/export/xml${format ? `?format=${format}` : ''}`;

/** Stores the real renders of a record, each marked so a test can tell "from the store" apart. */
async function storeMarkedRenders(t: TestApp, id: string): Promise<void> {
  const rec = (await findRecordById(t.db, id))!;
  const all = await t.deps.renderer.renderAll(rec);
  const marked = Object.fromEntries(Object.entries(all).map(([f, xml]) => [f, `${xml}\n<!-- tersimpan v${rec.version} -->`]));
  await upsertRenders(t.db, id, rec.version, marked);
}

describe('GET /api/metadata/{id}/export/xml', () => {
  let t: TestApp;
  let w: World;
  let queue: Queue;

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
    queue = new Queue('render', { connection: { url: TEST_REDIS_URL }, prefix: bullPrefix(t.config.redisPrefix) });
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  it('needs a session (401)', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED' });
    const res = await w.anonymous.get(url(rec.id));
    expect(res.status).toBe(401);
    expect(res.type).toBe('application/problem+json');
  });

  it('is a 404 for records the caller may not read, and for unknown ids', async () => {
    const draftB = await seedRecord(t.db, { owner: w.b.produsen.user, status: 'DRAFT' });
    expect((await w.a.produsen.agent.get(url(draftB.id))).status).toBe(404);
    expect((await w.a.produsen.agent.get(url('tidak-ada'))).status).toBe(404);
    // the owner's organisation reads it in any status
    expect((await w.b.produsen2.agent.get(url(draftB.id))).status).toBe(200);
  });

  it('refuses an unknown format with a 400 that lists the allowed values', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED' });
    for (const bad of ['format=iso', 'format=dc-full', 'format=gmd&format=mdb2018']) {
      const res = await w.a.produsen.agent.get(`${url(rec.id)}?${bad}`);
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/problem+json');
      expect(JSON.parse(res.text).allowed).toEqual([...EXPORT_FORMATS]);
    }
  });

  it('serves the stored render of the current version in each format, as an attachment', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: 'Peta Tutupan Lahan' }) });
    await storeMarkedRenders(t, rec.id);
    for (const format of EXPORT_FORMATS) {
      const res = await w.b.qcqe.agent.get(url(rec.id, format)); // another organisation: PUBLISHED is public
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${rec.id}-${format}.xml"`);
      expect(res.headers['x-render-source']).toBe('stored');
      expect(res.text).toContain(`<!-- tersimpan v${rec.version} -->`);
      const doc = parseXmlSafely(res.text);
      expect(doc.documentElement?.localName).toBe('MD_Metadata');
      expect(doc.documentElement?.namespaceURI).toBe(NS[format]);
      expect(res.text).toContain('Peta Tutupan Lahan');
    }
    // no format = gmd
    const dflt = await w.a.produsen.agent.get(url(rec.id));
    expect(dflt.headers['content-disposition']).toBe(`attachment; filename="${rec.id}-gmd.xml"`);
    expect(parseXmlSafely(dflt.text).documentElement?.namespaceURI).toBe(NS.gmd);
  });

  it('never serves an older version: a stale render is replaced by a fresh one and a render job is queued', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT', doc: completeDoc({ title: 'Judul Lama' }) });
    await storeMarkedRenders(t, rec.id);
    // an edit whose event has not been processed yet (no worker runs in this file)
    const edited = await updateRecordContent(t.db, rec.id, { ...completeDoc({ title: 'Judul Baru' }), fileIdentifier: rec.id });
    expect(edited.version).toBe(rec.version + 1);

    const res = await w.a.produsen.agent.get(url(rec.id, 'mdb2018'));
    expect(res.status).toBe(200);
    expect(res.headers['x-render-source']).toBe('on-demand');
    expect(res.text).toContain('Judul Baru');
    expect(res.text).not.toContain('Judul Lama');
    expect(res.text).not.toContain('tersimpan');
    expect(parseXmlSafely(res.text).documentElement?.namespaceURI).toBe(NS.mdb2018);

    // the fire-and-forget enqueue lands in the render queue under its deterministic id
    const jobId = renderJobId(rec.id, edited.version);
    let job = await queue.getJob(jobId);
    for (let i = 0; !job && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await queue.getJob(jobId);
    }
    expect(job?.name).toBe('record.render');
    expect(job?.data).toMatchObject({ payload: { recordId: rec.id, version: edited.version } });
  });

  it('renders on the spot when nothing is stored yet', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'REVIEW', doc: completeDoc({ title: 'Belum Dirender' }) });
    const res = await w.a.admin.agent.get(url(rec.id, 'mdb2016'));
    expect(res.status).toBe(200);
    expect(res.headers['x-render-source']).toBe('on-demand');
    expect(parseXmlSafely(res.text).documentElement?.namespaceURI).toBe(NS.mdb2016);
    expect(res.text).toContain('Belum Dirender');
  });

  it('sanitises the file identifier for the Content-Disposition header', async () => {
    const id = 'urn:uji:peta "utama"/2024';
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED', id });
    const res = await w.a.produsen.agent.get(url(rec.id, 'gmd'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="urn_uji_peta_utama_2024-gmd.xml"');
    expect(exportFileName('..\\..\r\n', 'gmd')).toBe('metadata-gmd.xml');
    expect(exportFileName('peta.v1', 'mdb2018')).toBe('peta.v1-mdb2018.xml');
  });
});
