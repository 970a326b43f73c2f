import { findRecordById, updateRecordContent } from '../../libs/db/record.repository';
import type { HarvestSource } from '../../libs/harvest/harvest.types';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { keyOf, findByIdentifier, runSource, setSourceStatus, startSourceCatalogue, startTestWorker, type SourceCatalogue, HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Harvesting a real second geokatalog over OGC API – Records (its /collections/metadata, the
 * apiso golden records), through the REST API and a real BullMQ worker, in review mode: the
 * first run adds every record from its ISO 19139 alternate, an unchanged re-run fetches no XML,
 * an incremental run sends the `updated` filter and lists only what changed, and a record the
 * source withdraws is withdrawn here after a clean full run.
 */

const ctx = useSeededApp({ env: { ...HARVEST_TEST_ENV } });
let source: SourceCatalogue;
let worker: WorkerRuntime;
let src: HarvestSource;

beforeAll(async () => {
  source = await startSourceCatalogue('apiso');
  worker = await startTestWorker(ctx.t);
}, 300_000);
afterAll(async () => {
  await worker?.close();
  await source?.close();
});

const xmlFetches = (from: number): string[] => source.requests.slice(from).filter((r) => /\/items\/[^?]+\?f=iso19139/.test(r));
const itemListings = (from: number): URLSearchParams[] =>
  source.requests.slice(from).filter((r) => /\/collections\/metadata\/items\?/.test(r)).map((r) => new URL(r.split(' ')[1]!, 'http://x').searchParams);
const ids = (): string[] => source.loaded.loaded.map((l) => l.id);

describe('OGC API – Records source (a second geokatalog, review mode)', () => {
  it('first run: every record arrives as a DRAFT, mapped from its ISO 19139 alternate, paged through `next` links', async () => {
    const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({
      name: 'Simpul Records', url: `${source.baseUrl}/collections/metadata`, protocol: 'oarec', pageSize: 5,
    });
    expect(res.status).toBe(201);
    src = res.body as HarvestSource;
    const from = source.requests.length;
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    const n = ids().length;
    expect({ status: run.status, errors: run.report!.errors, failures: run.report!.failures }).toEqual({ status: 'succeeded', errors: [], failures: [] });
    expect(run.report!.counts).toEqual({ listed: n, added: n, updated: 0, unchanged: 0, withdrawn: 0, skipped: 0, failed: 0 });
    expect(run.report!).toMatchObject({ matched: n, pages: Math.ceil(n / 5), incremental: false, errors: [] });
    expect(xmlFetches(from)).toHaveLength(n);
    expect(itemListings(from)[0]!.get('limit')).toBe('5');
    const titles = Object.fromEntries(source.loaded.loaded.map((l) => [l.id, l.title]));
    for (const id of ids()) {
      const rec = await findByIdentifier(ctx.t.db, id);
      expect(rec).toMatchObject({ status: 'DRAFT', organisationId: ctx.w.a.org.id, title: titles[id] });
    }
    const rest = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, ids()[0]!)}`);
    expect(rest.body.harvest).toMatchObject({ source: { id: src.id, protocol: 'oarec' }, sourceIdentifier: ids()[0], run: run.id });
  });

  it('an unchanged full re-run fetches no ISO XML and writes nothing', async () => {
    const from = source.requests.length;
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toMatchObject({ listed: ids().length, unchanged: ids().length, added: 0, updated: 0, withdrawn: 0 });
    expect(xmlFetches(from)).toEqual([]);
  });

  it('an incremental run sends `updated >= …` and lists only the record edited at the source', async () => {
    // every source record changed long ago, then one is edited now
    await source.t.db.query("UPDATE records SET updated_at = updated_at - interval '10 years'");
    const edited = ids()[2]!;
    const at = (await findRecordById(source.t.db, edited))!;
    const { id: _i, status: _s, organisationId: _o, ownerId: _w, reviewerId: _r, version: _v, createdAt: _c, updatedAt: _u, publishedAt: _p, ...doc } = at;
    await updateRecordContent(source.t.db, edited, { ...doc, title: 'Judul Records baru' });
    await source.freshen();
    const from = source.requests.length;
    const run = await runSource(ctx.w.a.admin.agent, src.id, { incremental: true });
    expect(run.status).toBe('succeeded');
    expect(run.report!.incremental).toBe(true);
    expect(run.report!.counts).toMatchObject({ listed: 1, updated: 1, added: 0, failed: 0, withdrawn: 0 });
    expect(run.report!.withdrawalSkipped).toContain('inkremental');
    const q = itemListings(from)[0]!;
    expect(q.get('filter')).toMatch(/^updated >= TIMESTAMP\('\d{4}-\d{2}-\d{2}T/);
    expect(q.get('filter-lang')).toBe('cql2-text');
    expect(xmlFetches(from)).toHaveLength(1);
    expect(await findByIdentifier(ctx.t.db, edited)).toMatchObject({ title: 'Judul Records baru', status: 'DRAFT' });
  });

  it('a record withdrawn at the source is withdrawn here after a clean full run (PRIVATE, kept, with history)', async () => {
    const gone = ids()[4]!;
    await setSourceStatus(source, gone, 'PRIVATE');
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.status).toBe('succeeded');
    expect(run.report!.counts).toMatchObject({ listed: ids().length - 1, withdrawn: 1, added: 0, failed: 0 });
    expect(await findByIdentifier(ctx.t.db, gone)).toMatchObject({ status: 'PRIVATE' });
    const h = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, gone)}/history`);
    expect(h.body.at(-1)).toMatchObject({ from: 'DRAFT', to: 'PRIVATE', note: expect.stringContaining('tidak ada lagi di sumber') });
    // every other record is still a DRAFT in review
    for (const id of ids().filter((i) => i !== gone)) expect((await findByIdentifier(ctx.t.db, id))!.status).toBe('DRAFT');
  });
});
