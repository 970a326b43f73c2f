import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { dropCacheKeys } from './csw/redis-keys';
import pg from 'pg';
import { harvestStoreFor } from '../libs/db/harvest-store';
import { insertSource } from '../libs/db/harvest-source.repository';
import { migrate } from '../libs/db/migrate';
import { openPgDatabase } from '../libs/db/pg-database';
import { executeHarvestRun } from '../libs/harvest/harvest-run';
import { SecretBox } from '../libs/harvest/secret-box';
import type { HarvestRun, HarvestSource } from '../libs/harvest/harvest.types';
import { createLogger } from '../libs/logger';
import { createOutboundPolicy } from '../libs/outbound';
import { startApiServer } from './csw/api-server';
import { createBackendMeter, procCpuMs } from './harvest/cpu-meter';
import { ensureHarvestSourceDb } from './harvest/load-source-db';

/**
 * `npm run bench:harvest [-- --n 10000 --page-size 500 --mode review]`
 *
 * 1. makes sure `gk_bench_harvest_src_<n>` holds n PUBLISHED records with their stored gmd render
 *    (bench/harvest/load-source-db.ts; reused when complete) and starts the real API on it in
 *    server mode: the CSW source;
 * 2. creates a fresh, migrated target database with one organisation, one ADMIN and one CSW
 *    source pointing at that API;
 * 3. runs the harvest in this process exactly as the worker's `harvest.run` handler does, twice:
 *    the first run adds every record, the second finds every record unchanged;
 * 4. prints the figures (and Markdown for docs/benchmarks): wall seconds, and CPU seconds of each part
 *    (this process, the source API child, the PostgreSQL backends of both databases, from /proc)
 *    with the load average around each run, then drops the target database.
 * Targets (issue 10): first run < 60 s, unchanged re-run < 15 s.
 */
const log = (s: string): void => {
  process.stderr.write(`[bench:harvest ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

function options() {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '10000' },
      'page-size': { type: 'string', default: '500' },
      mode: { type: 'string', default: 'review' },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    },
  });
  return { n: Number(values.n), pageSize: Number(values['page-size']), mode: values.mode as 'review' | 'publish', pg: values.pg!, redis: values.redis! };
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Measured {
  label: string;
  run: HarvestRun;
  wallMs: number;
  harvesterMs: number;
  apiMs: number;
  pgTargetMs: number;
  pgSourceMs: number;
  load: [string, string];
}

const sec = (ms: number): string => (ms / 1000).toFixed(1);

function line(m: Measured): string {
  const r = m.run.report!;
  const c = r.counts;
  const total = m.harvesterMs + m.apiMs + m.pgTargetMs + m.pgSourceMs;
  return `| ${m.label} | ${m.run.status} | ${sec(m.wallMs)} | ${sec(m.harvesterMs)} | ${sec(m.pgTargetMs)} | ${sec(m.apiMs)} | ${sec(m.pgSourceMs)} | ${sec(total)} `
    + `| ${(m.harvesterMs / Math.max(1, c.listed)).toFixed(2)} | ${m.load[0]} → ${m.load[1]} `
    + `| ${c.listed} | ${c.added} | ${c.updated} | ${c.unchanged} | ${c.failed} | ${r.pages} | ${(r.bytes / 1e6).toFixed(1)} |`;
}


async function main(): Promise<void> {
  const o = options();
  const load0 = loadavg()[0]!.toFixed(2);
  const bench = await ensureHarvestSourceDb({ n: o.n, adminUrl: o.pg, log });
  log(bench.reused ? `sumber ${bench.name} dipakai ulang` : `sumber ${bench.name} dimuat dalam ${bench.seconds} s`);
  const api = await startApiServer({ databaseUrl: bench.url, redisUrl: o.redis, log });
  const targetName = `gk_bench_harvest_${process.pid}`;
  const targetUrl = new URL(o.pg);
  targetUrl.pathname = `/${targetName}`;
  await admin(o.pg, (c) => c.query(`CREATE DATABASE ${targetName}`));
  const db = openPgDatabase({ connectionString: targetUrl.toString(), max: 5 });
  try {
    await migrate(db);
    await db.query("INSERT INTO organisations (id, name) VALUES ('org-panen', 'Simpul Nasional')");
    await db.query("INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('u-panen', 'panen', 'x', 'ADMIN', 'org-panen')");
    const source: HarvestSource = await insertSource(db, {
      name: 'Simpul bench', url: `${api.baseUrl}/metadata/csw`, protocol: 'csw', constraint: null, recordForm: 'iso19139',
      pageSize: o.pageSize, schedule: null, organisationId: 'org-panen', mode: o.mode, ownerId: 'u-panen',
    });
    const deps = {
      store: harvestStoreFor(db), secrets: new SecretBox('bench-secret-0123456789abcdef0123456789'), userAgent: 'geokatalog-bench', logger: createLogger('warn', 'bench'),
      // the source API runs on this machine: its address is allowed as a deployment would allow an internal source
      outbound: createOutboundPolicy([{ kind: 'host', host: new URL(api.baseUrl).hostname }]),
    };
    const measured: Measured[] = [];
    const pgTarget = await createBackendMeter(o.pg, targetName);
    const pgSource = await createBackendMeter(o.pg, bench.name);
    try {
      for (const label of ['pertama (semua baru)', 'ulang (tidak berubah)']) {
        const l0 = loadavg()[0]!.toFixed(2);
        await Promise.all([pgTarget.start(), pgSource.start()]);
        const api0 = procCpuMs(api.child.pid!);
        const t0 = performance.now();
        const cpu0 = process.cpuUsage();
        const run = await executeHarvestRun(deps, { sourceId: source.id, trigger: 'cli' });
        const wallMs = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        const apiMs = procCpuMs(api.child.pid!) - api0;
        const [pgTargetMs, pgSourceMs] = await Promise.all([pgTarget.stop(), pgSource.stop()]);
        if (!run) throw new Error('run tidak berjalan');
        if (run.report!.errors.length) log(`galat: ${run.report!.errors.join('; ')}`);
        measured.push({ label, run, wallMs, harvesterMs: (cpu.user + cpu.system) / 1000, apiMs, pgTargetMs, pgSourceMs, load: [l0, loadavg()[0]!.toFixed(2)] });
        log(`${label}: ${run.status} dalam ${sec(wallMs)} s`);
      }
    } finally {
      await pgTarget.close();
      await pgSource.close();
    }
    const load1 = loadavg()[0]!.toFixed(2);
    const out = [
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; mesin: ${cpus().length} core, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; `
        + `load average 1 menit ${load0} sebelum, ${load1} sesudah (uptime: ${loadavg().map((x) => x.toFixed(2)).join(', ')}).`,
      `Sumber: geokatalog mode server (${bench.name}, ${o.n} rekaman PUBLISHED), CSW GetRecords gmd full, ${o.pageSize} per halaman; mode sumber ${o.mode}.`,
      'CPU s dari process.cpuUsage (pemanen) dan /proc (proses API sumber, backend PostgreSQL basis data tujuan dan sumber); '
        + 'total CPU / 2 core = batas bawah detik pada mesin 2 core yang menganggur.',
      '',
      '| run | status | detik | CPU s pemanen | CPU s pg tujuan | CPU s API sumber | CPU s pg sumber | CPU s total | CPU ms/rekaman pemanen | load 1 mnt | terdaftar | ditambah | diperbarui | tidak berubah | gagal | halaman | MB |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
      ...measured.map(line),
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await db.close();
    await admin(o.pg, (c) => c.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`));
    await api.stop();
    await dropCacheKeys(o.redis, api.redisPrefix).catch(() => undefined);
  }
}

main().catch((err) => {
  process.stderr.write(`bench:harvest gagal: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
