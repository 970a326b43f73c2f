import { parseConfig } from '../../libs/config';
import { harvestOutboundPolicy, harvestRunLimits } from '../../libs/harvest/harvest-settings';
import type { HarvestSource } from '../../libs/harvest/harvest.types';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { isoRecord, startBrokenCsw, type BrokenCsw } from '../helpers/broken-csw-server';
import { HARVEST_TEST_ENV, runSource, startTestWorker } from '../helpers/harvest-support';
import { runWithPolicy } from '../helpers/outbound-servers';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 22 point 8: a run is bounded by the records it lists and the bytes it reads, not only by
 * pages and time. A source that never ends (here: 2,000 records in pages of 10, far past the
 * bound) is cut at the bound: the run keeps what it wrote, withdraws nothing, and its report
 * says which bound stopped it. The record bound comes from the deployment's configuration
 * (HARVEST_MAX_RUN_RECORDS) through the real worker.
 */

const ctx = useSeededApp({ env: { ...HARVEST_TEST_ENV, HARVEST_MAX_RUN_RECORDS: '25' } });
let worker: WorkerRuntime;
let csw: BrokenCsw;
let src: HarvestSource;
const endless = (prefix: string): [string, string][] => Array.from({ length: 2_000 }, (_, i) => [`${prefix}-${i}`, isoRecord(`${prefix}-${i}`, `Rekaman ${i}`)]);

beforeAll(async () => {
  worker = await startTestWorker(ctx.t);
  csw = await startBrokenCsw(10);
}, 300_000);
afterAll(async () => {
  await worker?.close();
  await csw?.close();
});

// harvested records have server-chosen keys: look them up by their public identifier
const statusOf = async (id: string): Promise<string | undefined> =>
  (await ctx.t.db.query<{ status: string }>('SELECT status FROM records WHERE file_identifier = $1', [id])).rows[0]?.status;

describe('run bounds', () => {
  it('the configuration carries them (HARVEST_MAX_RUN_RECORDS, HARVEST_MAX_RUN_MEGABYTES; defaults 200,000 and 2 GB)', () => {
    expect(harvestRunLimits(parseConfig({}))).toMatchObject({ maxRecords: 200_000, maxRunBytes: 2 * 1024 ** 3 });
    expect(harvestRunLimits(parseConfig({ HARVEST_MAX_RUN_RECORDS: '7', HARVEST_MAX_RUN_MEGABYTES: '3' }))).toMatchObject({ maxRecords: 7, maxRunBytes: 3 * 1024 ** 2 });
    expect(() => parseConfig({ HARVEST_MAX_RUN_RECORDS: '0' })).toThrow(/HARVEST_MAX_RUN_RECORDS/);
  });

  it('a first, finite run of the source: three records', async () => {
    csw.records = endless('ab').slice(0, 3);
    const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({ name: 'Sumber tanpa akhir', url: csw.url, protocol: 'csw', pageSize: 10, mode: 'publish' });
    expect(res.status).toBe(201);
    src = res.body as HarvestSource;
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toMatchObject({ listed: 3, added: 3 });
  });

  it('an endless source stops at the record bound (worker, configured): kept what it read, withdrew nothing, said so', async () => {
    csw.records = endless('en'); // the first three are gone: a completed run would withdraw them
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('failed');
    expect(run.report!.limitReached).toBe('records');
    expect(run.report!.errors).toEqual(['batas 25 rekaman per run tercapai; paging dihentikan']);
    expect(run.report!.pages).toBe(3);
    expect(run.report!.counts).toMatchObject({ listed: 30, added: 30, withdrawn: 0 });
    expect(run.report!.withdrawalSkipped).toContain('tidak ada rekaman yang ditarik');
    expect(csw.getRecordsCalls).toBeLessThanOrEqual(3 + 1 + 1); // the first run, these three pages and one read ahead
    for (const id of ['ab-0', 'ab-1', 'ab-2', 'en-0', 'en-29']) expect(await statusOf(id)).toBe('PUBLISHED');
  });

  it('an endless source stops at the byte bound: the report names it', async () => {
    const limits = { maxRunBytes: 20_000 };
    const { run } = await runWithPolicy(ctx.t, src.id, harvestOutboundPolicy(ctx.t.config), limits);
    expect(run.status).toBe('failed');
    expect(run.report!.limitReached).toBe('bytes');
    expect(run.report!.errors).toEqual(['batas 20000 byte per run tercapai; paging dihentikan']);
    expect(run.report!.bytes).toBeGreaterThanOrEqual(10_000); // pages only; capabilities count toward the bound too
    expect(run.report!.counts.withdrawn).toBe(0);
    for (const id of ['ab-0', 'ab-1', 'ab-2']) expect(await statusOf(id)).toBe('PUBLISHED');
  });
});
