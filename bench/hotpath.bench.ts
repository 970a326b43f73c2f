import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { unlinkPrefixed } from './csw/redis-keys';
import { BENCH_METRICS_TOKEN, startApiServer } from './csw/api-server';
import { ensureBenchDb } from './csw/load-bench-db';
import { capture, startBareServer } from './hotpath/servers';
import { runWrk, wrkAvailable, type WrkResult } from './hotpath/wrk';
import { uncachedCases } from './hotpath/uncached-cases';
import { createCpuProbe, perRequest, type CpuPerRequest } from './csw/cpu-usage';

/**
 * `npm run bench:hotpath [-- --n 10000 --rounds 3 --duration 8]`
 *
 * Issue 11 point 5, first target: a CSW cache hit served by geokatalog against a bare Node
 * `http` server that sends the same bytes with the same headers, both started by this script
 * and driven in the same run by wrk with the same settings (2 connections, then 50), in
 * interleaved rounds (the order alternates): the machine is shared, and load that arrives
 * during a round affects both sides of that round alike. Prints req/s, p50/p99 per run,
 * the ratio per round and the median ratio, and the CPU time per request of each side
 * (API + Redis for geokatalog), read from /proc, which does not depend on the neighbours.
 */
const USAGE = `npm run bench:hotpath -- [opsi]
  --n <jumlah>          rekaman PUBLISHED di basis data benchmark (bawaan 10000)
  --db <nama>           pakai basis data yang ada apa adanya (bawaan: gk_hot_<n>, dibuat dan dimuat bila belum ada)
  --rounds <k>          putaran berselang-seling (bawaan 3)
  --duration <detik>    lama tiap pengukuran (bawaan 8)
  --connections <a,b>   jumlah koneksi (bawaan 2,50)
  --part <hits,uncached> bagian yang dijalankan (bawaan keduanya)
  --uncached-connections <k> koneksi untuk bagian uncached (bawaan 10)
  --word <kata>         kata AnyText bagian uncached (bawaan water; gk_million_* memakai kata lain, mis. gambut)
  --cpu-prof <dir>      tulis profil CPU V8 API ke dir
  --pg <url> --redis <url>`;

const log = (s: string): void => {
  process.stderr.write(`[bench:hotpath ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

/** the API of the uncached part: services/api/main.ts's process with a response cache that never hits */
const UNCACHED_SERVER = 'bench/hotpath/uncached-server.ts';

/** the cached answer measured: 10 Dublin Core summaries, as in issue 11 (~14.5 KB) */
const CACHED_PATH = '/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&elementSetName=summary&maxRecords=10';

const TICK_MS = 10;
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

interface Run extends WrkResult {
  side: 'bare' | 'geokatalog';
  connections: number;
  round: number;
  /** CPU µs per request: the server process (+ Redis for geokatalog) */
  cpuUs: number;
}

const fmt = (x: number, d = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '10000' },
      db: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '8' },
      connections: { type: 'string', default: '2,50' },
      'cpu-prof': { type: 'string' },
      part: { type: 'string', default: 'hits,uncached' },
      'uncached-connections': { type: 'string', default: '10' },
      word: { type: 'string' },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!wrkAvailable()) {
    process.stderr.write('wrk tidak ditemukan. Pasang dengan `apt-get install -y wrk` lalu jalankan lagi.\n');
    process.exit(2);
  }
  const n = Number(values.n);
  const rounds = Number(values.rounds);
  const duration = Number(values.duration);
  const connectionSets = values.connections.split(',').map(Number);
  if (![n, rounds, duration, ...connectionSets].every((x) => Number.isInteger(x) && x > 0)) throw new Error('--n, --rounds, --duration, --connections: bilangan bulat > 0');

  const parts = new Set(values.part.split(',').map((x) => x.trim()));
  const uncachedConnections = Number(values['uncached-connections']);
  const dbName = values.db ?? `gk_hot_${n}`;
  const bench = values.db
    ? { url: Object.assign(new URL(values.pg), { pathname: `/${values.db}` }).toString() }
    : await ensureBenchDb({ n, adminUrl: values.pg, name: dbName, log });
  const redis = new Redis(values.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);
  const out: string[] = [];
  try {
    if (parts.has('hits')) {
      out.push(...await benchHits({ dbUrl: bench.url, redisUrl: values.redis, redis, redisPid, rounds, duration, connectionSets, cpuProfDir: values['cpu-prof'] }));
    }
    if (parts.has('uncached')) {
      out.push('', ...await benchUncached({ dbUrl: bench.url, dbName, pgAdminUrl: values.pg, redisUrl: values.redis, redis, rounds, duration, connections: uncachedConnections, cpuProfDir: values['cpu-prof'], word: values.word }));
    }
  } finally {
    redis.disconnect();
  }
  process.stdout.write(`\n${out.join('\n')}\n`);
}


const conditions = (loadBefore: number[], loadAfter: number[]): string =>
  `${cpus().length} cores, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ` +
  `load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`;

async function benchHits(o: { dbUrl: string; redisUrl: string; redis: Redis; redisPid: number; rounds: number; duration: number; connectionSets: number[]; cpuProfDir: string | undefined }): Promise<string[]> {
  const { rounds, duration, connectionSets } = o;
  const loadBefore = loadavg();
  const api = await startApiServer({ databaseUrl: o.dbUrl, redisUrl: o.redisUrl, cpuProfDir: o.cpuProfDir, log });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  const runs: Run[] = [];
  try {
    const url = api.baseUrl + CACHED_PATH;
    const first = await capture(url);
    const hit = await capture(url);
    const xcache = hit.headers.find(([k]) => k === 'x-cache')?.[1];
    if (hit.status !== 200 || xcache !== 'hit') throw new Error(`jawaban kedua bukan cache hit (status ${hit.status}, X-Cache ${xcache})`);
    if (!hit.body.equals(first.body)) throw new Error('jawaban hit berbeda dari jawaban pertama');
    log(`jawaban yang diukur: ${hit.status}, ${fmt(hit.body.length / 1024, 1)} KB, header: ${hit.headers.map(([k]) => k).join(', ')}`);
    bare = await startBareServer(hit, CACHED_PATH);
    const check = await capture(bare.url);
    if (!check.body.equals(hit.body)) throw new Error('server bare tidak mengirim byte yang sama');

    // warm-up: JIT of both servers and of the fast path
    await runWrk(url, { connections: 2, durationSeconds: 2 });
    await runWrk(bare.url, { connections: 2, durationSeconds: 2 });

    for (const connections of connectionSets) {
      for (let round = 1; round <= rounds; round++) {
        const order: Run['side'][] = round % 2 ? ['bare', 'geokatalog'] : ['geokatalog', 'bare'];
        for (const side of order) {
          const pids = side === 'bare' ? [bare.pid] : [api.child.pid!, o.redisPid];
          const before = pids.map(cpuMs);
          const r = await runWrk(side === 'bare' ? bare.url : url, { connections, durationSeconds: duration });
          const cpu = pids.map(cpuMs).reduce((s, ms, i) => s + ms - before[i]!, 0);
          const run: Run = { ...r, side, connections, round, cpuUs: (cpu * 1000) / Math.max(1, r.requests) };
          runs.push(run);
          log(`${connections} koneksi, putaran ${round}, ${side}: ${fmt(r.requestsPerSecond)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms, ` +
            `CPU ${fmt(run.cpuUs)} µs/permintaan, galat ${r.errors}`);
        }
      }
    }
    const after = await capture(url);
    if (after.headers.find(([k]) => k === 'x-cache')?.[1] !== 'hit') throw new Error('setelah pengukuran jawaban bukan lagi cache hit');
  } finally {
    await bare?.stop();
    await api.stop();
    await unlinkPrefixed(o.redis, api.redisPrefix);
  }
  const loadAfter = loadavg();

  const lines: string[] = [];
  lines.push(`CSW cache hit vs bare Node http, same bytes and headers; wrk, ${duration} s per run, ${rounds} interleaved rounds; ${conditions(loadBefore, loadAfter)}`);
  lines.push('');
  lines.push('| connections | round | bare req/s | bare p50 / p99 ms | geokatalog req/s | geokatalog p50 / p99 ms | ratio | CPU µs/req bare | CPU µs/req geokatalog (API + Redis) |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const connections of connectionSets) {
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const b = runs.find((r) => r.side === 'bare' && r.connections === connections && r.round === round)!;
      const g = runs.find((r) => r.side === 'geokatalog' && r.connections === connections && r.round === round)!;
      const ratio = g.requestsPerSecond / b.requestsPerSecond;
      ratios.push(ratio);
      lines.push(`| ${connections} | ${round} | ${fmt(b.requestsPerSecond)} | ${fmt(b.p50, 2)} / ${fmt(b.p99, 2)} | ${fmt(g.requestsPerSecond)} | ${fmt(g.p50, 2)} / ${fmt(g.p99, 2)} | ${fmt(ratio * 100)} % | ${fmt(b.cpuUs)} | ${fmt(g.cpuUs)} |`);
    }
    const cpuB = median(runs.filter((r) => r.side === 'bare' && r.connections === connections).map((r) => r.cpuUs));
    const cpuG = median(runs.filter((r) => r.side === 'geokatalog' && r.connections === connections).map((r) => r.cpuUs));
    lines.push(`| ${connections} | median | | | | | **${fmt(median(ratios) * 100)} %** | ${fmt(cpuB)} | ${fmt(cpuG)} (bare/geokatalog ${fmt((cpuB / cpuG) * 100)} %) |`);
  }
  const errors = runs.reduce((s, r) => s + r.errors, 0);
  if (errors) lines.push(`\n${errors} socket errors / non-2xx answers during the runs: figures not valid.`);
  return lines;
}

/**
 * Uncached filtered GetRecords: the API started through bench/hotpath/uncached-server.ts (the
 * same process as services/api/main.ts, with a response cache that never hits: every request
 * the way of a response-cache miss, the count memo kept), each case driven by wrk for
 * `duration` s per round; CPU ms per request of API + PostgreSQL + Redis from /proc.
 */
async function benchUncached(o: { dbUrl: string; dbName: string; pgAdminUrl: string; redisUrl: string; redis: Redis; rounds: number; duration: number; connections: number; cpuProfDir: string | undefined; word: string | undefined }): Promise<string[]> {
  const loadBefore = loadavg();
  const api = await startApiServer({ databaseUrl: o.dbUrl, redisUrl: o.redisUrl, cpuProfDir: o.cpuProfDir, log,
    entry: UNCACHED_SERVER,
    // the first request of a filter counts its matches (then the count memo has it); on a loaded
    // machine a broad count at 100,000 records can outlast the production statement timeout
    env: { DB_STATEMENT_TIMEOUT_MS: '120000' } });
  const cpu = await createCpuProbe({ apiPid: api.child.pid!, pgAdminUrl: o.pgAdminUrl, database: o.dbName, redisUrl: o.redisUrl });
  const rows: string[] = [];
  try {
    const cases = uncachedCases(o.word).map((c) => ({
      c,
      url: api.baseUrl + c.path,
      post: c.body ? { body: c.body, contentType: 'application/xml' } : undefined,
      matched: '-',
      rps: [] as number[],
      p50: [] as number[],
      p99: [] as number[],
      cpu: [] as CpuPerRequest[],
    }));
    // check every case answers as a miss, then warm them all (JIT, plans, count memo) before measuring.
    // Past SEARCH_COUNT_EXACT_ROWS matches the first answers carry an estimated count and are not
    // cached (X-Cache: bypass) until the background exact count is in the memo: wait for that.
    for (const k of cases) {
      const deadline = Date.now() + 180_000;
      for (let misses = 0; misses < 2;) {
        const res = await fetch(k.url, k.post ? { method: 'POST', body: k.post.body, headers: { 'content-type': k.post.contentType } } : {});
        const text = await res.text();
        const xcache = res.headers.get('x-cache');
        const estimated = xcache === 'bypass' && Date.now() < deadline;
        if (res.status !== 200 || text.includes('ExceptionReport') || (xcache !== 'miss' && !estimated)) {
          throw new Error(`${k.c.name}: ${res.status}, X-Cache ${xcache}: ${text.slice(0, 300)}`);
        }
        if (xcache === 'miss') {
          misses += 1;
          k.matched = /numberOfRecordsMatched="(\d+)"/.exec(text)?.[1] ?? '-';
        } else {
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    }
    for (const k of cases) await runWrk(k.url, { connections: o.connections, durationSeconds: 3, ...(k.post ? { post: k.post } : {}) });
    // rounds go over all cases in turn, so load that comes and goes spreads over all of them
    for (let round = 1; round <= o.rounds; round++) {
      for (const k of cases) {
        const before = await cpu.sample();
        const r = await runWrk(k.url, { connections: o.connections, durationSeconds: o.duration, ...(k.post ? { post: k.post } : {}) });
        const per = perRequest(before, await cpu.sample(), r.requests);
        if (r.errors) throw new Error(`${k.c.name}: ${r.errors} galat selama pengukuran`);
        k.rps.push(r.requestsPerSecond);
        k.p50.push(r.p50);
        k.p99.push(r.p99);
        k.cpu.push(per);
        log(`${k.c.name}, putaran ${round}: ${fmt(r.requestsPerSecond)} req/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, ` +
          `CPU ${fmt(per.api, 2)} api + ${fmt(per.postgres, 2)} pg + ${fmt(per.redis, 2)} redis ms/permintaan`);
      }
    }
    // what the figures mean, checked: not one CSW answer of the run came from the cache
    const hits = await cswCacheHits(api.baseUrl);
    if (hits !== 0) throw new Error(`${hits} jawaban CSW dari cache selama pengukuran: angka uncached tidak berlaku`);
    for (const k of cases) {
      const m = (f: (x: CpuPerRequest) => number) => median(k.cpu.map(f));
      const total = m((x) => x.total);
      rows.push(`| ${k.c.name} | ${k.matched} | ${fmt(median(k.rps))} | ${fmt(median(k.p50), 1)} / ${fmt(median(k.p99), 1)} | ${fmt(m((x) => x.api), 2)} + ${fmt(m((x) => x.postgres), 2)} + ${fmt(m((x) => x.redis), 2)} = ${fmt(total, 2)} | ${fmt((1000 / total) * cpus().length)} |`);
    }
  } finally {
    await cpu.close();
    await api.stop();
    await unlinkPrefixed(o.redis, api.redisPrefix);
  }
  return [
    `Uncached filtered GetRecords (10 records, DC brief; response cache that never hits: every request a response-cache miss, count memo kept), ${o.dbName}, ` +
    `wrk ${o.connections} connections, ${o.rounds} × ${o.duration} s per case (medians); ${conditions(loadBefore, loadavg())}`,
    '',
    '| case | matched | req/s | p50 / p99 ms | CPU ms/req api + pg + redis | req/s the CPU allows on all cores (1000 / ms × cores) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ];
}

/** CSW answers the API served from its response cache so far (its /metrics, geokatalog_csw_cache_total) */
async function cswCacheHits(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const line = (await res.text()).split('\n').find((l) => l.startsWith('geokatalog_csw_cache_total{') && l.includes('result="hit"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

main().catch((err) => {
  log(`gagal: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
