import autocannon from 'autocannon';
import type { BenchCase, BenchRequest } from './cases';
import { harvestPath } from './cases';
import { perRequest, type CpuPerRequest, type CpuProbe } from './cpu-usage';
import { runOpenLoop } from './open-loop';

/**
 * autocannon runs on loopback (bounded by duration) and the timed harvest. Before every run
 * a few plain requests check the method: the uncached variant must answer X-Cache: miss every
 * time, the cached one X-Cache: hit after the first, and neither may be an ExceptionReport.
 */
export interface RunResult {
  name: string;
  cache: 'uncached' | 'cached';
  filtered: boolean;
  requestsPerSecond: number;
  p50: number;
  /**
   * the 95th percentile of the 2xx responses' times, from every response (autocannon reports
   * 2.5, 50, 75, 90, 97.5, 99 and 99.9 only; issue 21 states its facet target as p95)
   */
  p95: number;
  /** autocannon's 97.5th percentile */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  matched: string;
  bytesPerResponse: number;
  /** CPU ms per request of the API, PostgreSQL and Redis (undefined without a probe) */
  cpu?: CpuPerRequest;
}

export interface DriveOptions {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /**
   * requests per second arriving whatever the server does (open-loop.ts); unset: autocannon's
   * closed loop, each of `connections` sending its next request when its answer arrives
   */
  rate?: number;
  log: (s: string) => void;
  cpu?: CpuProbe;
}

async function send(baseUrl: string, r: BenchRequest): Promise<{ status: number; cache: string; body: string }> {
  // copies: autocannon writes Content-Length into the headers objects it is given
  const res = await fetch(baseUrl + r.path, { method: r.method, body: r.body, headers: { ...r.headers } });
  return { status: res.status, cache: res.headers.get('x-cache') ?? '-', body: await res.text() };
}

async function checkMethod(baseUrl: string, c: BenchCase, cache: RunResult['cache'], counter: () => number): Promise<{ matched: string; bytes: number }> {
  const seen: string[] = [];
  let last = { status: 0, cache: '', body: '' };
  for (let i = 0; i < 3; i++) {
    last = await send(baseUrl, cache === 'cached' ? c.request : c.uncached(counter()));
    if (last.status !== 200 || last.body.includes('ExceptionReport')) {
      throw new Error(`${c.name}: jawaban tidak valid (${last.status}): ${last.body.slice(0, 400)}`);
    }
    seen.push(last.cache);
  }
  // uncached: computed every time — stored (miss) or, for an answer with an estimated count
  // that is never stored (libs/search/match-count.ts), bypass
  const ok = cache === 'cached' ? seen.slice(1).every((x) => x === 'hit') : seen.every((x) => x === 'miss' || x === 'bypass');
  if (!ok) throw new Error(`${c.name} (${cache}): X-Cache ${seen.join(',')} — metode ${cache} tidak bekerja`);
  const matched = /numberOfRecordsMatched="(\d+)"/.exec(last.body)?.[1] ?? '-';
  return { matched, bytes: Buffer.byteLength(last.body) };
}

/** the nearest-rank percentile `q` (0–1) of `values`, in ms rounded as autocannon rounds its own */
function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
}

function runAutocannon(opts: DriveOptions, c: BenchCase, cache: RunResult['cache'], counter: () => number): Promise<{ result: autocannon.Result; p95: number }> {
  const first = c.request;
  // as autocannon's own latency histogram: the 2xx responses only
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.baseUrl,
        connections: opts.connections,
        duration: opts.durationSeconds,
        pipelining: 1,
        requests: [
          {
            method: first.method,
            path: first.path,
            body: first.body,
            headers: { ...first.headers },
            // a fresh request object per request; autocannon re-encodes it
            ...(cache === 'uncached' ? { setupRequest: (req: autocannon.Request) => {
              const next = c.uncached(counter());
              return { ...req, ...next, headers: { ...next.headers } };
            } } : {}),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, p95: percentile(times, 0.95) })),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}

let ncCounter = 1;
const nextNc = (): number => ncCounter++;

/** what a run measured, whichever loop sent its requests */
type Timing = Pick<RunResult, 'requestsPerSecond' | 'p50' | 'p95' | 'p97_5' | 'p99' | 'errors' | 'non2xx' | 'total'>;

/** autocannon's closed loop: its own percentiles, and p95 from every 2xx response */
async function closedLoop(opts: DriveOptions, c: BenchCase, cache: RunResult['cache']): Promise<Timing> {
  const { result: r, p95 } = await runAutocannon(opts, c, cache, nextNc);
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p95,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** a run at a fixed rate (DriveOptions.rate): every percentile from every 2xx answer's time since it was due */
async function openLoop(opts: DriveOptions, rate: number, c: BenchCase, cache: RunResult['cache']): Promise<Timing> {
  const r = await runOpenLoop({ baseUrl: opts.baseUrl, rate, durationSeconds: opts.durationSeconds, next: () => (cache === 'cached' ? c.request : c.uncached(nextNc())) });
  if (r.errorSamples.length > 0) opts.log(`  ${c.name}: ${r.errors} galat, mis. ${r.errorSamples.join('; ')}`);
  return {
    requestsPerSecond: (r.okTimes.length + r.non2xx) / r.seconds,
    p50: percentile(r.okTimes, 0.5),
    p95: percentile(r.okTimes, 0.95),
    p97_5: percentile(r.okTimes, 0.975),
    p99: percentile(r.okTimes, 0.99),
    errors: r.errors,
    non2xx: r.non2xx,
    total: r.sent,
  };
}

export async function driveCase(opts: DriveOptions, c: BenchCase, cache: RunResult['cache']): Promise<RunResult> {
  const { matched, bytes } = await checkMethod(opts.baseUrl, c, cache, nextNc);
  const before = await opts.cpu?.sample();
  const timing = opts.rate !== undefined ? await openLoop(opts, opts.rate, c, cache) : await closedLoop(opts, c, cache);
  const after = await opts.cpu?.sample();
  return {
    name: c.name,
    cache,
    filtered: c.filtered,
    ...timing,
    matched,
    bytesPerResponse: bytes,
    ...(before && after ? { cpu: perRequest(before, after, timing.total) } : {}),
  };
}

export interface HarvestResult {
  cache: 'uncached' | 'cached';
  seconds: number;
  pages: number;
  records: number;
  bytes: number;
  matched: number;
  hits: number;
  /** CPU ms of the whole harvest (API, PostgreSQL, Redis) */
  cpu?: CpuPerRequest;
}

/**
 * Sequential paging by startPosition until nextRecord = 0, as a harvester does. The pages
 * carry `requestId`: a new one is a harvest nobody made before (every page a miss); the
 * same one right after is the repeated, cached harvest (hits while the 60 s TTL lasts).
 */
export async function harvest(baseUrl: string, expected: number, requestId: string, cache: HarvestResult['cache']): Promise<HarvestResult> {
  const t0 = performance.now();
  let start = 1;
  let pages = 0;
  let records = 0;
  let bytes = 0;
  let matched = 0;
  let hits = 0;
  const maxPages = Math.ceil(expected / 500) + 5;
  while (start !== 0) {
    if (pages >= maxPages) throw new Error(`panen tidak berhenti setelah ${pages} halaman`);
    const res = await fetch(baseUrl + harvestPath(start, requestId));
    const body = await res.text();
    if (res.status !== 200 || body.includes('ExceptionReport')) throw new Error(`panen gagal pada ${start}: ${body.slice(0, 300)}`);
    if (res.headers.get('x-cache') === 'hit') hits++;
    pages++;
    bytes += Buffer.byteLength(body);
    const returned = Number(/numberOfRecordsReturned="(\d+)"/.exec(body)?.[1] ?? NaN);
    matched = Number(/numberOfRecordsMatched="(\d+)"/.exec(body)?.[1] ?? NaN);
    const next = Number(/nextRecord="(\d+)"/.exec(body)?.[1] ?? NaN);
    if (!Number.isFinite(returned) || !Number.isFinite(next)) throw new Error(`jawaban panen tanpa SearchResults pada ${start}`);
    records += returned;
    start = next;
  }
  return { cache, seconds: (performance.now() - t0) / 1000, pages, records, bytes, matched, hits };
}
