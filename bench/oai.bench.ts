import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { startApiServer } from './csw/api-server';
import { ensureBenchDb } from './csw/load-bench-db';

/**
 * `npm run bench:oai [-- --n 10000 --page-size 100]`
 *
 * Full OAI-PMH harvests of the CSW benchmark database (`gk_bench_<n>`: n PUBLISHED records with
 * every stored render, built by bench:csw's loader and reused), against the real API in server
 * mode as a child process, as one harvester would do them: ListRecords in each format and
 * ListIdentifiers, page after page through the resumption tokens; then an incremental harvest
 * that finds nothing. Prints seconds, pages, records/s and MB per harvest, with the load average.
 */
const log = (s: string): void => {
  process.stderr.write(`[bench:oai ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

interface HarvestFigures { name: string; seconds: number; pages: number; records: number; deleted: number; bytes: number }

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
  try {
    const endpoint = `${server.baseUrl}/oai`;
    for (const prefix of ['iso19139', 'iso19115-3', 'oai_dc']) {
      const r = await harvest(endpoint, `ListRecords ${prefix}`, { verb: 'ListRecords', metadataPrefix: prefix }, Math.ceil(n / pageSize));
      if (r.records !== n) throw new Error(`${r.name}: ${r.records} rekaman, bukan ${n}`);
      results.push(r);
      log(`${r.name}: ${r.records} rekaman, ${r.pages} halaman, ${r.seconds.toFixed(1)} s`);
    }
    results.push(await harvest(endpoint, 'ListIdentifiers', { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' }, Math.ceil(n / pageSize)));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    results.push(await harvest(endpoint, `ListRecords from=${tomorrow} (tidak ada perubahan)`, { verb: 'ListRecords', metadataPrefix: 'iso19139', from: tomorrow }, 1));
  } finally {
    await server.stop();
    const redis = new Redis(values.redis);
    const keys = await redis.keys(`${server.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  const loadAfter = loadavg()[0]!;
  process.stdout.write(`\nOAI-PMH, ${n} rekaman PUBLISHED, OAI_PAGE_SIZE=${pageSize}; load average ${loadBefore.toFixed(2)} sebelum, ${loadAfter.toFixed(2)} sesudah\n\n`);
  process.stdout.write('| harvest | records | pages | seconds | records/s | MB |\n|---|---:|---:|---:|---:|---:|\n');
  for (const r of results) {
    process.stdout.write(`| ${r.name} | ${r.records} | ${r.pages} | ${r.seconds.toFixed(2)} | ${r.records ? Math.round(r.records / r.seconds) : '-'} | ${(r.bytes / 1e6).toFixed(1)} |\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
