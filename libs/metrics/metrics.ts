import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_NAMES, type QueueName } from '../jobs/job-registry';
import type { QueueJobCounts } from '../jobs/job-runner';
import { openLagWindow, type LagFigures } from './event-loop-lag';

/** Where the queue gauges read their numbers on each scrape (the job system of the process). */
export type QueueCountsSource = () => Promise<Record<QueueName, QueueJobCounts>>;

/** Which process exposes the metrics: a `process` label tells replicas' series apart from the worker's. */
export type MetricsProcess = 'api' | 'worker';

export interface Metrics {
  /** this process's registry: one per runtime, so two apps in one test process never collide */
  readonly registry: Registry;
  /** request latency by method, Express route pattern (never the raw URL) and status class */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  /** CSW requests by operation (GetCapabilities, GetRecords, … or `unknown`) */
  readonly cswRequests: Counter<'operation'>;
  /** CSW response cache outcome per response: hit, miss or bypass */
  readonly cswCache: Counter<'result'>;
  /** time a job handler took, per job name and outcome of that attempt */
  readonly jobDuration: Histogram<'job' | 'outcome'>;
  readonly jobsCompleted: Counter<'job'>;
  /** failed attempts (a job that is retried and then succeeds counts once here and once as completed) */
  readonly jobsFailed: Counter<'job'>;
  /** XML renders per format and outcome */
  readonly renders: Counter<'format' | 'outcome'>;
  /** finished harvest runs per outcome (succeeded, failed, skipped) */
  readonly harvestRuns: Counter<'outcome'>;
  /** harvested records that failed (could not be parsed, mapped or stored), per source id */
  readonly harvestRecordFailures: Counter<'source'>;
  /** sets where the queue gauges come from; until then they report nothing */
  setQueueSource(source: QueueCountsSource): void;
}

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const satisfies readonly (keyof QueueJobCounts)[];

/** A scrape waits at most this long for the queue counts: a slow Redis must not stall Prometheus. */
const QUEUE_COUNT_TIMEOUT_MS = 2_000;

function timeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('waktu habis menghitung job antrean')), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e: unknown) => { clearTimeout(t); reject(e); });
  });
}

/**
 * Creates the metrics of one process: Node's default process metrics plus the catalogue's own,
 * all prefixed `geokatalog_`. Queue gauges are collected on scrape (BullMQ counts are cheap
 * and always current; no polling loop to stop).
 */
export function createMetrics(processName: MetricsProcess): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  // Node's process metrics; the windowed event-loop lag gauges among them are replaced below
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  registerEventLoopLag(registry);

  let queueSource: QueueCountsSource | undefined;

  const httpDuration = new Histogram({
    name: 'geokatalog_http_request_duration_seconds',
    help: 'Durasi permintaan HTTP per pola rute Express dan kelas status',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const cswRequests = new Counter({
    name: 'geokatalog_csw_requests_total',
    help: 'Permintaan CSW per operasi',
    labelNames: ['operation'] as const,
    registers,
  });
  const cswCache = new Counter({
    name: 'geokatalog_csw_cache_total',
    help: 'Hasil cache respons CSW per respons (hit, miss, bypass)',
    labelNames: ['result'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'geokatalog_job_duration_seconds',
    help: 'Durasi satu percobaan job per nama job dan hasil',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const jobsCompleted = new Counter({
    name: 'geokatalog_jobs_completed_total',
    help: 'Job yang selesai per nama job',
    labelNames: ['job'] as const,
    registers,
  });
  const jobsFailed = new Counter({
    name: 'geokatalog_jobs_failed_total',
    help: 'Percobaan job yang gagal per nama job (termasuk yang kemudian dicoba lagi)',
    labelNames: ['job'] as const,
    registers,
  });
  const renders = new Counter({
    name: 'geokatalog_renders_total',
    help: 'Render XML per format dan hasil',
    labelNames: ['format', 'outcome'] as const,
    registers,
  });

  const harvestRuns = new Counter({
    name: 'geokatalog_harvest_runs_total',
    help: 'Run panen yang selesai per hasil (succeeded, failed, skipped)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const harvestRecordFailures = new Counter({
    name: 'geokatalog_harvest_record_failures_total',
    help: 'Rekaman panen yang gagal (tidak dapat dibaca, dipetakan atau disimpan) per id sumber',
    labelNames: ['source'] as const,
    registers,
  });

  // Both queue gauges come from one read per scrape: prom-client collects metrics concurrently,
  // so each collect joins the read in flight instead of starting its own or reading stale values.
  let pending: Promise<void> | undefined;
  const collectQueues = (): Promise<void> => (pending ??= readQueues().finally(() => { pending = undefined; }));

  const queueJobs = new Gauge({
    name: 'geokatalog_queue_jobs',
    help: 'Job per antrean dan keadaan (waiting, active, delayed, failed), dibaca saat scrape',
    labelNames: ['queue', 'state'] as const,
    registers,
    collect: collectQueues,
  });
  const queueUp = new Gauge({
    name: 'geokatalog_queue_counts_up',
    help: '1 bila jumlah job antrean terbaca pada scrape ini, 0 bila tidak (mis. Redis tidak terjangkau)',
    registers,
    collect: collectQueues,
  });

  async function readQueues(): Promise<void> {
    queueJobs.reset();
    if (!queueSource) {
      queueUp.set(0);
      return;
    }
    try {
      const counts = await timeout(queueSource(), QUEUE_COUNT_TIMEOUT_MS);
      for (const q of QUEUE_NAMES) {
        for (const s of QUEUE_STATES) queueJobs.set({ queue: q, state: s }, counts[q]?.[s] ?? 0);
      }
      queueUp.set(1);
    } catch {
      // the scrape still answers: process and HTTP metrics matter most when Redis is away
      queueUp.set(0);
    }
  }

  return {
    registry,
    httpDuration,
    cswRequests,
    cswCache,
    jobDuration,
    jobsCompleted,
    jobsFailed,
    renders,
    harvestRuns,
    harvestRecordFailures,
    setQueueSource(source) {
      queueSource = source;
    },
  };
}

/** The windowed lag gauges, by the names prom-client gives them (dashboards and the benchmark read them). */
const LAG_GAUGES: Record<keyof LagFigures, string> = {
  min: 'nodejs_eventloop_lag_min_seconds',
  max: 'nodejs_eventloop_lag_max_seconds',
  mean: 'nodejs_eventloop_lag_mean_seconds',
  stddev: 'nodejs_eventloop_lag_stddev_seconds',
  p50: 'nodejs_eventloop_lag_p50_seconds',
  p90: 'nodejs_eventloop_lag_p90_seconds',
  p99: 'nodejs_eventloop_lag_p99_seconds',
};

/**
 * nodejs_eventloop_lag_{max,p99,…}_seconds: how long the event loop was held beyond its 10 ms
 * timer, over the window since the previous scrape (event-loop-lag.ts says why prom-client's
 * own gauges of these names were replaced: they missed a block that began just after a scrape).
 */
function registerEventLoopLag(registry: Registry): void {
  const window = openLagWindow();
  const gauges = {} as Record<keyof LagFigures, Gauge>;
  for (const [key, name] of Object.entries(LAG_GAUGES) as [keyof LagFigures, string][]) {
    registry.removeSingleMetric(name);
    gauges[key] = new Gauge({
      name,
      help: `Jeda event loop (${key}) di atas pewaktu 10 ms sejak scrape sebelumnya, dalam detik`,
      registers: [registry],
      // one read per scrape sets every gauge. The registry asks its metrics in the order they
      // were registered and reads a gauge without a collect at once, so the read sits on the
      // first of them (min), before any of the others is read.
      ...(key === 'min' ? { collect: () => setAll(window.read()) } : {}),
    });
  }
  const setAll = (f: LagFigures): void => {
    for (const key of Object.keys(LAG_GAUGES) as (keyof LagFigures)[]) gauges[key].set(f[key]);
  };
}
