import { Queue, Worker } from 'bullmq';
import { QUEUE_NAMES } from '../../libs/jobs/job-registry';
import { bullPrefix, producerConnection, workerConnection } from '../../libs/jobs/redis-connection';
import { loginAgent } from '../helpers/fixtures';
import { updateUser } from '../../libs/db/user.repository';
import { useSeededApp } from '../helpers/seeded-app';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { waitFor } from './worker-test-support';

/**
 * bull-board at /admin/queues: ADMIN sessions only (401 anonymous, 403 other roles), every
 * registry queue listed, failed jobs visible and retried through the board's own API; in
 * embedded mode a plain "needs server mode" answer instead of a 500.
 */
describe('queue dashboard in server mode', () => {
  const ctx = useSeededApp();

  it('answers 401 without a session and 403 to PRODUSEN and QCQE, on the page and on its API', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const anon = await ctx.w.anonymous.get(path);
      expect(anon.status).toBe(401);
      expect(anon.headers['content-type']).toMatch(/application\/problem\+json/);
      expect((await ctx.w.a.produsen.agent.get(path)).status).toBe(403);
      expect((await ctx.w.a.qcqe.agent.get(path)).status).toBe(403);
      expect((await ctx.w.b.qcqe2.agent.get(path)).status).toBe(403);
    }
    // mutating calls are refused the same way
    expect((await ctx.w.a.produsen.agent.put('/admin/queues/api/queues/render/x/retry')).status).toBe(403);
  });

  it('is the service administrator\'s: an organisation ADMIN gets 403 too', async () => {
    expect((await ctx.w.b.admin.agent.get('/admin/queues/api/queues')).status).toBe(403);
    // from here on A's ADMIN is a service administrator (the flag is read on every request)
    await updateUser(ctx.t.db, ctx.w.a.admin.user.id, { serviceAdmin: true });
  });

  it('shows the board to an ADMIN, with every registry queue in its API', async () => {
    const page = await ctx.w.a.admin.agent.get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<base href="/admin/queues/"'); // links and API calls resolve under the mount path
    expect(page.text).toContain('Antrean geokatalog');
    expect(page.headers['x-powered-by']).toBeUndefined();

    const api = await ctx.w.a.admin.agent.get('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    const names = (api.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual([...QUEUE_NAMES].sort());
    const asset = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect(asset).toBeDefined();
    const script = await ctx.w.a.admin.agent.get(`/admin/queues/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // the assets are behind the same ADMIN check
    expect((await ctx.w.anonymous.get(`/admin/queues/${asset}`)).status).toBe(401);
  });

  it('lists a failed job and retries it', async () => {
    const prefix = bullPrefix(ctx.t.config.redisPrefix);
    const queue = new Queue('render', { connection: producerConnection(ctx.t.config.redisUrl!), prefix });
    // a job that fails for good on its only attempt, run by a throwaway worker
    const worker = new Worker('render', async () => { throw new Error('gagal disengaja untuk dasbor'); }, {
      connection: workerConnection(ctx.t.config.redisUrl!), prefix,
    });
    try {
      await queue.add('record.render', { payload: { recordId: 'dasbor-uji', version: 1 } }, { jobId: 'dasbor-gagal-1', attempts: 1 });
      await waitFor(async () => (await queue.getJobState('dasbor-gagal-1')) === 'failed', 'job gagal');
      await worker.close();

      const listed = await ctx.w.a.admin.agent.get('/admin/queues/api/queues?activeQueue=render&status=failed&page=1&jobsPerPage=10');
      expect(listed.status).toBe(200);
      const render = (listed.body.queues as { name: string; counts: Record<string, number>; jobs: { id: string; failedReason: string }[] }[])
        .find((q) => q.name === 'render')!;
      expect(render.counts.failed).toBe(1);
      expect(render.jobs.map((j) => [j.id, j.failedReason])).toEqual([['dasbor-gagal-1', 'gagal disengaja untuk dasbor']]);

      const retried = await ctx.w.a.admin.agent.put('/admin/queues/api/queues/render/dasbor-gagal-1/retry');
      expect(retried.status).toBe(204);
      expect(await queue.getJobState('dasbor-gagal-1')).toBe('waiting');
      await queue.remove('dasbor-gagal-1');
    } finally {
      await worker.close();
      await queue.close();
    }
  });
});

describe('queue dashboard in embedded mode', () => {
  let t: TestApp;

  // PGlite's start takes seconds, many more on a busy two-core machine
  beforeAll(async () => {
    t = await startTestApp('embedded');
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('still wants an ADMIN session, then says the board needs server mode (HTML or JSON, not a 500)', async () => {
    expect((await t.agent().get('/admin/queues')).status).toBe(401);
    const admin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');

    const html = await admin.get('/admin/queues').set('Accept', 'text/html');
    expect(html.status).toBe(501);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.text).toContain('mode server');

    const json = await admin.get('/admin/queues/api/queues').set('Accept', 'application/json');
    expect(json.status).toBe(501);
    expect(json.body).toMatchObject({ available: false, mode: 'embedded' });
    expect(json.body.detail).toContain('REDIS_URL');
  });
});
