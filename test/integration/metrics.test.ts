import request from 'supertest';
import { createLogger } from '../../libs/logger';
import { QUEUE_NAMES } from '../../libs/jobs/job-registry';
import { createMetrics } from '../../libs/metrics/metrics';
import { startMetricsServer } from '../../libs/metrics/metrics-server';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { createApp } from '../../services/api/app';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { completeDoc, seedWorld, type World } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { rendersAt, waitFor } from './worker-test-support';

/**
 * /metrics of the real app after real traffic: route patterns (never raw ids), CSW operations
 * and cache verdicts matching the X-Cache headers the clients saw, queue gauges of every
 * registry queue, job and render metrics where jobs run (the worker in server mode, the API
 * in embedded mode), and METRICS_TOKEN protection.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format → samples (enough of the format for what prom-client writes). */
function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`baris metrik tidak terbaca: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, '$1');
    out.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return out;
}

/** Sum of the samples called `name` whose labels include `labels`. */
function sum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}

const has = (samples: Sample[], name: string, labels: Record<string, string>): boolean =>
  samples.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** Holds this thread (and so its event loop) for `ms` milliseconds. */
function blockFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* deliberately busy */ }
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await request(t.app).get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return parseMetrics(res.text);
}

async function scrapeUrl(url: string): Promise<Sample[]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

const GET_RECORDS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!-- judul saja -->
<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2" resultType="results">
  <csw:Query typeNames="csw:Record"><csw:ElementSetName>brief</csw:ElementSetName></csw:Query>
</csw:GetRecords>`;

describe('metrics in server mode', () => {
  let t: TestApp;
  let w: World;
  let worker: WorkerRuntime | undefined;

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('times REST requests by Express route pattern and status class, never by raw URL', async () => {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Metrik Rute' }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (let i = 0; i < 2; i++) expect((await w.a.produsen.agent.get(`/api/metadata/${id}`)).status).toBe(200);
    expect((await w.a.produsen.agent.get('/api/metadata/tidak-ada-sama-sekali')).status).toBe(404);
    expect((await w.anonymous.get(`/api/metadata/${id}`)).status).toBe(401);

    const res = await request(t.app).get('/metrics');
    expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('tidak-ada-sama-sekali');
    const s = parseMetrics(res.text);
    const h = 'geokatalog_http_request_duration_seconds_count';
    expect(sum(s, h, { method: 'GET', route: '/api/metadata/:id', status_class: '2xx', process: 'api' })).toBe(2);
    // a route that matched and then threw still carries its pattern
    expect(sum(s, h, { method: 'GET', route: '/api/metadata/:id', status_class: '4xx' })).toBe(1);
    expect(sum(s, h, { method: 'POST', route: '/api/metadata', status_class: '2xx' })).toBe(1);
    expect(sum(s, h, { method: 'POST', route: '/api/auth/login', status_class: '2xx' })).toBe(10); // seedWorld's logins
    // the session guard answers before any route matches: bounded label, not the URL
    expect(sum(s, h, { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(s.some((x) => x.name === h && /\d{3,}|[0-9a-f]{8}-/.test(x.labels.route ?? '') && x.labels.route !== 'unmatched')).toBe(false);
    // Node's default process metrics are there too
    expect(has(s, 'process_cpu_user_seconds_total', {})).toBe(true);
    expect(has(s, 'nodejs_heap_size_used_bytes', {})).toBe(true);
  });

  it('counts CSW requests per operation and cache hits/misses exactly as the responses said', async () => {
    const before = await scrape(t);
    const seen: Record<string, number> = { hit: 0, miss: 0, bypass: 0 };
    const ops: Record<string, number> = {};
    const call = async (op: string, req: () => request.Test) => {
      const res = await req();
      expect(res.status).toBe(200);
      seen[String(res.headers['x-cache'])]! += 1;
      ops[op] = (ops[op] ?? 0) + 1;
      return res;
    };
    const getCaps = () => request(t.app).get('/metadata/csw?service=CSW&request=GetCapabilities');
    const kvpRecords = () => request(t.app).get('/metadata/csw?SERVICE=CSW&VERSION=2.0.2&REQUEST=GetRecords&typeNames=csw:Record&resultType=results');
    let posts = 0;
    const xmlRecords = () => {
      posts += 1;
      return request(t.app).post('/metadata/csw').set('Content-Type', 'application/xml').send(GET_RECORDS_XML);
    };

    await call('GetCapabilities', getCaps);
    await call('GetRecords', kvpRecords);
    await call('GetRecords', xmlRecords);
    // the cache write is not awaited by the first response: ask until the answer comes from the cache
    await waitFor(async () => (await call('GetCapabilities', getCaps)).headers['x-cache'] === 'hit', 'GetCapabilities dari cache');
    await waitFor(async () => (await call('GetRecords', xmlRecords)).headers['x-cache'] === 'hit', 'GetRecords XML dari cache');
    // an unknown operation: an ExceptionReport, never cached
    const bad = await request(t.app).get('/metadata/csw?service=CSW&request=Entahlah');
    expect(bad.headers['x-cache']).toBe('bypass');
    seen.bypass! += 1;

    const after = await scrape(t);
    const delta = (name: string, labels: Record<string, string>) => sum(after, name, labels) - sum(before, name, labels);
    for (const [op, n] of Object.entries(ops)) expect(delta('geokatalog_csw_requests_total', { operation: op })).toBe(n);
    expect(delta('geokatalog_csw_requests_total', { operation: 'unknown' })).toBe(1);
    for (const result of ['hit', 'miss', 'bypass']) expect(delta('geokatalog_csw_cache_total', { result })).toBe(seen[result]);
    expect(seen.hit).toBeGreaterThanOrEqual(2);
    expect(seen.miss).toBeGreaterThanOrEqual(3);
    expect(delta('geokatalog_http_request_duration_seconds_count', { route: '/metadata/csw', method: 'POST' })).toBe(posts);
  });

  it('reports every registry queue from BullMQ on scrape (events wait: no worker yet)', async () => {
    const s = await waitFor(async () => {
      const x = await scrape(t);
      return sum(x, 'geokatalog_queue_jobs', { queue: 'events', state: 'waiting' }) >= 1 ? x : undefined;
    }, 'event rekaman menunggu di antrean events');
    expect(sum(s, 'geokatalog_queue_counts_up')).toBe(1);
    for (const queue of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(has(s, 'geokatalog_queue_jobs', { queue, state })).toBe(true);
    }
    const counts = await t.deps.jobs.queueCounts();
    expect(sum(s, 'geokatalog_queue_jobs', { queue: 'events', state: 'waiting' })).toBe(counts.events.waiting);
  });

  it('the worker exposes job durations, job counts and renders per format on WORKER_METRICS_PORT', async () => {
    worker = await startWorker(
      { ...t.config, worker: { ...t.config.worker, reconcileIntervalSeconds: 3600, metricsPort: 0 } },
      createLogger('silent'),
    );
    const port = worker.metricsServer?.port;
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Metrik Job' }));
    const id = created.body.id as string;
    const submitted = await w.a.produsen.agent.patch(`/api/metadata/${id}`).send({ status: 'QCQE_PROCESS' });
    expect(submitted.status).toBe(200);
    await waitFor(() => rendersAt(t.db, id, submitted.body.version as number), 'render setelah perubahan status');

    const s = await waitFor(async () => {
      const x = await scrapeUrl(`${base}/metrics`);
      return sum(x, 'geokatalog_jobs_completed_total', { job: 'record.status-changed' }) >= 1 ? x : undefined;
    }, 'job perubahan status tercatat');
    expect(sum(s, 'geokatalog_jobs_completed_total', { job: 'record.created', process: 'worker' })).toBeGreaterThanOrEqual(2);
    expect(sum(s, 'geokatalog_job_duration_seconds_count', { job: 'record.status-changed', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(sum(s, 'geokatalog_job_duration_seconds_sum', { job: 'record.status-changed' })).toBeGreaterThan(0);
    expect(sum(s, 'geokatalog_jobs_failed_total')).toBe(0);
    // every form rendered for both records; a job that finds the renders already at the record's
    // version (the status change ran after `record.created` had rendered v2) renders nothing
    for (const format of RENDER_FORMATS) {
      expect(sum(s, 'geokatalog_renders_total', { format, outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    }
    expect(sum(s, 'geokatalog_queue_counts_up')).toBe(1);
    await worker.jobs.whenIdle();
    const idle = await scrape(t);
    expect(sum(idle, 'geokatalog_queue_jobs', { queue: 'events', state: 'waiting' })).toBe(0);
    // in server mode the API runs no jobs: its own job metrics stay empty
    expect(sum(idle, 'geokatalog_jobs_completed_total')).toBe(0);
  });

  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = createApp({ ...t.deps, config: { ...t.config, metricsToken: 'token-metrik-rahasia' } });
    const none = await request(guarded).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['content-type']).toMatch(/^text\/plain/);
    expect(none.text).toContain('Bearer');
    expect((await request(guarded).get('/metrics').set('Authorization', 'Bearer salah')).status).toBe(401);
    expect((await request(guarded).get('/metrics').set('Authorization', 'token-metrik-rahasia')).status).toBe(401);
    const ok = await request(guarded).get('/metrics').set('Authorization', 'Bearer token-metrik-rahasia');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('geokatalog_http_request_duration_seconds');
  });

  it('the worker metrics server applies the same token rule', async () => {
    const srv = await startMetricsServer(createMetrics('worker'), { port: 0, host: '127.0.0.1', token: 'rahasia-worker' });
    try {
      const url = `http://127.0.0.1:${srv.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { Authorization: 'Bearer salah' } })).status).toBe(401);
      const ok = await fetch(url, { headers: { Authorization: 'Bearer rahasia-worker' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('process_cpu_user_seconds_total');
      expect((await fetch(`http://127.0.0.1:${srv.port}/healthz`)).status).toBe(200);
    } finally {
      await srv.close();
    }
  });
});

describe('metrics in embedded mode', () => {
  // PGlite's start takes seconds, many more on a busy two-core machine
  const ctx = useSeededApp({ mode: 'embedded', timeoutMs: 600_000 });

  it('counts jobs and renders run in process and reads queue gauges from the inline runner', async () => {
    const created = await ctx.w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Metrik Tertanam' }));
    const id = created.body.id as string;
    const submitted = await ctx.w.a.produsen.agent.patch(`/api/metadata/${id}`).send({ status: 'QCQE_PROCESS' });
    expect(submitted.status).toBe(200);
    const s = await waitFor(async () => {
      const x = await scrape(ctx.t);
      return sum(x, 'geokatalog_jobs_completed_total', { job: 'record.status-changed' }) >= 1 ? x : undefined;
    }, 'job perubahan status tercatat (inline)');
    expect(sum(s, 'geokatalog_jobs_completed_total', { job: 'record.created' })).toBe(1);
    expect(sum(s, 'geokatalog_job_duration_seconds_count', { job: 'record.status-changed', outcome: 'completed' })).toBe(1);
    // at least once per form (twice unless `record.created` already rendered the submitted version)
    for (const format of RENDER_FORMATS) expect(sum(s, 'geokatalog_renders_total', { format, outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sum(s, 'geokatalog_queue_counts_up')).toBe(1);
    for (const queue of QUEUE_NAMES) expect(has(s, 'geokatalog_queue_jobs', { queue, state: 'failed' })).toBe(true);
    await ctx.t.deps.jobs.whenIdle();
    const idle = await scrape(ctx.t);
    for (const queue of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(sum(idle, 'geokatalog_queue_jobs', { queue, state })).toBe(0);
    }
  });

  it('reports the event loop lag gauges of each scrape window', async () => {
    const s = await scrape(ctx.t);
    for (const name of ['nodejs_eventloop_lag_max_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_mean_seconds']) {
      expect(has(s, name, { process: 'api' })).toBe(true);
    }
  });

  // The app answers in this thread (supertest), so a synchronous block here holds its event loop.
  // The block starts right after a scrape was answered: prom-client's gauges lost exactly that
  // case (Node's histogram reset forgets its timer's last firing) and read ~0.01 s on a quiet
  // machine. Lower bounds only: a loaded machine can make the lag longer, never shorter.
  it('the lag maximum of the next scrape covers a 300 ms block that began just after a scrape', async () => {
    await scrape(ctx.t);
    blockFor(300);
    const s = await scrape(ctx.t);
    // ≥ 300 ms less the timer's 10 ms interval (it may have been due just after the block began)
    expect(sum(s, 'nodejs_eventloop_lag_max_seconds', { process: 'api' })).toBeGreaterThanOrEqual(0.28);
  });

  it('the lag maximum covers a block that the event loop turned past before the scrape', async () => {
    await scrape(ctx.t);
    await new Promise((r) => setImmediate(r));
    blockFor(300);
    await new Promise((r) => setTimeout(r, 50));
    const s = await scrape(ctx.t);
    expect(sum(s, 'nodejs_eventloop_lag_max_seconds', { process: 'api' })).toBeGreaterThanOrEqual(0.28);
  });
});
