import { createOrganisation } from '../../libs/db/organisation.repository';
import { runCliInProcess, type CliOutput } from '../helpers/cli-runner';
import { isoRecord, startBrokenCsw, type BrokenCsw } from '../helpers/broken-csw-server';
import { createFixtureUser } from '../helpers/fixtures';
import { HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/* `npm run cli -- harvest:add|list|run|remove` against a test database and a local CSW source. */

const SECRET = 'cli-test-session-secret-0123456789abcdef';
let t: TestDatabase;
let csw: BrokenCsw;

beforeAll(async () => {
  t = await createTestDatabase();
  const org = await createOrganisation(t.db, { name: 'Simpul Provinsi' });
  await createFixtureUser(t.db, 'prov-admin', 'ADMIN', org.id);
  csw = await startBrokenCsw(10);
  csw.records = ['cl-1', 'cl-2', 'cl-3'].map((id) => [id, isoRecord(id, `Rekaman ${id}`)]);
});
afterAll(async () => {
  await csw?.close();
  await t?.drop();
});

const cli = (...argv: string[]): Promise<CliOutput> => runCliInProcess({ db: t.db, url: t.url, sessionSecret: SECRET, env: { ...HARVEST_TEST_ENV } }, argv);

describe('harvest CLI', () => {
  let id: string;

  it('harvest:add creates a source; bad options are refused', async () => {
    const bad = await cli('harvest:add', 'Simpul', '--url', csw.url, '--protocol', 'gopher', '--org', 'Simpul Provinsi');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('/protocol');
    expect((await cli('harvest:add', 'Simpul', '--url', csw.url)).code).toBe(2);
    const ok = await cli('harvest:add', 'Simpul Kabupaten', '--url', csw.url, '--protocol', 'csw', '--org', 'Simpul Provinsi', '--mode', 'publish',
      '--username', 'u', '--password', 'sandi-cli-rahasia');
    expect(ok.code).toBe(0);
    id = /Sumber panen dibuat: (\S+)/.exec(ok.out)![1]!;
    expect(ok.out).not.toContain('sandi-cli-rahasia');
  });

  it('harvest:run runs it now and prints the report; harvest:list shows the last run', async () => {
    const run = await cli('harvest:run', id);
    expect(run.code).toBe(0);
    expect(run.out).toContain('succeeded');
    expect(run.out).toContain('terdaftar 3, ditambah 3, diperbarui 0, tidak berubah 0, ditarik 0, dilewati 0, gagal 0');
    const r = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE status = 'PUBLISHED'");
    expect(r.rows[0]!.n).toBe(3);
    const list = await cli('harvest:list');
    expect(list.code).toBe(0);
    expect(list.out).toContain('Simpul Kabupaten');
    expect(list.out).toMatch(/succeeded \d{4}-/);
    expect(list.out).not.toContain('sandi-cli-rahasia');
  });

  it('a failed run exits 1 with the error', async () => {
    csw.fault = { atStart: 1, kind: '500' };
    try {
      const run = await cli('harvest:run', id, '--incremental');
      expect(run.code).toBe(1);
      expect(run.err).toContain('HTTP 500');
    } finally {
      csw.fault = undefined;
    }
  });

  it('harvest:remove deletes the source; the records stay', async () => {
    expect((await cli('harvest:remove', id)).code).toBe(0);
    expect((await cli('harvest:remove', id)).code).toBe(1);
    const r = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM records');
    expect(r.rows[0]!.n).toBe(3);
  });
});
