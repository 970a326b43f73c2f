import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { startApiServer } from './csw/api-server';
import { ensureBenchDb } from './csw/load-bench-db';
import { createCpuProbe, perRequest, type CpuPerRequest } from './csw/cpu-usage';

/**
 * `npm run bench:oai [-- --n 10000 --page-size 100]`
 *
 * Full OAI-PMH harvests of the CSW benchmark database (`gk_bench_<n>`: n PUBLISHED records with
 * every stored render, built by bench:csw's loader and reused), against the real API in server
 * mode as a child process, as one harvester would do them: ListRecords in each format and
 * ListIdentifiers, page after page through the resumption tokens; then an incremental harvest
 * that finds nothing. Prints seconds, pages, records/s and MB per harvest, with the load average,
 * and the CPU time of the API process and the PostgreSQL backends per record (/proc): on a loaded
 * machine the wall time measures the load, the CPU time measures the code.
 */
const log = (s: string): void => {
  process.stderr.write(`[bench:oai ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

interface HarvestFigures { name: string; seconds: number; pages: number; records: number; deleted: number; bytes: number; cpu?: CpuPerRequest }

async function harvest(endpoint: string, name: string, first: Record<string, string>, expected: number): Promise<HarvestFigures> {
  const t0 = performance.now();
  let params = new URLSearchParams(first);
  let pages = 0;
  let records = 0;
  let deleted = 0;
  let bytes = 0;
  for (;;) {
    if (pages > expected + 5) throw new Error(`${name}: panen tidak berhenti setelah ${pages} halaman`);
    const res = await fetch(`${endpoint}?${params.toString()}`);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
    pages += 1;
    bytes += Buffer.byteLength(body);
    const error = /<error code="([^"]+)"/.exec(body)?.[1];
    if (error === 'noRecordsMatch') break;
    if (error) throw new Error(`${name}: ${error}`);
    records += (body.match(/<header[ >]/g) ?? []).length;
    deleted += (body.match(/<header status="deleted"/g) ?? []).length;
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(body)?.[1];
    if (!token) break;
    params = new URLSearchParams({ verb: first.verb!, resumptionToken: token });
  }
  return { name, seconds: (performance.now() - t0) / 1000, pages, records, deleted, bytes };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '10000' },
      'page-size': { type: 'string', default: '100' },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    },
  });
  const n = Number(values.n);
  const pageSize = Number(values['page-size']);
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw new Error('--n ≥ 1, --page-size 1–1000');
  const loadBefore = loadavg()[0]!;
  const bench = await ensureBenchDb({ n, adminUrl: values.pg, log });
  const server = await startApiServer({ databaseUrl: bench.url, redisUrl: values.redis, env: { OAI_PAGE_SIZE: String(pageSize) }, log });
  const results: HarvestFigures[] = [];
  const cpu = await createCpuProbe({ apiPid: server.child.pid!, pgAdminUrl: values.pg, database: bench.name, redisUrl: values.redis });
  const measured = async (run: () => Promise<HarvestFigures>): Promise<HarvestFigures> => {
    const before = await cpu.sample();
    const r = await run();
    return { ...r, cpu: perRequest(before, await cpu.sample(), r.records || 1) };
  };
  try {
    const endpoint = `${server.baseUrl}/oai`;
    // a warm-up pass, so the first measured harvest does not pay for JIT and cold caches
    await harvest(endpoint, 'warm-up', { verb: 'ListRecords', metadataPrefix: 'iso19139' }, Math.ceil(n / pageSize));
    for (const prefix of ['iso19139', 'iso19115-3', 'oai_dc']) {
      const r = await measured(() => harvest(endpoint, `ListRecords ${prefix}`, { verb: 'ListRecords', metadataPrefix: prefix }, Math.ceil(n / pageSize)));
      if (r.records !== n) throw new Error(`${r.name}: ${r.records} rekaman, bukan ${n}`);
      results.push(r);
      log(`${r.name}: ${r.records} rekaman, ${r.pages} halaman, ${r.seconds.toFixed(1)} s`);
    }
    results.push(await measured(() => harvest(endpoint, 'ListIdentifiers', { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' }, Math.ceil(n / pageSize))));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    results.push(await harvest(endpoint, `ListRecords from=${tomorrow} (tidak ada perubahan)`, { verb: 'ListRecords', metadataPrefix: 'iso19139', from: tomorrow }, 1));
  } finally {
    await cpu.close();
    await server.stop();
    const redis = new Redis(values.redis);
    const keys = await redis.keys(`${server.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  const loadAfter = loadavg()[0]!;
  process.stdout.write(`\nOAI-PMH, ${n} rekaman PUBLISHED, OAI_PAGE_SIZE=${pageSize}; load average ${loadBefore.toFixed(2)} sebelum, ${loadAfter.toFixed(2)} sesudah\n\n`);
  process.stdout.write('| harvest | records | pages | seconds | records/s | MB | CPU ms/record api + pg | records/s per core |\n|---|---:|---:|---:|---:|---:|---:|---:|\n');
  for (const r of results) {
    const c = r.cpu && r.records ? `${r.cpu.api.toFixed(3)} + ${r.cpu.postgres.toFixed(3)}` : '-';
    const perCore = r.cpu && r.records && r.cpu.total > 0 ? Math.round(1000 / r.cpu.total) : '-';
    process.stdout.write(`| ${r.name} | ${r.records} | ${r.pages} | ${r.seconds.toFixed(2)} | ${r.records ? Math.round(r.records / r.seconds) : '-'} | ${(r.bytes / 1e6).toFixed(1)} | ${c} | ${perCore} |\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
