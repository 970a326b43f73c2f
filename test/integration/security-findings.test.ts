import { spawn } from 'node:child_process';
import path from 'node:path';
import { ConfigError, parseConfig } from '../../libs/config';
import { ID_COLLISION_LIMIT } from '../../services/api/routes/metadata.routes';
import { completeDoc, loginAgent, seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/* Issue 12, finding 4 (the smaller ones): hidden identifiers, internals in answers, /metrics. */

const REPO_ROOT = path.resolve(__dirname, '../..');

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp('server', { METRICS_TOKEN: 'token-metrik-uji-0123' });
  w = await seedWorld(t);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('client-supplied identifiers', () => {
  it('a hidden record\'s identifier gets exactly the answer of an identifier the caller can see', async () => {
    // a DRAFT of A (hidden from B) and a record B can see (B's own)
    const hidden = await seedRecord(t.deps.db, { owner: w.a.produsen.user, status: 'DRAFT', id: 'id-rahasia-a' });
    const own = await seedRecord(t.deps.db, { owner: w.b.produsen.user, status: 'DRAFT', id: 'id-milik-b' });
    expect((await w.b.produsen.agent.get(`/api/metadata/${hidden.id}`)).status).toBe(404);
    const onHidden = await w.b.produsen.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: hidden.id }));
    const onVisible = await w.b.produsen.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: own.id }));
    expect(onHidden.status).toBe(onVisible.status);
    expect(onHidden.status).toBe(409);
    const shape = (body: Record<string, unknown>, id: string) => JSON.parse(JSON.stringify(body).split(id).join('<id>'));
    expect(shape(onHidden.body, hidden.id)).toEqual(shape(onVisible.body, own.id));
    // never overwritten, never duplicated
    const still = await w.a.produsen.agent.get(`/api/metadata/${hidden.id}`);
    expect(still.body).toMatchObject({ organisationId: w.a.org.id, version: hidden.version });
    const count = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM records WHERE id = $1', [hidden.id]);
    expect(count.rows[0]!.n).toBe(1);
  });

  it(`after ${ID_COLLISION_LIMIT.max} taken identifiers an account may not choose identifiers for a while (429, free or not)`, async () => {
    const prober = await loginAgent(t, 'b-produsen2');
    const statuses: number[] = [];
    for (let i = 0; i < ID_COLLISION_LIMIT.max; i++) {
      statuses.push((await prober.post('/api/metadata').send(completeDoc({ fileIdentifier: 'id-rahasia-a' }))).status);
    }
    expect(new Set(statuses)).toEqual(new Set([409]));
    const taken = await prober.post('/api/metadata').send(completeDoc({ fileIdentifier: 'id-rahasia-a' }));
    const free = await prober.post('/api/metadata').send(completeDoc({ fileIdentifier: 'id-bebas-sama-sekali' }));
    expect([taken.status, free.status]).toEqual([429, 429]);
    expect(taken.body.detail).toBe(free.body.detail);
    // without a chosen identifier the account still works
    expect((await prober.post('/api/metadata').send(completeDoc())).status).toBe(201);
  });
});

describe('no internals in public answers', () => {
  it('the system status names no server path for the local object store', async () => {
    const admin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');
    const res = await admin.get('/api/admin/organisasi/status');
    expect(res.status).toBe(200);
    expect(res.body.objectstore.detail).toContain('DATA_DIR');
    expect(JSON.stringify(res.body)).not.toContain(t.config.dataDir);
    expect(JSON.stringify(res.body)).not.toMatch(/"\/(?:tmp|home|var|work|app)\//);
  });
});

describe('/metrics in server mode', () => {
  const serverEnv = { DATABASE_URL: 'postgres://x@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1', SESSION_SECRET: 'x'.repeat(32) };

  it('the configuration of the API (and of a worker with a metrics port) requires METRICS_TOKEN', () => {
    const err = (() => { try { parseConfig(serverEnv, { process: 'api' }); } catch (e) { return e; } return undefined; })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.join('\n')).toContain('METRICS_TOKEN');
    expect(() => parseConfig({ ...serverEnv, METRICS_TOKEN: 'ada' }, { process: 'api' })).not.toThrow();
    expect(() => parseConfig(serverEnv, { process: 'worker' })).not.toThrow();
    expect(() => parseConfig({ ...serverEnv, WORKER_METRICS_PORT: '9464' }, { process: 'worker' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseConfig({}, { process: 'api' })).not.toThrow(); // embedded: optional
    expect(() => parseConfig(serverEnv)).not.toThrow(); // CLI and migrations serve no metrics
  });

  it('the real API entry point refuses to start without it, listing it (exit 2)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...serverEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toContain('METRICS_TOKEN');
  }, 90_000);

  it('with the token set, /metrics wants it', async () => {
    expect((await t.agent().get('/metrics')).status).toBe(401);
    expect((await t.agent().get('/metrics').set('Authorization', 'Bearer token-metrik-uji-0123')).status).toBe(200);
  });
});
