import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { findCredentialsByUsername } from '../../libs/db/user.repository';
import { importFiles } from '../../libs/import/batch-import';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { buildGmd } from '../../libs/render/gmd-builder';
import { generateRecord } from '../helpers/sample-records';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Embedded mode under bulk work (issue 11): a `--publish` import of a few hundred records leaves
 * two events per record in the outbox; while the in-process jobs render them, every kind of
 * request is still answered, the in-memory queue stays bounded (the rest waits in the outbox),
 * and the backlog completes. No timing is asserted here: `npm run bench:embedded` measures it.
 */

const N = 300;
/** the inline runner's bound on waiting jobs (inline-runner.ts), plus follow-ups added while it is full */
const QUEUE_BOUND = 500 + 100;

let t: TestApp;
let filesDir: string;

beforeAll(async () => {
  t = await startTestApp('embedded');
  filesDir = mkdtempSync(path.join(tmpdir(), 'gk-backlog-files-'));
}, 600_000);

afterAll(async () => {
  await t?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

async function completeRenders(): Promise<number> {
  const r = await t.deps.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM records r
      WHERE (SELECT count(*) FROM record_renders x WHERE x.record_id = r.id AND x.version >= r.version) = $1`,
    [RENDER_FORMATS.length],
  );
  return r.rows[0]!.n;
}

it('answers health, login, the REST list and CSW while a backlog of renders drains, and the backlog completes', async () => {
  const admin = await findCredentialsByUsername(t.deps.db, 'admin');
  expect(admin).toBeDefined();
  const files = Array.from({ length: N }, (_, i) => {
    const file = path.join(filesDir, `rekaman-${i}.xml`);
    writeFileSync(file, buildGmd(generateRecord(i)));
    return file;
  });
  const summary = await importFiles(t.deps.db, files, { organisationId: admin!.user.organisationId, ownerId: admin!.user.id, publish: true, threads: 0 });
  expect(summary.imported).toBe(N);
  await t.deps.afterCommit({ publicChanged: true }); // as the REST routes do after a commit: the relay starts now

  const agent = t.agent();
  expect((await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin-password-123' })).status).toBe(200);

  let roundsDuringDrain = 0;
  let maxWaiting = 0;
  // a hang bound, far from any normal drain time
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const before = await completeRenders();
    const counts = await t.deps.jobs.queueCounts();
    maxWaiting = Math.max(maxWaiting, Object.values(counts).reduce((a, c) => a + c.waiting, 0));

    const health = await request(t.app).get('/healthz');
    expect(health.status).toBe(200);
    const login = await request(t.app).post('/api/auth/login').send({ username: 'admin', password: 'admin-password-123' });
    expect(login.status).toBe(200);
    const list = await agent.get('/api/metadata?status=PUBLISHED&pageSize=5');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(N);
    const csw = await request(t.app).get('/metadata/csw').query({
      service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results',
      elementSetName: 'brief', maxRecords: '5', requestId: `backlog-${Date.now()}-${roundsDuringDrain}`,
    });
    expect(csw.status).toBe(200);
    expect(csw.text).toContain(`numberOfRecordsMatched="${N}"`);
    expect(csw.text).not.toContain('ExceptionReport');

    if (before === N) break;
    roundsDuringDrain += 1;
    if (Date.now() > deadline) throw new Error(`backlog belum terkuras: ${before}/${N} rekaman lengkap`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // the requests above really ran while the backlog was being worked on
  expect(roundsDuringDrain).toBeGreaterThan(0);
  await t.deps.jobs.whenIdle();
  expect(await t.deps.jobs.failedJobs()).toEqual([]);
  expect(maxWaiting).toBeLessThanOrEqual(QUEUE_BOUND);
  const pending = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL');
  expect(pending.rows[0]!.n).toBe(0);
}, 20 * 60_000);
