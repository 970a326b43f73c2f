import {
  NotifyError, planNotifications, sendEmail, sendNotification, sendWhatsApp, type NotifyConfig, type NotificationContext,
} from '../../libs/notify';
import { startSmtpServer, startWaGateway, type SmtpTestServer, type WaTestGateway } from '../helpers/notify-servers';

const ctx: NotificationContext = {
  baseUrl: 'http://localhost:8080',
  record: { id: 'rec-42', title: 'Peta Batas Desa — Kabupaten Sleman', organisationId: 'org', ownerId: 'u-owner', reviewerId: null },
  owner: { id: 'u-owner', username: 'budi', fullName: 'Budi Santoso', email: 'budi@contoh.go.id', phone: '0812 3456 7890', active: true },
  reviewer: undefined,
  orgQcqe: [],
  orgAdmins: [],
  note: 'Sistem referensi salah; gunakan EPSG:4326.',
  actorName: 'Sari (QCQE)',
};
const rejected = planNotifications({ recordId: 'rec-42', from: 'REVIEW', to: 'REJECTED', version: 5, actorId: 'u-qc' }, ctx);
const email = rejected.find((n) => n.channel === 'email')!;
const wa = rejected.find((n) => n.channel === 'whatsapp')!;

const baseConfig: NotifyConfig = { smtpUrl: undefined, mailFrom: 'geokatalog <no-reply@katalog.test>', waGatewayUrl: undefined, waGatewayToken: undefined };

describe('e-mail over SMTP (in-process server)', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => { smtp = await startSmtpServer({ auth: { user: 'mailer', pass: 'rahasia' }, rejectTo: 'ditolak@contoh.go.id' }); });
  afterAll(async () => { await smtp.close(); });

  it('delivers the rejection notice, in Indonesian with the note, from MAIL_FROM', async () => {
    const config = { ...baseConfig, smtpUrl: `smtp://mailer:rahasia@127.0.0.1:${smtp.port}` };
    await expect(sendNotification(config, email)).resolves.toBe('sent');
    const mail = smtp.inbox.at(-1)!;
    expect(mail.from).toBe('no-reply@katalog.test');
    expect(mail.to).toEqual(['budi@contoh.go.id']);
    expect(mail.subject).toBe('[geokatalog] Metadata dikembalikan untuk diperbaiki: Peta Batas Desa — Kabupaten Sleman');
    expect(mail.text).toContain('Yth. Budi Santoso,');
    expect(mail.text).toContain('dikembalikan (ditolak) oleh Sari (QCQE).');
    expect(mail.text).toContain('Sistem referensi salah; gunakan EPSG:4326.');
    expect(mail.text).toContain('http://localhost:8080/api/metadata/rec-42');
  });

  it('throws a retryable NotifyError on a wrong password', async () => {
    const config = { ...baseConfig, smtpUrl: `smtp://mailer:salah@127.0.0.1:${smtp.port}` };
    const err = await sendEmail(config, email).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotifyError);
    expect((err as NotifyError).permanent).toBe(false);
    expect((err as NotifyError).channel).toBe('email');
  });

  it('marks a refused recipient as permanent (no retry can fix it)', async () => {
    const config = { ...baseConfig, smtpUrl: `smtp://mailer:rahasia@127.0.0.1:${smtp.port}` };
    const err = await sendEmail(config, { ...email, to: 'ditolak@contoh.go.id' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotifyError);
    expect((err as NotifyError).permanent).toBe(true);
  });

  it('throws a retryable NotifyError when the server is down', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const err = await sendEmail({ ...baseConfig, smtpUrl: `smtp://127.0.0.1:${port}` }, email).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotifyError);
    expect((err as NotifyError).permanent).toBe(false);
  });

  it('skips when SMTP_URL is not configured', async () => {
    await expect(sendEmail(baseConfig, email)).resolves.toBe('skipped');
  });
});

describe('WhatsApp over the HTTP gateway (local server)', () => {
  let gw: WaTestGateway;
  beforeAll(async () => { gw = await startWaGateway('token-wa-123'); });
  afterAll(async () => { await gw.close(); });
  beforeEach(() => gw.answerWith(200));

  it('POSTs {to, message} to /send with the bearer token', async () => {
    const config = { ...baseConfig, waGatewayUrl: `${gw.url}/`, waGatewayToken: 'token-wa-123' };
    await expect(sendNotification(config, wa)).resolves.toBe('sent');
    const req = gw.received.at(-1)!;
    expect(req.path).toBe('/send');
    expect(req.auth).toBe('Bearer token-wa-123');
    expect(req.body).toEqual({ to: '6281234567890', message: wa.text });
    expect(wa.text).toContain('Sistem referensi salah; gunakan EPSG:4326.');
  });

  it('throws a retryable error on a 5xx and on 429', async () => {
    const config = { ...baseConfig, waGatewayUrl: gw.url, waGatewayToken: 'token-wa-123' };
    for (const status of [503, 429]) {
      gw.answerWith(status);
      const err = await sendWhatsApp(config, wa).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotifyError);
      expect((err as NotifyError).permanent).toBe(false);
      expect((err as Error).message).toContain(`HTTP ${status}`);
    }
  });

  it('throws a permanent error when the gateway refuses the request (wrong token)', async () => {
    const config = { ...baseConfig, waGatewayUrl: gw.url, waGatewayToken: 'salah' };
    const err = await sendWhatsApp(config, wa).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotifyError);
    expect((err as NotifyError).permanent).toBe(true);
    expect((err as Error).message).toContain('HTTP 401');
  });

  it('throws a retryable error when the gateway is unreachable', async () => {
    const err = await sendWhatsApp({ ...baseConfig, waGatewayUrl: 'http://127.0.0.1:9' }, wa).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotifyError);
    expect((err as NotifyError).permanent).toBe(false);
  });

  it('skips when WA_GATEWAY_URL is not configured', async () => {
    await expect(sendWhatsApp(baseConfig, wa)).resolves.toBe('skipped');
  });
});
