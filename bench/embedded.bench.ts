/**
 * Embedded-mode responsiveness under a backlog (`npm run bench:embedded -- --n 10000`): what a new
 * user does first. Writes N varied ISO 19139 files, creates an organisation and an ADMIN in a fresh
 * temporary DATA_DIR and imports the files as `npm run cli -- import --publish` does (the same
 * importFiles(), in this process: one PGlite start instead of three CLI starts; N
 * `record.created` and N `record.status-changed` events wait in the outbox), then starts the embedded server
 * (`tsx services/api/main.ts`) as a child process and, while the backlog drains, polls /healthz,
 * login, the REST list and an uncached CSW GetRecords (a new requestId each time), one client
 * per endpoint. Reports p50/p99/max per endpoint, the largest event-loop lag the server reported
 * on /metrics, its peak RSS, and the drain time; finally checks in the database that every
 * record has every form rendered at its version.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../libs/db/open-database';
import { createOrganisation } from '../libs/db/organisation.repository';
import { openPgliteDatabase } from '../libs/db/pglite-database';
import { createUser } from '../libs/db/user.repository';
import { importFiles } from '../libs/import/batch-import';
import { recordsBatchOn } from '../libs/assembly/use-case-assembly';
import { hashPassword } from '../libs/security/password';
import { RENDER_FORMATS } from '../libs/render/formats';
import { buildGmd } from '../libs/render/gmd-builder';
import { generateRecord } from '../test/helpers/sample-records';
import { parseSamples, percentile, sumOf, type Sample } from './embedded/bench-stats';

const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const N = Number(arg('n') ?? 10_000);
/** the drain must finish within this (minutes), or the run is reported as failed */
const LIMIT_MIN = Number(arg('limit-minutes') ?? 60);
const PASSWORD = 'bench-embedded-sandi-123';
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' / ');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; ok: boolean; status: number }> {
  const t0 = performance.now();
  try {
    const res = await fn();
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.ok, status: res.status };
  } catch {
    return { ms: performance.now() - t0, ok: false, status: 0 };
  }
}

async function main(): Promise<void> {
  console.log(`beban mesin sebelum (1/5/15 menit): ${load()}`);
  const work = mkdtempSync(path.join(tmpdir(), 'gk-bench-embedded-'));
  const files = path.join(work, 'files');
  const dataDir = path.join(work, 'data');
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  let server: ChildProcess | undefined;
  try {
    for (let i = 0; i < N; i++) {
      const sub = path.join(files, String(Math.floor(i / 100)).padStart(3, '0'));
      if (i % 100 === 0) mkdirSync(sub, { recursive: true });
      writeFileSync(path.join(sub, `rekaman-${i}.xml`), buildGmd(generateRecord(i)));
    }
    const i0 = performance.now();
    const { db: store } = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const org = await createOrganisation(store, { name: 'Organisasi Benchmark' });
      const admin = await createUser(store, { username: 'bench-admin', passwordHash: await hashPassword(PASSWORD), role: 'ADMIN', organisationId: org.id });
      const list = Array.from({ length: N }, (_, i) => path.join(files, String(Math.floor(i / 100)).padStart(3, '0'), `rekaman-${i}.xml`));
      const summary = await importFiles(recordsBatchOn(store), list, { organisationId: org.id, ownerId: admin.id, publish: true });
      if (summary.imported !== N) throw new Error(`impor: ${summary.imported}/${N}`);
    } finally {
      await store.close();
    }
    console.log(`impor ${N} rekaman --publish (termasuk start PGlite): ${((performance.now() - i0) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const s0 = performance.now();
    // started as `npm start` starts it (package.json): MALLOC_ARENA_MAX=2 unless the caller sets it
    server = spawn(TSX, ['services/api/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env, LOG_LEVEL: 'info', PORT: String(port), BASE_URL: base },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const startLines: string[] = [];
    server.stdout!.on('data', (d) => {
      for (const line of String(d).split('\n')) if (/"msg":"mulai: /.test(line)) startLines.push(JSON.parse(line).msg as string);
    });
    server.stderr!.on('data', () => undefined);
    while ((await timed(() => fetch(`${base}/healthz`))).ok === false) {
      if (server.exitCode !== null) throw new Error('server berhenti saat mulai');
      await sleep(200);
    }
    const ready = performance.now();
    console.log(`server menjawab /healthz setelah ${((ready - s0) / 1000).toFixed(1)} s`);
    for (const l of startLines) console.log(`  | ${l}`);

    // one session for the REST list; login itself is measured separately
    const login = (): Promise<Response> => fetch(`${base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench-admin', password: PASSWORD }),
    });
    const first = await login();
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!first.ok || !cookie) throw new Error(`login gagal: ${first.status}`);

    const endpoints: Record<string, () => Promise<Response>> = {
      healthz: () => fetch(`${base}/healthz`),
      login,
      'REST list': () => fetch(`${base}/api/metadata?pageSize=20`, { headers: { cookie } }),
      'CSW GetRecords (uncached)': () => fetch(`${base}/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record`
        + `&resultType=results&elementSetName=brief&maxRecords=10&requestId=${randomUUID()}`),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(endpoints).map((k) => [k, []]));
    const failures: Record<string, number> = Object.fromEntries(Object.keys(endpoints).map((k) => [k, 0]));
    let draining = true;
    const pollers = Object.entries(endpoints).map(async ([name, fn]) => {
      while (draining) {
        const r = await timed(fn);
        times[name]!.push(r.ms);
        if (!r.ok) failures[name]! += 1;
        await sleep(100);
      }
    });

    let maxLag = 0;
    let peakRss = 0;
    let drainedAt: number | undefined;
    let emptySince: number | undefined;
    let samples: Sample[] = [];
    const deadline = ready + LIMIT_MIN * 60_000;
    while (performance.now() < deadline) {
      await sleep(2_000);
      const res = await fetch(`${base}/metrics`).catch(() => undefined);
      if (!res?.ok) continue;
      samples = parseSamples(await res.text());
      maxLag = Math.max(maxLag, sumOf(samples, 'nodejs_eventloop_lag_max_seconds'));
      peakRss = Math.max(peakRss, sumOf(samples, 'process_resident_memory_bytes'));
      const queued = sumOf(samples, 'geokatalog_queue_jobs', { state: 'waiting' }) + sumOf(samples, 'geokatalog_queue_jobs', { state: 'active' })
        + sumOf(samples, 'geokatalog_queue_jobs', { state: 'delayed' });
      const rendered = sumOf(samples, 'geokatalog_renders_total', { format: 'gmd', outcome: 'ok' });
      // empty for longer than the outbox relay's 5 s tick: nothing is left in the outbox either
      if (queued === 0 && rendered >= N) {
        emptySince ??= performance.now();
        if (performance.now() - emptySince >= 6_000) {
          drainedAt = emptySince;
          break;
        }
      } else {
        emptySince = undefined;
      }
    }
    draining = false;
    await Promise.all(pollers);
    const failedJobs = sumOf(samples, 'geokatalog_queue_jobs', { state: 'failed' });

    console.log(`\nbacklog: ${drainedAt ? `terkuras dalam ${((drainedAt - ready) / 1000).toFixed(0)} s sejak server siap` : `TIDAK terkuras dalam ${LIMIT_MIN} menit`}; job gagal: ${failedJobs}`);
    console.log('| endpoint | requests | failed | p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, ms] of Object.entries(times)) {
      console.log(`| ${name} | ${ms.length} | ${failures[name]} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} | ${Math.max(...ms).toFixed(0)} |`);
    }
    console.log(`lag event loop maks (per jendela scrape 2 s): ${(maxLag * 1000).toFixed(0)} ms; RSS puncak: ${(peakRss / 1048576).toFixed(0)} MB`);
    console.log(`beban mesin sesudah: ${load()}`);

    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    server = undefined;
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'));
    try {
      const r = await db.query<{ records: number; complete: number }>(
        `SELECT count(*)::int AS records,
                count(*) FILTER (WHERE (SELECT count(*) FROM record_renders x WHERE x.record_id = r.id AND x.version >= r.version) = $1)::int AS complete
           FROM records r`, [RENDER_FORMATS.length]);
      console.log(`basis data: ${r.rows[0]!.complete}/${r.rows[0]!.records} rekaman dengan semua ${RENDER_FORMATS.length} bentuk pada versinya`);
      if (r.rows[0]!.complete !== N || !drainedAt) process.exitCode = 1;
    } finally {
      await db.close();
    }
  } finally {
    server?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
