import { Queue } from 'bullmq';
import type { HarvestRun, HarvestSource } from '../../libs/harvest/harvest.types';
import { harvestScheduleId } from '../../libs/jobs/job-ids';
import { bullPrefix } from '../../libs/jobs/redis-connection';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { isoRecord, startBrokenCsw, type BrokenCsw } from '../helpers/broken-csw-server';
import { startTestWorker, HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { waitUntil } from '../helpers/private-servers';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Schedules and exclusivity with real BullMQ workers: a source with a cron schedule runs by itself
 * (a BullMQ job scheduler, no one calls /run), and two workers given several runs of one source
 * at once never harvest it concurrently (the open-run row and the source lease).
 */

const ctx = useSeededApp({ env: { ...HARVEST_TEST_ENV } });
let csw: BrokenCsw;
let workers: WorkerRuntime[] = [];
let queue: Queue;

beforeAll(async () => {
  csw = await startBrokenCsw(2);
  csw.records = ['sj-1', 'sj-2', 'sj-3', 'sj-4', 'sj-5'].map((id) => [id, isoRecord(id, `Rekaman ${id}`)]);
  workers = [await startTestWorker(ctx.t), await startTestWorker(ctx.t)];
  queue = new Queue('harvest', { connection: { url: ctx.t.config.redisUrl! }, prefix: bullPrefix(ctx.t.config.redisPrefix) });
}, 300_000);

afterAll(async () => {
  await queue?.close();
  for (const w of workers) await w.close();
  await csw?.close();
});

const runsOf = async (sourceId: string): Promise<HarvestRun[]> =>
  (await ctx.w.a.admin.agent.get(`/api/admin/harvest-sources/${sourceId}/runs`)).body as HarvestRun[];

describe('harvest schedules and exclusivity', () => {
  let src: HarvestSource;

  it('a source with a schedule runs by itself in the worker', async () => {
    const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({
      name: 'Terjadwal', url: csw.url, protocol: 'csw', pageSize: 2, schedule: '* * * * *',
    });
    expect(res.status).toBe(201);
    src = res.body as HarvestSource;
    expect(await queue.getJobScheduler(harvestScheduleId(src.id))).toMatchObject({ pattern: '* * * * *' });
    // every minute on the minute: within two minutes at the most, whatever the load
    const run = await waitUntil(async () => (await runsOf(src.id)).find((r) => r.trigger === 'schedule' && r.status === 'succeeded'),
      'run terjadwal pertama', 150_000);
    const full = (await ctx.w.a.admin.agent.get(`/api/admin/harvest-sources/${src.id}/runs/${run.id}`)).body as HarvestRun;
    expect(full.report!.counts).toMatchObject({ listed: 5, added: 5 });
  }, 180_000);

  it('removing the schedule removes the job scheduler', async () => {
    const res = await ctx.w.a.admin.agent.patch(`/api/admin/harvest-sources/${src.id}`).send({ schedule: null });
    expect(res.status).toBe(200);
    expect(res.body.schedule).toBeNull();
    expect(await queue.getJobScheduler(harvestScheduleId(src.id))).toBeUndefined();
  });

  it('two workers given four runs of one source at once never harvest it concurrently', async () => {
    // let any run still open from the schedule finish first
    await waitUntil(async () => (await runsOf(src.id)).every((r) => !['queued', 'running'].includes(r.status)), 'run terbuka selesai', 60_000);
    const before = (await runsOf(src.id)).length;
    csw.delayMs = 400; // each page takes a while: the four jobs overlap
    csw.maxInFlight = 0;
    await Promise.all([1, 2, 3, 4].map((i) => ctx.t.deps.jobs.enqueue('harvest.run', { sourceId: src.id, trigger: 'schedule' }, { jobId: `harvest-uji-${src.id}-${i}` })));
    await waitUntil(async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0) ? true : undefined;
    }, 'keempat job selesai', 120_000);
    const completed = await queue.getCompleted();
    expect(completed.filter((j) => String(j.id).startsWith(`harvest-uji-${src.id}`))).toHaveLength(4);
    expect(csw.maxInFlight).toBe(1);
    const runs = (await runsOf(src.id)).slice(0, (await runsOf(src.id)).length - before);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThan(4);
    const spans = runs.map((r) => [Date.parse(r.startedAt!), Date.parse(r.finishedAt!)] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    for (const r of runs) expect(r.status).toBe('succeeded');
  }, 180_000);
});
