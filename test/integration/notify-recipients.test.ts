import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createUser } from '../../libs/db/user.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { appendHistory } from '../../libs/db/history.repository';
import { loadNotificationContext } from '../../libs/db/notify-recipients.repository';
import { planNotifications, sendNotification, type StatusChangeEvent } from '../../libs/notify';
import type { User } from '../../libs/catalogue/user.types';

describe('notification recipients from the database', () => {
  let t: TestDatabase;
  const u: Record<string, User> = {};
  beforeAll(async () => {
    t = await createTestDatabase();
    const orgA = await createOrganisation(t.db, { name: 'Dinas Pertanahan A' });
    const orgB = await createOrganisation(t.db, { name: 'Dinas B' });
    const mk = async (username: string, role: User['role'], organisationId: string, extra: Partial<User> = {}) => {
      u[username] = await createUser(t.db, {
        username, role, organisationId, passwordHash: 'x', email: `${username}@contoh.go.id`, phone: null, fullName: null, ...extra,
      });
    };
    await mk('produsen', 'PRODUSEN', orgA.id, { fullName: 'Budi Santoso', phone: '0812 3456 7890' });
    await mk('qc-a1', 'QCQE', orgA.id);
    await mk('qc-a2', 'QCQE', orgA.id, { email: null, phone: '+62 813 0000 1111' });
    await mk('qc-a-off', 'QCQE', orgA.id, { active: false });
    await mk('admin-a', 'ADMIN', orgA.id, { fullName: 'Admin A' });
    await mk('produsen-a2', 'PRODUSEN', orgA.id);
    await mk('qc-b', 'QCQE', orgB.id);
    await mk('admin-b', 'ADMIN', orgB.id);

    await insertRecord(t.db, { id: 'rec-open', status: 'QCQE_PROCESS', organisationId: orgA.id, ownerId: u.produsen!.id, reviewerId: null, doc: { title: 'Peta Irigasi' } });
    await insertRecord(t.db, { id: 'rec-assigned', status: 'QCQE_PROCESS', organisationId: orgA.id, ownerId: u.produsen!.id, reviewerId: u['qc-b']!.id, doc: { title: 'Peta Lintas' } });
    await insertRecord(t.db, { id: 'rec-rejected', status: 'REJECTED', organisationId: orgA.id, ownerId: u.produsen!.id, reviewerId: null, doc: { title: 'Peta Ditolak' } });
    await appendHistory(t.db, { recordId: 'rec-rejected', actorId: u['qc-a1']!.id, from: 'QCQE_PROCESS', to: 'REJECTED', note: 'catatan lama' });
    await appendHistory(t.db, { recordId: 'rec-rejected', actorId: u['qc-a1']!.id, from: 'REJECTED', to: 'DRAFT', note: null });
    await appendHistory(t.db, { recordId: 'rec-rejected', actorId: u['qc-a1']!.id, from: 'QCQE_PROCESS', to: 'REJECTED', note: 'Lengkapi abstrak.' });
  });
  afterAll(async () => { await t.drop(); });

  const ev = (recordId: string, from: StatusChangeEvent['from'], to: StatusChangeEvent['to'], actor: string): StatusChangeEvent =>
    ({ recordId, from, to, version: 3, actorId: u[actor]!.id });

  it("loads the owner, the organisation's QCQE and ADMINs (only of that organisation) and who acted", async () => {
    const ctx = (await loadNotificationContext(t.db, ev('rec-open', 'DRAFT', 'QCQE_PROCESS', 'produsen'), 'http://localhost:8080'))!;
    expect(ctx.record).toMatchObject({ id: 'rec-open', title: 'Peta Irigasi', reviewerId: null });
    expect(ctx.owner?.username).toBe('produsen');
    expect(ctx.orgQcqe.map((r) => r.username)).toEqual(['qc-a-off', 'qc-a1', 'qc-a2']);
    expect(ctx.orgAdmins.map((r) => r.username)).toEqual(['admin-a']);
    expect(ctx.actorName).toBe('Budi Santoso');
    const plan = planNotifications(ev('rec-open', 'DRAFT', 'QCQE_PROCESS', 'produsen'), ctx);
    expect(plan.map((n) => `${n.to}`).sort()).toEqual(['6281300001111', 'qc-a1@contoh.go.id']);
  });

  it('loads an assigned reviewer from another organisation', async () => {
    const ctx = (await loadNotificationContext(t.db, ev('rec-assigned', 'DRAFT', 'QCQE_PROCESS', 'admin-a'), 'http://x'))!;
    expect(ctx.reviewer?.username).toBe('qc-b');
    expect(ctx.actorName).toBe('Admin A');
    expect(planNotifications(ev('rec-assigned', 'DRAFT', 'QCQE_PROCESS', 'admin-a'), ctx).map((n) => n.to)).toEqual(['qc-b@contoh.go.id']);
  });

  it('takes the note of the newest matching transition', async () => {
    const ctx = (await loadNotificationContext(t.db, ev('rec-rejected', 'QCQE_PROCESS', 'REJECTED', 'qc-a1'), 'http://x'))!;
    expect(ctx.note).toBe('Lengkapi abstrak.');
  });

  it('answers undefined for a record deleted before the job ran', async () => {
    expect(await loadNotificationContext(t.db, ev('tidak-ada', 'REVIEW', 'PUBLISHED', 'admin-a'), 'http://x')).toBeUndefined();
  });

  it('end to end: the rejection reaches the owner through the WhatsApp gateway', async () => {
    const got: unknown[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => { got.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(body) }); res.writeHead(202).end(); });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const event = ev('rec-rejected', 'QCQE_PROCESS', 'REJECTED', 'qc-a1');
      const ctx = (await loadNotificationContext(t.db, event, 'http://localhost:8080'))!;
      const config = {
        smtpUrl: undefined, mailFrom: 'x <x@y>', waGatewayUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, waGatewayToken: 't0k3n',
      };
      const results = await Promise.all(planNotifications(event, ctx).map((n) => sendNotification(config, n).then((r) => `${n.channel}:${r}`)));
      expect(results.sort()).toEqual(['email:skipped', 'whatsapp:sent']);
      expect(got).toEqual([{
        path: '/send',
        auth: 'Bearer t0k3n',
        body: { to: '6281234567890', message: expect.stringContaining('Lengkapi abstrak.') },
      }]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
