import type { Store } from 'express-session';
import type { Config } from '../../libs/config';
import type { Logger } from '../../libs/logger';
import type { KeyValueStore } from '../../libs/cache/key-value';
import type { LoginThrottle } from './auth/login-throttle';
import type { JobSystem } from '../../libs/processors/job-system';
import type { RecordRenderer } from '../../libs/processors/processor-deps';
import type { QueueStateService } from '../../libs/processors/queue-state.service';
import type { ObjectStore } from '../../libs/objectstore/object-store';
import type { ComponentProbes } from '../../libs/ops/component-probes';
import type { Metrics } from '../../libs/metrics/metrics';
import type { PublicPagesSource } from '../../libs/catalogue/public-pages.ports';
import type { DashboardQueues } from '../../libs/jobs/dashboard-queues';
import type { BuiltinCatalogue } from '../../libs/assembly/catalogue-assembly';
import type { OarecHtmlRenderer } from '../../libs/oarec/html.ports';
import type { CatalogueUseCases } from '../../libs/assembly/use-case-assembly';
import type { OaiService } from '../../libs/oai/oai-service';

/**
 * Everything the HTTP app needs, built by main.ts (or a test) and passed in: the app itself
 * never reads the environment or opens connections, so the same app runs embedded, against
 * servers, and in tests on port 0. Routes reach the catalogue only through its use cases
 * (CatalogueUseCases, assembled once by the runtime), never through the database.
 */
export interface AppDeps extends CatalogueUseCases {
  config: Readonly<Config>;
  /** the OAI-PMH provider, assembled once by the runtime (libs/assembly/oai-assembly.ts) */
  oai: { service: OaiService };
  /** the built-in catalogue service (search core + caches + protocol adapters), assembled once by the runtime */
  catalogue: BuiltinCatalogue;
  /** HTML pages of OGC API – Records (libs/oarec/html/); absent → HTML requests answer 406 */
  oarecHtml?: OarecHtmlRenderer;
  logger: Logger;
  /** Redis in server mode, memory in embedded mode */
  kv: KeyValueStore;
  sessionStore: Store;
  /** the login limits: per (account, address) and per account from unknown addresses */
  loginThrottle: LoginThrottle;
  /** readiness probes: the database, and Redis in server mode */
  readinessChecks: Record<string, () => Promise<void>>;
  /** enqueue side of the job system (inline in embedded mode, BullMQ in server mode) */
  jobs: JobSystem;
  /** the queues' state and failed-job retry for the workbench's queue screen (over `jobs`) */
  queueState: QueueStateService;
  /** libs/render's renderer, compiled once at start: export renders on the spot when a stored render is stale */
  renderer: RecordRenderer;
  /** browse graphics: the S3 bucket of OBJECTSTORE_URL, or DATA_DIR/objects */
  objectStore: ObjectStore;
  /** replaces the real component probes of the system-status page (tests of the route only) */
  probes?: ComponentProbes;
  /** this process's Prometheus metrics (runtime.ts builds them; an app without them still serves /metrics) */
  metrics?: Metrics;
  /** published identifiers and figures for the sitemap and the home page (implemented in libs/db, wired by the runtime) */
  publicPages: PublicPagesSource;
  /** BullMQ handles for the queue dashboard (server mode only; absent = embedded, the board says so) */
  dashboardQueues?: DashboardQueues;
}
