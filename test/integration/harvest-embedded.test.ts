import type { HarvestRun, HarvestSource } from '../../libs/harvest/harvest.types';
import { seedWorld, type World } from '../helpers/fixtures';
import { keyOf, findByIdentifier, runSource, setSourceStatus, startSourceCatalogue, type SourceCatalogue, HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Harvesting in embedded mode: the target is PGlite with jobs run in process (no Redis, no
 * worker), the source a real second geokatalog over CSW. A source added through the REST API is
 * run by POST /run through the in-process job path, end to end: records arrive as DRAFTs, an
 * unchanged re-run writes nothing, and a withdrawal at the source is withdrawn here. One file:
 * PGlite takes seconds to start (minutes on a loaded machine).
 */

let t: TestApp;
let w: World;
let source: SourceCatalogue;
let src: HarvestSource;

beforeAll(async () => {
  source = await startSourceCatalogue('apiso');
  t = await startTestApp('embedded', { ...HARVEST_TEST_ENV });
  w = await seedWorld(t);
}, 600_000);

afterAll(async () => {
  await t?.close();
  await source?.close();
}, 300_000);

const ids = (): string[] => source.loaded.loaded.map((l) => l.id);

it('add, run, re-run and withdraw on PGlite with in-process jobs', async () => {
  expect(t.deps.db.kind).toBe('pglite');
  expect(t.config.redisUrl).toBeFalsy();
  const res = await w.a.admin.agent.post('/api/admin/harvest-sources').send({ name: 'Simpul tertanam', url: source.cswUrl, protocol: 'csw', pageSize: 5 });
  expect(res.status).toBe(201);
  src = res.body as HarvestSource;

  const n = ids().length;
  const first: HarvestRun = await runSource(w.a.admin.agent, src.id);
  expect(first.status).toBe('succeeded');
  expect(first.trigger).toBe('manual');
  expect(first.report!.counts).toEqual({ listed: n, added: n, updated: 0, unchanged: 0, withdrawn: 0, skipped: 0, failed: 0 });
  expect(first.report!.pages).toBe(Math.ceil(n / 5));
  for (const id of ids()) expect(await findByIdentifier(t.deps.db, id)).toMatchObject({ status: 'DRAFT', organisationId: w.a.org.id });
  const rec = await w.a.admin.agent.get(`/api/metadata/${await keyOf(t.deps.db, ids()[0]!)}`);
  expect(rec.body.harvest).toMatchObject({ source: { id: src.id, protocol: 'csw' }, run: first.id, withdrawnAt: null });

  const again = await runSource(w.a.admin.agent, src.id);
  expect(again.report!.counts).toMatchObject({ listed: n, unchanged: n, added: 0, updated: 0, withdrawn: 0 });

  const gone = ids()[1]!;
  await setSourceStatus(source, gone, 'PRIVATE');
  const third = await runSource(w.a.admin.agent, src.id);
  expect(third.status).toBe('succeeded');
  expect(third.report!.counts).toMatchObject({ listed: n - 1, withdrawn: 1, unchanged: n - 1 });
  expect(await findByIdentifier(t.deps.db, gone)).toMatchObject({ status: 'PRIVATE' });

  const runs = await w.a.admin.agent.get(`/api/admin/harvest-sources/${src.id}/runs`);
  expect((runs.body as HarvestRun[]).map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
}, 300_000);
