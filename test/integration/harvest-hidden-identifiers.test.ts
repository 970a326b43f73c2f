import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HarvestRun, HarvestSource } from '../../libs/harvest/harvest.types';
import { insertRecord, updateRecordContent } from '../../libs/db/record.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { buildGmd } from '../../libs/render/gmd-builder';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { runCliInProcess } from '../helpers/cli-runner';
import { completeDoc, seedRecord } from '../helpers/fixtures';
import { runSource, setSourceStatus, startSourceCatalogue, startTestWorker, type SourceCatalogue, HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { generateRecord } from '../helpers/sample-records';
import { useSeededApp } from '../helpers/seeded-app';
import { TEST_SESSION_SECRET } from '../helpers/test-app';
import { removeTempDirs, tempDir } from './cli-import-support';

/*
 * Issue 22 §4: harvesting must not tell another organisation's hidden identifiers. Organisation B
 * holds two never-public DRAFTs: one imported with the CLI, one written the way every record was
 * before migration 040 (key = identifier). Organisation A's ADMIN harvests a source that lists
 * both identifiers and a free one: all three are added alike (server-chosen keys, the identifier
 * kept), B's records are untouched, and a re-run updates A's records in place.
 */

const ctx = useSeededApp({ env: { ...HARVEST_TEST_ENV } });
let source: SourceCatalogue;
let worker: WorkerRuntime;
let src: HarvestSource;

const CLI_SECRET = 'b-cli-secret';
const LEGACY_SECRET = 'b-legacy-secret';
const FREE = 'a-free-identifier';
const LISTED = [CLI_SECRET, LEGACY_SECRET, FREE];

const db = () => ctx.t.db;

/** a PUBLISHED record at the source catalogue, rendered as its worker would leave it */
async function publishAtSource(id: string, title: string): Promise<void> {
  const owner = await source.t.db.query<{ owner_id: string; organisation_id: string }>('SELECT owner_id, organisation_id FROM records LIMIT 1');
  const rec = await insertRecord(source.t.db, {
    id, status: 'PUBLISHED', organisationId: owner.rows[0]!.organisation_id, ownerId: owner.rows[0]!.owner_id, reviewerId: null,
    doc: completeDoc({ title, fileIdentifier: id }), publishedAt: new Date().toISOString(),
  });
  await upsertRenders(source.t.db, rec!.id, rec!.version, await source.t.deps.renderer.renderAll(rec!));
}

const recordsOf = async (fileIdentifier: string) => (await db().query<{ id: string; organisation_id: string; status: string; title: string; version: number }>(
  'SELECT id, organisation_id, status, title, version FROM records WHERE file_identifier = $1 ORDER BY organisation_id', [fileIdentifier],
)).rows;

/** every line of a run report that names one of `ids` */
const mentions = (run: HarvestRun, ids: string[]) => JSON.stringify([run.report!.skippedRecords, run.report!.failures, run.report!.errors])
  .split('},{').filter((part) => ids.some((id) => part.includes(id)));

let bBefore: Map<string, { id: string; title: string; version: number; status: string }>;

beforeAll(async () => {
  source = await startSourceCatalogue('apiso');
  worker = await startTestWorker(ctx.t);
  for (const id of LISTED) await publishAtSource(id, `Judul sumber ${id}`);
  await source.freshen();

  // B's DRAFT through the real CLI importer
  const dir = tempDir();
  writeFileSync(path.join(dir, 'rahasia.xml'), buildGmd({ ...generateRecord(7), id: CLI_SECRET, fileIdentifier: CLI_SECRET, title: 'Draf rahasia B (CLI)' }));
  const cli = await runCliInProcess({ db: db(), url: ctx.t.config.databaseUrl!, sessionSecret: TEST_SESSION_SECRET }, ['import', dir, '--org', ctx.w.b.org.id]);
  expect(cli).toMatchObject({ code: 0 });
  // B's DRAFT written before migration 040: its key is its identifier
  await seedRecord(db(), { owner: ctx.w.b.produsen.user, status: 'DRAFT', id: LEGACY_SECRET, doc: completeDoc({ title: 'Draf rahasia B (lama)' }) });
  bBefore = new Map();
  for (const id of [CLI_SECRET, LEGACY_SECRET]) {
    const rows = await recordsOf(id);
    expect(rows).toEqual([expect.objectContaining({ organisation_id: ctx.w.b.org.id, status: 'DRAFT', version: 1 })]);
    bBefore.set(id, rows[0]!);
  }
}, 300_000);

afterAll(async () => {
  await worker?.close();
  await source?.close();
  removeTempDirs();
});

const ofA = async (id: string) => (await recordsOf(id)).filter((r) => r.organisation_id === ctx.w.a.org.id);

it('A harvests B\'s hidden identifiers exactly like a free one: added, nothing reported, B untouched', async () => {
  const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({ name: 'Simpul dengan pengenal B', url: source.cswUrl, protocol: 'csw' });
  expect(res.status).toBe(201);
  src = res.body as HarvestSource;
  const run = await runSource(ctx.w.a.admin.agent, src.id);
  const n = source.loaded.loaded.length + LISTED.length;
  expect(run.status).toBe('succeeded');
  expect(run.report!.counts).toEqual({ listed: n, added: n, updated: 0, unchanged: 0, withdrawn: 0, skipped: 0, failed: 0 });
  expect(run.report!.skippedRecords).toEqual([]);
  expect(run.report!.failures).toEqual([]);
  expect(mentions(run, LISTED)).toEqual([]);

  for (const id of LISTED) {
    const mine = await ofA(id);
    // a record of A under a key of the server's choosing, with the source's identifier and content
    expect(mine).toEqual([expect.objectContaining({ status: 'DRAFT', title: `Judul sumber ${id}`, version: 1 })]);
    expect(mine[0]!.id).not.toBe(id);
    expect(mine[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const got = await ctx.w.a.admin.agent.get(`/api/metadata/${mine[0]!.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ fileIdentifier: id, harvest: { sourceIdentifier: id } });
  }
  // B's records are untouched; B does not see A's
  for (const [id, before] of bBefore) {
    expect((await recordsOf(id)).find((r) => r.organisation_id === ctx.w.b.org.id)).toEqual(before);
    expect(await recordsOf(id)).toHaveLength(2);
  }
  expect((await ctx.w.b.admin.agent.get(`/api/metadata/${(await ofA(CLI_SECRET))[0]!.id}`)).status).toBe(404);
});

it('a re-run updates A\'s records in place (same key), not a new record; B\'s stays as it was', async () => {
  const keys = new Map<string, string>();
  for (const id of LISTED) keys.set(id, (await ofA(id))[0]!.id);
  // changed at the source, and re-rendered as its worker would
  for (const id of [CLI_SECRET, LEGACY_SECRET]) {
    const rec = await updateRecordContent(source.t.db, id, completeDoc({ title: `Judul baru ${id}`, fileIdentifier: id }));
    await upsertRenders(source.t.db, rec.id, rec.version, await source.t.deps.renderer.renderAll(rec));
  }
  await source.freshen();

  const run = await runSource(ctx.w.a.admin.agent, src.id);
  const n = source.loaded.loaded.length + LISTED.length;
  expect(run.status).toBe('succeeded');
  expect(run.report!.counts).toEqual({ listed: n, added: 0, updated: 2, unchanged: n - 2, withdrawn: 0, skipped: 0, failed: 0 });
  for (const id of LISTED) {
    const mine = await ofA(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.id).toBe(keys.get(id));
  }
  for (const id of [CLI_SECRET, LEGACY_SECRET]) {
    expect((await ofA(id))[0]).toMatchObject({ title: `Judul baru ${id}`, version: 2, status: 'DRAFT' });
    expect((await recordsOf(id)).find((r) => r.organisation_id === ctx.w.b.org.id)).toEqual(bBefore.get(id));
  }
  // withdrawn at the source → withdrawn here, found by identifier whatever the key
  await setSourceStatus(source, CLI_SECRET, 'PRIVATE');
  const third = await runSource(ctx.w.a.admin.agent, src.id);
  expect(third.report!.counts).toMatchObject({ withdrawn: 1, added: 0, skipped: 0, failed: 0 });
  expect((await ofA(CLI_SECRET))[0]).toMatchObject({ id: keys.get(CLI_SECRET), status: 'PRIVATE' });
  expect((await recordsOf(CLI_SECRET)).find((r) => r.organisation_id === ctx.w.b.org.id)).toEqual(bBefore.get(CLI_SECRET));
});
