import path from 'node:path';
import { findCredentialsByUsername, findUserByUsername } from '../../libs/db/user.repository';
import { findOrganisationByIdOrName } from '../../libs/db/organisation.repository';
import { verifyPassword } from '../../libs/security/password';
import { COMMANDS } from '../../services/api/cli/commands';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { TEST_REDIS_URL } from '../helpers/env';
import { runCliInProcess, spawnCli, type CliOutput } from '../helpers/cli-runner';

const SECRET = 'cli-test-session-secret-0123456789abcdef';

let t: TestDatabase;
let opened = 0;

beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.drop(); });

/** Runs one CLI invocation in process against the test database; counts the times it opens it. */
const cli = (...argv: string[]): Promise<CliOutput> =>
  runCliInProcess({ db: t.db, url: t.url, sessionSecret: SECRET, onOpenDb: () => { opened++; } }, argv);

describe('help and usage', () => {
  it('lists every command with `help` (exit 0) and without a command (exit 2)', async () => {
    const help = await cli('help');
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.out).toContain(c.name);
    for (const name of ['org:create', 'org:list', 'user:create', 'user:list', 'user:reset-password', 'user:set-active', 'user:set-service-admin']) {
      expect(help.out).toContain(name);
    }
    const none = await cli();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Penggunaan');
  });

  it('unknown commands, unknown options and missing arguments are usage errors (exit 2) that never open the database', async () => {
    const before = opened;
    const unknown = await cli('org:hapus', 'x');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Perintah tidak dikenal: org:hapus');
    const badOption = await cli('org:list', '--semua');
    expect(badOption.code).toBe(2);
    expect(badOption.err).toMatch(/Kesalahan: argumen tidak dapat dibaca/);
    expect(badOption.err).toContain('Penggunaan: npm run cli -- org:list');
    expect((await cli('org:create')).code).toBe(2);
    expect((await cli('org:create', 'A', 'B')).code).toBe(2);
    expect((await cli('user:create', 'budi', '--role', 'ADMIN')).err).toContain('--org wajib diisi');
    expect((await cli('user:create', 'budi', '--org', 'X')).err).toContain('--role wajib diisi');
    expect((await cli('user:create', 'budi', '--org', 'X', '--role', 'BOS')).code).toBe(2);
    expect((await cli('user:create', 'b', '--org', 'X', '--role', 'ADMIN')).err).toMatch(/username: harus 3–64/);
    expect((await cli('user:create', 'budi', '--org', 'X', '--role', 'ADMIN', '--password', 'pendek')).err).toMatch(/password: minimal 8/);
    expect((await cli('user:create', 'budi', '--org', 'X', '--role', 'ADMIN', '--email', 'bukan-surel')).err).toMatch(/email/);
    expect((await cli('user:list')).err).toContain('--org wajib diisi');
    expect((await cli('user:set-active', 'budi', 'mungkin')).err).toContain('true atau false');
    expect((await cli('user:reset-password', 'budi', '--password', 'pendek')).code).toBe(2);
    expect(opened).toBe(before);
  });

  it('`<command> --help` shows that command\'s usage (exit 0)', async () => {
    const r = await cli('user:create', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Penggunaan: npm run cli -- user:create <username> --org <id|nama> --role <PRODUSEN|QCQE|ADMIN>');
  });
});

describe('organisations', () => {
  it('org:create makes an organisation, with --lintas-org allowing cross-organisation reviewers', async () => {
    const a = await cli('org:create', 'Badan Informasi Geospasial');
    expect(a.code).toBe(0);
    expect(a.out).toContain('Organisasi dibuat: Badan Informasi Geospasial');
    expect(a.out).toContain('tidak diizinkan');
    const b = await cli('org:create', 'Dinas Tata Ruang', '--lintas-org');
    expect(b.code).toBe(0);
    expect(b.out).toContain('diizinkan');
    expect((await findOrganisationByIdOrName(t.db, 'dinas tata ruang'))?.allowLintasOrgReviewer).toBe(true);
    expect((await findOrganisationByIdOrName(t.db, 'Badan Informasi Geospasial'))?.allowLintasOrgReviewer).toBe(false);
  });

  it('org:create refuses a taken name, case-insensitively (exit 1)', async () => {
    const r = await cli('org:create', 'badan informasi geospasial');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^Gagal: Organisasi bernama "badan informasi geospasial" sudah ada/);
  });

  it('org:list shows every organisation', async () => {
    const r = await cli('org:list');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAMA\s+LINTAS-ORG$/);
    expect(lines.find((l) => l.includes('Dinas Tata Ruang'))).toMatch(/ya$/);
    expect(lines.find((l) => l.includes('Badan Informasi Geospasial'))).toMatch(/tidak$/);
  });
});

describe('users', () => {
  it('user:create with a given password (organisation by name)', async () => {
    const r = await cli('user:create', 'budi', '--org', 'Badan Informasi Geospasial', '--role', 'PRODUSEN',
      '--password', 'sandi-budi-123', '--name', 'Budi Santoso', '--email', 'budi@big.go.id', '--phone', '+62 812 3456 7890');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Pengguna dibuat: budi (PRODUSEN) di organisasi "Badan Informasi Geospasial"');
    expect(r.out).not.toContain('sandi-budi-123');
    const creds = await findCredentialsByUsername(t.db, 'budi');
    expect(creds?.user).toMatchObject({ role: 'PRODUSEN', fullName: 'Budi Santoso', email: 'budi@big.go.id', phone: '+62 812 3456 7890', active: true });
    await expect(verifyPassword('sandi-budi-123', creds!.passwordHash)).resolves.toBe(true);
  });

  it('user:create without --password prints a generated one that works (organisation by id, role in any case)', async () => {
    const org = await findOrganisationByIdOrName(t.db, 'Dinas Tata Ruang');
    const r = await cli('user:create', 'Siti.QC', '--org', org!.id, '--role', 'qcqe');
    expect(r.code).toBe(0);
    const pw = /kata sandi: (\S+)/.exec(r.out)?.[1];
    expect(pw).toHaveLength(20);
    const creds = await findCredentialsByUsername(t.db, 'siti.qc');
    expect(creds?.user.role).toBe('QCQE');
    expect(creds?.user.organisationId).toBe(org!.id);
    await expect(verifyPassword(pw!, creds!.passwordHash)).resolves.toBe(true);
  });

  it('user:create fails (exit 1) for an unknown organisation or a taken username', async () => {
    const noOrg = await cli('user:create', 'ani', '--org', 'Tidak Ada', '--role', 'ADMIN');
    expect(noOrg.code).toBe(1);
    expect(noOrg.err).toContain('Organisasi "Tidak Ada" tidak ditemukan');
    const taken = await cli('user:create', 'BUDI', '--org', 'Dinas Tata Ruang', '--role', 'ADMIN');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('Nama pengguna "BUDI" sudah dipakai');
  });

  it('user:create --service-admin and user:set-service-admin [--off] grant and take back the service level (ADMIN only)', async () => {
    const notAdmin = await cli('user:create', 'calon-layanan', '--org', 'Badan Informasi Geospasial', '--role', 'PRODUSEN', '--service-admin');
    expect(notAdmin.code).toBe(2);
    expect(notAdmin.err).toContain('--service-admin hanya untuk --role ADMIN');
    const made = await cli('user:create', 'pengelola-layanan', '--org', 'Dinas Tata Ruang', '--role', 'ADMIN', '--password', 'sandi-layanan-123', '--service-admin');
    expect(made.code).toBe(0);
    expect(made.out).toContain('administrator layanan');
    expect((await findUserByUsername(t.db, 'pengelola-layanan'))?.serviceAdmin).toBe(true);
    const off = await cli('user:set-service-admin', 'PENGELOLA-layanan', '--off');
    expect(off.code).toBe(0);
    expect((await findUserByUsername(t.db, 'pengelola-layanan'))?.serviceAdmin).toBe(false);
    const on = await cli('user:set-service-admin', 'pengelola-layanan');
    expect(on.code).toBe(0);
    expect((await findUserByUsername(t.db, 'pengelola-layanan'))?.serviceAdmin).toBe(true);
    expect((await cli('user:set-service-admin', 'budi')).code).toBe(1); // a PRODUSEN
    expect((await cli('user:set-service-admin', 'tidak-ada')).code).toBe(1);
  });

  it('user:list shows the users of one organisation only', async () => {
    await cli('user:create', 'admin-big', '--org', 'Badan Informasi Geospasial', '--role', 'ADMIN', '--password', 'sandi-admin-123');
    const r = await cli('user:list', '--org', 'badan informasi geospasial');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^USERNAME\s+PERAN\s+AKTIF\s+NAMA\s+SUREL\s+ID$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(['admin-big', 'budi']);
    expect(r.out).not.toContain('Siti.QC');
    expect((await cli('user:list', '--org', 'Tidak Ada')).code).toBe(1);
  });

  it('user:reset-password sets a given or generated password', async () => {
    const given = await cli('user:reset-password', 'budi', '--password', 'sandi-baru-456');
    expect(given.code).toBe(0);
    expect(given.out).toContain('Kata sandi budi telah diganti.');
    let creds = await findCredentialsByUsername(t.db, 'budi');
    await expect(verifyPassword('sandi-baru-456', creds!.passwordHash)).resolves.toBe(true);
    await expect(verifyPassword('sandi-budi-123', creds!.passwordHash)).resolves.toBe(false);

    const generated = await cli('user:reset-password', 'BUDI');
    expect(generated.code).toBe(0);
    const pw = /kata sandi baru: (\S+)/.exec(generated.out)?.[1];
    creds = await findCredentialsByUsername(t.db, 'budi');
    await expect(verifyPassword(pw!, creds!.passwordHash)).resolves.toBe(true);

    const missing = await cli('user:reset-password', 'tidak-ada');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Pengguna "tidak-ada" tidak ditemukan');
  });

  it('user:set-active deactivates and reactivates, warning when an organisation loses its last admin', async () => {
    const off = await cli('user:set-active', 'budi', 'false');
    expect(off.code).toBe(0);
    expect(off.out).toContain('Pengguna budi sekarang nonaktif.');
    expect((await findUserByUsername(t.db, 'budi'))?.active).toBe(false);
    const on = await cli('user:set-active', 'budi', 'true');
    expect(on.code).toBe(0);
    expect((await findUserByUsername(t.db, 'budi'))?.active).toBe(true);

    const lastAdmin = await cli('user:set-active', 'admin-big', 'false');
    expect(lastAdmin.code).toBe(0);
    expect(lastAdmin.err).toContain('tidak memiliki admin aktif');
    expect((await cli('user:set-active', 'admin-big', 'true')).code).toBe(0);
    expect((await cli('user:set-active', 'tidak-ada', 'true')).code).toBe(1);
  });
});

describe('the real entry point (tsx services/api/cli/main.ts)', () => {
  const env = () => ({ DATABASE_URL: t.url, REDIS_URL: TEST_REDIS_URL, SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' });

  it('creates an organisation and a user on the configured store, with exit code 0', async () => {
    const org = await spawnCli(['org:create', 'Pemerintah Kota'], env());
    expect(org.err).toBe('');
    expect(org.code).toBe(0);
    expect(org.out).toContain('Organisasi dibuat: Pemerintah Kota');
    const user = await spawnCli(['user:create', 'walikota', '--org', 'Pemerintah Kota', '--role', 'ADMIN'], env());
    expect(user.code).toBe(0);
    expect(user.out).toMatch(/kata sandi: \S{20}/);
    expect((await findUserByUsername(t.db, 'walikota'))?.role).toBe('ADMIN');
  });

  it('loads the use cases only for a command that needs them (help and org:list stay light)', async () => {
    const hook = path.resolve(__dirname, '../helpers/loaded-modules-hook.cjs');
    const loaded = (err: string): string[] =>
      err.split('\n').filter((l) => l.startsWith('LOADED_MODULES ')).flatMap((l) => JSON.parse(l.slice('LOADED_MODULES '.length)) as string[]);
    const help = await spawnCli(['help'], { ...env(), NODE_OPTIONS: `--require ${hook}` });
    expect(help.code).toBe(0);
    const atHelp = loaded(help.err);
    expect(atHelp).toContain('services/api/cli/run-cli.ts'); // the hook saw the CLI's own modules
    expect(atHelp.filter((f) => /^libs\/(assembly|harvest)\/|^libs\/catalogue\/(users|records)\.service\.ts$/.test(f))).toEqual([]);
    const list = await spawnCli(['org:list'], { ...env(), NODE_OPTIONS: `--require ${hook}` });
    expect(list.code).toBe(0);
    const atList = loaded(list.err);
    expect(atList).toContain('libs/assembly/cli-assembly.ts');
    // the heavy parts belong to the commands that use them
    expect(atList.filter((f) => /^libs\/(harvest\/harvest-run|import\/batch-import|jobs\/bullmq-runner)\.ts$/.test(f))).toEqual([]);
  });

  it('exits 1 on failure and 2 on wrong usage or invalid configuration', async () => {
    const failure = await spawnCli(['user:reset-password', 'tidak-ada'], env());
    expect(failure.code).toBe(1);
    expect(failure.err).toContain('tidak ditemukan');
    const usage = await spawnCli(['user:set-active', 'walikota'], env());
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('argumen kurang');
    const badConfig = await spawnCli(['org:list'], { DATABASE_URL: t.url, LOG_LEVEL: 'silent' });
    expect(badConfig.code).toBe(2);
    expect(badConfig.err).toContain('REDIS_URL wajib');
    expect(badConfig.err).toContain('SESSION_SECRET wajib');
  });
});
