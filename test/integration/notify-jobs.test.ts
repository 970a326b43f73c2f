import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { ConfigError, objectStoreUrlProblem, parseConfig } from '../../libs/config';
import { updateUser } from '../../libs/db/user.repository';
import { bullPrefix } from '../../libs/jobs/redis-connection';
import { createLogger } from '../../libs/logger';
import { notificationKey } from '../../libs/notify';
import { ObjectStoreUrlError, parseS3Location } from '../../libs/objectstore/s3-location';
import { thumbnailKey } from '../../libs/objectstore/thumbnail-key';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, seedWorld, type Agent, type World, type WorldUser } from '../helpers/fixtures';
import { TEST_REDIS_URL } from '../helpers/env';
import { startSmtpServer, startWaGateway, type SmtpTestServer, type WaTestGateway } from '../helpers/notify-servers';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { pngHeader } from '../helpers/image-headers';
import { freePort, rendersAt, waitFor } from './worker-test-support';

/**
 * Workflow notifications as jobs: a transition through REST → outbox → the
 * `record.status-changed` job plans the messages → one `notify` job per message → a real
 * SMTP server in process and a local HTTP WhatsApp gateway. Plus: failures that retry and
 * stay visible, permanent refusals, unconfigured channels, orphaned thumbnails, and the
 * OBJECTSTORE_URL check at start.
 */

/** What the gateway receives for one WhatsApp message (the contract of whatsapp-sender.ts). */
interface WaMessage { to: string; message: string }

const WA_TOKEN = 'token-gateway-uji';
const recordPath = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

async function setContact(t: TestApp, u: WorldUser, c: { email?: string; phone?: string; fullName?: string }): Promise<void> {
  await updateUser(t.db, u.user.id, { email: c.email ?? null, phone: c.phone ?? null, fullName: c.fullName ?? null });
}

async function move(agent: Agent, id: string, body: Record<string, unknown>): Promise<number> {
  const res = await agent.patch(recordPath(id)).send(body);
  expect(res.status).toBe(200);
  return res.body.version as number;
}

describe('notifications in server mode: REST transition → notify jobs on a real BullMQ worker', () => {
  let smtp: SmtpTestServer;
  let gw: WaTestGateway;
  let t: TestApp;
  let w: World;
  let worker: WorkerRuntime;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-notify-'));
  const mailsTo = (addr: string) => smtp.inbox.filter((m) => m.to.includes(addr));
  const waTo = (phone: string) => gw.received.map((r) => r.body as WaMessage).filter((m) => m.to === phone);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    gw = await startWaGateway(WA_TOKEN, { onlyPath: '/send', refusal: 'nomor tidak terdaftar' });
    t = await startTestApp('server', {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'geokatalog <no-reply@katalog.test>',
      WA_GATEWAY_URL: gw.url,
      WA_GATEWAY_TOKEN: WA_TOKEN,
      BASE_URL: 'http://katalog.test',
      DATA_DIR: dataDir,
      // retries within the test's patience: 20 ms, 40 ms between 3 attempts
      NOTIFY_BACKOFF_MS: '20',
      NOTIFY_MAX_ATTEMPTS: '3',
    });
    w = await seedWorld(t);
    await setContact(t, w.a.produsen, { email: 'budi@contoh.go.id', phone: '0812-1111-0001', fullName: 'Budi Produsen' });
    await setContact(t, w.a.qcqe, { email: 'sari@contoh.go.id', phone: '+62 812 1111 0002', fullName: 'Sari QC' });
    await setContact(t, w.a.qcqe2, { email: 'qc-lain@contoh.go.id' });
    await setContact(t, w.a.admin, { email: 'admin@contoh.go.id', phone: '081211110003', fullName: 'Admin A' });
    worker = await startWorker({ ...t.config, worker: { ...t.config.worker, reconcileIntervalSeconds: 3600 } }, createLogger('silent'));
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await gw?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let recordId = '';
  let publishedVersion = 0;

  it('tells the reviewer, the admins and the owner at each step, by e-mail and WhatsApp, in Indonesian', async () => {
    const title = 'Peta Jaringan Irigasi Kabupaten Sleman';
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title }));
    expect(created.status).toBe(201);
    recordId = created.body.id as string;
    const link = `http://katalog.test/api/metadata/${encodeURIComponent(recordId)}`;

    // submitted → the assigned reviewer only (not the other QCQE, not the owner who acted)
    await move(w.a.produsen.agent, recordId, { status: 'QCQE_PROCESS', reviewerId: w.a.qcqe.user.id });
    await waitFor(async () => mailsTo('sari@contoh.go.id').length === 1 && waTo('6281211110002').length === 1, 'pesan "diajukan" ke reviewer');
    const submittedMail = mailsTo('sari@contoh.go.id')[0]!;
    expect(submittedMail.subject).toBe(`[geokatalog] Metadata menunggu pemeriksaan QC/QE: ${title}`);
    expect(submittedMail.text).toContain('Yth. Sari QC,');
    expect(submittedMail.text).toContain('oleh Budi Produsen');
    expect(submittedMail.text).toContain(link);
    expect(waTo('6281211110002')[0]!.message).toContain('telah diajukan untuk pemeriksaan QC/QE');

    // passed QC → the organisation's ADMINs
    await move(w.a.qcqe.agent, recordId, { status: 'REVIEW' });
    await waitFor(async () => mailsTo('admin@contoh.go.id').length === 1 && waTo('6281211110003').length === 1, 'pesan "lolos QC" ke admin');
    expect(mailsTo('admin@contoh.go.id')[0]!.subject).toBe(`[geokatalog] Metadata lolos QC/QE dan menunggu review: ${title}`);

    // rejected → the owner, with the note
    const note = 'Abstrak kurang lengkap; sebutkan sumber data dan tahun survei.';
    await move(w.a.admin.agent, recordId, { status: 'REJECTED', statusNote: note });
    await waitFor(async () => mailsTo('budi@contoh.go.id').length === 1 && waTo('6281211110001').length === 1, 'pesan penolakan ke pemilik');
    const rejection = mailsTo('budi@contoh.go.id')[0]!;
    expect(rejection.subject).toBe(`[geokatalog] Metadata dikembalikan untuk diperbaiki: ${title}`);
    expect(rejection.text).toContain(note);
    expect(rejection.text).toContain('oleh Admin A');
    expect(waTo('6281211110001')[0]!.message).toContain(note);

    // back to draft (nobody is told), again through review, then published → the owner
    await move(w.a.produsen.agent, recordId, { status: 'DRAFT' });
    await move(w.a.produsen.agent, recordId, { status: 'QCQE_PROCESS' });
    await move(w.a.qcqe.agent, recordId, { status: 'REVIEW' });
    publishedVersion = await move(w.a.admin.agent, recordId, { status: 'PUBLISHED' });
    await waitFor(async () => mailsTo('budi@contoh.go.id').length === 2 && waTo('6281211110001').length === 2, 'pesan publikasi ke pemilik');
    const published = mailsTo('budi@contoh.go.id')[1]!;
    expect(published.subject).toBe(`[geokatalog] Metadata telah dipublikasikan: ${title}`);
    expect(published.text).toContain('dapat ditemukan publik melalui layanan katalog (CSW)');
    await waitFor(() => rendersAt(t.db, recordId, publishedVersion), 'render versi terbit');

    await worker.jobs.whenIdle();
    // every message exactly once; the second submission went to the QCQE still assigned
    expect(smtp.inbox.map((m) => [m.to.join(','), m.subject.replace(/: .*$/, '')]).sort()).toEqual([
      ['admin@contoh.go.id', '[geokatalog] Metadata lolos QC/QE dan menunggu review'],
      ['admin@contoh.go.id', '[geokatalog] Metadata lolos QC/QE dan menunggu review'],
      ['budi@contoh.go.id', '[geokatalog] Metadata dikembalikan untuk diperbaiki'],
      ['budi@contoh.go.id', '[geokatalog] Metadata telah dipublikasikan'],
      ['sari@contoh.go.id', '[geokatalog] Metadata menunggu pemeriksaan QC/QE'],
      ['sari@contoh.go.id', '[geokatalog] Metadata menunggu pemeriksaan QC/QE'],
    ]);
    expect(gw.received).toHaveLength(6);
    expect(mailsTo('qc-lain@contoh.go.id')).toEqual([]);
    expect(await worker.jobs.failedJobs()).toEqual([]);
  });

  it('a re-run of the event job sends nothing twice (notify job ids are the message keys)', async () => {
    const before = { mails: smtp.inbox.length, wa: gw.received.length };
    const payload = {
      recordId, from: 'REVIEW' as const, to: 'PUBLISHED' as const, version: publishedVersion,
      actorId: w.a.admin.user.id, organisationId: w.a.org.id,
    };
    await worker.jobs.enqueue('record.status-changed', payload, { jobId: 'ulang-event-terbit' });
    const events = new Queue('events', { connection: { url: TEST_REDIS_URL }, prefix: bullPrefix(t.config.redisPrefix) });
    const notify = new Queue('notify', { connection: { url: TEST_REDIS_URL }, prefix: bullPrefix(t.config.redisPrefix) });
    try {
      await waitFor(async () => (await events.getJob('ulang-event-terbit'))?.finishedOn !== undefined, 'event diulang selesai');
      await worker.jobs.whenIdle();
      expect({ mails: smtp.inbox.length, wa: gw.received.length }).toEqual(before);
      const key = notificationKey(payload, 'email', w.a.produsen.user.id);
      const job = await notify.getJob(key);
      expect(job?.name).toBe('notify');
      expect(await job?.isCompleted()).toBe(true);
    } finally {
      await events.close();
      await notify.close();
    }
  });

  it('SMTP down: the transition answers 200, e-mail jobs retry and end as failed jobs; a gateway 4xx fails at once', async () => {
    await smtp.close();
    gw.answerWith(400);
    const waBefore = gw.received.length;
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Saat Server Surel Mati' }));
    const id = created.body.id as string;
    const res = await w.a.produsen.agent.patch(recordPath(id)).send({ status: 'QCQE_PROCESS', reviewerId: w.a.qcqe.user.id });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('QCQE_PROCESS');

    const version = res.body.version as number;
    const event = { recordId: id, from: 'DRAFT' as const, to: 'QCQE_PROCESS' as const, version };
    const emailKey = notificationKey(event, 'email', w.a.qcqe.user.id);
    const waKey = notificationKey(event, 'whatsapp', w.a.qcqe.user.id);
    const failed = await waitFor(async () => {
      const f = await worker.jobs.failedJobs();
      const mail = f.find((j) => j.id === emailKey);
      const wa = f.find((j) => j.id === waKey);
      return mail && wa ? { mail, wa } : undefined;
    }, 'job notifikasi gagal');
    expect(failed.mail).toMatchObject({ name: 'notify', attemptsMade: 3, unrecoverable: false });
    expect(failed.mail.reason).toContain('Pengiriman e-mail gagal');
    expect(failed.mail.payload).toMatchObject({ channel: 'email', to: 'sari@contoh.go.id', event: 'submitted' });
    expect(failed.wa).toMatchObject({ name: 'notify', attemptsMade: 1, unrecoverable: true });
    expect(failed.wa.reason).toContain('HTTP 400');
    expect(gw.received.length - waBefore).toBe(1); // no retry of a refused request

    // the transition itself went through: status, render, nothing else failed
    await waitFor(() => rendersAt(t.db, id, version), 'render setelah pengajuan');
    const row = await t.db.query<{ status: string }>('SELECT status FROM records WHERE id = $1', [id]);
    expect(row.rows[0]?.status).toBe('QCQE_PROCESS');
    expect((await worker.jobs.failedJobs()).map((j) => j.name)).toEqual(['notify', 'notify']);
  });

  it('deleting a record removes its thumbnail from the object store', async () => {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Bergambar' }));
    const id = created.body.id as string;
    const png = pngHeader(64, 64, 64);
    expect((await w.a.produsen.agent.put(`${recordPath(id)}/thumbnail`).set('Content-Type', 'image/png').send(png)).status).toBe(200);
    expect(await t.deps.objectStore.get(thumbnailKey(id))).toBeDefined();
    expect((await w.a.produsen.agent.delete(recordPath(id))).status).toBe(204);
    await waitFor(async () => (await t.deps.objectStore.get(thumbnailKey(id))) === undefined, 'gambar pratinjau terhapus');
    // a record without a thumbnail is deleted without a failure
    const plain = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Tanpa Gambar' }));
    expect((await w.a.produsen.agent.delete(recordPath(plain.body.id as string))).status).toBe(204);
    await waitFor(async () => (await t.db.query('SELECT 1 FROM outbox WHERE dispatched_at IS NULL')).rowCount === 0, 'event terkirim');
    await worker.jobs.whenIdle();
    expect((await worker.jobs.failedJobs()).filter((j) => j.name !== 'notify')).toEqual([]);
  });
});

describe('notifications in embedded mode: the inline runner sends, unconfigured channels are skipped', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // e-mail configured, WhatsApp not: its messages are planned and skipped, never failed
    t = await startTestApp('embedded', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    w = await seedWorld(t);
    await setContact(t, w.a.produsen, { email: 'pemilik@contoh.go.id', phone: '081299990001' });
    await setContact(t, w.a.qcqe, { email: 'qc@contoh.go.id', phone: '081299990002' });
    await setContact(t, w.a.qcqe2, { phone: '081299990003' });
  }, 300_000); // PGlite with PostGIS takes tens of seconds to start on a busy machine
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('every QCQE of the organisation hears of an unassigned submission; WhatsApp is skipped', async () => {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Mode Tertanam' }));
    const id = created.body.id as string;
    await move(w.a.produsen.agent, id, { status: 'QCQE_PROCESS' });
    await waitFor(async () => smtp.inbox.length >= 1, 'surel ke QCQE');
    await t.deps.jobs.whenIdle();
    expect(smtp.inbox.map((m) => m.to)).toEqual([['qc@contoh.go.id']]);
    expect(smtp.inbox[0]!.subject).toBe('[geokatalog] Metadata menunggu pemeriksaan QC/QE: Peta Mode Tertanam');
    expect(await t.deps.jobs.failedJobs()).toEqual([]);
  });

  it('deleting a record removes its thumbnail from DATA_DIR/objects', async () => {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Bergambar Tertanam' }));
    const id = created.body.id as string;
    const png = pngHeader(64, 48, 64);
    expect((await w.a.produsen.agent.put(`${recordPath(id)}/thumbnail`).set('Content-Type', 'image/png').send(png)).status).toBe(200);
    expect(t.deps.objectStore.kind).toBe('directory');
    expect((await w.a.produsen.agent.delete(recordPath(id))).status).toBe(204);
    await waitFor(async () => (await t.deps.objectStore.get(thumbnailKey(id))) === undefined, 'gambar pratinjau terhapus');
    await t.deps.jobs.whenIdle();
    expect(await t.deps.jobs.failedJobs()).toEqual([]);
  });
});

describe('OBJECTSTORE_URL is checked at start, with the other problems', () => {
  const cases = [
    'http://AKIA:se%2Fcret@minio.local:9000/geokatalog/prod?region=ap-southeast-3',
    's3://my-bucket?region=eu-west-1',
    's3://k:s@my-bucket/prefix',
    'https://k:s@s3.example.org/b-1?pathStyle=false',
    'ftp://k:s@h/bucket',
    'http://k:s@h',
    'http://k:s@h/UPPER',
    'http://h:9000/bucket',
    'http://k@h/bucket',
    'http://k:s@h/bucket?pathStyle=maybe',
    's3://k@my-bucket',
    'http://k:s@h/b',
    'http://k:s@h/bucket/%E0%A4%A',
    'bukan url',
  ];

  it.each(cases)('config and the object store agree on %s', (url) => {
    let storeRefuses = false;
    try {
      parseS3Location(url);
    } catch (err) {
      expect(err instanceof ObjectStoreUrlError || err instanceof URIError).toBe(true);
      storeRefuses = true;
    }
    expect(objectStoreUrlProblem(url) !== undefined).toBe(storeRefuses);
  });

  it('a malformed value is reported together with the other problems', () => {
    let problems: string[] = [];
    try {
      parseConfig({ OBJECTSTORE_URL: 'http://minio:9000/bucket', PORT: 'x', NOTIFY_MAX_ATTEMPTS: '0' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      problems = (err as ConfigError).problems;
    }
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^OBJECTSTORE_URL wajib memuat access key dan secret key/),
      expect.stringMatching(/^PORT/),
      expect.stringMatching(/^NOTIFY_MAX_ATTEMPTS/),
    ]));
    expect(parseConfig({ OBJECTSTORE_URL: 'http://k:s@minio:9000/bucket' }).objectStoreUrl).toBe('http://k:s@minio:9000/bucket');
    expect(parseConfig({}).notify).toEqual({ maxAttempts: 5, backoffMs: 30_000 });
  });

  it('the worker refuses to start with it before opening any connection', async () => {
    const port = await freePort(); // nothing listens there: the start must stop before trying
    const config = Object.freeze({
      ...parseConfig({ DATABASE_URL: `postgres://x@127.0.0.1:${port}/x`, REDIS_URL: `redis://127.0.0.1:${port}`, SESSION_SECRET: 'x'.repeat(40) }),
      objectStoreUrl: 'http://minio:9000/bucket',
    });
    await expect(startWorker(config, createLogger('silent'))).rejects.toThrow(/OBJECTSTORE_URL tidak valid/);
  });
});
