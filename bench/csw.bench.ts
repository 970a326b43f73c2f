import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { dropCacheKeys } from './csw/redis-keys';
import { startApiServer } from './csw/api-server';
import { benchCases } from './csw/cases';
import { oarecBenchCases } from './oarec/cases';
import { driveCase, harvest, type HarvestResult, type RunResult } from './csw/drive';
import { createCpuProbe, perRequest } from './csw/cpu-usage';
import { ensureBenchDb } from './csw/load-bench-db';
import { harvestLine, markdown, textTable } from './csw/report';

/**
 * `npm run bench:csw [-- --n 100000 --duration 10 --connections 50 …]`
 *
 * 1. makes sure `gk_bench_<n>` holds n PUBLISHED records with every render (reused when it does);
 * 2. starts the real API in server mode as a child process on a free loopback port;
 * 3. drives each case with autocannon, uncached then cached, and runs the timed full harvest;
 * 4. prints the table, then the same table as Markdown for docs/benchmarks; removes its cache keys.
 * It stops by itself: every run is bounded by --duration.
 */
const USAGE = `npm run bench:csw -- [opsi]
  --n <jumlah>          rekaman PUBLISHED (bawaan 100000)
  --duration <detik>    lama tiap kasus (bawaan 10)
  --connections <k>     koneksi autocannon (bawaan 50)
  --rate <req/s>        beban terbuka: permintaan datang acak (Poisson) dengan laju ini, tanpa menunggu
                        jawaban; --connections diabaikan (bawaan: tiap koneksi secepat jawabannya)
  --cases <teks,…>      hanya kasus yang namanya memuat salah satu teks ini
  --only <uncached|cached>
  --no-harvest          lewati panen penuh
  --load-only           hanya siapkan basis data
  --cpu-prof <dir>      tulis profil CPU V8 server ke dir
  --pg <url>            PostgreSQL admin (bawaan postgres://postgres@127.0.0.1:5432/postgres)
  --redis <url>         Redis (bawaan redis://127.0.0.1:6379)
  --protocol <csw|oarec> kasus CSW (bawaan) atau OGC API – Records (npm run bench:oarec)
  --html                oarec: juga kasus HTML (bila renderer HTML terpasang)`;

const log = (s: string): void => {
  process.stderr.write(`[bench:csw ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

function options() {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      rate: { type: 'string' },
      cases: { type: 'string' },
      only: { type: 'string' },
      'no-harvest': { type: 'boolean', default: false },
      'load-only': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
      protocol: { type: 'string', default: 'csw' },
      html: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name: string, v: string, min: number): number => {
    const x = Number(v);
    if (!Number.isInteger(x) || x < min) throw new Error(`--${name} harus bilangan bulat ≥ ${min}`);
    return x;
  };
  const only = values.only;
  if (only !== undefined && only !== 'uncached' && only !== 'cached') throw new Error('--only harus uncached atau cached');
  return {
    n: int('n', values.n, 1),
    duration: int('duration', values.duration, 1),
    connections: int('connections', values.connections, 1),
    rate: values.rate !== undefined ? int('rate', values.rate, 1) : undefined,
    cases: values.cases?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    modes: (only ? [only] : ['uncached', 'cached']) as ('uncached' | 'cached')[],
    harvest: !values['no-harvest'],
    loadOnly: values['load-only'],
    cpuProfDir: values['cpu-prof'],
    pg: values.pg,
    redis: values.redis,
    protocol: values.protocol === 'oarec' ? 'oarec' as const : 'csw' as const,
    html: values.html,
  };
}


async function main(): Promise<void> {
  const o = options();
  const bench = await ensureBenchDb({ n: o.n, adminUrl: o.pg, log });
  log(bench.reused ? `basis data ${bench.name} dipakai ulang (tidak dimuat ulang)` : `basis data ${bench.name} dimuat dalam ${bench.loadSeconds} s`);
  if (o.loadOnly) return;

  const loadBefore = loadavg();
  const server = await startApiServer({ databaseUrl: bench.url, redisUrl: o.redis, cpuProfDir: o.cpuProfDir, log });
  const rows: RunResult[] = [];
  const harvests: HarvestResult[] = [];
  const cpu = await createCpuProbe({ apiPid: server.child.pid!, pgAdminUrl: o.pg, database: bench.name, redisUrl: o.redis });
  try {
    const all = o.protocol === 'oarec' ? oarecBenchCases(o.html) : benchCases(o.n);
    const cases = all.filter((c) => !o.cases || o.cases.some((s) => c.name.toLowerCase().includes(s)));
    // a short warm-up so the first case does not pay for JIT and connection set-up
    if (cases[0]) await driveCase({ baseUrl: server.baseUrl, connections: o.connections, durationSeconds: 2, log }, cases[0], 'uncached');
    for (const c of cases) {
      for (const mode of o.modes) {
        if (c.uncachedOnly && mode === 'cached') continue;
        log(`${c.name} — ${mode}, ${o.duration} s × ${o.rate !== undefined ? `${o.rate} req/s (beban terbuka)` : `${o.connections} koneksi`}`);
        const r = await driveCase({ baseUrl: server.baseUrl, connections: o.connections, durationSeconds: o.duration, rate: o.rate, log, cpu }, c, mode);
        rows.push(r);
        log(`  ${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, galat ${r.errors}/${r.non2xx}` +
          (r.cpu ? `, CPU/permintaan ${r.cpu.api.toFixed(2)} api + ${r.cpu.postgres.toFixed(2)} pg + ${r.cpu.redis.toFixed(2)} redis ms` : ''));
      }
    }
    if (o.harvest && o.protocol === 'csw') {
      // Harvest pages of 500 full records are larger than the shared cache keeps
      // (MAX_SHARED_ENTRY_BYTES): a harvest is always computed, so it runs once.
      log('panen penuh gmd');
      const before = await cpu.sample();
      const h = { ...(await harvest(server.baseUrl, bench.published, `harvest-${Date.now()}`, 'uncached')), cpu: perRequest(before, await cpu.sample(), 1) };
      if (h.records !== bench.published) throw new Error(`panen mendapat ${h.records} rekaman, seharusnya ${bench.published}`);
      harvests.push(h);
      log(harvestLine(h));
    }
  } finally {
    await cpu.close();
    await server.stop();
    const removed = await dropCacheKeys(o.redis, server.redisPrefix).catch(() => 0);
    log(`server dihentikan; ${removed} kunci cache benchmark dihapus`);
  }

  const conditions = {
    n: bench.published,
    connections: o.connections,
    rate: o.rate,
    durationSeconds: o.duration,
    loadBefore,
    loadAfter: loadavg(),
    cores: cpus().length,
    node: process.versions.node,
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
  };
  process.stdout.write(`\n${textTable(rows)}\n${harvests.map(harvestLine).join('\n')}\n\n`);
  process.stdout.write(`${markdown(rows, harvests, conditions)}\n`);
}

main().catch((err) => {
  log(`gagal: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
