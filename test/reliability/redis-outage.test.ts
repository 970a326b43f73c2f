import type { Actor } from '../../libs/catalogue/user.types';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { createRecordsService, type RecordsService } from '../../libs/catalogue/records.service';
import { createLogger } from '../../libs/logger';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { findRecordById, recordStoreFor } from '../../libs/db/record.repository';
import { renderVersions } from '../../libs/db/render.repository';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, createFixtureUser, FIXTURE_PASSWORD, seedRecord } from '../helpers/fixtures';
import { startPrivateRedis, waitUntil, type PrivateRedis } from '../helpers/private-servers';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import {
  call, cswQuery, json, LEAK, login, problemOf, serveApp, serverConfig, show, xmlRoot, type HttpResult, type ServedApp,
} from './reliability-support';

/**
 * "Redis stopped and restarted during traffic", on a private redis-server without persistence
 * (the shared one is never touched). The API and a worker run against it while CSW traffic
 * flows the whole time. While Redis is away: CSW keeps answering 200 from PostgreSQL (fresh,
 * not cached), logins get a clear 503 problem, and changes made through the records service
 * (the same use case and afterCommit the REST routes use; REST itself needs a session, which
 * lives in Redis) still commit. After it returns (empty): logins work, the queues resume, and
 * every record changed meanwhile ends up rendered at its latest version.
 */
// one long scenario with several waits, each with a 120 s hang bound
jest.setTimeout(900_000);

describe('Redis stopped and restarted during traffic', () => {
  let redis: PrivateRedis;
  let t: TestDatabase;
  let served: ServedApp;
  let worker: WorkerRuntime | undefined;
  let records: RecordsService;
  let admin: Actor;
  let owner: Actor;
  let published: MetadataRecord;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await createTestDatabase();
    const { config, dataDir } = serverConfig(t.url, redis.url, 'gkrel', {
      RECONCILE_INTERVAL_SECONDS: '5',
      WORKER_LOCK_DURATION_MS: '5000',
      WORKER_STALLED_INTERVAL_MS: '2000',
    });
    served = await serveApp(config, dataDir);
    const db = served.runtime.db;
    records = createRecordsService({ store: recordStoreFor(db), afterCommit: (e) => served.runtime.afterCommit(e) });
    const org = await createOrganisation(db, { name: 'Organisasi Uji Redis' });
    const o = await createFixtureUser(db, 'redis-produsen', 'PRODUSEN', org.id);
    const a = await createFixtureUser(db, 'redis-admin', 'ADMIN', org.id);
    owner = { id: o.id, role: o.role, organisationId: org.id };
    admin = { id: a.id, role: a.role, organisationId: org.id };
    published = await seedRecord(db, { owner: o, status: 'PUBLISHED', doc: completeDoc({ title: 'Peta Sebelum Gangguan' }) });
    worker = await startWorker(config, createLogger('silent'));
  }, 300_000);

  afterAll(async () => {
    await worker?.close();
    await served?.close();
    await redis?.stop();
    await t?.drop();
  });

  const rendersAt = async (id: string, version: number): Promise<boolean> => {
    const v = await renderVersions(served.runtime.db, id);
    return RENDER_FORMATS.every((f) => v[f] === version);
  };

  /** CSW requests in a loop, two at a time, until stopped; every answer is kept. */
  function cswTraffic(): { stop(): Promise<{ what: string; r?: HttpResult; err?: Error }[]> } {
    const results: { what: string; r?: HttpResult; err?: Error }[] = [];
    let stopped = false;
    const paths = [
      cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'summary' }),
      cswQuery({ request: 'GetRecordById', id: published.id, elementSetName: 'full' }),
      cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', q: 'peta' }),
      cswQuery({ request: 'GetCapabilities' }),
    ];
    const loop = async (k: number): Promise<void> => {
      for (let i = k; !stopped; i += 2) {
        const p = paths[i % paths.length]!;
        try {
          results.push({ what: p, r: await call(served.base, p) });
        } catch (err) {
          results.push({ what: p, err: err as Error });
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loops = [loop(0), loop(1)];
    return {
      async stop() {
        stopped = true;
        await Promise.all(loops);
        return results;
      },
    };
  }

  it('keeps CSW up, answers logins with 503, and loses no render', async () => {
    const db = served.runtime.db;
    // before: a REST-created draft; the worker renders it and the seeded published record
    const cookie = await login(served.base, 'redis-produsen', FIXTURE_PASSWORD);
    const created = await call(served.base, '/api/metadata', { method: 'POST', cookie, ...json(completeDoc({ title: 'Draf Sebelum Gangguan' })) });
    expect({ s: created.status, t: show('create', created) }).toMatchObject({ s: 201 });
    const draft = JSON.parse(created.text) as MetadataRecord;
    await waitUntil(() => rendersAt(draft.id, draft.version), 'render draf awal');
    await waitUntil(() => rendersAt(published.id, published.version), 'render rekaman terbit awal');

    const traffic = cswTraffic();
    await new Promise((r) => setTimeout(r, 500));

    // --- Redis goes away -----------------------------------------------------------------
    await redis.stop();
    const downStarted = Date.now();

    const loginDown = await call(served.base, '/api/auth/login', { method: 'POST', ...json({ username: 'redis-admin', password: FIXTURE_PASSWORD }) });
    const meDown = await call(served.base, '/api/auth/me', { cookie });
    const listDown = await call(served.base, '/api/metadata', { cookie });
    for (const [what, r] of [['login', loginDown], ['me', meDown], ['list', listDown]] as const) {
      expect({ what, status: r.status, type: problemOf(r)?.type }).toEqual({ what, status: 503, type: 'urn:geokatalog:problem:service-unavailable' });
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(r.text).not.toMatch(LEAK);
    }

    // changes while Redis is down commit; the outbox keeps their events
    // a published record changes by an admin's direct correction (a plain edit starts a revision)
    const edited = await records.correct(admin, published.id, { reason: 'Judul diperbaiki saat Redis mati.', patch: { title: 'Peta Saat Redis Mati' } });
    const draftEdited = await records.patch(owner, draft.id, { abstract: 'Diubah saat Redis mati.' });
    const submitted = await records.patch(owner, draft.id, { status: 'QCQE_PROCESS', reviewerId: null });
    const newcomer = await records.create(owner, completeDoc({ title: 'Rekaman Baru Saat Redis Mati' }));
    expect(submitted.version).toBe(draftEdited.version + 1);
    const pending = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL');
    expect(pending.rows[0]?.n).toBeGreaterThanOrEqual(4);

    // CSW answers from PostgreSQL, with the edit already visible (rendered on the spot), uncached
    const byId = await call(served.base, cswQuery({ request: 'GetRecordById', id: published.id, elementSetName: 'full' }));
    expect({ s: byId.status, root: xmlRoot(byId.text), cache: byId.headers.get('x-cache') }).toEqual({ s: 200, root: 'GetRecordByIdResponse', cache: 'bypass' });
    expect(byId.text).toContain('Peta Saat Redis Mati');

    await new Promise((r) => setTimeout(r, Math.max(0, 1_500 - (Date.now() - downStarted))));

    // --- Redis returns, empty ------------------------------------------------------------
    await redis.start();
    // the API reconnects by itself (ioredis, at most every 2 s): a login works again
    await waitUntil(async () => (await call(served.base, '/api/auth/login', {
      method: 'POST', ...json({ username: 'redis-admin', password: FIXTURE_PASSWORD }),
    })).status === 200, 'login kembali berhasil', 30_000);
    const cookie2 = await login(served.base, 'redis-produsen', FIXTURE_PASSWORD);
    const after = await call(served.base, '/api/metadata', { method: 'POST', cookie: cookie2, ...json(completeDoc({ title: 'Rekaman Setelah Pulih' })) });
    expect({ s: after.status, t: show('create', after) }).toMatchObject({ s: 201 });
    const afterRec = JSON.parse(after.text) as MetadataRecord;

    const results = await traffic.stop();

    // every record changed while Redis was away is rendered at its latest version, and the
    // queue takes new work again
    for (const [id, version] of [[published.id, edited.version], [draft.id, submitted.version], [newcomer.id, newcomer.version], [afterRec.id, afterRec.version]] as const) {
      await waitUntil(() => rendersAt(id, version), `render ${id} versi ${version}`);
      expect((await findRecordById(db, id))?.version).toBe(version);
    }
    await waitUntil(async () => {
      const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL');
      return r.rows[0]?.n === 0;
    }, 'outbox terkirim semua', 30_000);
    await worker!.jobs.whenIdle();
    expect(await worker!.jobs.failedJobs()).toEqual([]);

    // CSW traffic: answered the whole time, always 200 with a CSW document, never a hang
    expect(results.length).toBeGreaterThan(20);
    const bad = results.filter((x) => x.err || x.r!.status !== 200 || !['GetRecordsResponse', 'GetRecordByIdResponse', 'Capabilities'].includes(xmlRoot(x.r!.text) ?? ''));
    expect(bad.map((x) => (x.err ? `${x.what}: ${x.err.message}` : show(x.what, x.r!)))).toEqual([]);
    // and after the outage the cache serves again
    const q = cswQuery({ request: 'GetRecordById', id: published.id, elementSetName: 'brief' });
    await call(served.base, q);
    await waitUntil(async () => (await call(served.base, q)).headers.get('x-cache') === 'hit', 'cache CSW kembali dipakai');
  });
});
