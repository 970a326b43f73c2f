import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { parseConfig, type Config } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createApp } from '../../services/api/app';
import { startApiRuntime, type ApiRuntime } from '../../services/api/runtime';
import type { AppDeps } from '../../services/api/app-deps';
import { copyPgliteTemplate } from './pglite-template';
import { createTestDatabase, type TestDatabase } from './test-db';
import { deleteKeys, testRedisPrefix } from './test-redis';
import { TEST_REDIS_URL } from './env';

export interface TestApp {
  app: Express;
  deps: AppDeps;
  /** the database the runtime wired into the use cases: tests seed and inspect through it */
  db: ApiRuntime['db'];
  /** what the use cases call after a commit (tests that write around them call it too) */
  afterCommit: ApiRuntime['afterCommit'];
  config: Readonly<Config>;
  /** a supertest agent that keeps cookies (one "browser") */
  agent(): ReturnType<typeof request.agent>;
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef0123456789';

/**
 * The real app, wired exactly as main.ts wires it, on a private database:
 * - `server`: a fresh PostgreSQL database cloned from the migrated template + real Redis
 *   under a private key prefix (BullMQ queues included);
 * - `embedded`: PGlite in a temporary directory holding a copy of the migrated template
 *   (pglite-template.ts), memory sessions and cache, inline jobs.
 */
export async function startTestApp(mode: 'server' | 'embedded' = 'server', env: Record<string, string> = {}): Promise<TestApp> {
  let testDb: TestDatabase | undefined;
  let dataDir: string | undefined;
  let prefix: string | undefined;
  const base: Record<string, string> = { LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET, ADMIN_PASSWORD: 'admin-password-123', ...env };
  if (mode === 'server') {
    testDb = await createTestDatabase();
    prefix = testRedisPrefix().replace(/:$/, '');
    Object.assign(base, { DATABASE_URL: testDb.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gk-embedded-'));
    // the migrated template instead of a first start (initdb and every migration in WebAssembly)
    await copyPgliteTemplate(dataDir);
    Object.assign(base, { DATA_DIR: dataDir });
  }
  const cleanup = async () => {
    if (testDb) await testDb.drop();
    if (prefix) await deleteKeys(`${prefix}:`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const config = Object.freeze(parseConfig(base));
  let runtime: Awaited<ReturnType<typeof startApiRuntime>>;
  try {
    runtime = await startApiRuntime(config, createLogger('silent'));
  } catch (err) {
    // a runtime that failed to start must not leave its database or keys behind
    await cleanup().catch(() => undefined);
    throw err;
  }
  const app = createApp(runtime.deps);
  return {
    app,
    deps: runtime.deps,
    db: runtime.db,
    afterCommit: runtime.afterCommit,
    config,
    agent: () => request.agent(app),
    async close() {
      await runtime.close();
      await cleanup();
    },
  };
}
