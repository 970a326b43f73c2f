import type { Store } from 'express-session';
import { Redis } from 'ioredis';
import { RedisStore } from 'connect-redis';
import type { Config } from '../../libs/config';
import type { Logger } from '../../libs/logger';
import { openDatabase } from '../../libs/db/open-database';
import type { Database } from '../../libs/db/database';
import type { AfterCommit } from '../../libs/catalogue/records.ports';
import { assembleUseCases } from '../../libs/assembly/use-case-assembly';
import { assembleOai } from '../../libs/assembly/oai-assembly';
import { OAI_PATH } from './routes/oai.routes';
import { hasPendingEvents } from '../../libs/db/outbox.repository';
import { listScheduledSources } from '../../libs/db/harvest-source.repository';
import { createMemoryStore } from '../../libs/cache/memory-store';
import { createRedisStore } from '../../libs/cache/redis-store';
import { assembleJobWork } from '../../libs/assembly/job-assembly';
import { createDefaultRenderer } from '../../libs/processors/default-renderer';
import type { AppDeps } from './app-deps';
import { ensureBootstrapAdmin } from './bootstrap';
import { createLoginThrottle } from './auth/login-throttle';
import { bumpPublicGeneration, followPublicGeneration } from '../../libs/response-cache/generation';
import type { ResponseCacheFactory } from '../../libs/response-cache/response-cache';
import { createBuiltinCatalogue } from '../../libs/assembly/catalogue-assembly';
import { openObjectStore } from '../../libs/objectstore/open-object-store';
import { sessionRepository } from '../../libs/db/session.repository';
import { DatabaseSessionStore } from './auth/database-session-store';
import { createMetrics } from '../../libs/metrics/metrics';
import { instrumentRenderer } from '../../libs/metrics/render-metrics';
import { createDashboardQueues } from '../../libs/jobs/dashboard-queues';
import { syncHarvestSchedules } from '../../libs/processors/harvest-schedules';
import { createQueueStateService } from '../../libs/processors/queue-state.service';
import { createStartupLog } from './startup-log';

/**
 * Render threads of the embedded process. Its main thread answers HTTP, so SaxonJS runs in a
 * pool; one thread, because PGlite has a thread of its own and the machine kind has two cores.
 * The server-mode API renders on the spot only when a stored render is stale (the worker
 * process renders), so it keeps the renderer on its own thread and saves the thread's memory.
 */
const EMBEDDED_RENDER_THREADS = 1;
import { publicPagesSource } from '../../libs/db/public-pages.repository';
import { createOarecHtmlRenderer } from '../../libs/oarec/html/oarec-html-renderer';

export interface ApiRuntime {
  deps: AppDeps;
  /** the database the runtime wired into the use cases (tests seed through it; the app never sees it) */
  db: Database;
  /** what the use cases call after a commit that wrote outbox events (relay kick, cache generation bump) */
  afterCommit: AfterCommit;
  close(): Promise<void>;
}

/** What whoever starts the API may put in instead of the product's defaults. */
export interface ApiRuntimeOptions {
  /**
   * Makes the response caches in front of CSW and OGC API – Records: a different cache
   * implementation than libs/response-cache's (the default); libs/assembly/catalogue-assembly.ts.
   */
  responseCache?: ResponseCacheFactory;
}

/**
 * Opens every connection the API needs and returns the app's dependencies. The one place the
 * two run modes differ: embedded (PGlite, memory sessions/cache, jobs in process) or server
 * (PostgreSQL, Redis sessions/cache, BullMQ jobs run by the worker process).
 */
export async function startApiRuntime(config: Readonly<Config>, logger: Logger, options: ApiRuntimeOptions = {}): Promise<ApiRuntime> {
  // first: a malformed OBJECTSTORE_URL fails the start before any connection is opened
  const objectStore = openObjectStore(config);
  const startup = createStartupLog(logger);
  const { db, applied } = await openDatabase(config, 'request', startup.step);
  if (applied.length) logger.info({ applied }, 'migrasi diterapkan');

  let redis: Redis | undefined;
  let kv: AppDeps['kv'];
  let sessionStore: Store;
  if (config.redisUrl) {
    // Fail fast instead of queueing while Redis is away: requests then answer 503 at once
    // and CSW falls back to PostgreSQL, rather than hanging until Redis returns.
    // Auto-pipelining batches the commands of concurrent requests (cache lookups, sessions)
    // into one round trip; measured: Redis CPU per CSW request 0.13 → 0.05 ms.
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, enableAutoPipelining: true });
    redis.on('error', (err) => logger.warn({ err: err.message }, 'koneksi Redis bermasalah'));
    await redis.connect();
    kv = createRedisStore(redis, `${config.redisPrefix}:`);
    sessionStore = new RedisStore({ client: redis, prefix: `${config.redisPrefix}:sess:`, ttl: config.sessionIdleHours * 3600 });
  } else {
    kv = createMemoryStore();
    // the embedded database holds the sessions: a restart of the process keeps everyone logged in
    sessionStore = new DatabaseSessionStore(sessionRepository(db), {
      ttlMs: config.sessionIdleHours * 3600 * 1000,
      onSweepError: (err) => logger.warn({ err: (err as Error).message }, 'sesi kedaluwarsa tidak terhapus'),
    });
  }

  // server mode: hold the CSW cache generation under a lease, so that cache hits need no Redis
  // read and a publish still waits until every replica has its new value (cache-generation.ts)
  const generation = redis ? await startup.time('generasi cache diikuti', () => followPublicGeneration(kv)) : await followPublicGeneration(kv);

  // compiled once here and shared: export renders on the spot with it, embedded jobs too
  const metrics = createMetrics('api');
  const embedded = !config.redisUrl;
  const baseRenderer = await startup.time(
    embedded ? 'stylesheet dikompilasi, thread render siap' : 'stylesheet dikompilasi',
    () => createDefaultRenderer(embedded ? { threads: EMBEDDED_RENDER_THREADS } : {}),
  );
  const renderer = instrumentRenderer(baseRenderer, metrics);
  // the job side, assembled as the worker assembles it (embedded: this process runs the jobs)
  const { jobs, relay } = await assembleJobWork({ config, db, kv, logger, role: 'producer', renderer, objectStore, metrics });
  metrics.setQueueSource(() => jobs.queueCounts());
  const dashboardQueues = createDashboardQueues(config, logger);

  /**
   * After a transaction that wrote outbox events has committed. `publicChanged` = the change
   * touched what the public protocols show (a record that is or was PUBLISHED, or the service
   * identity): the cache generation is bumped before this returns, so the next answer is fresh.
   */
  const afterCommit: AfterCommit = async (effects) => {
    if (effects?.publicChanged) await bumpPublicGeneration(kv, logger);
    relay.kick();
  };
  // every use case once, over the repositories of libs/db: the routes get these, never the database
  const useCases = assembleUseCases({ config, db, logger, afterCommit, jobs, objectStore, renderer });

  await startup.time('admin awal diperiksa', () => ensureBootstrapAdmin(useCases.users, config, logger));
  // embedded mode keeps harvest schedules as in-process timers: register them again at every start
  if (!config.redisUrl) await syncHarvestSchedules(() => listScheduledSources(db), jobs);

  // the search core, its cache and the protocol adapters: assembled once, here
  const catalogue = createBuiltinCatalogue({ config, db, kv, logger, renderer, jobs, ...(options.responseCache ? { responseCache: options.responseCache } : {}) });
  const publicPages = publicPagesSource(db);
  // the public pages (HTML of the Records routes), assembled once; the catalogue's name and
  // abstract are the CSW identity, read per page so an administrator's edit shows at once
  const oarecHtml = createOarecHtmlRenderer({
    source: publicPages,
    identity: async () => {
      const id = await catalogue.getIdentity();
      return { title: id.title, abstract: id.abstract };
    },
    mapTileUrl: config.mapTileUrl,
  });

  const deps: AppDeps = {
    config,
    ...useCases,
    oai: assembleOai({ config, db, renderer, logger, jobs, endpointUrl: `${config.baseUrl}${OAI_PATH}` }),
    catalogue,
    logger,
    kv,
    sessionStore,
    loginThrottle: createLoginThrottle(kv, config),
    readinessChecks: {
      database: () => db.ping(),
      ...(redis ? { redis: async () => { await redis!.ping(); } } : {}),
    },
    // Embedded: idle means the outbox is empty too. The relay reaches the database through its
    // thread, so an event committed a moment ago may not be in the in-process queue yet, and
    // the queue takes a bulk in steps.
    jobs: embedded
      ? {
          ...jobs,
          async whenIdle() {
            for (;;) {
              await relay.flush();
              await jobs.whenIdle();
              if (!(await hasPendingEvents(db))) return;
            }
          },
        }
      : jobs,
    queueState: createQueueStateService(jobs),
    renderer,
    objectStore,
    metrics,
    publicPages,
    oarecHtml,
    ...(dashboardQueues ? { dashboardQueues } : {}),
  };
  return {
    deps,
    db,
    afterCommit,
    async close() {
      await relay.stop();
      await jobs.close();
      await baseRenderer.close?.();
      await dashboardQueues?.close();
      await objectStore.close();
      await generation.close();
      if (redis) redis.disconnect();
      if (sessionStore instanceof DatabaseSessionStore) sessionStore.close();
      await db.close();
    },
  };
}
