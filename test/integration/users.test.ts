import request from 'supertest';
import type { Role } from '../../libs/catalogue/record.types';
import type { User } from '../../libs/catalogue/user.types';
import { createOrganisation, findOrganisationByIdOrName } from '../../libs/db/organisation.repository';
import { createUser, findCredentialsByUsername, findUserById } from '../../libs/db/user.repository';
import { hashPassword, verifyPassword } from '../../libs/security/password';
import { BOOTSTRAP_ORGANISATION_NAME } from '../../services/api/bootstrap';
import { startTestApp, type TestApp } from '../helpers/test-app';

const PASSWORD = 'sandi-rahasia-123';
const PUBLIC_USER_KEYS = ['active', 'email', 'fullName', 'id', 'organisationId', 'phone', 'role', 'serviceAdmin', 'username'];
const BASE = '/api/admin/users';

let t: TestApp;
let orgA: string;
let orgB: string;
let adminA: User;
let adminB: User;
let produsenA: User;
let qcqeA: User;
/** logged-in agents, one per user */
const as: Record<'adminA' | 'adminB' | 'produsenA' | 'qcqeA', ReturnType<TestApp['agent']>> = {} as never;

async function seedUser(username: string, role: Role, organisationId: string): Promise<User> {
  return createUser(t.db, { username, passwordHash: await hashPassword(PASSWORD), role, organisationId });
}

async function loggedIn(username: string, password = PASSWORD): Promise<ReturnType<TestApp['agent']>> {
  const agent = t.agent();
  const res = await agent.post('/api/auth/login').send({ username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return agent;
}

beforeAll(async () => {
  t = await startTestApp('server', { LOGIN_RATE_LIMIT_MAX: '50' });
  orgA = (await findOrganisationByIdOrName(t.db, BOOTSTRAP_ORGANISATION_NAME))!.id;
  orgB = (await createOrganisation(t.db, { name: 'Dinas Lain' })).id;
  adminA = (await findCredentialsByUsername(t.db, 'admin'))!.user;
  await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [adminA.id, await hashPassword(PASSWORD)]);
  adminB = await seedUser('admin-b', 'ADMIN', orgB);
  produsenA = await seedUser('produsen-a', 'PRODUSEN', orgA);
  qcqeA = await seedUser('qcqe-a', 'QCQE', orgA);
  as.adminA = await loggedIn('admin');
  as.adminB = await loggedIn('admin-b');
  as.produsenA = await loggedIn('produsen-a');
  as.qcqeA = await loggedIn('qcqe-a');
});
afterAll(async () => { await t.close(); });

describe('access', () => {
  const calls = (id: string) => [
    ['GET', BASE, undefined],
    ['POST', BASE, { username: 'x-baru', password: PASSWORD, role: 'PRODUSEN' }],
    ['GET', `${BASE}/${id}`, undefined],
    ['PATCH', `${BASE}/${id}`, { fullName: 'X' }],
  ] as const;
  const send = (agent: ReturnType<TestApp['agent']> | undefined, method: string, url: string, body: object | undefined) => {
    const client = agent ?? request(t.app);
    const req = method === 'GET' ? client.get(url) : method === 'POST' ? client.post(url) : client.patch(url);
    return body ? req.send(body) : req;
  };

  it('401 without a session on every endpoint', async () => {
    for (const [method, url, body] of calls(produsenA.id)) {
      const res = await send(undefined, method, url, body);
      expect([method, url, res.status]).toEqual([method, url, 401]);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('403 for PRODUSEN and QCQE on every endpoint', async () => {
    for (const who of ['produsenA', 'qcqeA'] as const) {
      for (const [method, url, body] of calls(produsenA.id)) {
        const res = await send(as[who], method, url, body);
        expect([who, method, url, res.status]).toEqual([who, method, url, 403]);
        expect(res.body.type).toBe('urn:geokatalog:problem:forbidden');
      }
    }
    expect(await findCredentialsByUsername(t.db, 'x-baru')).toBeUndefined();
  });
});

describe('GET /api/admin/users', () => {
  it("lists the caller's organisation only, without hashes", async () => {
    const res = await as.adminA.get(BASE);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const names = (res.body as { username: string }[]).map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'produsen-a', 'qcqe-a']));
    expect(names).not.toContain('admin-b');
    for (const u of res.body as Record<string, unknown>[]) {
      expect(Object.keys(u).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(u.organisationId).toBe(orgA);
    }
    expect(res.text).not.toMatch(/scrypt|hash/i);

    const other = await as.adminB.get(BASE);
    expect((other.body as { username: string }[]).map((u) => u.username)).toEqual(['admin-b']);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user in the admin\'s organisation (201 + Location), who can then log in', async () => {
    const res = await as.adminA.post(BASE).send({
      username: 'Rina.Putri', password: PASSWORD, role: 'QCQE', fullName: 'Rina Putri', email: 'rina@contoh.go.id', phone: '+62 811 1234 567',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String), username: 'Rina.Putri', role: 'QCQE', organisationId: orgA,
      fullName: 'Rina Putri', email: 'rina@contoh.go.id', phone: '+62 811 1234 567', active: true, serviceAdmin: false,
    });
    expect(res.headers.location).toBe(`${BASE}/${res.body.id}`);
    const login = await request(t.app).post('/api/auth/login').send({ username: 'rina.putri', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('QCQE');
  });

  it('409 when the username is taken, case-insensitively and across organisations', async () => {
    for (const username of ['produsen-a', 'PRODUSEN-A', 'Admin-B']) {
      const res = await as.adminA.post(BASE).send({ username, password: PASSWORD, role: 'PRODUSEN' });
      expect([username, res.status]).toEqual([username, 409]);
      expect(res.body.type).toBe('urn:geokatalog:problem:conflict');
    }
  });

  it.each([
    ['a short username', { username: 'ab' }, ['/username']],
    ['a username with spaces', { username: 'budi santoso' }, ['/username']],
    ['a username of 65 characters', { username: 'a'.repeat(65) }, ['/username']],
    ['a short password', { password: 'pendek' }, ['/password']],
    ['an unknown role', { role: 'SUPERADMIN' }, ['/role']],
    ['a bad email', { email: 'bukan-surel' }, ['/email']],
    ['a bad phone', { phone: 'telepon saya' }, ['/phone']],
    ['an unknown field', { organisationId: 'lain' }, ['/organisationId']],
    ['a missing role', { role: undefined }, ['/role']],
  ])('422 with errors[] for %s', async (_label, change, paths) => {
    const body = { username: 'pengguna-uji', password: PASSWORD, role: 'PRODUSEN', ...change };
    const res = await as.adminA.post(BASE).send(body);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toBe('urn:geokatalog:problem:validation-failed');
    expect((res.body.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
    for (const e of res.body.errors as { message: string }[]) expect(e.message).toEqual(expect.any(String));
  });

  it('reports every bad field at once', async () => {
    const res = await as.adminA.post(BASE).send({ username: 'x', password: '1', role: 'RAJA', email: 'x' });
    expect(res.status).toBe(422);
    expect((res.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/email', '/password', '/role', '/username']);
    expect(await findCredentialsByUsername(t.db, 'x')).toBeUndefined();
  });

  it('400 for malformed JSON, 415 for a form post, 422 for a non-object body', async () => {
    expect((await as.adminA.post(BASE).set('Content-Type', 'application/json').send('{"username":')).status).toBe(400);
    expect((await as.adminA.post(BASE).type('form').send({ username: 'formulir', password: PASSWORD, role: 'ADMIN' })).status).toBe(415);
    expect((await as.adminA.post(BASE).set('Content-Type', 'application/json').send('[]')).status).toBe(422);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('returns a user of the own organisation; 404 for other organisations and unknown ids', async () => {
    const own = await as.adminA.get(`${BASE}/${produsenA.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: produsenA.id, username: 'produsen-a', role: 'PRODUSEN' });
    const foreign = await as.adminA.get(`${BASE}/${adminB.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.type).toBe('urn:geokatalog:problem:not-found');
    expect((await as.adminA.get(`${BASE}/tidak-ada`)).status).toBe(404);
    expect((await as.adminB.get(`${BASE}/${produsenA.id}`)).status).toBe(404);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('changes role and profile fields; null clears a field', async () => {
    const u = await seedUser('ubah-saya', 'PRODUSEN', orgA);
    const a = await as.adminA.patch(`${BASE}/${u.id}`).send({ role: 'QCQE', fullName: 'Nama Baru', email: 'baru@contoh.go.id', phone: '021-555 1234' });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ role: 'QCQE', fullName: 'Nama Baru', email: 'baru@contoh.go.id', phone: '021-555 1234', active: true });
    const b = await as.adminA.patch(`${BASE}/${u.id}`).send({ email: null, phone: null });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ role: 'QCQE', fullName: 'Nama Baru', email: null, phone: null });
    expect((await findUserById(t.db, u.id))?.email).toBeNull();
  });

  it('resets the password: the old one stops working, the new one works', async () => {
    const u = await seedUser('lupa-sandi', 'PRODUSEN', orgA);
    const res = await as.adminA.patch(`${BASE}/${u.id}`).send({ password: 'sandi-baru-789' });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('sandi-baru-789');
    expect((await request(t.app).post('/api/auth/login').send({ username: 'lupa-sandi', password: PASSWORD })).status).toBe(401);
    expect((await request(t.app).post('/api/auth/login').send({ username: 'lupa-sandi', password: 'sandi-baru-789' })).status).toBe(200);
    const creds = await findCredentialsByUsername(t.db, 'lupa-sandi');
    await expect(verifyPassword('sandi-baru-789', creds!.passwordHash)).resolves.toBe(true);
  });

  it('deactivation ends the user\'s open session at once and blocks login; reactivation restores it', async () => {
    const u = await seedUser('akan-nonaktif', 'PRODUSEN', orgA);
    const agent = await loggedIn('akan-nonaktif');
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    const off = await as.adminA.patch(`${BASE}/${u.id}`).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    expect((await request(t.app).post('/api/auth/login').send({ username: 'akan-nonaktif', password: PASSWORD })).status).toBe(401);
    expect((await as.adminA.patch(`${BASE}/${u.id}`).send({ active: true })).status).toBe(200);
    expect((await request(t.app).post('/api/auth/login').send({ username: 'akan-nonaktif', password: PASSWORD })).status).toBe(200);
  });

  it('a role change applies to the open session at once', async () => {
    const u = await seedUser('naik-pangkat', 'QCQE', orgA);
    const agent = await loggedIn('naik-pangkat');
    expect((await agent.get(BASE)).status).toBe(403);
    expect((await as.adminA.patch(`${BASE}/${u.id}`).send({ role: 'ADMIN' })).status).toBe(200);
    expect((await agent.get(BASE)).status).toBe(200);
    expect((await as.adminA.patch(`${BASE}/${u.id}`).send({ role: 'PRODUSEN' })).status).toBe(200);
    expect((await agent.get(BASE)).status).toBe(403);
  });

  it('404 for a user of another organisation, which stays unchanged', async () => {
    const res = await as.adminA.patch(`${BASE}/${adminB.id}`).send({ active: false, role: 'PRODUSEN' });
    expect(res.status).toBe(404);
    expect(await findUserById(t.db, adminB.id)).toMatchObject({ active: true, role: 'ADMIN' });
    expect((await as.adminA.patch(`${BASE}/tidak-ada`).send({ active: false })).status).toBe(404);
  });

  it('an admin cannot deactivate or demote themself (409), but may edit their own profile', async () => {
    const off = await as.adminA.patch(`${BASE}/${adminA.id}`).send({ active: false });
    expect(off.status).toBe(409);
    expect(off.body.type).toBe('urn:geokatalog:problem:conflict');
    for (const role of ['PRODUSEN', 'QCQE']) {
      expect((await as.adminA.patch(`${BASE}/${adminA.id}`).send({ role })).status).toBe(409);
    }
    expect(await findUserById(t.db, adminA.id)).toMatchObject({ active: true, role: 'ADMIN' });
    const ok = await as.adminA.patch(`${BASE}/${adminA.id}`).send({ role: 'ADMIN', active: true, fullName: 'Admin Utama' });
    expect(ok.status).toBe(200);
    expect(ok.body.fullName).toBe('Admin Utama');
    expect((await as.adminA.get('/api/auth/me')).status).toBe(200);
  });

  it('another admin of the same organisation may demote or deactivate an admin', async () => {
    const second = await seedUser('admin-kedua', 'ADMIN', orgA);
    const agent = await loggedIn('admin-kedua');
    const res = await agent.patch(`${BASE}/${second.id}`).send({ active: false });
    expect(res.status).toBe(409);
    const byOther = await as.adminA.patch(`${BASE}/${second.id}`).send({ role: 'PRODUSEN', active: false });
    expect(byOther.status).toBe(200);
    expect(byOther.body).toMatchObject({ role: 'PRODUSEN', active: false });
  });

  it.each([
    ['active as a string', { active: 'ya' }, ['/active']],
    ['an unknown role', { role: 'RAJA' }, ['/role']],
    ['a short password', { password: 'pendek' }, ['/password']],
    ['a bad email', { email: 'x@' }, ['/email']],
    ['an empty full name', { fullName: '  ' }, ['/fullName']],
    ['a username change', { username: 'nama-lain' }, ['/username']],
    ['an organisation change', { organisationId: 'lain' }, ['/organisationId']],
  ])('422 for %s', async (_label, body, paths) => {
    const res = await as.adminA.patch(`${BASE}/${produsenA.id}`).send(body);
    expect(res.status).toBe(422);
    expect((res.body.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
    expect(await findUserById(t.db, produsenA.id)).toMatchObject({ username: 'produsen-a', role: 'PRODUSEN', active: true, organisationId: orgA });
  });

  it('an empty patch changes nothing', async () => {
    const res = await as.adminA.patch(`${BASE}/${qcqeA.id}`).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'qcqe-a', role: 'QCQE', active: true });
  });
});
