import type { Config } from '../config';
import type { KeyValueStore } from '../cache/key-value';
import type { Database } from '../db/database';
import { startOutboxRelay, type OutboxRelay } from '../db/outbox-relay';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import { instrumentJobHandlers } from '../metrics/job-metrics';
import type { ObjectStore } from '../objectstore/object-store';
import { createJobSystem, type JobSystem, type JobSystemOptions } from '../processors/job-system';
import type { RecordRenderer } from '../processors/processor-deps';
import { assembleCswWarmer } from './catalogue-assembly';
import { jobStoresFor } from './job-stores';

export interface JobWorkDeps {
  config: Readonly<Config>;
  db: Database;
  kv: KeyValueStore;
  logger: Logger;
  /** 'producer' only enqueues (the API in server mode); 'worker' also runs the jobs */
  role: JobSystemOptions['role'];
  /** compiled once by the process and closed by it */
  renderer: RecordRenderer;
  /** opened once by the process and closed by it */
  objectStore: ObjectStore;
  metrics: Metrics;
  /** tests: replaces the harvest run limits */
  harvestLimits?: JobSystemOptions['harvestLimits'];
}

export interface JobWork {
  jobs: JobSystem;
  /** moves committed outbox events to the queues of `jobs` */
  relay: OutboxRelay;
}

/**
 * The job side of a process, assembled the same way by the API (embedded: it runs the jobs
 * too) and by the worker: the handlers get the process's renderer, object store and the CSW
 * response cache to warm (built here once, from the process's configuration), and the outbox
 * relay feeds the queues. The caller owns the renderer and the object store; `relay.stop()`
 * and `jobs.close()` end what is made here.
 */
export async function assembleJobWork(deps: JobWorkDeps): Promise<JobWork> {
  const { config, db, kv, logger, role, renderer, objectStore, metrics } = deps;
  const runsJobs = !config.redisUrl || role === 'worker';
  const cswWarm = runsJobs ? assembleCswWarmer({ config, db, kv, logger, renderer }) : undefined;
  let relay: OutboxRelay | undefined;
  const jobs = await createJobSystem({
    config, kv, logger, role, metrics,
    // the handlers get the repositories they use as ports, never the database handle
    stores: jobStoresFor(db),
    handlerServices: { renderer, objectStore, ...(cswWarm ? { cswWarm } : {}) },
    // runs only where this process runs jobs; in server mode the API's producer counts nothing
    instrumentHandlers: (h) => instrumentJobHandlers(h, metrics),
    // the in-process queue has room again: the rest of a bulk waits in the outbox table
    onQueueRoom: () => relay?.kick(),
    ...(deps.harvestLimits ? { harvestLimits: deps.harvestLimits } : {}),
  });
  relay = startOutboxRelay({
    db,
    dispatch: (event) => jobs.dispatchEvent(event),
    // embedded: the in-process queue is bounded (Infinity with BullMQ)
    room: () => jobs.room(),
    onError: (err) => logger.warn({ err: (err as Error).message }, 'event belum dapat diteruskan ke antrean; dicoba lagi'),
  });
  return { jobs, relay };
}
