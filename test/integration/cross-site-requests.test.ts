import { Queue } from 'bullmq';
import { bullPrefix, producerConnection } from '../../libs/jobs/redis-connection';
import { loginAgent, seedRecord, seedWorld, type Agent, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 22, finding 7: state-changing requests a browser sends from another site (or another
 * origin of the same site) are refused, whatever their body; requests without Origin and
 * Sec-Fetch-Site (curl, the CLI, GIS software) and same-origin ones pass.
 */

const BASE_URL = 'http://katalog.test';
const EVIL = 'http://evil.example';

describe('cross-site state-changing requests', () => {
  let t: TestApp;
  let w: World;
  let serviceAdmin: Agent;
  let renderQueue: Queue;

  beforeAll(async () => {
    t = await startTestApp('server', { BASE_URL });
    w = await seedWorld(t);
    serviceAdmin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');
    renderQueue = new Queue('render', { connection: producerConnection(t.config.redisUrl!), prefix: bullPrefix(t.config.redisPrefix) });
  });
  afterAll(async () => {
    await renderQueue?.close();
    await t?.close();
  });

  const renderJobs = async (): Promise<number> => {
    const counts = await renderQueue.getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized', 'waiting-children');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };

  const expectRefused = (res: { status: number; headers: Record<string, string>; body: { detail?: string } }): void => {
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toContain('situs lain');
  };

  async function createSource(): Promise<string> {
    const res = await w.a.admin.agent.post('/api/admin/harvest-sources')
      .send({ name: `sumber-${Math.random().toString(36).slice(2, 8)}`, url: 'https://csw.contoh.go.id/csw', protocol: 'csw' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('POST …/harvest-sources/{id}/run with a foreign Origin and no body: 403, no run', async () => {
    const id = await createSource();
    const runs = `/api/admin/harvest-sources/${encodeURIComponent(id)}/runs`;
    expectRefused(await w.a.admin.agent.post(`/api/admin/harvest-sources/${encodeURIComponent(id)}/run`).set('Origin', EVIL));
    expectRefused(await w.a.admin.agent.post(`/api/admin/harvest-sources/${encodeURIComponent(id)}/run`).set('Sec-Fetch-Site', 'same-site'));
    expect((await w.a.admin.agent.get(runs)).body).toEqual([]);
    // the same request from our own page, and from a client that is no browser: accepted
    expect((await w.a.admin.agent.post(`/api/admin/harvest-sources/${encodeURIComponent(id)}/run`)
      .set('Origin', BASE_URL).set('Sec-Fetch-Site', 'same-origin')).status).toBe(202);
    expect((await w.a.admin.agent.get(runs)).body).toHaveLength(1);
  });

  it('POST /api/metadata/{id}/detach-harvest with a foreign Origin: 403, still harvested', async () => {
    const sourceId = await createSource();
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED' });
    await t.db.query(
      "INSERT INTO harvest_records (record_id, source_id, source_identifier, content_hash, last_seen_run, written_run) VALUES ($1, $2, $1, 'h', 'r', 'r')",
      [rec.id, sourceId],
    );
    const path = `/api/metadata/${encodeURIComponent(rec.id)}/detach-harvest`;
    expectRefused(await w.a.admin.agent.post(path).set('Origin', EVIL));
    expectRefused(await w.a.admin.agent.post(path).set('Origin', 'null'));
    expectRefused(await w.a.admin.agent.post(path).set('Sec-Fetch-Site', 'cross-site'));
    // another port of our own host is another origin (same-site): refused too
    expectRefused(await w.a.admin.agent.post(path).set('Origin', 'http://katalog.test:8081'));
    const linked = async () => (await t.db.query('SELECT 1 FROM harvest_records WHERE record_id = $1', [rec.id])).rowCount;
    expect(await linked()).toBe(1);
    expect((await w.a.admin.agent.post(path)).status).toBe(200); // no Origin: not a browser's cross-site request
    expect(await linked()).toBe(0);
  });

  it('POST /api/auth/logout with a foreign Origin: 403 and the session stays', async () => {
    const agent = await loginAgent(t, w.a.produsen.user.username);
    expectRefused(await agent.post('/api/auth/logout').set('Origin', EVIL));
    expectRefused(await agent.post('/api/auth/logout').set('Sec-Fetch-Site', 'same-site'));
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    expect((await agent.post('/api/auth/logout').set('Origin', BASE_URL)).status).toBe(204);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
  });

  it('our origin is BASE_URL\'s, or the one the request itself was addressed to (its Host)', async () => {
    const agent = await loginAgent(t, w.a.produsen.user.username);
    // reached under another name than BASE_URL (a proxy passing Host through, an address)
    expect((await agent.post('/api/metadata').set('Host', '10.1.2.3:8080').set('Origin', 'http://10.1.2.3:8080')
      .send({ title: 'Dari alamat lain' })).status).toBe(201);
    expectRefused(await agent.post('/api/metadata').set('Host', '10.1.2.3:8080').set('Origin', 'http://10.1.2.3:9090')
      .send({ title: 'Dari porta lain' }));
    // JSON does not make a foreign origin acceptable, nor do PUT, PATCH and DELETE escape the rule
    expectRefused(await agent.post('/api/metadata').set('Origin', EVIL).send({ title: 'Lintas situs' }));
    expectRefused(await agent.delete('/api/metadata/apa-saja').set('Origin', EVIL));
    expectRefused(await agent.patch('/api/metadata/apa-saja').set('Origin', EVIL).send({}));
    // reading stays open to everyone's pages (CORS decides what they may read)
    expect((await agent.get('/api/auth/me').set('Origin', EVIL).set('Sec-Fetch-Site', 'cross-site')).status).toBe(200);
  });

  it('bull-board: a foreign add-job POST (text/plain, form) is 403 and enqueues nothing; a non-JSON body is 415', async () => {
    const before = await renderJobs();
    const add = '/admin/queues/api/queues/render/add';
    expectRefused(await serviceAdmin.post(add).set('Origin', EVIL).set('Content-Type', 'text/plain').send('{"name":"x"}'));
    expectRefused(await serviceAdmin.post(add).set('Origin', EVIL).type('form').send('name=x'));
    expectRefused(await serviceAdmin.post(add).set('Origin', EVIL));
    expectRefused(await serviceAdmin.post(add).set('Sec-Fetch-Site', 'same-site').send({ name: 'x', data: {} }));
    // the board's own endpoints take JSON only, as the board's page sends
    expect((await serviceAdmin.post(add).set('Content-Type', 'text/plain').send('{"name":"x"}')).status).toBe(415);
    expect((await serviceAdmin.post(add).type('form').send('name=x')).status).toBe(415);
    expect(await renderJobs()).toBe(before);
    // from the board itself (same origin, JSON): works
    const ok = await serviceAdmin.post(add).set('Origin', BASE_URL).send({ name: 'uji-dasbor', data: {}, options: {} });
    expect(ok.status).toBe(200);
    expect(await renderJobs()).toBe(before + 1);
  });

  it('the public protocol endpoints stay open to other origins (anonymous, read-only)', async () => {
    const getRecords = '<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2" resultType="hits"><csw:Query typeNames="csw:Record"/></csw:GetRecords>';
    const csw = await w.anonymous.post('/metadata/csw').set('Origin', EVIL).set('Sec-Fetch-Site', 'cross-site')
      .set('Content-Type', 'application/xml').send(getRecords);
    expect(csw.status).toBe(200);
    expect(csw.text).toContain('SearchResults');
  });
});
