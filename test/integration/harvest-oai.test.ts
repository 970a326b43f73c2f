import { findRecordById, updateRecordContent, updateRecordStatus } from '../../libs/db/record.repository';
import type { HarvestSource } from '../../libs/harvest/harvest.types';
import type { WorkerRuntime } from '../../services/worker/start-worker';
import { keyOf, findByIdentifier, runSource, startSourceCatalogue, startTestWorker, type SourceCatalogue, HARVEST_TEST_ENV } from '../helpers/harvest-support';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Harvesting a real second geokatalog over OAI-PMH 2.0 (its /oai provider, apiso golden records):
 * a trusted source (publish mode), an unchanged re-run, and incremental `from` runs that bring an
 * edit and honour a deleted header (the record withdrawn at the source is withdrawn here).
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

const statusOf = async (id: string): Promise<string | undefined> => (await findByIdentifier(ctx.t.db, id))?.status;

describe('OAI-PMH source (publish mode)', () => {
  it('a full ListRecords run publishes every record with its provenance', async () => {
    const res = await ctx.w.a.admin.agent.post('/api/admin/harvest-sources').send({
      name: 'Simpul OAI', url: `${source.baseUrl}/oai`, protocol: 'oai-pmh', mode: 'publish',
    });
    expect(res.status).toBe(201);
    src = res.body;
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    const n = source.loaded.loaded.length;
    expect(run.status).toBe('succeeded');
    expect(run.report!).toMatchObject({ recordForm: 'iso19139', errors: [] });
    expect(run.report!.counts).toEqual({ listed: n, added: n, updated: 0, unchanged: 0, withdrawn: 0, skipped: 0, failed: 0 });
    for (const l of source.loaded.loaded) expect(await statusOf(l.id)).toBe('PUBLISHED');
    const rec = await ctx.w.a.admin.agent.get(`/api/metadata/${await keyOf(ctx.t.db, source.loaded.loaded[0]!.id)}`);
    expect(rec.body.harvest.source.protocol).toBe('oai-pmh');
    expect(rec.body.harvest.sourceIdentifier).toMatch(/^oai:/);
  });

  it('an unchanged full re-run writes nothing', async () => {
    const run = await runSource(ctx.w.a.admin.agent, src.id);
    expect(run.report!.counts).toMatchObject({ unchanged: source.loaded.loaded.length, added: 0, updated: 0, withdrawn: 0 });
  });

  it('incremental runs (`from`) bring an edit and honour a deleted header', async () => {
    const edited = source.loaded.loaded[1]!.id;
    const gone = source.loaded.loaded[2]!.id;
    const at = (await findRecordById(source.t.db, edited))!;
    const { id: _i, status: _s, organisationId: _o, ownerId: _w, reviewerId: _r, version: _v, createdAt: _c, updatedAt: _u, publishedAt: _p, ...doc } = at;
    await updateRecordContent(source.t.db, edited, { ...doc, title: 'Judul OAI baru' });
    await updateRecordStatus(source.t.db, gone, { status: 'PRIVATE', reviewerId: null, markPublished: false });
    const run = await runSource(ctx.w.a.admin.agent, src.id, { incremental: true });
    expect(run.status).toBe('succeeded');
    expect(run.report!.incremental).toBe(true);
    // (`from` is the previous listing minus a 5-minute clock-skew margin, so these just-loaded
    // records are all listed again; unchanged ones are recognised by their hash)
    expect(run.report!.counts).toMatchObject({ updated: 1, withdrawn: 1, failed: 0 });
    expect((await findByIdentifier(ctx.t.db, edited))!.title).toBe('Judul OAI baru');
    expect(await statusOf(gone)).toBe('PRIVATE');
  });
});
