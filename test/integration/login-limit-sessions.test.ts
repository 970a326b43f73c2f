import { createFixtureUser, FIXTURE_PASSWORD, loginAgent, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 12, findings 3 and 4 (sessions), against the real app: Redis limiter and sessions in
 * server mode, the memory store and memorystore sessions in embedded mode.
 */

const LIMIT = 5; // LOGIN_RATE_LIMIT_MAX default

describe.each(['server', 'embedded'] as const)('%s mode', (mode) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(mode);
    w = await seedWorld(t);
    // PGlite's start takes seconds idle, minutes on a loaded two-core machine
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('100 concurrent wrong logins for one account: at most the limit reach the password check', async () => {
    await createFixtureUser(t.db, 'serbu', 'PRODUSEN', w.a.org.id);
    const answers = await Promise.all(Array.from({ length: 100 }, () =>
      t.agent().post('/api/auth/login').send({ username: 'serbu', password: 'salah-sekali-123' })));
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(checked).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBe(100 - checked);
    // and the right password is refused too now
    expect((await t.agent().post('/api/auth/login').send({ username: 'serbu', password: FIXTURE_PASSWORD })).status).toBe(429);
  }, 120_000);

  it('"rlf\\u0130x" is the same account as "rlfix": limited together, and it never logs in', async () => {
    await createFixtureUser(t.db, 'rlfix', 'PRODUSEN', w.a.org.id);
    for (let i = 0; i < LIMIT; i++) {
      expect((await t.agent().post('/api/auth/login').send({ username: 'rlfix', password: 'salah-sekali-123' })).status).toBe(401);
    }
    expect((await t.agent().post('/api/auth/login').send({ username: 'rlfix', password: FIXTURE_PASSWORD })).status).toBe(429);
    const dotted = await t.agent().post('/api/auth/login').send({ username: 'rlf\u0130x', password: FIXTURE_PASSWORD });
    expect(dotted.status).toBe(429);
    expect(dotted.headers['set-cookie'] ?? []).toHaveLength(0);
    // fullwidth and upper case are the same account and the same counter as well
    expect((await t.agent().post('/api/auth/login').send({ username: 'ＲＬＦＩＸ', password: FIXTURE_PASSWORD })).status).toBe(429);
  });

  it('every spelling of a name folds onto one key: "RLF\\u0130X" logs in as rlfiks when not limited', async () => {
    await createFixtureUser(t.db, 'rlfiks', 'PRODUSEN', w.a.org.id);
    const res = await t.agent().post('/api/auth/login').send({ username: 'RLF\u0130KS', password: FIXTURE_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('rlfiks');
    // and the name cannot be registered a second time under another spelling
    const dup = await w.a.admin.agent.post('/api/admin/users').send({ username: 'RLFIKS', password: 'kata-sandi-uji-123', role: 'PRODUSEN' });
    expect(dup.status).toBe(409);
  });

  it('a password reset by an ADMIN ends all of that user\'s sessions', async () => {
    await createFixtureUser(t.db, 'disetel', 'PRODUSEN', w.a.org.id);
    const laptop = await loginAgent(t, 'disetel');
    const phone = await loginAgent(t, 'disetel');
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    const target = (await w.a.admin.agent.get('/api/admin/users')).body.find((u: { username: string }) => u.username === 'disetel');
    const reset = await w.a.admin.agent.patch(`/api/admin/users/${target.id}`).send({ password: 'sandi-baru-dari-admin' });
    expect(reset.status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/metadata')).status).toBe(401);
    // the admin's own session is untouched, and the new password works
    expect((await w.a.admin.agent.get('/api/auth/me')).status).toBe(200);
    expect((await loginAgent(t, 'disetel', 'sandi-baru-dari-admin').then((a) => a.get('/api/auth/me'))).status).toBe(200);
  });

  it('the user\'s own password change ends their other sessions and keeps this one', async () => {
    await createFixtureUser(t.db, 'gantisendiri', 'PRODUSEN', w.a.org.id);
    const here = await loginAgent(t, 'gantisendiri');
    const elsewhere = await loginAgent(t, 'gantisendiri');
    const wrong = await here.post('/api/auth/password').send({ currentPassword: 'bukan-sandinya', newPassword: 'sandi-baru-sendiri' });
    expect(wrong.status).toBe(403);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200);
    const short = await here.post('/api/auth/password').send({ currentPassword: FIXTURE_PASSWORD, newPassword: 'pendek' });
    expect(short.status).toBe(422);
    const ok = await here.post('/api/auth/password').send({ currentPassword: FIXTURE_PASSWORD, newPassword: 'sandi-baru-sendiri' });
    expect(ok.status).toBe(204);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await t.agent().post('/api/auth/login').send({ username: 'gantisendiri', password: FIXTURE_PASSWORD })).status).toBe(401);
    expect((await t.agent().post('/api/auth/login').send({ username: 'gantisendiri', password: 'sandi-baru-sendiri' })).status).toBe(200);
  });

  it('the password change needs a session', async () => {
    expect((await t.agent().post('/api/auth/password').send({ currentPassword: 'x', newPassword: 'yyyyyyyyyy' })).status).toBe(401);
  });
});
