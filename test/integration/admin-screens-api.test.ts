import type { HarvestSource } from '../../libs/harvest/harvest.types';
import { loginAgent } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 20 §3, the REST side of the new screens: "My account" (the caller's own name, e-mail
 * and phone; the password change already had its route) and the service administrator's view of
 * every organisation's harvest sources. Both run modes.
 */

const HARVEST = '/api/admin/harvest-sources';

describe.each(['server', 'embedded'] as const)('%s mode', (mode) => {
  const ctx = useSeededApp({ mode, timeoutMs: 600_000 });

  describe('PATCH /api/auth/me', () => {
    it('changes the caller\'s own name, e-mail and phone, and what /me answers', async () => {
      const a = ctx.w.a.produsen.agent;
      const res = await a.patch('/api/auth/me').send({ fullName: '  Sari Produsen ', email: 'sari@contoh.go.id', phone: '+62 812-3456-7890' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: ctx.w.a.produsen.user.username, fullName: 'Sari Produsen', email: 'sari@contoh.go.id', phone: '+62 812-3456-7890' });
      expect((await a.get('/api/auth/me')).body).toMatchObject({ fullName: 'Sari Produsen', phone: '+62 812-3456-7890' });
      // null clears; the others stay
      const cleared = await a.patch('/api/auth/me').send({ phone: null });
      expect(cleared.body).toMatchObject({ fullName: 'Sari Produsen', email: 'sari@contoh.go.id', phone: null });
      // what the admin sees of the user is the same row
      const listed = (await ctx.w.a.admin.agent.get('/api/admin/users')).body.find((u: { id: string }) => u.id === ctx.w.a.produsen.user.id);
      expect(listed).toMatchObject({ fullName: 'Sari Produsen', email: 'sari@contoh.go.id', phone: null });
    });

    it('refuses role, active, password and unknown fields, and bad values, naming each (422); nothing changes', async () => {
      const a = ctx.w.a.qcqe.agent;
      const res = await a.patch('/api/auth/me').send({ role: 'ADMIN', active: false, password: 'sandi-baru-123456', email: 'bukan-surel', phone: 'abc', fullName: '' });
      expect(res.status).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/active', '/email', '/fullName', '/password', '/phone', '/role']);
      const me = (await a.get('/api/auth/me')).body;
      expect(me).toMatchObject({ role: 'QCQE', active: true, email: null });
      expect((await a.patch('/api/auth/me').send([1])).status).toBe(422);
    });

    it('without a session → 401; a form-encoded body → 415', async () => {
      expect((await ctx.w.anonymous.patch('/api/auth/me').send({ fullName: 'x' })).status).toBe(401);
      expect((await ctx.w.a.qcqe.agent.patch('/api/auth/me').type('form').send('fullName=x')).status).toBe(415);
    });
  });

  describe('harvest sources: the service administrator manages every organisation\'s', () => {
    let srcB: HarvestSource;
    beforeAll(async () => {
      const res = await ctx.w.b.admin.agent.post(HARVEST).send({ name: 'Simpul B', url: 'http://127.0.0.1:9/csw', protocol: 'csw' });
      expect(res.status).toBe(201);
      srcB = res.body as HarvestSource;
    });

    it('lists, reads, edits and reads the runs of a source of another organisation', async () => {
      const service = await loginAgent(ctx.t, 'admin', 'admin-password-123');
      const listed = (await service.get(HARVEST)).body as HarvestSource[];
      expect(listed.map((s) => s.id)).toContain(srcB.id);
      expect((await service.get(`${HARVEST}/${srcB.id}`)).status).toBe(200);
      const upd = await service.patch(`${HARVEST}/${srcB.id}`).send({ pageSize: 250, credentials: { username: 'u', password: 'rahasia-sekali' } });
      expect(upd.status).toBe(200);
      expect(upd.body).toMatchObject({ organisationId: ctx.w.b.org.id, pageSize: 250, hasCredentials: true });
      expect(JSON.stringify(upd.body)).not.toContain('rahasia-sekali');
      expect((await service.get(`${HARVEST}/${srcB.id}/runs`)).status).toBe(200);
      // a new source still lands in the caller's own organisation only
      const elsewhere = await service.post(HARVEST).send({ name: 'Ke B', url: 'http://127.0.0.1:9/csw', protocol: 'csw', organisationId: ctx.w.b.org.id });
      expect(elsewhere.status).toBe(403);
    });

    it('an organisation ADMIN still sees only their own (404 for B\'s)', async () => {
      const a = ctx.w.a.admin.agent;
      expect(((await a.get(HARVEST)).body as HarvestSource[]).map((s) => s.id)).not.toContain(srcB.id);
      expect((await a.get(`${HARVEST}/${srcB.id}`)).status).toBe(404);
      expect((await a.patch(`${HARVEST}/${srcB.id}`).send({ pageSize: 5 })).status).toBe(404);
    });
  });

  it('the OpenAPI document describes the new endpoints', async () => {
    const doc = (await ctx.w.anonymous.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/auth/me'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(Object.keys(doc.paths['/api/admin/queues'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/queues/failed/{id}/retry'] ?? {})).toEqual(['parameters', 'post']);
  });
});
