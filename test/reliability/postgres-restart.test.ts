import pg from 'pg';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { completeDoc, createFixtureUser, FIXTURE_PASSWORD, seedRecord } from '../helpers/fixtures';
import { startPrivatePostgres, waitUntil, type PrivatePostgres } from '../helpers/private-servers';
import { TEST_REDIS_URL } from '../helpers/env';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import {
  call, cswQuery, json, LEAK, login, owsExceptionCode, problemOf, serveApp, serverConfig, show, xmlRoot,
  type HttpResult, type ServedApp,
} from './reliability-support';

/**
 * "PostgreSQL restarted": on a private cluster (the shared one is never touched). Requests
 * are caught provably in flight — a second connection holds an exclusive lock on `records`,
 * so they wait inside PostgreSQL — when the server restarts and cuts every connection. Each
 * must end as a 503 problem (REST) or an ows:ExceptionReport (CSW), never a 500, a stack or a
 * hang; then the same process, without a restart, answers the next requests normally.
 */
describe('PostgreSQL restarted under the running API', () => {
  let pgs: PrivatePostgres;
  let served: ServedApp;
  let prefix: string;
  let cookie: string;
  let published: MetadataRecord;

  beforeAll(async () => {
    pgs = await startPrivatePostgres();
    prefix = testRedisPrefix().replace(/:$/, '');
    const { config, dataDir } = serverConfig(pgs.url, TEST_REDIS_URL, prefix);
    served = await serveApp(config, dataDir);
    const db = served.runtime.db;
    const org = await createOrganisation(db, { name: 'Organisasi Uji Restart' });
    const owner = await createFixtureUser(db, 'restart-produsen', 'PRODUSEN', org.id);
    published = await seedRecord(db, { owner, status: 'PUBLISHED', doc: completeDoc({ title: 'Peta Sebelum Restart' }) });
    cookie = await login(served.base, 'restart-produsen', FIXTURE_PASSWORD);
  }, 300_000);

  afterAll(async () => {
    await served?.close();
    await pgs?.destroy();
    if (prefix) await deleteKeys(`${prefix}:`);
  });

  // in-flight requests wait on a table lock until the restart (up to the 60 s wait below on a
  // loaded machine), so their hang bound starts above that
  const INFLIGHT_HANG_MS = 120_000;
  const restRequests = (tag: string): Promise<HttpResult>[] => [
    call(served.base, `/api/metadata?q=${tag}`, { cookie, timeoutMs: INFLIGHT_HANG_MS }),
    call(served.base, `/api/metadata/${encodeURIComponent(published.id)}`, { cookie, timeoutMs: INFLIGHT_HANG_MS }),
    call(served.base, '/api/metadata', { method: 'POST', cookie, ...json(completeDoc({ title: `Rekaman ${tag}` })), timeoutMs: INFLIGHT_HANG_MS }),
  ];
  // unique q: never answered from the CSW response cache, so each one reaches PostgreSQL
  const cswRequests = (tag: string): Promise<HttpResult>[] => [
    call(served.base, cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', q: `${tag}-a` }), { timeoutMs: INFLIGHT_HANG_MS }),
    call(served.base, cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'hits', q: `${tag}-b` }), { timeoutMs: INFLIGHT_HANG_MS }),
  ];

  /** every request's answer; one that got none (a hang) fails here with its own message */
  async function settle(ps: Promise<HttpResult>[]): Promise<HttpResult[]> {
    const all = await Promise.allSettled(ps);
    return all.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
  }

  function expect503Problem(what: string, r: HttpResult): void {
    const p = problemOf(r);
    expect({ what, status: r.status, type: p?.type }).toEqual({ what, status: 503, type: 'urn:geokatalog:problem:service-unavailable' });
    expect(r.text).not.toMatch(LEAK);
  }

  function expectCswException(what: string, r: HttpResult): void {
    // CSW 2.0.2 peers answer exceptions with HTTP 200 (CSW_EXCEPTION_HTTP_STATUS=csw202, the default)
    expect({ what, status: r.status, code: owsExceptionCode(r.text) }).toEqual({ what, status: 200, code: 'NoApplicableCode' });
    expect(r.text).not.toMatch(LEAK);
  }

  async function expectHealthy(tag: string): Promise<void> {
    const list = await call(served.base, `/api/metadata?q=${tag}`, { cookie });
    expect({ s: list.status, t: show('list', list) }).toMatchObject({ s: 200 });
    const created = await call(served.base, '/api/metadata', { method: 'POST', cookie, ...json(completeDoc({ title: `Setelah ${tag}` })) });
    expect({ s: created.status, t: show('create', created) }).toMatchObject({ s: 201 });
    const csw = await call(served.base, cswQuery({ request: 'GetRecordById', id: published.id, elementSetName: 'brief' }));
    expect({ s: csw.status, root: xmlRoot(csw.text) }).toEqual({ s: 200, root: 'GetRecordByIdResponse' });
    expect(csw.text).toContain(published.id);
  }

  it('answers normally before anything happens', async () => {
    await expectHealthy('awal');
  });

  it('requests in flight during a restart fail with 503 / ExceptionReport, and the next ones succeed', async () => {
    const locker = new pg.Client({ connectionString: pgs.url });
    locker.on('error', () => undefined); // the restart cuts this connection too
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE records IN ACCESS EXCLUSIVE MODE');

    const rest = restRequests('inflight');
    const csw = cswRequests('inflight');
    // settled from the start: a request that fails early must not become an unhandled rejection
    const restDone = settle(rest);
    const cswDone = settle(csw);
    // observed from outside the locking transaction: pg_stat_activity is a snapshot per transaction
    const waiting = async (): Promise<boolean> => {
      const r = await served.runtime.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return (r.rows[0]?.n ?? 0) >= rest.length + csw.length;
    };
    await waitUntil(waiting, 'semua permintaan menunggu kunci tabel records', 60_000);

    await pgs.restart();
    await locker.end().catch(() => undefined);

    const restRes = await restDone;
    const cswRes = await cswDone;
    restRes.forEach((r, i) => expect503Problem(`REST #${i}`, r));
    cswRes.forEach((r, i) => expectCswException(`CSW #${i}`, r));

    // the same process, no restart: the pool has dropped the dead connections
    await expectHealthy('setelah-restart');
  });

  it('while PostgreSQL is down: quick 503 / ExceptionReport and a not-ready probe; back to normal once it starts', async () => {
    await pgs.stop('fast');
    try {
      const rest = await Promise.all([
        ...restRequests('down'),
        call(served.base, '/api/auth/login', { method: 'POST', ...json({ username: 'restart-produsen', password: FIXTURE_PASSWORD }) }),
      ]);
      const csw = await Promise.all(cswRequests('down'));
      rest.forEach((r, i) => expect503Problem(`REST #${i}`, r));
      csw.forEach((r, i) => expectCswException(`CSW #${i}`, r));

      const ready = await call(served.base, '/readyz');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toMatchObject({ checks: { database: 'gagal', redis: 'ok' } });
      expect((await call(served.base, '/healthz')).status).toBe(200);
    } finally {
      await pgs.start();
    }
    await expectHealthy('setelah-mati');
    expect((await call(served.base, '/readyz')).status).toBe(200);
    // the session made before the outage is still valid (it lives in Redis)
    expect((await call(served.base, '/api/auth/me', { cookie })).status).toBe(200);
  });
});
