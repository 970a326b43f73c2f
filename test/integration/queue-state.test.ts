import { loginAgent, type Agent } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';
import { startSmtpServer, type SmtpTestServer } from '../helpers/notify-servers';

/*
 * Issue 20 §3, the queue screen's REST side (`/api/admin/queues`, service administrators): in the
 * embedded default it shows the in-process runner's own state — a notification that failed while
 * the mail server was down is listed with its reason, and its retry delivers it once the server
 * is back. Server mode answers BullMQ's counts and names bull-board.
 */

const notifyPayload = (key: string) => ({
  key, event: 'rejected', recordId: 'rekaman-uji', userId: 'pengguna-uji', channel: 'email', to: 'produsen@contoh.go.id',
  subject: 'Rekaman ditolak', text: 'Rekaman Anda ditolak.',
});

describe('embedded mode: the in-process queue\'s state and a retry', () => {
  let smtp: SmtpTestServer;
  let port: number;
  let service: Agent;
  const env: Record<string, string> = { NOTIFY_MAX_ATTEMPTS: '1' };
  beforeAll(async () => {
    // a port where a mail server was: the outage first, the same server back later
    const probe = await startSmtpServer();
    port = probe.port;
    await probe.close();
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  const ctx = useSeededApp({ mode: 'embedded', env, timeoutMs: 600_000 });
  beforeAll(async () => {
    service = await loginAgent(ctx.t, 'admin', 'admin-password-123');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('only the service administrator reads it (401, 403 for a PRODUSEN and an organisation ADMIN)', async () => {
    expect((await ctx.w.anonymous.get('/api/admin/queues')).status).toBe(401);
    expect((await ctx.w.a.produsen.agent.get('/api/admin/queues')).status).toBe(403);
    expect((await ctx.w.a.admin.agent.get('/api/admin/queues')).status).toBe(403);
    expect((await ctx.w.a.admin.agent.post('/api/admin/queues/failed/x/retry')).status).toBe(403);
    const res = await service.get('/api/admin/queues');
    expect(res.status).toBe(200);
    expect(res.body.runner).toBe('inline');
    expect(res.body.dashboardUrl).toBeNull();
    expect(res.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['events', 'harvest', 'notify', 'render']);
  });

  it('a failed notification is listed with its reason; its retry delivers it once the server is back', async () => {
    await ctx.t.deps.jobs.enqueue('notify', notifyPayload('antrean-uji-1') as never);
    await ctx.t.deps.jobs.whenIdle();
    const before = (await service.get('/api/admin/queues')).body;
    const failed = before.failed.find((f: { id: string }) => f.id === 'antrean-uji-1');
    expect(failed).toMatchObject({ name: 'notify', queue: 'notify', attemptsMade: 1, unrecoverable: false });
    expect(failed.reason.length).toBeGreaterThan(0);
    expect(before.queues.find((q: { name: string }) => q.name === 'notify').failed).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(before)).not.toContain('Rekaman Anda ditolak.'); // the payload stays on the server

    smtp = await startSmtpServer({ port });
    const retried = await service.post('/api/admin/queues/failed/antrean-uji-1/retry');
    expect(retried.status).toBe(202);
    await ctx.t.deps.jobs.whenIdle();
    expect(smtp.inbox.map((m) => m.subject)).toContain('Rekaman ditolak');
    const after = (await service.get('/api/admin/queues')).body;
    expect(after.failed.find((f: { id: string }) => f.id === 'antrean-uji-1')).toBeUndefined();
    // nothing left to retry under that id
    const again = await service.post('/api/admin/queues/failed/antrean-uji-1/retry');
    expect(again.status).toBe(404);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('server mode: BullMQ\'s counts, and bull-board named', () => {
  const ctx = useSeededApp({ mode: 'server' });
  it('answers the queues with the dashboard address', async () => {
    const service = await loginAgent(ctx.t, 'admin', 'admin-password-123');
    const res = await service.get('/api/admin/queues');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ runner: 'bullmq', dashboardUrl: '/admin/queues' });
    expect(res.body.queues).toHaveLength(4);
    expect((await service.post('/api/admin/queues/failed/tidak-ada/retry')).status).toBe(404);
  });
});
