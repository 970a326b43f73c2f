import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pino from 'pino';
import request from 'supertest';
import { RedisStore } from 'connect-redis';
import { createApp } from '../../services/api/app';
import { startApiRuntime } from '../../services/api/runtime';
import { ensureBootstrapAdmin, BOOTSTRAP_ORGANISATION_NAME } from '../../services/api/bootstrap';
import { usersOn } from '../../libs/assembly/use-case-assembly';
import { parseConfig } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createRedisStore } from '../../libs/cache/redis-store';
import { createLoginThrottle } from '../../services/api/auth/login-throttle';
import { createUser, findCredentialsByUsername, listUsersOfOrganisation, updateUser } from '../../libs/db/user.repository';
import { findOrganisationByIdOrName, listOrganisations } from '../../libs/db/organisation.repository';
import { openPgDatabase } from '../../libs/db/pg-database';
import { hashPassword, verifyPassword } from '../../libs/security/password';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';
import { TEST_REDIS_URL } from '../helpers/env';

const PASSWORD = 'sandi-rahasia-123';
const ADMIN_PASSWORD = 'admin-password-123'; // what startTestApp passes as ADMIN_PASSWORD
const PUBLIC_USER_KEYS = ['active', 'email', 'fullName', 'id', 'organisationId', 'phone', 'role', 'serviceAdmin', 'username'];

/** The geokatalog.sid Set-Cookie line of a response, if any. */
function sessionCookieOf(res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  return raw?.find((c) => c.startsWith('geokatalog.sid='));
}

/** The session id inside a signed `geokatalog.sid=s%3A<id>.<signature>` cookie. */
function sidOf(setCookie: string | undefined): string {
  const m = /^geokatalog\.sid=s%3A([^.;]+)\./.exec(setCookie ?? '');
  if (!m?.[1]) throw new Error(`no session cookie in ${setCookie}`);
  return m[1];
}

/** `name=value` part of a Set-Cookie line, to replay a cookie by hand. */
const cookiePair = (setCookie: string | undefined): string => (setCookie ?? '').split(';')[0]!;

async function addUser(t: TestApp, username: string, opts: { active?: boolean; role?: 'PRODUSEN' | 'QCQE' | 'ADMIN' } = {}) {
  const org = (await findOrganisationByIdOrName(t.db, BOOTSTRAP_ORGANISATION_NAME))!;
  return createUser(t.db, {
    username, passwordHash: await hashPassword(PASSWORD), role: opts.role ?? 'PRODUSEN', organisationId: org.id,
    fullName: `Pengguna ${username}`, email: `${username}@contoh.go.id`, active: opts.active ?? true,
  });
}

describe('authentication (server mode: PostgreSQL + Redis sessions)', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await startTestApp('server', { LOGIN_RATE_LIMIT_MAX: '3' });
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });
  const sessKey = (sid: string) => `${t.config.redisPrefix}:sess:${sid}`;

  it('GET /me without a session is a 401 problem', async () => {
    const res = await request(t.app).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, type: 'urn:geokatalog:problem:unauthenticated' });
  });

  it('login → me → logout → me: the full round trip, with the user (never the hash) and a proper cookie', async () => {
    const user = await addUser(t, 'budi');
    const agent = t.agent();
    const login = await agent.post('/api/auth/login').send({ username: 'budi', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(login.body).toEqual({
      id: user.id, username: 'budi', role: 'PRODUSEN', organisationId: user.organisationId,
      fullName: 'Pengguna budi', email: 'budi@contoh.go.id', phone: null, active: true, serviceAdmin: false,
    });
    expect(JSON.stringify(login.body)).not.toMatch(/scrypt|hash/i);

    const cookie = sessionCookieOf(login);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    // idle lifetime 8 h by default: the cookie expires 8 h from now
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie!)![1]!);
    expect(Math.abs(expires - (Date.now() + 8 * 3600_000))).toBeLessThan(120_000);

    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(login.body);

    const logout = await agent.post('/api/auth/logout');
    expect(logout.status).toBe(204);
    const cleared = sessionCookieOf(logout);
    expect(cleared).toMatch(/^geokatalog\.sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
  });

  it('usernames are matched case-insensitively', async () => {
    await addUser(t, 'Ani.Wijaya');
    const res = await request(t.app).post('/api/auth/login').send({ username: 'ani.wijaya', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('Ani.Wijaya');
  });

  it('the bootstrap admin can log in with ADMIN_PASSWORD', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'admin', role: 'ADMIN', active: true });
  });

  it('a new session id is issued at login and the previous session is gone (no fixation)', async () => {
    await addUser(t, 'citra');
    await addUser(t, 'dedi');
    const agent = t.agent();
    const first = await agent.post('/api/auth/login').send({ username: 'citra', password: PASSWORD });
    const sid1 = sidOf(sessionCookieOf(first));
    expect(await redis.exists(sessKey(sid1))).toBe(1);
    // the same browser (cookie sid1 sent along) logs in again
    const second = await agent.post('/api/auth/login').send({ username: 'dedi', password: PASSWORD });
    expect(second.status).toBe(200);
    const sid2 = sidOf(sessionCookieOf(second));
    expect(sid2).not.toBe(sid1);
    expect(await redis.exists(sessKey(sid1))).toBe(0);
    expect((await request(t.app).get('/api/auth/me').set('Cookie', cookiePair(sessionCookieOf(first)))).status).toBe(401);
    expect((await agent.get('/api/auth/me')).body.username).toBe('dedi');

    // a cookie planted by someone else is never adopted either
    const planted = 'geokatalog.sid=s%3Aattacker-chosen-id.invalidsignature';
    const third = await request(t.app).post('/api/auth/login').set('Cookie', planted).send({ username: 'citra', password: PASSWORD });
    expect(third.status).toBe(200);
    expect(sidOf(sessionCookieOf(third))).not.toBe('attacker-chosen-id');
  });

  it('after logout the old cookie no longer works (the session is deleted from the store)', async () => {
    await addUser(t, 'eko');
    const login = await request(t.app).post('/api/auth/login').send({ username: 'eko', password: PASSWORD });
    const cookie = cookiePair(sessionCookieOf(login));
    const sid = sidOf(sessionCookieOf(login));
    expect((await request(t.app).get('/api/auth/me').set('Cookie', cookie)).status).toBe(200);
    expect((await request(t.app).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(204);
    expect(await redis.exists(sessKey(sid))).toBe(0);
    expect((await request(t.app).get('/api/auth/me').set('Cookie', cookie)).status).toBe(401);
  });

  it('logout without a session is fine too (204)', async () => {
    const res = await request(t.app).post('/api/auth/logout');
    expect(res.status).toBe(204);
  });

  it('unknown user, wrong password and inactive user get one identical 401', async () => {
    await addUser(t, 'fajar');
    await addUser(t, 'gita', { active: false });
    const attempt = (username: string, password: string) => request(t.app).post('/api/auth/login').send({ username, password });
    const unknown = await attempt('tidak-ada-orangnya', PASSWORD);
    const wrong = await attempt('fajar', 'kata-sandi-salah');
    const inactive = await attempt('gita', PASSWORD); // the right password of an inactive account
    for (const res of [unknown, wrong, inactive]) {
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(wrong.body).toEqual(unknown.body);
    expect(inactive.body).toEqual(unknown.body);
    expect(wrong.text).toBe(unknown.text);
    expect(inactive.text).toBe(unknown.text);
    expect(unknown.body).toEqual({
      type: 'urn:geokatalog:problem:unauthenticated', title: 'Belum masuk', status: 401,
      detail: 'Nama pengguna atau kata sandi salah.', instance: '/api/auth/login',
    });
  });

  it.each([
    ['no body', undefined],
    ['a missing password', { username: 'budi' }],
    ['a missing username', { password: PASSWORD }],
    ['a number as username', { username: 42, password: PASSWORD }],
    ['an empty password', { username: 'budi', password: '' }],
    ['an array', [{ username: 'budi', password: PASSWORD }]],
    ['a string', 'budi'],
  ])('400 problem for a login body with %s', async (_label, body) => {
    const req = request(t.app).post('/api/auth/login');
    const res = body === undefined ? await req : await req.set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toBe('urn:geokatalog:problem:bad-request');
  });

  it('400 for malformed JSON, 415 for a form-encoded login', async () => {
    const broken = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"username": "budi",');
    expect(broken.status).toBe(400);
    const form = await request(t.app).post('/api/auth/login').type('form').send({ username: 'budi', password: PASSWORD });
    expect(form.status).toBe(415);
    expect(form.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  describe('rate limiting (LOGIN_RATE_LIMIT_MAX=3)', () => {
    it('answers 429 with Retry-After after 3 failures, even for the right password', async () => {
      await addUser(t, 'hadi');
      for (let i = 0; i < 3; i++) {
        expect((await request(t.app).post('/api/auth/login').send({ username: 'hadi', password: 'salah-salah' })).status).toBe(401);
      }
      const blocked = await request(t.app).post('/api/auth/login').send({ username: 'hadi', password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(blocked.body.type).toBe('urn:geokatalog:problem:too-many-requests');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(sessionCookieOf(blocked)).toBeUndefined();
      // the count is per username: another user from the same address is not affected
      await addUser(t, 'indah');
      expect((await request(t.app).post('/api/auth/login').send({ username: 'indah', password: PASSWORD })).status).toBe(200);
    });

    it('counts usernames case-insensitively, per account, and keeps the count in Redis', async () => {
      const joko = await addUser(t, 'joko');
      for (const u of ['joko', 'JOKO', 'Joko']) await request(t.app).post('/api/auth/login').send({ username: u, password: 'salah-salah' });
      expect((await request(t.app).post('/api/auth/login').send({ username: 'jOkO', password: PASSWORD })).status).toBe(429);
      // keyed on the account the name resolves to; every attempt counts, the blocked one too
      const keys = await redis.keys(`${t.config.redisPrefix}:ratelimit:login:u:${joko.id}|*`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('4');
      expect(await redis.ttl(keys[0]!)).toBeGreaterThan(0);
    });

    it('a successful login resets the count', async () => {
      await addUser(t, 'kartika');
      const attempt = (password: string) => request(t.app).post('/api/auth/login').send({ username: 'kartika', password });
      expect((await attempt('salah-1')).status).toBe(401);
      expect((await attempt('salah-2')).status).toBe(401);
      expect((await attempt(PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt('salah-lagi')).status).toBe(401);
      expect((await attempt(PASSWORD)).status).toBe(429);
    });

    it('unknown usernames are limited the same way', async () => {
      for (let i = 0; i < 3; i++) await request(t.app).post('/api/auth/login').send({ username: 'siapa-saja', password: 'x' });
      expect((await request(t.app).post('/api/auth/login').send({ username: 'siapa-saja', password: 'x' })).status).toBe(429);
    });

    it('is shared by two app instances on the same Redis', async () => {
      const other = await startApiRuntime(t.config, createLogger('silent'));
      try {
        const app2 = createApp(other.deps);
        await addUser(t, 'lina');
        for (let i = 0; i < 3; i++) {
          const app = i % 2 === 0 ? t.app : app2;
          expect((await request(app).post('/api/auth/login').send({ username: 'lina', password: 'salah' })).status).toBe(401);
        }
        expect((await request(app2).post('/api/auth/login').send({ username: 'lina', password: PASSWORD })).status).toBe(429);
        expect((await request(t.app).post('/api/auth/login').send({ username: 'lina', password: PASSWORD })).status).toBe(429);
        // and so are the sessions: a login on one instance is valid on the other
        await addUser(t, 'made');
        const login = await request(t.app).post('/api/auth/login').send({ username: 'made', password: PASSWORD });
        const me = await request(app2).get('/api/auth/me').set('Cookie', cookiePair(sessionCookieOf(login)));
        expect(me.status).toBe(200);
        expect(me.body.username).toBe('made');
      } finally {
        await other.close();
      }
    });
  });

  describe('idle expiry', () => {
    it('stores the session with the idle lifetime as TTL and renews it on every request', async () => {
      await addUser(t, 'nina');
      const login = await request(t.app).post('/api/auth/login').send({ username: 'nina', password: PASSWORD });
      const cookie = cookiePair(sessionCookieOf(login));
      const key = sessKey(sidOf(sessionCookieOf(login)));
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(8 * 3600 - 60);
      expect(ttl).toBeLessThanOrEqual(8 * 3600);
      // pretend the session has been idle for almost 8 h; one request renews it
      await redis.expire(key, 100);
      const me = await request(t.app).get('/api/auth/me').set('Cookie', cookie);
      expect(me.status).toBe(200);
      expect(sessionCookieOf(me)).toBeDefined(); // rolling: the browser's cookie is renewed too
      expect(await redis.ttl(key)).toBeGreaterThan(8 * 3600 - 60);
    });

    it('an expired session is a 401, and a fresh login works again', async () => {
      await addUser(t, 'oki');
      const agent = t.agent();
      const login = await agent.post('/api/auth/login').send({ username: 'oki', password: PASSWORD });
      const key = sessKey(sidOf(sessionCookieOf(login)));
      await redis.del(key); // what Redis does when the idle TTL runs out
      expect((await agent.get('/api/auth/me')).status).toBe(401);
      expect((await agent.post('/api/auth/login').send({ username: 'oki', password: PASSWORD })).status).toBe(200);
      expect((await agent.get('/api/auth/me')).status).toBe(200);
    });
  });

  it("a deactivated user's open session stops working at once", async () => {
    const user = await addUser(t, 'putri');
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ username: 'putri', password: PASSWORD });
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    await updateUser(t.db, user.id, { active: false });
    expect((await agent.get('/api/auth/me')).status).toBe(401);
  });

  it('logs the login without the password or the cookie', async () => {
    // the request logger redacts cookies; here we only make sure the body never reaches a log line
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }));
    const app = createApp({ ...t.deps, logger });
    await addUser(t, 'rudi');
    await request(app).post('/api/auth/login').send({ username: 'rudi', password: PASSWORD });
    await request(app).post('/api/auth/login').send({ username: 'rudi', password: 'salah-sekali' });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(PASSWORD);
    expect(lines.join('\n')).not.toContain('salah-sekali');
  });
});

describe('COOKIE_SECURE=true behind a TLS proxy', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('server', { COOKIE_SECURE: 'true', LOGIN_RATE_LIMIT_MAX: '2' }); });
  afterAll(async () => { await t.close(); });

  it('marks the cookie Secure', async () => {
    const res = await request(t.app).post('/api/auth/login').set('X-Forwarded-Proto', 'https')
      .send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  });

  it('limits per username + client address (the proxy-reported one)', async () => {
    const attempt = (ip: string, password: string) => request(t.app).post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', ip).send({ username: 'admin', password });
    expect((await attempt('203.0.113.5', 'salah')).status).toBe(401);
    expect((await attempt('203.0.113.5', 'salah')).status).toBe(401);
    expect((await attempt('203.0.113.5', ADMIN_PASSWORD)).status).toBe(429);
    // the real admin at another address still gets in
    expect((await attempt('198.51.100.7', ADMIN_PASSWORD)).status).toBe(200);
  });
});

describe('when Redis goes away', () => {
  let t: TestApp;
  let redis: Redis;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await startTestApp('server');
    // an app on its own Redis connection, so the test can cut it without touching the others
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    redis.on('error', () => undefined);
    await redis.connect();
    const prefix = `${t.config.redisPrefix}:own`;
    const kv = createRedisStore(redis, `${prefix}:`);
    app = createApp({
      ...t.deps,
      kv,
      sessionStore: new RedisStore({ client: redis, prefix: `${prefix}:sess:`, ttl: 3600 }),
      loginThrottle: createLoginThrottle(kv, t.config),
    });
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  it('login, me and logout answer 503 problems, never 500', async () => {
    const login = await request(app).post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = cookiePair(sessionCookieOf(login));
    redis.disconnect();

    const me = await request(app).get('/api/auth/me').set('Cookie', cookie);
    const relogin = await request(app).post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    const withCookie = await request(app).post('/api/auth/login').set('Cookie', cookie).send({ username: 'admin', password: ADMIN_PASSWORD });
    const logout = await request(app).post('/api/auth/logout').set('Cookie', cookie);
    for (const res of [me, relogin, withCookie, logout]) {
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.type).toBe('urn:geokatalog:problem:service-unavailable');
      expect(res.text).not.toMatch(/stack|Stream|ioredis|\n\s+at /);
    }
  });
});

describe('embedded mode (PGlite, memory sessions)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('embedded', { LOGIN_RATE_LIMIT_MAX: '2' }); }, 300_000);
  afterAll(async () => { await t.close(); });

  it('login → me → logout → me round trip with the bootstrap admin', async () => {
    const agent = t.agent();
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    const login = await agent.post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'admin', role: 'ADMIN', active: true });
    const cookie = cookiePair(sessionCookieOf(login));
    expect(sessionCookieOf(login)).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await agent.get('/api/auth/me')).body.username).toBe('admin');
    expect((await agent.post('/api/auth/logout')).status).toBe(204);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    expect((await request(t.app).get('/api/auth/me').set('Cookie', cookie)).status).toBe(401);
  });

  it('gives the same 401 and rate limits in memory', async () => {
    const wrong = await request(t.app).post('/api/auth/login').send({ username: 'admin', password: 'salah' });
    const unknown = await request(t.app).post('/api/auth/login').send({ username: 'tidak-ada', password: 'salah' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    await request(t.app).post('/api/auth/login').send({ username: 'admin', password: 'salah' });
    expect((await request(t.app).post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);
  });
});

describe('ensureBootstrapAdmin', () => {
  const logged = () => {
    const lines: string[] = [];
    const banners: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }));
    return { logger, lines, banners, banner: (text: string) => { banners.push(text); } };
  };

  it('creates the organisation and an admin with a generated password, shown once in a banner (not in the log); idempotent and safe in parallel', async () => {
    const testDb = await createTestDatabase();
    // two "processes": separate connection pools on the same database
    const otherPool = openPgDatabase({ connectionString: testDb.url, max: 2 });
    try {
      const config = parseConfig({ DATABASE_URL: testDb.url, REDIS_URL: TEST_REDIS_URL, SESSION_SECRET: 'x'.repeat(32), ADMIN_USERNAME: 'pengelola' });
      const a = logged();
      const b = logged();
      await Promise.all([ensureBootstrapAdmin(usersOn(testDb.db), config, a.logger, a.banner), ensureBootstrapAdmin(usersOn(otherPool), config, b.logger, b.banner)]);

      const orgs = await listOrganisations(testDb.db);
      expect(orgs.map((o) => o.name)).toEqual([BOOTSTRAP_ORGANISATION_NAME]);
      const users = await listUsersOfOrganisation(testDb.db, orgs[0]!.id);
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ username: 'pengelola', role: 'ADMIN', active: true });

      const banners = [...a.banners, ...b.banners];
      expect(banners).toHaveLength(1); // printed exactly once, by whichever process created it
      const shown = [...banners[0]!.matchAll(/kata sandi: (\S+)/g)].map((m) => m[1]!);
      expect(shown).toHaveLength(1);
      expect(banners[0]).toContain('nama pengguna: pengelola');
      // the JSON log says a banner was printed, never the password itself
      const log = [...a.lines, ...b.lines].join('');
      expect(log).toContain('dicetak sekali ke stderr');
      expect(log).not.toContain(shown[0]!);
      const creds = await findCredentialsByUsername(testDb.db, 'pengelola');
      await expect(verifyPassword(shown[0]!, creds!.passwordHash)).resolves.toBe(true);

      const again = logged();
      await ensureBootstrapAdmin(usersOn(testDb.db), config, again.logger, again.banner);
      expect(again.lines).toEqual([]);
      expect(again.banners).toEqual([]);
      expect(await listUsersOfOrganisation(testDb.db, orgs[0]!.id)).toHaveLength(1);
    } finally {
      await otherPool.close();
      await testDb.drop();
    }
  });

  it('uses ADMIN_PASSWORD without ever logging it, and reuses an existing "Organisasi Utama"', async () => {
    const testDb = await createTestDatabase();
    try {
      await testDb.db.query("INSERT INTO organisations (id, name) VALUES ('org-lama', 'organisasi utama')");
      const config = parseConfig({ DATABASE_URL: testDb.url, REDIS_URL: TEST_REDIS_URL, SESSION_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'dari-lingkungan-99' });
      const l = logged();
      await ensureBootstrapAdmin(usersOn(testDb.db), config, l.logger, l.banner);
      expect(l.banners).toEqual([]);
      expect(l.lines.join('')).not.toContain('dari-lingkungan-99');
      expect(l.lines.join('')).toContain('ADMIN_PASSWORD');
      const creds = await findCredentialsByUsername(testDb.db, 'admin');
      expect(creds?.user.organisationId).toBe('org-lama');
      await expect(verifyPassword('dari-lingkungan-99', creds!.passwordHash)).resolves.toBe(true);
    } finally {
      await testDb.drop();
    }
  });

  it('does nothing when any user exists', async () => {
    const testDb = await createTestDatabase();
    try {
      await testDb.db.query("INSERT INTO organisations (id, name) VALUES ('o1', 'Dinas A')");
      await createUser(testDb.db, { username: 'seseorang', passwordHash: await hashPassword(PASSWORD), role: 'PRODUSEN', organisationId: 'o1' });
      const config = parseConfig({ DATABASE_URL: testDb.url, REDIS_URL: TEST_REDIS_URL, SESSION_SECRET: 'x'.repeat(32) });
      const l = logged();
      await ensureBootstrapAdmin(usersOn(testDb.db), config, l.logger);
      expect(l.lines).toEqual([]);
      expect((await listOrganisations(testDb.db)).map((o) => o.name)).toEqual(['Dinas A']);
      expect(await findCredentialsByUsername(testDb.db, 'admin')).toBeUndefined();
    } finally {
      await testDb.drop();
    }
  });
});
