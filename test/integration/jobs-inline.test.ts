import { parseConfig } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createMemoryStore } from '../../libs/cache/memory-store';
import { currentPublicGeneration } from '../../libs/response-cache/generation';
import { DEFAULT_SETTLE_MS } from '../../libs/response-cache/coalesced-bumps';
import type { KeyValueStore } from '../../libs/cache/key-value';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createUser } from '../../libs/db/user.repository';
import { deleteRecordById, insertRecord, updateRecordStatus } from '../../libs/db/record.repository';
import { findStaleRenderRecords, renderVersions, upsertRenders } from '../../libs/db/render.repository';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import { createJobSystem, type JobSystem } from '../../libs/processors/job-system';
import { RENDER_FORMATS } from '../../libs/render/formats';
import type { MetadataRecord, RecordStatus } from '../../libs/catalogue/record.types';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { jobHandlerServices } from '../helpers/job-handler-services';
import { rendersAt, waitFor } from './worker-test-support';

/**
 * Embedded mode's job system (no REDIS_URL): the same handlers run in process, and the
 * reconciler runs in the API process too. The store is the real PostgreSQL (the job system
 * does not care which SQL engine it talks to; PGlite is covered by the embedded app tests).
 */
describe('job system inline (embedded mode)', () => {
  let t: TestDatabase;
  let kv: KeyValueStore;
  let jobs: JobSystem | undefined;
  let orgId: string;
  let ownerId: string;
  const config = Object.freeze(parseConfig({ LOG_LEVEL: 'silent' }));
  const logger = createLogger('silent');
  let services: Awaited<ReturnType<typeof jobHandlerServices>> | undefined;
  // compiled once for the file, as a process compiles its renderer once
  const handlerServices = async () => (services ??= await jobHandlerServices());

  beforeAll(async () => {
    t = await createTestDatabase();
    kv = createMemoryStore();
    const org = await createOrganisation(t.db, { name: 'Organisasi Inline' });
    orgId = org.id;
    ownerId = (await createUser(t.db, { username: 'inline', passwordHash: 'x', role: 'PRODUSEN', organisationId: org.id })).id;
  });
  afterEach(async () => {
    await jobs?.close();
    jobs = undefined;
  });
  afterAll(async () => {
    await t.drop();
  });

  const record = async (title: string, status: RecordStatus = 'DRAFT'): Promise<MetadataRecord> => {
    const id = `inline-${Math.random().toString(36).slice(2, 10)}`;
    return (await insertRecord(t.db, { id, status, organisationId: orgId, ownerId, reviewerId: null, doc: { title, fileIdentifier: id } }))!;
  };

  it('is the inline kind in embedded mode, whatever the role', async () => {
    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices() });
    expect(jobs.kind).toBe('inline');
  });

  it('renders every stored form for a created record', async () => {
    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices(), reconcile: false });
    const rec = await record('Peta Inline');
    await jobs.dispatchEvent({ id: 1, type: 'record.created', payload: { recordId: rec.id, version: rec.version }, createdAt: '' });
    await jobs.whenIdle();
    expect(Object.keys(await renderVersions(t.db, rec.id)).sort()).toEqual([...RENDER_FORMATS].sort());
    expect(await rendersAt(t.db, rec.id, rec.version)).toBe(true);
  });

  it('a status change touching PUBLISHED re-renders and bumps the CSW generation; others only re-render', async () => {
    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices(), reconcile: false });
    const rec = await record('Peta Status', 'REVIEW');
    const gen0 = await currentPublicGeneration(kv);

    const published = await updateRecordStatus(t.db, rec.id, { status: 'PUBLISHED', reviewerId: null, markPublished: true });
    await jobs.dispatchEvent({
      id: 2, type: 'record.status-changed', createdAt: '',
      payload: { recordId: rec.id, from: 'REVIEW', to: 'PUBLISHED', version: published.version, actorId: ownerId, organisationId: orgId },
    });
    await jobs.whenIdle();
    expect(await rendersAt(t.db, rec.id, published.version)).toBe(true);
    expect(await currentPublicGeneration(kv)).toBe(gen0 + 1);

    const other = await record('Peta Draf');
    const submitted = await updateRecordStatus(t.db, other.id, { status: 'QCQE_PROCESS', reviewerId: null, markPublished: false });
    await jobs.dispatchEvent({
      id: 3, type: 'record.status-changed', createdAt: '',
      payload: { recordId: other.id, from: 'DRAFT', to: 'QCQE_PROCESS', version: submitted.version, actorId: ownerId, organisationId: orgId },
    });
    await jobs.whenIdle();
    expect(await rendersAt(t.db, other.id, submitted.version)).toBe(true);
    expect(await currentPublicGeneration(kv)).toBe(gen0 + 1);
    expect(await jobs.failedJobs()).toEqual([]);
  });

  it('a burst of publications is a bounded number of generation bumps, not one per record (counted)', async () => {
    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices(), reconcile: false });
    const N = 40;
    const events = [];
    for (let i = 0; i < N; i++) {
      const rec = await record(`Peta Borongan ${i}`, 'REVIEW');
      const published = await updateRecordStatus(t.db, rec.id, { status: 'PUBLISHED', reviewerId: null, markPublished: true });
      events.push({ recordId: rec.id, version: published.version });
    }
    const gen0 = await currentPublicGeneration(kv);
    const started = Date.now();
    let id = 1000;
    for (const e of events) {
      await jobs.dispatchEvent({
        id: (id += 1), type: 'record.status-changed', createdAt: '',
        payload: { recordId: e.recordId, from: 'REVIEW', to: 'PUBLISHED', version: e.version, actorId: ownerId, organisationId: orgId },
      });
    }
    await jobs.whenIdle();
    const bumps = (await currentPublicGeneration(kv)) - gen0;
    for (const e of events) expect(await rendersAt(t.db, e.recordId, e.version)).toBe(true);
    // at least one bump after the last render; beyond that one per settle interval the burst
    // lasted (DEFAULT_SETTLE_MS, 10 s) and one that may follow a bump under way
    expect(bumps).toBeGreaterThanOrEqual(1);
    expect(bumps).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - started) / DEFAULT_SETTLE_MS));
    expect(bumps).toBeLessThan(N / 4);
    expect(await jobs.failedJobs()).toEqual([]);
  });

  it('an edit event of a published record whose renders are already current bumps nothing', async () => {
    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices(), reconcile: false });
    const rec = await record('Peta Tetap', 'REVIEW');
    const published = await updateRecordStatus(t.db, rec.id, { status: 'PUBLISHED', reviewerId: null, markPublished: true });
    await jobs.dispatchEvent({ id: 2001, type: 'record.created', payload: { recordId: rec.id, version: published.version }, createdAt: '' });
    await jobs.whenIdle();
    expect(await rendersAt(t.db, rec.id, published.version)).toBe(true);
    const gen0 = await currentPublicGeneration(kv);
    // the same version again: no render bytes change, so no cached answer can be stale
    await jobs.dispatchEvent({ id: 2002, type: 'record.updated', payload: { recordId: rec.id, version: published.version, status: 'PUBLISHED' }, createdAt: '' });
    await jobs.whenIdle();
    expect(await currentPublicGeneration(kv)).toBe(gen0);
    expect(await jobs.failedJobs()).toEqual([]);
  });

  it('the reconciler at start renders records whose renders are missing or older than the record', async () => {
    const missing = await record('Belum Pernah Dirender');
    const stale = await record('Render Usang');
    // renders of version 1 for `stale`, then the record moves on without an event
    await upsertRenders(t.db, stale.id, 1, Object.fromEntries(RENDER_FORMATS.map((f) => [f, `<lama format="${f}"/>`])));
    const staleNow = await updateRecordStatus(t.db, stale.id, { status: 'QCQE_PROCESS', reviewerId: null, markPublished: false });
    const lagging = (await findStaleRenderRecords(t.db, { formats: RENDER_FORMATS, limit: 1000 })).map((r) => r.id);
    expect(lagging).toEqual(expect.arrayContaining([missing.id, stale.id]));

    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices() }); // embedded: reconciler on
    await waitFor(async () => (await rendersAt(t.db, missing.id, missing.version)) && (await rendersAt(t.db, stale.id, staleNow.version)), 'rekonsiliasi');
    expect((await renderVersions(t.db, stale.id)).gmd).toBe(staleNow.version);
    expect(await findStaleRenderRecords(t.db, { formats: RENDER_FORMATS, limit: 1000 })).toEqual([]);
  });

  it('a late job for an older version never overwrites a newer render', async () => {
    const rec = await record('Versi');
    await upsertRenders(t.db, rec.id, 5, { gmd: '<baru/>' });
    expect(await upsertRenders(t.db, rec.id, 4, { gmd: '<lama/>' })).toBe(0);
    expect(await upsertRenders(t.db, rec.id, 5, { gmd: '<baru-lagi/>' })).toBe(1);
    const r = await t.db.query<{ xml: string; version: number }>('SELECT xml, version FROM record_renders WHERE record_id = $1', [rec.id]);
    expect(r.rows).toEqual([{ xml: '<baru-lagi/>', version: 5 }]);
  });

  it('a deleted record: its render job is done, its renders are gone, nothing fails', async () => {
    jobs = await createJobSystem({ config, stores: jobStoresFor(t.db), kv, logger, role: 'producer', handlerServices: await handlerServices(), reconcile: false });
    const rec = await record('Akan Dihapus');
    await jobs.enqueue('record.render', { recordId: rec.id, version: rec.version });
    await jobs.whenIdle();
    expect(await rendersAt(t.db, rec.id, rec.version)).toBe(true);
    await deleteRecordById(t.db, rec.id);
    expect(await renderVersions(t.db, rec.id)).toEqual({});
    expect(await upsertRenders(t.db, rec.id, rec.version, { gmd: '<x/>' })).toBe(0);
    await jobs.enqueue('record.render', { recordId: rec.id, version: rec.version + 1 });
    await jobs.dispatchEvent({ id: 4, type: 'record.deleted', payload: { recordId: rec.id }, createdAt: '' });
    await jobs.whenIdle();
    expect(await jobs.failedJobs()).toEqual([]);
  });
});

