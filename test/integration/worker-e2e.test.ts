import { createLogger } from '../../libs/logger';
import { currentPublicGeneration } from '../../libs/response-cache/generation';
import { findRecordById, updateRecordContent } from '../../libs/db/record.repository';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { rendersAt, waitFor } from './worker-test-support';
import { CSW_WARM_REQUESTS } from '../../libs/processors/csw-warm.hook';
import { csw, identifiers, publishThroughWorkflow } from '../helpers/csw-cache-rules';

/**
 * The whole path with a real BullMQ Worker: REST change → outbox → relay → queue → worker →
 * renders stored → export serves them. The API runs as in server mode (producer only); the
 * worker runtime is the one `npm run worker` starts, in this process.
 */
describe('worker end to end: REST change → render stored → export', () => {
  let t: TestApp;
  let w: World;
  let worker: WorkerRuntime;

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
    worker = await startWorker({ ...t.config, worker: { ...t.config.worker, reconcileIntervalSeconds: 3600 } }, createLogger('silent'));
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const exportXml = async (id: string, format = 'gmd') => {
    const res = await w.a.produsen.agent.get(`/api/metadata/${encodeURIComponent(id)}/export/xml?format=${format}`);
    expect(res.status).toBe(200);
    return res;
  };

  it('renders a new record, re-renders on every status change, and export serves the stored forms', async () => {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Jaringan Jalan Nasional' }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await waitFor(() => rendersAt(t.db, id, 1), 'render versi 1');
    const v1 = await exportXml(id, 'mdb2018');
    expect(v1.headers['x-render-source']).toBe('stored');
    expect(v1.text).toContain('Jaringan Jalan Nasional');

    // DRAFT → QCQE_PROCESS → REVIEW → PUBLISHED, each a status change with its own event
    const steps = [
      { agent: w.a.produsen.agent, status: 'QCQE_PROCESS' },
      { agent: w.a.qcqe.agent, status: 'REVIEW' },
      { agent: w.a.admin.agent, status: 'PUBLISHED' },
    ];
    for (const step of steps) {
      const genBefore = await currentPublicGeneration(t.deps.kv);
      const res = await step.agent.patch(`/api/metadata/${encodeURIComponent(id)}`).send({ status: step.status });
      expect(res.status).toBe(200);
      const version = res.body.version as number;
      await waitFor(() => rendersAt(t.db, id, version), `render setelah ${step.status}`);
      if (step.status === 'PUBLISHED') {
        // the API bumps at commit, the job bumps again once the new renders are stored
        await waitFor(async () => (await currentPublicGeneration(t.deps.kv)) >= genBefore + 2, 'generasi CSW dinaikkan oleh job');
      }
      const res2 = await exportXml(id);
      expect(res2.headers['x-render-source']).toBe('stored');
    }

    // a content change of the published record (an ADMIN's direct correction) is rendered (and bumps the CSW generation) too
    const genBefore = await currentPublicGeneration(t.deps.kv);
    const edit = await w.a.admin.agent.post(`/api/metadata/${encodeURIComponent(id)}/corrections`)
      .send({ reason: 'Tahun data diperbarui', patch: { title: 'Jaringan Jalan Nasional 2025' } });
    expect(edit.status).toBe(200);
    await waitFor(() => rendersAt(t.db, id, edit.body.version as number), 'render setelah suntingan');
    await waitFor(async () => (await currentPublicGeneration(t.deps.kv)) >= genBefore + 2, 'generasi CSW setelah suntingan');
    for (const format of ['gmd', 'mdb2016', 'mdb2018']) {
      const res = await exportXml(id, format);
      expect(res.headers['x-render-source']).toBe('stored');
      expect(res.text).toContain('Jaringan Jalan Nasional 2025');
      expect(parseXmlSafely(res.text).documentElement?.localName).toBe('MD_Metadata');
    }
    await worker.jobs.whenIdle();
    expect(await worker.jobs.failedJobs()).toEqual([]);
  });

  it('a stale render is never served: export renders on the spot and the queued job brings the store up to date', async () => {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Sungai Lama' }));
    const id = created.body.id as string;
    await waitFor(() => rendersAt(t.db, id, 1), 'render versi 1');

    // a change whose event never reaches the queue (written behind the use cases' back)
    const rec = (await findRecordById(t.db, id))!;
    const changed = await updateRecordContent(t.db, id, { ...completeDoc({ title: 'Sungai Baru' }), fileIdentifier: rec.id });

    const res = await exportXml(id, 'gmd');
    expect(res.headers['x-render-source']).toBe('on-demand');
    expect(res.text).toContain('Sungai Baru');
    expect(res.text).not.toContain('Sungai Lama');

    await waitFor(() => rendersAt(t.db, id, changed.version), 'render dari job yang dijadwalkan export');
    const again = await exportXml(id, 'gmd');
    expect(again.headers['x-render-source']).toBe('stored');
    expect(again.text).toContain('Sungai Baru');
  });

  it('the worker warms the CSW cache from its own assembly: no settings relayed through Redis, no API timer', async () => {
    // what an API published for the worker before (the relay this process no longer has): gone
    await t.deps.kv.del('csw:builtin-settings');
    const published = await publishThroughWorkflow(w, 'Hangat Tanpa Relai');
    await waitFor(() => rendersAt(t.db, published.id, published.version), 'render setelah publikasi');
    await worker.jobs.whenIdle();
    // the first request of each warmed form is already a hit: the worker computed it as the API would
    for (const req of CSW_WARM_REQUESTS) {
      const res = await csw(t, req.query as Record<string, string>);
      expect([req.query.request, res.headers['x-cache']]).toEqual([req.query.request, 'hit']);
    }
    const firstPage = await csw(t, CSW_WARM_REQUESTS[1]!.query as Record<string, string>);
    expect(identifiers(firstPage.text)).toContain(published.fileIdentifier ?? published.id);
  });
});
