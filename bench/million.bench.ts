import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropCacheKeys } from './csw/redis-keys';
import { migrate } from '../libs/db/migrate';
import { openPgDatabase } from '../libs/db/pg-database';
import { startApiServer } from './csw/api-server';
import type { BenchCase } from './csw/cases';
import { createCpuProbe, perRequest, type CpuPerRequest } from './csw/cpu-usage';
import { driveCase, type RunResult } from './csw/drive';
import { fastLoad } from './fast-load/load';
import { cswVariants, deepPageCases, facetCases, getRecords, htmlCases, millionCases, oarecVariants, type MillionCase } from './million/cases';
import { explainCql, type ExplainResult } from './million/explain';
import { harvestSample, type HarvestSample } from './million/harvest-sample';

/**
 * `npm run bench:million [-- --n 1000000 --duration 10 --connections 4 --harvest-pages 40]`
 *
 * 1. makes sure `gk_million_<n>` exists (bench/fast-load: COPY, synthesized renders; reused
 *    when complete) and applies the migrations it lacks;
 * 2. EXPLAIN (ANALYZE, BUFFERS) of each search's first-request statement, built by the
 *    project's own filter compiler and repository, with the indexes each plan uses;
 * 3. starts the real API in server mode and drives every search uncached in its "memo" and
 *    "new" variants (bench/million/cases.ts), CSW then OGC API – Records;
 * 4. the full-harvest rate over pages spread through the whole result (or every page);
 * 5. prints the tables (text, then Markdown for docs/benchmarks).
 */
const USAGE = `npm run bench:million -- [opsi]
  --n <jumlah>            rekaman (bawaan 1000000)
  --duration <detik>      lama tiap kasus (bawaan 10)
  --connections <k>       koneksi autocannon (bawaan 4)
  --rate <req/s>          beban terbuka: permintaan datang acak (Poisson) dengan laju ini, tanpa menunggu
                          jawaban; --connections diabaikan (bawaan: tiap koneksi secepat jawabannya)
  --harvest-pages <k>     halaman panen yang diukur, tersebar di seluruh hasil (bawaan 40; 0 = semua)
  --cases <teks,…>        hanya kasus yang namanya memuat salah satu teks ini
  --no-oarec              lewati kasus OGC API – Records
  --streams <k>           aliran COPY bila basis data harus dimuat (bawaan 3)
  --pg <url>              PostgreSQL admin (bawaan postgres://postgres@127.0.0.1:5432/postgres)
  --redis <url>           Redis (bawaan redis://127.0.0.1:6379)`;

const log = (s: string): void => {
  process.stderr.write(`[bench:million ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

function options() {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '1000000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '4' },
      rate: { type: 'string' },
      'harvest-pages': { type: 'string', default: '40' },
      cases: { type: 'string' },
      'no-oarec': { type: 'boolean', default: false },
      streams: { type: 'string', default: '3' },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
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
  return {
    n: int('n', values.n, 1000),
    duration: int('duration', values.duration, 1),
    connections: int('connections', values.connections, 1),
    rate: values.rate !== undefined ? int('rate', values.rate, 1) : undefined,
    harvestPages: int('harvest-pages', values['harvest-pages'], 0),
    cases: values.cases?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    oarec: !values['no-oarec'],
    streams: int('streams', values.streams, 1),
    pg: values.pg,
    redis: values.redis,
  };
}

interface Row {
  protocol: 'CSW' | 'OARec';
  kind: MillionCase['kind'];
  result?: RunResult;
  name: string;
  error?: string;
}


const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const cpuCell = (c?: CpuPerRequest): string => (c ? `${fmt(c.api, 2)} + ${fmt(c.postgres, 2)}` : '-');
const HEAD = ['protocol', 'search', 'kind', 'req/s', 'p50 ms', 'p95 ms', 'p97.5 ms', 'p99 ms', 'errors / non-2xx', 'matched', 'CPU ms/req api + pg'];

function cells(r: Row): string[] {
  if (!r.result) return [r.protocol, r.name, r.kind, '-', '-', '-', '-', '-', `failed: ${r.error ?? ''}`.slice(0, 120), '-', '-'];
  const x = r.result;
  return [r.protocol, r.name, r.kind, fmt(x.requestsPerSecond), fmt(x.p50), fmt(x.p95), fmt(x.p97_5), fmt(x.p99), `${x.errors} / ${x.non2xx}`, x.matched, cpuCell(x.cpu)];
}

function textTable(rows: Row[]): string {
  const all = [HEAD, ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all.map((r) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

function harvestLine(h: HarvestSample, cpu?: CpuPerRequest): string {
  const mb = h.bytes / 1024 / 1024;
  return `harvest gmd full, 500/page: ${h.pagesFetched} of ${h.pagesTotal} pages (${h.pagesFetched === h.pagesTotal ? 'all' : 'spread evenly from first to last'}), ` +
    `${fmt(h.records)} records, ${fmt(mb, 1)} MB in ${fmt(h.seconds, 1)} s: ${fmt(h.records / h.seconds)} records/s, ${fmt(mb / h.seconds, 1)} MB/s ` +
    `(first page ${fmt(h.firstPageMs)} ms, last page ${fmt(h.lastPageMs)} ms; matched ${fmt(h.matched)})` +
    (cpu ? `; CPU ${fmt(cpu.api / h.records, 3)} ms api + ${fmt(cpu.postgres / h.records, 3)} ms pg per record` : '');
}

async function main(): Promise<void> {
  const o = options();
  const loadBeforeLoad = loadavg();
  const loaded = await fastLoad({ n: o.n, adminUrl: o.pg, log, streams: o.streams });
  log(loaded.reused ? `${loaded.name} dipakai ulang` : `${loaded.name} dimuat dalam ${loaded.seconds.toFixed(0)} s`);

  // migrations the database lacks (a loaded database follows the schema; the API would apply
  // them too, but index builds at this size outlast its start-up wait)
  const db = openPgDatabase({ connectionString: loaded.url, max: 2 });
  const explains: { c: MillionCase; first: ExplainResult }[] = [];
  let deepKeys: { id: string; position: number }[] = [];
  let dbBytes = 0;
  try {
    const t0 = performance.now();
    const applied = await migrate(db, undefined, (f, ms) => { if (ms !== undefined) log(`  migrasi ${f}: ${(ms / 1000).toFixed(1)} s`); });
    if (applied.length) log(`migrasi diterapkan dalam ${((performance.now() - t0) / 1000).toFixed(0)} s: ${applied.join(', ')}`);
    dbBytes = Number((await db.query<{ b: string }>('SELECT pg_database_size(current_database())::text AS b')).rows[0]!.b);
    // positions spread through the whole identifier order, for the deep-page cases
    const step = Math.max(1, Math.floor(o.n / 200));
    deepKeys = (await db.query<{ id: string; rn: string }>(
      `SELECT id, rn::text FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM records WHERE status = 'PUBLISHED') s WHERE rn % ${step} = ${step - 1}`,
    )).rows.map((r) => ({ id: r.id, position: Number(r.rn) + 1 }));
    for (const c of millionCases(o.n)) {
      const first = await explainCql(db, c.cql(2));
      explains.push({ c, first });
      log(`EXPLAIN ${c.name}: ${first.executionMs.toFixed(1)} ms, indeks ${first.indexes.join(', ')}`);
    }
  } finally {
    await db.close();
  }
  const planFile = path.join(tmpdir(), `million-plans-${o.n}.txt`);
  writeFileSync(planFile, explains.map((e) => `== ${e.c.name}: ${e.first.cql}\n${e.first.plan}\n`).join('\n'));
  log(`rencana lengkap: ${planFile}`);

  const loadBefore = loadavg();
  const started = new Date();
  // SEARCH_* settings of the shell reach the API (to measure another count or facet budget)
  const searchEnv = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith('SEARCH_') && v !== undefined)) as Record<string, string>;
  const server = await startApiServer({ databaseUrl: loaded.url, redisUrl: o.redis, log, env: searchEnv });
  const cpu = await createCpuProbe({ apiPid: server.child.pid!, pgAdminUrl: o.pg, database: loaded.name, redisUrl: o.redis });
  const rows: Row[] = [];
  let harvest: { h: HarvestSample; cpu: CpuPerRequest } | undefined;
  const wanted = (name: string): boolean => !o.cases || o.cases.some((s) => name.toLowerCase().includes(s));
  const run = async (protocol: Row['protocol'], kind: Row['kind'], c: BenchCase): Promise<void> => {
    if (!wanted(c.name)) return;
    log(`${protocol} ${c.name}: ${o.duration} s × ${o.rate !== undefined ? `${o.rate} req/s (beban terbuka)` : `${o.connections} koneksi`}`);
    try {
      const r = await driveCase({ baseUrl: server.baseUrl, connections: o.connections, durationSeconds: o.duration, rate: o.rate, log, cpu }, c, 'uncached');
      rows.push({ protocol, kind, name: c.name, result: r });
      log(`  ${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, galat ${r.errors}/${r.non2xx}, cocok ${r.matched}`);
    } catch (err) {
      // e.g. a broad count that outlasts the statement timeout: reported, not hidden
      const msg = ((err as Error).message ?? String(err)).replace(/\s+/g, ' ');
      rows.push({ protocol, kind, name: c.name, error: msg });
      log(`  GAGAL: ${msg.slice(0, 300)}`);
    }
  };
  try {
    for (const c of millionCases(o.n)) {
      // the memo filter's count (computed here once, then memoised) bounds its pages
      const hits = wanted(c.name) ? await fetch(server.baseUrl + getRecords(c.cql(0), { resultType: 'hits' }).path).then((r) => r.text()) : '';
      const matched = Number(/numberOfRecordsMatched="(\d+)"/.exec(hits)?.[1] ?? 0);
      const v = cswVariants(c, matched);
      await run('CSW', c.kind, v.memo);
      await run('CSW', c.kind, v.fresh);
    }
    if (o.oarec) {
      for (const v of oarecVariants(o.n)) {
        await run('OARec', v.kind, v.memo);
        await run('OARec', v.kind, v.fresh);
      }
      // facet counts of a new search on every request (libs/search/facet-counts.ts), and pages
      // anywhere in the whole result by keyset cursor and by CSW startPosition after a boundary
      for (const c of facetCases()) await run('OARec', c.kind, c.case);
      for (const c of htmlCases()) await run('OARec', c.kind, c.case);
      for (const c of deepPageCases(deepKeys)) await run(c.protocol, 'broad', c.case);
    }
    if (wanted('harvest')) {
      log(`panen gmd: ${o.harvestPages || 'semua'} halaman`);
      const before = await cpu.sample();
      const h = await harvestSample(server.baseUrl, o.n, o.harvestPages, `harvest-${Date.now()}`);
      harvest = { h, cpu: perRequest(before, await cpu.sample(), 1) };
      log(harvestLine(h, harvest.cpu));
    }
  } finally {
    await cpu.close();
    await server.stop();
    const removed = await dropCacheKeys(o.redis, server.redisPrefix).catch(() => 0);
    log(`server dihentikan; ${removed} kunci cache benchmark dihapus`);
  }
  const loadAfter = loadavg();
  const la = (x: number[]): string => x.map((v) => v.toFixed(2)).join(' / ');
  const gib = fmt(dbBytes / 1024 ** 3, 1);
  const header = `${fmt(o.n)} PUBLISHED records (${loaded.name}, ${gib} GiB${loaded.reused ? '' : `, loaded in ${fmt(loaded.seconds)} s`}), ` +
    `${o.rate !== undefined ? `${o.rate} requests/s arriving at random (Poisson, open loop)` : `${o.connections} connections`} × ${o.duration} s per case, ${cpus().length} cores, Node ${process.versions.node}, ` +
    `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average ${la(loadBefore)} before, ${la(loadAfter)} after` +
    (loaded.reused ? '' : ` (${la(loadBeforeLoad)} before loading)`) + '.';
  const planLines = explains.map((e) => `- ${e.c.name}: \`${e.first.cql}\` — ${fmt(e.first.executionMs, 1)} ms, ${e.first.indexes.filter((i) => !/_pkey$/.test(i)).join(', ') || 'no index'}`);
  process.stdout.write(`\n${header}\n\n${textTable(rows)}\n${harvest ? harvestLine(harvest.h, harvest.cpu) : ''}\n\nEXPLAIN ANALYZE (first request, new filter):\n${planLines.join('\n')}\n\n`);
  process.stdout.write([
    header,
    '',
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map((_, i) => (i < 3 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${cells(r).join(' | ')} |`),
    '',
    harvest ? `- ${harvestLine(harvest.h, harvest.cpu)}` : '',
    '',
    ...planLines,
  ].join('\n') + '\n');
}

main().then(() => process.exit(0), (err: unknown) => {
  log(`gagal: ${(err as Error)?.stack ?? String(err)}`);
  process.exit(1);
});
