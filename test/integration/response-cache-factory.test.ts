import type { Express } from 'express';
import request from 'supertest';
import { parseConfig } from '../../libs/config';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { createLogger } from '../../libs/logger';
import { createResponseCache, type CacheableService, type ResponseCache, type ResponseCacheFactory } from '../../libs/response-cache/response-cache';
import { createApp } from '../../services/api/app';
import { startApiRuntime, type ApiRuntime, type ApiRuntimeOptions } from '../../services/api/runtime';
import { neverHitResponseCache } from '../../bench/hotpath/never-hit-cache';
import { GET_RECORDS, identifiers } from '../helpers/csw-cache-rules';
import { completeDoc, createFixtureUser, seedRecord } from '../helpers/fixtures';
import { TEST_SESSION_SECRET } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import { TEST_REDIS_URL } from '../helpers/env';

/**
 * Issue 23 point 4: the product has no benchmark switch; a process that needs another response
 * cache (the hot-path bench's "uncached" part) hands the runtime a factory, and the catalogue
 * assembly puts what it makes in front of CSW and OGC API – Records. Server mode: real
 * PostgreSQL and Redis, the runtime wired as main.ts wires it, plus the option.
 */
const RUNTIME_TIMEOUT = 300_000;

let tdb: TestDatabase;
let publishedId: string;
const prefixes: string[] = [];

interface Started {
  runtime: ApiRuntime;
  app: Express;
}

async function start(options: ApiRuntimeOptions = {}): Promise<Started> {
  const prefix = testRedisPrefix().replace(/:$/, '');
  prefixes.push(prefix);
  const config = Object.freeze(parseConfig({
    LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET, ADMIN_PASSWORD: 'admin-password-123',
    DATABASE_URL: tdb.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix,
  }));
  const runtime = await startApiRuntime(config, createLogger('silent'), options);
  return { runtime, app: createApp(runtime.deps) };
}

const csw = (s: Started) => request(s.app).get('/metadata/csw').query(GET_RECORDS);
const items = (s: Started) => request(s.app).get('/collections/metadata/items').query({ limit: '5', f: 'json' });

beforeAll(async () => {
  tdb = await createTestDatabase();
  const orgId = (await createOrganisation(tdb.db, { name: 'Organisasi Cache Lain' })).id;
  const owner = await createFixtureUser(tdb.db, 'cache-factory-admin', 'ADMIN', orgId);
  const rec = await seedRecord(tdb.db, { owner, status: 'PUBLISHED', doc: completeDoc({ title: 'Peta Cache Pengganti' }) });
  // stored renders, so the answers need no render on the spot
  const s = await start();
  try {
    await upsertRenders(tdb.db, rec.id, rec.version, await s.runtime.deps.renderer.renderAll(rec));
  } finally {
    await s.runtime.close();
  }
  publishedId = rec.id;
}, RUNTIME_TIMEOUT);

afterAll(async () => {
  await tdb?.drop();
  for (const p of prefixes) await deleteKeys(`${p}:`);
});

describe('the response cache is a part the runtime is handed', () => {
  it('without options the product cache answers a repeated request from the cache', async () => {
    const s = await start();
    try {
      expect((await csw(s)).headers['x-cache']).toBe('miss');
      const again = await csw(s);
      expect(again.headers['x-cache']).toBe('hit');
      expect(identifiers(again.text)).toEqual([publishedId]);
      expect((await items(s)).headers['x-cache']).toBe('miss');
      expect((await items(s)).headers['x-cache']).toBe('hit');
    } finally {
      await s.runtime.close();
    }
  }, RUNTIME_TIMEOUT);

  it('a given factory makes the caches of both CSW and OGC API – Records, and they answer', async () => {
    const made: ResponseCache[] = [];
    const counting: ResponseCacheFactory = (kv, service, logger) => {
      const cache = createResponseCache(kv, service, logger);
      made.push(cache);
      return cache;
    };
    const s = await start({ responseCache: counting });
    try {
      const { catalogue } = s.runtime.deps;
      expect(made).toHaveLength(2);
      expect(made).toContain(catalogue.csw?.cache);
      expect(made).toContain(catalogue.oarec.cache);
      const first = await csw(s);
      expect(first.status).toBe(200);
      expect(identifiers(first.text)).toEqual([publishedId]);
      expect((await csw(s)).headers['x-cache']).toBe('hit');
      const page = await items(s);
      expect(page.status).toBe(200);
      expect((page.body as { features: { id: string }[] }).features.map((f) => f.id)).toEqual([publishedId]);
    } finally {
      await s.runtime.close();
    }
  }, RUNTIME_TIMEOUT);

  it("the hot-path bench's never-hit cache: every repeated request is a miss, counted in one scope (the count memo kept)", async () => {
    const scopes: (string | undefined)[] = [];
    // the bench's factory over services that note the count scope each computation gets
    const noting: ResponseCacheFactory = (kv, service, logger) => {
      const noted: CacheableService<Parameters<typeof service.cacheKey>[0]> = {
        ...service,
        parse: (req) => service.parse(req),
        handle: (req) => service.handle(req),
        execute: (parsed, ctx) => {
          scopes.push(ctx?.countScope);
          return service.execute(parsed, ctx);
        },
        cacheKey: (parsed) => service.cacheKey(parsed),
        ttlSeconds: (parsed) => service.ttlSeconds(parsed),
      };
      return neverHitResponseCache(kv, noted, logger);
    };
    const s = await start({ responseCache: noting });
    try {
      for (let i = 0; i < 4; i += 1) {
        const res = await csw(s);
        expect(res.status).toBe(200);
        expect(res.headers['x-cache']).toBe('miss');
        expect(identifiers(res.text)).toEqual([publishedId]);
      }
      for (let i = 0; i < 3; i += 1) expect((await items(s)).headers['x-cache']).toBe('miss');
      // every answer was computed, each within the current generation's count scope
      expect(scopes).toHaveLength(7);
      expect(scopes[0]).toBeDefined();
      expect(new Set(scopes).size).toBe(1);
    } finally {
      await s.runtime.close();
    }
  }, RUNTIME_TIMEOUT);
});
