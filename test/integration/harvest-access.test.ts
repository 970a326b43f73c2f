import type { HarvestSource } from '../../libs/harvest/harvest.types';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Who may manage harvest sources: ADMINs, for their own organisation only (another
 * organisation's source is a 404, as records are); PRODUSEN and QCQE 403; no session 401.
 * Input problems are 422 with JSON Pointers; a second run while one is open is a 409.
 */

const ctx = useSeededApp();
let src: HarvestSource;
const base = '/api/admin/harvest-sources';

beforeAll(async () => {
  const res = await ctx.w.a.admin.agent.post(base).send({ name: 'Simpul A', url: 'http://127.0.0.1:9/csw', protocol: 'csw' });
  src = res.body as HarvestSource;
});

describe('harvest source access', () => {
  it('no session → 401 on every route', async () => {
    const a = ctx.w.anonymous;
    for (const res of [
      await a.get(base), await a.post(base).send({}), await a.get(`${base}/${src.id}`), await a.patch(`${base}/${src.id}`).send({}),
      await a.delete(`${base}/${src.id}`), await a.post(`${base}/${src.id}/run`).send({}), await a.get(`${base}/${src.id}/runs`),
      await a.get(`${base}/${src.id}/runs/x`),
    ]) expect(res.status).toBe(401);
  });

  it('PRODUSEN and QCQE → 403', async () => {
    for (const agent of [ctx.w.a.produsen.agent, ctx.w.a.qcqe.agent]) {
      expect((await agent.get(base)).status).toBe(403);
      expect((await agent.post(base).send({ name: 'x', url: 'http://127.0.0.1:9/', protocol: 'csw' })).status).toBe(403);
      expect((await agent.get(`${base}/${src.id}`)).status).toBe(403);
      expect((await agent.post(`${base}/${src.id}/run`).send({})).status).toBe(403);
    }
  });

  it('an ADMIN of another organisation neither sees nor touches the source (404) and cannot target it (403)', async () => {
    const b = ctx.w.b.admin.agent;
    expect((await b.get(base)).body).toEqual([]);
    expect((await b.get(`${base}/${src.id}`)).status).toBe(404);
    expect((await b.patch(`${base}/${src.id}`).send({ name: 'diambil' })).status).toBe(404);
    expect((await b.delete(`${base}/${src.id}`)).status).toBe(404);
    expect((await b.post(`${base}/${src.id}/run`).send({})).status).toBe(404);
    expect((await b.get(`${base}/${src.id}/runs`)).status).toBe(404);
    const other = await b.post(base).send({ name: 'Ke A', url: 'http://127.0.0.1:9/', protocol: 'csw', organisationId: ctx.w.a.org.id });
    expect(other.status).toBe(403);
    expect((await ctx.w.a.admin.agent.get(`${base}/${src.id}`)).body.name).toBe('Simpul A');
  });

  it('the ADMIN of the organisation lists, reads and updates it', async () => {
    const a = ctx.w.a.admin.agent;
    expect((await a.get(base)).body.map((s: HarvestSource) => s.id)).toEqual([src.id]);
    const upd = await a.patch(`${base}/${src.id}`).send({ mode: 'publish', pageSize: 500, constraint: "dc:title LIKE '%jalan%'" });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ mode: 'publish', pageSize: 500, constraint: "dc:title LIKE '%jalan%'", name: 'Simpul A' });
  });

  it('invalid input → 422 naming every field at fault', async () => {
    const res = await ctx.w.a.admin.agent.post(base).send({
      name: '', url: 'ftp://x', protocol: 'z39.50', pageSize: 501, schedule: 'setiap hari', mode: 'auto', recordForm: 'dif', extra: 1,
      credentials: { username: 'a:b', password: 'x' },
    });
    expect(res.status).toBe(422);
    const paths = (res.body.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['/credentials', '/extra', '/mode', '/name', '/pageSize', '/protocol', '/recordForm', '/schedule', '/url'].sort());
    const filter = await ctx.w.a.admin.agent.post(base).send({ name: 'f', url: 'http://127.0.0.1:9/', protocol: 'csw', constraint: '<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc"><rusak' });
    expect(filter.status).toBe(422);
    expect(filter.body.errors[0].path).toBe('/constraint');
    const dup = await ctx.w.a.admin.agent.post(base).send({ name: 'simpul a', url: 'http://127.0.0.1:9/', protocol: 'csw' });
    expect(dup.status).toBe(409);
  });

  it('POST …/run → 202 with the run; a second one while it is open → 409 naming the open run', async () => {
    const a = ctx.w.a.admin.agent;
    // no worker consumes this app's queue here: the run stays queued
    const first = await a.post(`${base}/${src.id}/run`).send({});
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ sourceId: src.id, status: 'queued', trigger: 'manual', incremental: false, report: null });
    expect(first.headers.location).toBe(`${base}/${src.id}/runs/${first.body.id}`);
    const second = await a.post(`${base}/${src.id}/run`).send({ incremental: true });
    expect(second.status).toBe(409);
    expect(second.body.run.id).toBe(first.body.id);
    expect((await a.post(`${base}/${src.id}/run`).send({ full: 1 })).status).toBe(400);
    expect((await a.get(`${base}/${src.id}/runs/${first.body.id}`)).body.id).toBe(first.body.id);
    expect((await a.get(`${base}/${src.id}/runs/tidak-ada`)).status).toBe(404);
  });

  it('DELETE removes the source (204) and its schedule; then 404', async () => {
    const a = ctx.w.a.admin.agent;
    const s = await a.post(base).send({ name: 'Sementara', url: 'http://127.0.0.1:9/', protocol: 'oai-pmh', schedule: '0 2 * * *' });
    expect(s.status).toBe(201);
    expect((await a.delete(`${base}/${s.body.id}`)).status).toBe(204);
    expect((await a.get(`${base}/${s.body.id}`)).status).toBe(404);
  });
});
