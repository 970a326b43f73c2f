/**
 * Memory of the embedded server per way of starting it (`npm run bench:embedded-memory`), and
 * what a choice costs the queries. For each variant (the node flags or environment of the server
 * process, the TypeScript start of `npm start` or the built output of `npm run start:built`):
 *
 * 1. first start on an empty DATA_DIR (initdb, PostGIS, migrations): RSS once ready and after
 *    `--idle` seconds of idling;
 * 2. a start on a copy of one DATA_DIR holding `--records` records imported with `--publish` (a
 *    backlog of renders and events): peak RSS while it drains, the drain time, RSS idling after;
 * 3. `--rounds` rounds of three uncached queries (CSW AnyText, CSW BBOX, the REST list), one
 *    request at a time: wall p50 and the server's CPU per request from /proc (all its threads,
 *    PGlite's and V8's compiler threads included; a figure the machine's load does not inflate).
 *
 * RSS is read from /proc/<pid>/status of the server process itself (for `npm start`, the
 * node process tsx starts, not the tsx wrapper, whose own RSS is printed apart).
 *
 *   npm run bench:embedded-memory -- [--records 300] [--idle 20] [--rounds 100]
 *     [--only name,name] [--compare /path/to/other/checkout]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../libs/db/open-database';
import { createOrganisation } from '../libs/db/organisation.repository';
import { createUser } from '../libs/db/user.repository';
import { importFiles } from '../libs/import/batch-import';
import { recordsBatchOn } from '../libs/assembly/use-case-assembly';
import { hashPassword } from '../libs/security/password';
import { buildGmd } from '../libs/render/gmd-builder';
import { generateRecord } from '../test/helpers/sample-records';
import { parseSamples, percentile, sumOf } from './embedded/bench-stats';

const ROOT = path.resolve(__dirname, '..');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RECORDS = Number(arg('records') ?? 300);
const IDLE_S = Number(arg('idle') ?? 20);
const ROUNDS = Number(arg('rounds') ?? 100);
const PASSWORD = 'bench-memori-sandi-123';
const TICKS = 100; // USER_HZ on Linux
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' / ');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number): string => (kb / 1024).toFixed(0);

interface Variant {
  name: string;
  /** checkout to run */
  root: string;
  /** `ts`: tsx services/api/main.ts as `npm start`; `built`: node dist/services/api/main.js */
  entry: 'ts' | 'built';
  flags: string[];
  env?: Record<string, string>;
}

function variants(): Variant[] {
  const all: Variant[] = [
    { name: 'npm start', root: ROOT, entry: 'ts', flags: [] },
    { name: 'npm start --no-wasm-tier-up', root: ROOT, entry: 'ts', flags: ['--no-wasm-tier-up'] },
    { name: 'npm start MALLOC_ARENA_MAX=2', root: ROOT, entry: 'ts', flags: [], env: { MALLOC_ARENA_MAX: '2' } },
    { name: 'npm start --max-semi-space-size=2', root: ROOT, entry: 'ts', flags: ['--max-semi-space-size=2'] },
    { name: 'start:built', root: ROOT, entry: 'built', flags: readStartBuiltFlags(ROOT) },
  ];
  const other = arg('compare');
  if (other) all.unshift({ name: `npm start (${path.basename(path.resolve(other))})`, root: path.resolve(other), entry: 'ts', flags: [] });
  const only = arg('only')?.split(',');
  return only ? all.filter((v) => only.includes(v.name)) : all;
}

/** The node flags of `npm run start:built`, as package.json says them. */
function readStartBuiltFlags(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return (pkg.scripts['start:built'] ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
}

interface Proc { rssKb: number; anonKb: number; fileKb: number; cpuTicks: number }

function readProc(pid: number): Proc | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { rssKb: kb('VmRSS'), anonKb: kb('RssAnon'), fileKb: kb('RssFile'), cpuTicks: Number(f[11]) + Number(f[12]) };
  } catch {
    return undefined;
  }
}

/** The node process tsx started (its child), or the process itself when node runs directly. */
function serverPid(child: ChildProcess, entry: Variant['entry']): number | undefined {
  if (entry === 'built') return child.pid;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === child.pid) return Number(d);
    } catch { /* gone */ }
  }
  return undefined;
}

function freePort(): Promise<number> {
  return import('node:net').then(({ createServer }) => new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  }));
}

interface Server { child: ChildProcess; pid: number; base: string; readyS: number; stop(): Promise<void> }

async function startServer(v: Variant, dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = v.entry === 'ts'
    ? [path.join(v.root, 'node_modules/.bin/tsx'), [...v.flags, 'services/api/main.ts']] as const
    : [process.execPath, [...v.flags, 'dist/services/api/main.js']] as const;
  const t0 = performance.now();
  const child = spawn(args[0], args[1], {
    cwd: v.root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: String(port), BASE_URL: base, ...v.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr = (stderr + String(d)).slice(-2000); });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server berhenti saat mulai:\n${stderr}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await sleep(250);
  }
  const pid = serverPid(child, v.entry);
  if (!pid) throw new Error('proses server tidak ditemukan');
  return {
    child, pid, base, readyS: (performance.now() - t0) / 1000,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

async function scrape(base: string): Promise<ReturnType<typeof parseSamples>> {
  const res = await fetch(`${base}/metrics`);
  return parseSamples(await res.text());
}

/** A DATA_DIR with RECORDS published records whose renders and events still wait. */
async function makeTemplate(work: string): Promise<string> {
  const files = path.join(work, 'files');
  mkdirSync(files, { recursive: true });
  const list: string[] = [];
  for (let i = 0; i < RECORDS; i++) {
    const f = path.join(files, `rekaman-${i}.xml`);
    writeFileSync(f, buildGmd(generateRecord(i)));
    list.push(f);
  }
  const dataDir = path.join(work, 'template');
  const { db } = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const org = await createOrganisation(db, { name: 'Organisasi Benchmark Memori' });
    const admin = await createUser(db, { username: 'bench-memori', passwordHash: await hashPassword(PASSWORD), role: 'ADMIN', organisationId: org.id });
    const summary = await importFiles(recordsBatchOn(db), list, { organisationId: org.id, ownerId: admin.id, publish: true });
    if (summary.imported !== RECORDS) throw new Error(`impor: ${summary.imported}/${RECORDS}`);
  } finally {
    await db.close();
  }
  return dataDir;
}

interface Row {
  variant: string;
  firstReadyS: number; firstReady: Proc; firstIdle: Proc;
  drainS: number; peakKb: number; afterIdle: Proc; wrapperKb?: number;
  p50: Record<string, number>; cpuMsPerRequest: number;
}

async function measure(v: Variant, work: string, template: string): Promise<Row> {
  // 1. first start, empty catalogue
  const fresh = path.join(work, `kosong-${randomUUID()}`);
  let s = await startServer(v, fresh);
  const firstReady = readProc(s.pid)!;
  await sleep(IDLE_S * 1000);
  const firstIdle = readProc(s.pid)!;
  const wrapperKb = v.entry === 'ts' ? readProc(s.child.pid!)?.rssKb : undefined;
  const firstReadyS = s.readyS;
  await s.stop();
  rmSync(fresh, { recursive: true, force: true });

  // 2. a start with a backlog
  const copy = path.join(work, `backlog-${randomUUID()}`);
  cpSync(template, copy, { recursive: true });
  s = await startServer(v, copy);
  const t0 = performance.now();
  let peakKb = 0;
  let emptySince: number | undefined;
  for (;;) {
    await sleep(1000);
    peakKb = Math.max(peakKb, readProc(s.pid)?.rssKb ?? 0);
    const m = await scrape(s.base);
    const queued = ['waiting', 'active', 'delayed'].reduce((a, state) => a + sumOf(m, 'geokatalog_queue_jobs', { state }), 0);
    if (queued === 0 && sumOf(m, 'geokatalog_renders_total', { format: 'gmd', outcome: 'ok' }) >= RECORDS) {
      emptySince ??= performance.now();
      // longer than the outbox relay's 5 s tick: the outbox is empty too
      if (performance.now() - emptySince >= 6000) break;
    } else {
      emptySince = undefined;
    }
    if (performance.now() - t0 > 30 * 60_000) throw new Error('backlog tidak terkuras dalam 30 menit');
  }
  const drainS = ((emptySince ?? performance.now()) - t0) / 1000;
  await sleep(IDLE_S * 1000);
  const afterIdle = readProc(s.pid)!;

  // 3. the queries, one at a time, each uncached (a new requestId)
  const login = await fetch(`${s.base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench-memori', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csw = (q: Record<string, string>): string => `${s.base}/metadata/csw?${new URLSearchParams({ service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', maxRecords: '10', requestId: randomUUID(), ...q })}`;
  const queries: Record<string, (i: number) => Promise<Response>> = {
    'CSW AnyText': (i) => fetch(csw({ constraintLanguage: 'CQL_TEXT', constraint: `csw:AnyText LIKE '%tema-${i % 11}%'` })),
    'CSW BBOX': (i) => fetch(csw({ bbox: `${-170 + (i * 17) % 300},${-60 + (i * 7) % 100},${-150 + (i * 17) % 300},${-40 + (i * 7) % 100}` })),
    'REST list': (i) => fetch(`${s.base}/api/metadata?pageSize=20&page=${1 + (i % 5)}`, { headers: { cookie } }),
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(queries).map((k) => [k, []]));
  const cpu0 = readProc(s.pid)!.cpuTicks;
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, q] of Object.entries(queries)) {
      const t = performance.now();
      const res = await q(i);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
      times[name]!.push(performance.now() - t);
    }
  }
  const cpuMsPerRequest = ((readProc(s.pid)!.cpuTicks - cpu0) * (1000 / TICKS)) / (ROUNDS * Object.keys(queries).length);
  await s.stop();
  rmSync(copy, { recursive: true, force: true });
  return {
    variant: v.name, firstReadyS, firstReady, firstIdle, drainS, peakKb, afterIdle, ...(wrapperKb ? { wrapperKb } : {}),
    p50: Object.fromEntries(Object.entries(times).map(([k, ms]) => [k, percentile(ms, 50)])), cpuMsPerRequest,
  };
}

async function main(): Promise<void> {
  const list = variants();
  for (const v of list) {
    if (v.entry === 'built' && !existsSync(path.join(v.root, 'dist/services/api/main.js'))) throw new Error(`${v.name}: jalankan npm run build dahulu`);
  }
  console.log(`beban mesin sebelum (1/5/15 menit): ${load()}; ${RECORDS} rekaman, diam ${IDLE_S} s, ${ROUNDS} putaran kueri`);
  const work = mkdtempSync(path.join(tmpdir(), 'gk-emb-memori-'));
  try {
    const template = await makeTemplate(work);
    const rows: Row[] = [];
    for (const v of list) {
      const row = await measure(v, work, template);
      rows.push(row);
      console.log(`${v.name}: ${JSON.stringify(row)}  (beban ${load()})`);
    }
    console.log('\n| variant | first start: ready s | RSS ready MB | RSS idle MB (anon / file) | backlog drain s | peak RSS MB | RSS idle after MB | CPU ms/request | p50 ms AnyText / BBOX / REST |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(`| ${r.variant} | ${r.firstReadyS.toFixed(1)} | ${mb(r.firstReady.rssKb)} | ${mb(r.firstIdle.rssKb)} (${mb(r.firstIdle.anonKb)} / ${mb(r.firstIdle.fileKb)}) | ${r.drainS.toFixed(0)} | ${mb(r.peakKb)} | ${mb(r.afterIdle.rssKb)} | ${r.cpuMsPerRequest.toFixed(2)} | ${Object.values(r.p50).map((x) => x.toFixed(1)).join(' / ')} |`);
    }
    const wrapper = rows.find((r) => r.wrapperKb);
    if (wrapper) console.log(`\n(tsx's own wrapper process of npm start, not counted above: ${mb(wrapper.wrapperKb!)} MB)`);
    console.log(`beban mesin sesudah: ${load()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
