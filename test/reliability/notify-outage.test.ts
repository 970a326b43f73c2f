import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { renderVersions } from '../../libs/db/render.repository';
import { updateUser } from '../../libs/db/user.repository';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { createLogger } from '../../libs/logger';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, createFixtureUser, FIXTURE_PASSWORD } from '../helpers/fixtures';
import { freePort, waitUntil } from '../helpers/private-servers';
import { call, json, login, serveTestApp, show, type ServedTestApp } from './reliability-support';

/**
 * "SMTP and gateway down": both configured, neither listening (nothing answers on their
 * ports). A record goes through the whole workflow over REST; every transition must answer
 * 200 at once, because notifications are jobs that run after the commit. Each message is
 * retried (NOTIFY_MAX_ATTEMPTS) and then stays visible as a failed job — a refused connection
 * is a transient failure, not a permanent one. The renders of every step complete regardless.
 * (A mail server that closes mid-run and a gateway that refuses with 4xx are covered in
 * test/integration/notify-jobs.test.ts.)
 */
describe('SMTP server and WhatsApp gateway both down', () => {
  let s: ServedTestApp;
  let worker: WorkerRuntime;
  let owner: string;
  let qcqe: string;
  let admin: string;
  const ATTEMPTS = 3;

  beforeAll(async () => {
    const [smtpPort, gwPort] = [await freePort(), await freePort()];
    s = await serveTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WA_GATEWAY_URL: `http://127.0.0.1:${gwPort}`,
      WA_GATEWAY_TOKEN: 'token-uji',
      NOTIFY_MAX_ATTEMPTS: String(ATTEMPTS),
      NOTIFY_BACKOFF_MS: '20',
      RECONCILE_INTERVAL_SECONDS: '3600',
    });
    const db = s.runtime.db;
    const org = await createOrganisation(db, { name: 'Organisasi Uji Notifikasi' });
    const users = {
      owner: await createFixtureUser(db, 'ntf-produsen', 'PRODUSEN', org.id),
      qcqe: await createFixtureUser(db, 'ntf-qcqe', 'QCQE', org.id),
      admin: await createFixtureUser(db, 'ntf-admin', 'ADMIN', org.id),
    };
    for (const [i, u] of Object.values(users).entries()) await updateUser(db, u.id, { email: `u${i}@contoh.go.id`, phone: `08121111000${i}` });
    [owner, qcqe, admin] = [users.owner.id, users.qcqe.id, users.admin.id];
    worker = await startWorker(s.runtime.deps.config, createLogger('silent'));
  });

  afterAll(async () => {
    await worker?.close();
    await s?.close();
  });

  it('every transition answers 200; the messages retry, then stay as failed jobs; renders still complete', async () => {
    const cookies = {
      owner: await login(s.base, 'ntf-produsen', FIXTURE_PASSWORD),
      qcqe: await login(s.base, 'ntf-qcqe', FIXTURE_PASSWORD),
      admin: await login(s.base, 'ntf-admin', FIXTURE_PASSWORD),
    };
    const created = await call(s.base, '/api/metadata', { method: 'POST', cookie: cookies.owner, ...json(completeDoc({ title: 'Peta Saat Notifikasi Mati' })) });
    expect({ s: created.status, t: show('create', created) }).toMatchObject({ s: 201 });
    let rec = JSON.parse(created.text) as MetadataRecord;
    const path = `/api/metadata/${encodeURIComponent(rec.id)}`;

    // submitted → reviewer (the org's QCQE); passed QC → admins; published → owner
    const steps: [keyof typeof cookies, Record<string, unknown>][] = [
      ['owner', { status: 'QCQE_PROCESS', reviewerId: qcqe }],
      ['qcqe', { status: 'REVIEW' }],
      ['admin', { status: 'PUBLISHED' }],
    ];
    for (const [who, body] of steps) {
      const r = await call(s.base, path, { method: 'PATCH', cookie: cookies[who], ...json(body) });
      expect({ step: body.status, s: r.status, t: show('patch', r) }).toMatchObject({ step: body.status, s: 200 });
      rec = JSON.parse(r.text) as MetadataRecord;
      expect(rec.status).toBe(body.status);
    }

    // one e-mail and one WhatsApp per recipient per transition, each retried to the end
    const expected = [qcqe, admin, owner].length * 2;
    const failed = await waitUntil(async () => {
      const f = (await worker.jobs.failedJobs()).filter((j) => j.name === 'notify');
      return f.length >= expected ? f : undefined;
    }, 'semua job notifikasi gagal setelah dicoba ulang', 60_000);
    expect(failed).toHaveLength(expected);
    for (const j of failed) {
      expect({ id: j.id, attemptsMade: j.attemptsMade, unrecoverable: j.unrecoverable }).toEqual({ id: j.id, attemptsMade: ATTEMPTS, unrecoverable: false });
    }
    const channels = failed.map((j) => (j.payload as { channel: string; userId: string }).channel).sort();
    expect(channels).toEqual([...Array(expected / 2).fill('email'), ...Array(expected / 2).fill('whatsapp')]);
    const recipients = new Set(failed.map((j) => (j.payload as { userId: string }).userId));
    expect(recipients).toEqual(new Set([qcqe, admin, owner]));

    // the workflow itself is untouched: the record is published, rendered, listed by CSW,
    // and nothing but the notifications failed
    await waitUntil(async () => {
      const v = await renderVersions(s.runtime.db, rec.id);
      return RENDER_FORMATS.every((f) => v[f] === rec.version);
    }, 'render versi terbit', 60_000);
    const csw = await call(s.base, `/metadata/csw?service=CSW&version=2.0.2&request=GetRecordById&id=${encodeURIComponent(rec.id)}`);
    expect(csw.text).toContain('Peta Saat Notifikasi Mati');
    expect((await worker.jobs.failedJobs()).filter((j) => j.name !== 'notify')).toEqual([]);
  });
});
