import type { Express } from 'express';
import request from 'supertest';
import { parseConfig } from '../../libs/config';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { createLogger } from '../../libs/logger';
import { createApp } from '../../services/api/app';
import { startApiRuntime, type ApiRuntime } from '../../services/api/runtime';
import { identifiers } from '../helpers/csw-cache-rules';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-servers';
import { completeDoc, createFixtureUser, seedRecord } from '../helpers/fixtures';
import { TEST_SESSION_SECRET } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * Redis going away under a running server-mode API: CSW keeps answering 200 straight from
 * PostgreSQL (X-Cache: bypass), sees changes at once, and uses the cache again when Redis is
 * back. Runs against a private redis-server on its own port (the shared one is never stopped).
 */
let redis: PrivateRedis;
let tdb: TestDatabase;
let runtime: ApiRuntime;
let app: Express;
let orgId: string;
let owner: Awaited<ReturnType<typeof createFixtureUser>>;

const GET_RECORDS = { service: 'CSW', version: '2.0.2', request: 'GetRecords', elementSetName: 'brief' };
const csw = (query: Record<string, string>) => request(app).get('/metadata/csw').query(query);

async function publishDirectly(title: string): Promise<string> {
  const rec = await seedRecord(tdb.db, { owner, status: 'PUBLISHED', doc: completeDoc({ title }) });
  await upsertRenders(tdb.db, rec.id, rec.version, await runtime.deps.renderer.renderAll(rec));
  return rec.id;
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  tdb = await createTestDatabase();
  const config = Object.freeze(parseConfig({
    LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET, ADMIN_PASSWORD: 'admin-password-123',
    DATABASE_URL: tdb.url, REDIS_URL: redis.url, REDIS_PREFIX: 'gkdown',
  }));
  runtime = await startApiRuntime(config, createLogger('silent'));
  app = createApp(runtime.deps);
  orgId = (await createOrganisation(tdb.db, { name: 'Organisasi Redis Mati' })).id;
  owner = await createFixtureUser(tdb.db, 'redis-down-admin', 'ADMIN', orgId);
}, 300_000);

/** the job queues' own connection reconnects on its schedule; closing before that fails */
async function whenQueuesReconnected(): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    try {
      await runtime.deps.jobs.failedJobs(1);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

afterAll(async () => {
  // Redis back first, so that closing the queues and the connection does not wait on it
  await redis?.start().catch(() => undefined);
  if (runtime) await whenQueuesReconnected();
  await runtime?.close();
  await tdb?.drop();
  await redis?.stop();
});

describe('CSW with Redis down', () => {
  let firstId: string;

  it('caches while Redis is up', async () => {
    firstId = await publishDirectly('Peta Sebelum Redis Mati');
    expect((await csw(GET_RECORDS)).headers['x-cache']).toBe('miss');
    const hit = await csw(GET_RECORDS);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(identifiers(hit.text)).toEqual([firstId]);
  });

  it('answers 200 from PostgreSQL when Redis stops, every operation, GET and POST', async () => {
    await redis.stop();
    const res = await csw(GET_RECORDS);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('bypass');
    expect(identifiers(res.text)).toEqual([firstId]);

    const caps = await csw({ service: 'CSW', request: 'GetCapabilities' });
    expect(caps.status).toBe(200);
    expect(caps.text).toContain('<csw:Capabilities');
    const byId = await csw({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: firstId });
    expect(identifiers(byId.text)).toEqual([firstId]);
    const post = await request(app).post('/metadata/csw').set('Content-Type', 'application/xml').send(
      '<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2" resultType="results">'
      + '<csw:Query typeNames="csw:Record"><csw:ElementSetName>brief</csw:ElementSetName></csw:Query></csw:GetRecords>',
    );
    expect(post.status).toBe(200);
    expect(identifiers(post.text)).toEqual([firstId]);
  });

  it('shows a change made while Redis is down at once (nothing is served from a cache)', async () => {
    const secondId = await publishDirectly('Peta Saat Redis Mati');
    const res = await csw(GET_RECORDS);
    expect(res.status).toBe(200);
    expect(identifiers(res.text).sort()).toEqual([firstId, secondId].sort());
  });

  it('uses the cache again once Redis is back', async () => {
    await redis.start();
    // ioredis reconnects on its own schedule: wait for the first request that reaches Redis
    let state = 'bypass';
    for (let i = 0; i < 100 && state === 'bypass'; i += 1) {
      state = (await csw(GET_RECORDS)).headers['x-cache'] as string;
      if (state === 'bypass') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('miss');
    expect((await csw(GET_RECORDS)).headers['x-cache']).toBe('hit');
  });
});
