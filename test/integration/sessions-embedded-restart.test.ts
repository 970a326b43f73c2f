import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { parseConfig } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createApp } from '../../services/api/app';
import { startApiRuntime, type ApiRuntime } from '../../services/api/runtime';
import { sessionRepository } from '../../libs/db/session.repository';
import { DatabaseSessionStore } from '../../services/api/auth/database-session-store';
import { copyPgliteTemplate } from '../helpers/pglite-template';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { TEST_SESSION_SECRET } from '../helpers/test-app';

/*
 * Issue 20 §3: in the embedded default the sessions live in the embedded database, so a
 * restart of the process on the same data directory keeps everyone logged in; an expired
 * session is refused and swept; logging out deletes the row.
 */

const PASSWORD = 'admin-password-123';

describe('embedded mode: sessions survive a restart', () => {
  let dataDir: string;
  let runtime: ApiRuntime | undefined;
  const config = () => Object.freeze(parseConfig({
    LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET, ADMIN_PASSWORD: PASSWORD, DATA_DIR: dataDir,
  }));
  const start = async () => {
    runtime = await startApiRuntime(config(), createLogger('silent'));
    return createApp(runtime.deps);
  };
  const stop = async () => {
    await runtime?.close();
    runtime = undefined;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gk-sessions-'));
    await copyPgliteTemplate(dataDir);
  }, 600_000);
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 600_000);

  it('log in, restart on the same data dir, still logged in; logout and expiry end it', async () => {
    let app = await start();
    const login = await request(app).post('/api/auth/login').send({ username: 'admin', password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    expect((await request(app).get('/api/auth/me').set('Cookie', cookie)).status).toBe(200);
    // a second session of the same user, to expire by hand below
    const other = await request(app).post('/api/auth/login').send({ username: 'admin', password: PASSWORD });
    const otherCookie = (other.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');

    await stop();
    app = await start();

    const me = await request(app).get('/api/auth/me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('admin');

    // an expired row is not a session, even before the sweep removes it
    const db = runtime!.db;
    expect((await db.query('SELECT count(*)::int AS n FROM sessions')).rows[0]).toEqual({ n: 2 });
    const otherSid = decodeURIComponent(otherCookie.split('=')[1]!).replace(/^s:/, '').split('.')[0]!;
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE sid = $1", [otherSid]);
    expect((await request(app).get('/api/auth/me').set('Cookie', otherCookie)).status).toBe(401);
    const store = runtime!.deps.sessionStore as DatabaseSessionStore;
    expect(await store.sweep()).toBe(1);
    expect((await db.query('SELECT sid FROM sessions')).rows).toHaveLength(1);

    // logging out deletes the row: the old cookie names nothing, after a restart too
    expect((await request(app).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(204);
    expect((await db.query('SELECT count(*)::int AS n FROM sessions')).rows[0]).toEqual({ n: 0 });
    await stop();
    app = await start();
    expect((await request(app).get('/api/auth/me').set('Cookie', cookie)).status).toBe(401);
  }, 600_000);
});

describe('the session store over real PostgreSQL (the same table both wirings migrate)', () => {
  let t: TestDatabase;
  let store: DatabaseSessionStore;
  const call = <T>(fn: (cb: (err: unknown, v?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => fn((err, v) => (err ? reject(err) : resolve(v))));

  beforeAll(async () => {
    t = await createTestDatabase();
    store = new DatabaseSessionStore(sessionRepository(t.db), { ttlMs: 3_600_000, touchGraceMs: 60_000 });
  }, 300_000);
  afterAll(async () => {
    store?.close();
    await t?.drop();
  });

  const session = (expires: Date) => ({ cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/' }, passport: { user: { id: 'u1', epoch: 3 } } });

  it('stores, reads, renews past the grace, and forgets', async () => {
    const in1h = new Date(Date.now() + 3_600_000);
    await call((cb) => store.set('s1', session(in1h) as never, cb));
    const got = await call<{ passport: unknown }>((cb) => store.get('s1', cb as never));
    expect(got?.passport).toEqual({ user: { id: 'u1', epoch: 3 } });

    const expiry = async () => new Date((await t.db.query<{ e: Date }>("SELECT expires_at AS e FROM sessions WHERE sid = 's1'")).rows[0]!.e).getTime();
    // a renewal by a few seconds is not written; one by more than the grace is
    await call((cb) => store.touch('s1', session(new Date(in1h.getTime() + 5_000)) as never, cb));
    expect(await expiry()).toBe(in1h.getTime());
    await call((cb) => store.touch('s1', session(new Date(in1h.getTime() + 120_000)) as never, cb));
    expect(await expiry()).toBe(in1h.getTime() + 120_000);

    await call((cb) => store.destroy('s1', cb));
    expect(await call((cb) => store.get('s1', cb as never))).toBeNull();
  });

  it('an expired session is never read, and the sweep deletes only expired rows', async () => {
    await call((cb) => store.set('old', session(new Date(Date.now() - 1_000)) as never, cb));
    await call((cb) => store.set('live', session(new Date(Date.now() + 3_600_000)) as never, cb));
    expect(await call((cb) => store.get('old', cb as never))).toBeNull();
    expect(await store.sweep()).toBe(1);
    const left = (await t.db.query<{ sid: string }>('SELECT sid FROM sessions ORDER BY sid')).rows.map((r) => r.sid);
    expect(left).toEqual(['live']);
  });
});
