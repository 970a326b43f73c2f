import { FIXTURE_PASSWORD, seedWorld, type World } from '../helpers/fixtures';
import { startSmtpServer, type SmtpTestServer } from '../helpers/notify-servers';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { assertWorkbenchBuilt, expectAccessible, loginAs, screenshot, type UserPage } from './workbench-support';
import { useChromium } from './support/chromium';
import { listenApp } from './support/listen-app';

/*
 * Issue 20 §3 in Chromium, in the embedded default (PGlite, jobs in process) and in server mode
 * (PostgreSQL, Redis, BullMQ; no worker here, so queued jobs wait): My account, the users form's
 * e-mail and phone, harvest sources with their runs and reports, and the queue screen inside the
 * app (embedded: a failed job and its retry; server: BullMQ's counts and the bull-board link) —
 * each screen checked with axe (no serious or critical finding).
 */

const notifyPayload = (key: string) => ({
  key, event: 'rejected', recordId: 'rekaman-uji', userId: 'pengguna-uji', channel: 'email', to: 'produsen@contoh.go.id',
  subject: 'Uji antrean', text: 'Pesan uji.',
});

// one Chromium for the blocks of both modes
const chromium = useChromium();

describe.each(['embedded', 'server'] as const)('workbench (%s): account, users, harvest sources, queues', (mode) => {
  let t: TestApp;
  let w: World;
  let server: Awaited<ReturnType<typeof listenApp>> | undefined;
  let base: string;
  let smtpPort: number;
  let smtp: SmtpTestServer | undefined;
  const opened: UserPage[] = [];
  const open = async (username: string) => {
    const p = await loginAs(chromium.browser, base, username);
    opened.push(p);
    return p;
  };

  beforeAll(async () => {
    assertWorkbenchBuilt();
    // where a mail server was: notifications fail until it is back
    const probe = await startSmtpServer();
    smtpPort = probe.port;
    await probe.close();
    t = await startTestApp(mode, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_MAX_ATTEMPTS: '1' });
    w = await seedWorld(t);
    server = await listenApp(t);
    base = server.base;
  }, 600_000);

  afterAll(async () => {
    for (const p of opened) await p.context.close().catch(() => undefined);
    await server?.close();
    await t?.close();
    await smtp?.close();
  }, 600_000);

  afterEach(() => {
    for (const p of opened) {
      expect(p.watch.pageErrors).toEqual([]);
      expect(p.watch.externalRequests).toEqual([]);
    }
  });

  it('My account: name, e-mail and WhatsApp number saved; a password change ends the other session and keeps this one', async () => {
    const here = await open('a-produsen');
    const elsewhere = await open('a-produsen');
    await here.page.getByRole('link', { name: 'Akun saya' }).click();
    await here.page.getByTestId('account-fullName').fill('Sari Produsen');
    await here.page.getByTestId('account-email').fill('sari@contoh.go.id');
    await here.page.getByTestId('account-phone').fill('+62 812 3456 7890');
    await here.page.getByTestId('account-save').click();
    await here.page.getByTestId('profile-msg').getByText('Profil disimpan.').waitFor();
    await here.page.getByTestId('whoami').getByText('Sari Produsen').waitFor();
    const row = (await t.db.query('SELECT full_name, email, phone FROM users WHERE username = $1', ['a-produsen'])).rows[0];
    expect(row).toEqual({ full_name: 'Sari Produsen', email: 'sari@contoh.go.id', phone: '+62 812 3456 7890' });
    await expectAccessible(here.page, 'my account');
    await screenshot(here.page, 'account', mode === 'embedded');

    // a wrong current password is said so, and changes nothing
    await here.page.getByTestId('password-current').fill('bukan-sandinya');
    await here.page.getByTestId('password-new').fill('sandi-baru-sendiri');
    await here.page.getByTestId('password-repeat').fill('sandi-baru-sendiri');
    await here.page.getByTestId('password-submit').click();
    await here.page.getByTestId('password-msg').getByText('Kata sandi saat ini salah.').waitFor();
    await here.page.getByTestId('password-current').fill(FIXTURE_PASSWORD);
    await here.page.getByTestId('password-submit').click();
    await here.page.getByTestId('password-msg').getByText('Kata sandi diganti. Sesi lain Anda telah diakhiri.').waitFor();
    // this tab is still logged in; the other one is sent to the login screen
    await here.page.reload();
    await here.page.getByTestId('whoami').waitFor();
    await elsewhere.page.reload();
    await elsewhere.page.locator('input[name=username]').waitFor();
    expect(await elsewhere.page.getByTestId('whoami').count()).toBe(0);
  }, 300_000);

  it('the users form: e-mail and phone when creating, and a contact edit of an existing user', async () => {
    const adm = await open('a-admin');
    await adm.page.getByRole('link', { name: 'Pengguna' }).click();
    await adm.page.getByRole('button', { name: 'Ubah kontak: a-qcqe', exact: true }).click();
    await adm.page.getByTestId('user-contact-phone').fill('081234567890');
    await adm.page.getByTestId('user-contact-email').fill('qc@contoh.go.id');
    await expectAccessible(adm.page, 'user contact dialog');
    await adm.page.getByTestId('user-contact-save').click();
    await adm.page.getByText('Pengguna disimpan.').waitFor();
    expect((await t.db.query('SELECT email, phone FROM users WHERE username = $1', ['a-qcqe'])).rows[0]).toEqual({ email: 'qc@contoh.go.id', phone: '081234567890' });

    await adm.page.getByLabel('Nama pengguna').fill('a-baru');
    await adm.page.getByTestId('new-user-email').fill('baru@contoh.go.id');
    await adm.page.getByTestId('new-user-phone').fill('+62 811 000 111');
    await adm.page.getByRole('textbox', { name: 'Kata sandi' }).fill('kata-sandi-baru-123');
    await adm.page.getByRole('button', { name: 'Buat pengguna' }).click();
    await adm.page.getByRole('cell', { name: 'baru@contoh.go.id' }).waitFor();
    expect((await t.db.query('SELECT email, phone FROM users WHERE username = $1', ['a-baru'])).rows[0]).toEqual({ email: 'baru@contoh.go.id', phone: '+62 811 000 111' });
    await expectAccessible(adm.page, 'users');
  }, 300_000);

  it('harvest sources: add with write-only credentials, run now, the runs with their report and skipped records, delete', async () => {
    const adm = await open('a-admin');
    await adm.page.getByRole('link', { name: 'Sumber panen' }).click();
    await adm.page.getByText('Belum ada sumber panen.').waitFor();
    await adm.page.getByTestId('harvest-add').click();
    await adm.page.getByTestId('harvest-name').fill('Simpul Kabupaten');
    await adm.page.getByTestId('harvest-url').fill('http://127.0.0.1:9/csw');
    await adm.page.getByTestId('harvest-schedule').fill('0 2 * * *');
    await adm.page.getByTestId('harvest-username').fill('pemanen');
    await adm.page.getByTestId('harvest-password').fill('rahasia-sumber-123');
    await expectAccessible(adm.page, 'harvest source form');
    await adm.page.getByTestId('harvest-save').click();
    await adm.page.getByTestId('harvest-msg').getByText('Sumber panen disimpan.').waitFor();
    const src = (await t.db.query<{ id: string; schedule: string; mode: string }>('SELECT id, schedule, mode FROM harvest_sources')).rows;
    expect(src).toHaveLength(1);
    expect(src[0]).toMatchObject({ schedule: '0 2 * * *', mode: 'review' });
    const sourceId = src[0]!.id;

    // a refused edit keeps the dialog and says why; the stored credentials are never shown
    await adm.page.getByTestId('harvest-edit').click();
    await adm.page.getByTestId('harvest-credentials-stored').waitFor();
    expect(await adm.page.getByTestId('harvest-password').inputValue()).toBe('');
    expect(await adm.page.content()).not.toContain('rahasia-sumber-123');
    await adm.page.getByTestId('harvest-schedule').fill('setiap hari');
    await adm.page.getByTestId('harvest-save').click();
    await adm.page.getByTestId('harvest-form-error').waitFor();
    await adm.page.getByTestId('harvest-schedule').fill('');
    await adm.page.getByTestId('harvest-mode-publish').click();
    // the first save's message is still shown: wait for this save's own answer, not for the text
    await Promise.all([
      adm.page.waitForResponse((r) => r.url().includes('/harvest') && r.request().method() !== 'GET' && r.status() < 300, { timeout: 60_000 }),
      adm.page.getByTestId('harvest-save').click(),
    ]);
    await adm.page.getByTestId('harvest-msg').getByText('Sumber panen disimpan.').waitFor();
    expect((await t.db.query('SELECT schedule, mode FROM harvest_sources WHERE id = $1', [sourceId])).rows[0]).toEqual({ schedule: null, mode: 'publish' });

    // run now: a loopback source is refused by the outbound rule, so the run fails with its reason
    await adm.page.getByTestId('harvest-run').click();
    await adm.page.getByTestId('harvest-msg').getByText('Panen diantrekan.').waitFor();
    // embedded: the run happens in this process; server mode: it waits in BullMQ for a worker (none here)
    if (mode === 'embedded') await t.deps.jobs.whenIdle();
    // an earlier run of the source, finished with skipped and failed records (seeded as the harvester writes it)
    await t.db.query(
      `INSERT INTO harvest_runs (id, source_id, status, trigger, incremental, queued_at, started_at, finished_at, report)
       VALUES ('run-lama', $1, 'succeeded', 'schedule', false, now() - interval '1 day', now() - interval '1 day', now() - interval '1 day', $2)`,
      [sourceId, JSON.stringify({
        counts: { listed: 3, added: 1, updated: 0, unchanged: 0, withdrawn: 0, skipped: 1, failed: 1 },
        failures: [{ identifier: 'rusak-1', reason: 'gmd:MD_Metadata: judul tidak ada' }],
        skippedRecords: [{ identifier: 'lokal-7', reason: 'pengenal sudah dipakai rekaman lokal; tidak ditimpa' }],
        errors: [], recordForm: 'iso19139', incremental: false, matched: 3, pages: 1, bytes: 100, durationMs: 10,
      })],
    );
    await adm.page.getByTestId('harvest-show-runs').click();
    const runs = adm.page.getByTestId('harvest-runs');
    await runs.locator(`[data-run-status="${mode === 'embedded' ? 'failed' : 'queued'}"]`).waitFor();
    await runs.locator('[data-run-status="succeeded"]').getByTestId('harvest-report-open').click();
    const report = adm.page.getByTestId('harvest-report');
    await report.getByTestId('harvest-report-skipped').getByText('lokal-7').waitFor();
    await report.getByTestId('harvest-report-skipped').getByText('pengenal sudah dipakai rekaman lokal; tidak ditimpa').waitFor();
    await report.getByTestId('harvest-report-failures').getByText('rusak-1').waitFor();
    await expectAccessible(adm.page, 'harvest runs and report');
    await screenshot(adm.page, 'harvest-sources', mode === 'embedded');
    if (mode === 'embedded') {
      await runs.locator('[data-run-status="failed"]').getByTestId('harvest-report-open').click();
      await report.getByTestId('harvest-report-errors').getByText('alamat tujuan tidak diizinkan', { exact: false }).waitFor();
    }

    // delete through the app's own dialog
    await adm.page.getByTestId('harvest-delete').click();
    await expectAccessible(adm.page, 'harvest delete dialog');
    await adm.page.getByTestId('harvest-delete-confirm').click();
    await adm.page.getByTestId('harvest-msg').getByText('Sumber panen dihapus.').waitFor();
    expect((await t.db.query('SELECT count(*)::int AS n FROM harvest_sources')).rows[0]).toEqual({ n: 0 });
  }, 300_000);

  it('the queue screen inside the app: the in-process state, a failed notification and its retry (server: BullMQ and bull-board)', async () => {
    // the organisation ADMIN has no queue entry; the service administrator (flag set by the CLI, here in the database) has
    const orgAdmin = await open('b-admin');
    expect(await orgAdmin.page.getByRole('link', { name: 'Dasbor antrean' }).count()).toBe(0);
    await t.db.query("UPDATE users SET is_service_admin = true WHERE username = 'a-admin'");
    if (mode === 'server') {
      const srv = await open('a-admin');
      await srv.page.getByRole('link', { name: 'Dasbor antrean' }).click();
      await srv.page.getByTestId('queues-runner').getByText('Mode server', { exact: false }).waitFor();
      expect(await srv.page.getByTestId('queues-board').getAttribute('href')).toBe('/admin/queues');
      await srv.page.locator('[data-queue="harvest"]').waitFor();
      await expectAccessible(srv.page, 'queues (server)');
      return;
    }
    await t.deps.jobs.enqueue('notify', notifyPayload('layar-antrean-1') as never);
    await t.deps.jobs.whenIdle();

    const adm = await open('a-admin');
    await adm.page.getByRole('link', { name: 'Dasbor antrean' }).click();
    expect(new URL(adm.page.url()).pathname).toBe('/app/admin/queues');
    await adm.page.getByTestId('queues-runner').getByText('Mode tertanam', { exact: false }).waitFor();
    expect(await adm.page.getByTestId('queues-board').count()).toBe(0);
    const job = adm.page.locator('[data-job="layar-antrean-1"]');
    await job.waitFor();
    expect(Number(await adm.page.getByTestId('queue-failed-notify').textContent())).toBeGreaterThanOrEqual(1);
    await expectAccessible(adm.page, 'queues');
    await screenshot(adm.page, 'queues', true);

    smtp = await startSmtpServer({ port: smtpPort });
    await job.getByTestId('queues-retry').click();
    await adm.page.getByTestId('queues-msg').getByText('Job layar-antrean-1 diantrekan lagi.').waitFor();
    await t.deps.jobs.whenIdle();
    expect(smtp.inbox.map((m) => m.subject)).toContain('Uji antrean');
    await adm.page.getByTestId('queues-refresh').click();
    await job.waitFor({ state: 'detached' });
  }, 300_000);
});
