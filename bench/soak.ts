import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannonModule from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { migrate } from '../libs/db/migrate';
import { openPgDatabase } from '../libs/db/pg-database';
import { createOrganisation } from '../libs/db/organisation.repository';
import { createUser } from '../libs/db/user.repository';
import { insertRecord } from '../libs/db/record.repository';
import { hashPassword } from '../libs/security/password';
import { RENDER_FORMATS } from '../libs/render/formats';
import { BENCH_METRICS_TOKEN, startApiServer } from './csw/api-server';
import { benchDoc, benchId, COMMON_WORDS } from './csw/generate-records';

/**
 * `npm run soak [-- --minutes 10 --connections 50 --records 500]` (not run in CI).
 *
 * Mixed traffic for a long time against the API in server mode (child process, as in
 * production) plus a worker process, on a database and Redis prefix of their own: CSW
 * GetRecords / GetRecordById / BBOX / AnyText, and REST list / create / patch with a session
 * cookie that each connection gets once by logging in. At the end: 5xx count (must be 0),
 * lost writes (every record acknowledged with 201 must be readable, at least at the last
 * acknowledged version), RSS of both processes sampled every 10 s ("flat" = the last minute's
 * average within 20 % of the second minute's), throughput and p99. Exit code 1 when a criterion fails.
 */
const log = (s: string): void => void process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
const ROOT = path.resolve(__dirname, '..');
const PASSWORD = 'kata-sandi-soak-123';

const { values: argv } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, records: { type: 'string', default: '500' },
    users: { type: 'string', default: '10' }, pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' }, 'keep-db': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(argv.minutes);
const CONNECTIONS = Number(argv.connections);
const RECORDS = Number(argv.records);
const USERS = Number(argv.users);

// --- autocannon, typed for what is used here (the package ships no types) -------------------
interface Req { method?: string; path?: string; body?: string; headers?: Record<string, string> }
interface SoakRequest extends Req {
  state: ConnState;
  setupRequest(this: void, req: Req & { state: ConnState }): Req;
  onResponse(this: SoakRequest, status: number, body: string, context: unknown, headers: Record<string, string | string[]>): void;
}
interface Histogram { average: number; p50: number; p99: number; max: number; total: number }
interface Result { requests: Histogram; latency: Histogram; errors: number; timeouts: number; statusCodeStats: Record<string, { count: number }>; duration: number }
type Autocannon = (o: { url: string; connections: number; duration: number; requests: SoakRequest[]; timeout?: number }, cb: (err: Error | null, r: Result) => void) => unknown;
const autocannon = autocannonModule as unknown as Autocannon;

/** Per-connection state: autocannon deep-clones the request list per connection, and this one object with it. */
interface ConnState { cookie?: string; user?: string; kind: string; lastId?: string; sentAt?: number }
const byKind = new Map<string, Map<number, number>>();
const latencies = new Map<string, number[]>();
const unanswered = new Map<string, number>();
const acked = new Map<string, { version: number; user: string }>();
let userTurn = 0;
const rand = (n: number): number => Math.floor(Math.random() * n);
const WORDS = Object.keys(COMMON_WORDS);
const csw = (p: Record<string, string>): string => `/metadata/csw?${new URLSearchParams({ service: 'CSW', version: '2.0.2', ...p })}`;
const cswPaths: Record<string, () => string> = {
  'csw GetRecords': () => csw({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'summary', maxRecords: '10', startPosition: String(1 + rand(RECORDS)) }),
  'csw GetRecordById': () => csw({ request: 'GetRecordById', id: benchId(rand(RECORDS)), elementSetName: 'full', outputSchema: 'http://www.isotc211.org/2005/gmd' }),
  'csw BBOX': () => { const w = -180 + rand(340); const s = -80 + rand(150); return csw({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', bbox: `${w},${s},${w + 20},${s + 10}` }); },
  'csw AnyText': () => csw({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', constraintLanguage: 'CQL_TEXT', constraint: `csw:AnyText LIKE '%${WORDS[rand(WORDS.length)]}%'` }),
};
const json = (cookie: string | undefined, body?: unknown): Pick<Req, 'headers' | 'body'> => ({
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

/** a response: its status and latency by request type */
function count(state: ConnState, status: number): void {
  const m = byKind.get(state.kind) ?? new Map<number, number>();
  m.set(status, (m.get(status) ?? 0) + 1);
  byKind.set(state.kind, m);
  if (state.sentAt !== undefined) (latencies.get(state.kind) ?? latencies.set(state.kind, []).get(state.kind)!).push(performance.now() - state.sentAt);
  state.sentAt = undefined;
}

/** a request goes out: the previous one of this connection that never got an answer timed out */
function sending(state: ConnState, kind: string): void {
  if (state.sentAt !== undefined) unanswered.set(state.kind, (unanswered.get(state.kind) ?? 0) + 1);
  state.kind = kind;
  state.sentAt = performance.now();
}

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

function soakRequests(): SoakRequest[] {
  const state: ConnState = { kind: '' };
  const step = (kind: string, setup: (s: ConnState) => Req, after?: (s: ConnState, status: number, body: string, h: Record<string, string | string[]>) => void): SoakRequest => ({
    state,
    setupRequest: (req) => { sending(req.state, kind); return { ...req, ...setup(req.state) }; },
    onResponse(status, body, _ctx, headers) {
      count(this.state, status);
      after?.(this.state, status, body, headers);
    },
  });
  const cswStep = (kind: string) => step(kind, () => ({ method: 'GET', path: cswPaths[kind]!(), headers: {} }));
  return [
    // login once per connection; afterwards this slot is one more CSW page
    {
      ...step('login', () => ({})),
      setupRequest: (req) => {
        const s = req.state;
        if (s.cookie) { sending(s, 'csw GetRecords'); return { ...req, method: 'GET', path: cswPaths['csw GetRecords']!(), headers: {} }; }
        s.user ??= `soak-${(userTurn++ % USERS) + 1}`;
        sending(s, 'login');
        return { ...req, method: 'POST', path: '/api/auth/login', ...json(undefined, { username: s.user, password: PASSWORD }) };
      },
      onResponse(status, _body, _ctx, headers) {
        const kind = this.state.kind;
        count(this.state, status);
        const raw = Object.entries(headers).find(([k]) => k.toLowerCase() === 'set-cookie')?.[1] ?? [];
        const set = [raw].flat().find((c) => c.startsWith('geokatalog.sid='));
        if (kind === 'login' && status === 200 && set) this.state.cookie = set.split(';')[0];
      },
    },
    cswStep('csw GetRecordById'),
    cswStep('csw BBOX'),
    step('rest list', (s) => ({ method: 'GET', path: `/api/metadata?page=${1 + rand(5)}&pageSize=20`, ...json(s.cookie) })),
    cswStep('csw AnyText'),
    step('rest create', (s) => ({ method: 'POST', path: '/api/metadata', ...json(s.cookie, { ...benchDoc(rand(1_000_000)), fileIdentifier: undefined, title: `Rekaman soak ${randomBytes(4).toString('hex')}` }) }), (s, status, body) => {
      if (status !== 201) return;
      const rec = JSON.parse(body) as { id: string; version: number };
      acked.set(rec.id, { version: rec.version, user: s.user! });
      s.lastId = rec.id;
    }),
    cswStep('csw GetRecords'),
    step('rest patch', (s) => (s.lastId
      ? { method: 'PATCH', path: `/api/metadata/${s.lastId}`, ...json(s.cookie, { abstract: `Diubah ${new Date().toISOString()}` }) }
      : { method: 'GET', path: '/api/metadata?pageSize=5', ...json(s.cookie) }), (s, status, body) => {
      if (status !== 200 || !s.lastId) return;
      const rec = JSON.parse(body) as { id?: string; version?: number };
      if (rec.id && rec.version) acked.set(rec.id, { version: rec.version, user: s.user! });
    }),
  ];
}

// --- processes and memory ------------------------------------------------------------------
const rssMb = (pid: number | undefined): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
};
/** records whose stored renders are behind their version, after waiting up to `seconds` for the worker */
async function rendersLagging(db: ReturnType<typeof openPgDatabase>, seconds: number): Promise<number> {
  let lagging = -1;
  for (let i = 0; i <= seconds; i++) {
    const r = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM records r WHERE (SELECT count(*) FROM record_renders x WHERE x.record_id = r.id AND x.version = r.version) < $1',
      [RENDER_FORMATS.length],
    );
    lagging = r.rows[0]!.n;
    if (lagging === 0) break;
    await new Promise((res) => setTimeout(res, 1_000));
  }
  return lagging;
}

/**
 * The API's V8 heap and off-heap memory from its own /metrics (prom-client default metrics):
 * RSS alone cannot tell a growing heap (a leak) from V8 sizing its heap to the load.
 */
async function apiHeapMb(baseUrl: string): Promise<{ heapUsed: number; heapTotal: number; external: number }> {
  try {
    const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
    const metric = (name: string): number => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
    return { heapUsed: metric('nodejs_heap_size_used_bytes'), heapTotal: metric('nodejs_heap_size_total_bytes'), external: metric('nodejs_external_memory_bytes') };
  } catch {
    return { heapUsed: NaN, heapTotal: NaN, external: NaN };
  }
}

const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
const stop = (p: ChildProcess): Promise<void> => new Promise((resolve) => {
  if (p.exitCode !== null || p.signalCode !== null) return resolve();
  const force = setTimeout(() => p.kill('SIGKILL'), 20_000);
  p.once('exit', () => { clearTimeout(force); resolve(); });
  p.kill('SIGTERM');
});

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const dbName = `gk_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: argv.pg });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = Object.assign(new URL(argv.pg!), { pathname: `/${dbName}` }).toString();
  const db = openPgDatabase({ connectionString: dbUrl, max: 4 });
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  let worker: ChildProcess | undefined;
  try {
    await migrate(db);
    const org = await createOrganisation(db, { name: 'Organisasi Soak' });
    const hash = await hashPassword(PASSWORD);
    const owner = await createUser(db, { username: 'soak-pemilik', passwordHash: hash, role: 'PRODUSEN', organisationId: org.id });
    for (let u = 1; u <= USERS; u++) await createUser(db, { username: `soak-${u}`, passwordHash: hash, role: 'PRODUSEN', organisationId: org.id });
    for (let i = 0; i < RECORDS; i++) {
      await insertRecord(db, { id: benchId(i), status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null, doc: benchDoc(i), publishedAt: new Date().toISOString() });
    }
    log(`basis data ${dbName}: ${RECORDS} rekaman PUBLISHED, ${USERS} produsen`);

    api = await startApiServer({ databaseUrl: dbUrl, redisUrl: argv.redis!, env: { LOG_LEVEL: 'error' }, log });
    worker = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(ROOT, 'services/worker/main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: dbUrl, REDIS_URL: argv.redis, REDIS_PREFIX: api.redisPrefix, SESSION_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'error', RECONCILE_INTERVAL_SECONDS: '60' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });

    // the worker renders the seeded records first: the soak measures the steady state, not the
    // API rendering a never-rendered catalogue on the spot for every CSW answer
    const seededLagging = await rendersLagging(db, 300);
    if (seededLagging !== 0) throw new Error(`${seededLagging} rekaman belum dirender setelah 5 menit`);
    log('semua rekaman awal sudah dirender oleh worker');

    const samples: { t: number; api: number; worker: number; heap: Awaited<ReturnType<typeof apiHeapMb>> }[] = [];
    const started = Date.now();
    const sample = async (): Promise<void> => {
      const t = (Date.now() - started) / 1000;
      const at = { api: rssMb(api!.child.pid), worker: rssMb(worker!.pid) };
      samples.push({ t, ...at, heap: await apiHeapMb(api!.baseUrl) });
    };
    await sample();
    const sampler = setInterval(() => void sample(), 10_000);
    log(`${MINUTES} menit, ${CONNECTIONS} koneksi ke ${api.baseUrl} …`);
    const result = await new Promise<Result>((resolve, reject) => {
      autocannon({ url: api!.baseUrl, connections: CONNECTIONS, duration: MINUTES * 60, requests: soakRequests(), timeout: 30 }, (err, r) => (err ? reject(err) : resolve(r)));
    });
    clearInterval(sampler);
    await sample();

    // lost writes: every acknowledged record readable, at least at its acknowledged version
    const ids = [...acked.keys()];
    const rows = await db.query<{ id: string; version: number }>('SELECT id, version FROM records WHERE id = ANY($1)', [ids]);
    const stored = new Map(rows.rows.map((r) => [r.id, r.version]));
    const lostInDb = ids.filter((id) => !((stored.get(id) ?? 0) >= acked.get(id)!.version));
    const cookies = new Map<string, string>();
    let unreadable = 0;
    for (const [id, a] of acked) {
      if (!cookies.has(a.user)) {
        const r = await fetch(`${api.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: a.user, password: PASSWORD }) });
        cookies.set(a.user, r.headers.getSetCookie().find((c) => c.startsWith('geokatalog.sid='))!.split(';')[0]!);
      }
      const r = await fetch(`${api.baseUrl}/api/metadata/${id}`, { headers: { cookie: cookies.get(a.user)! } });
      const body = (await r.json()) as { version?: number };
      if (r.status !== 200 || (body.version ?? 0) < a.version) unreadable += 1;
    }
    // renders catch up after the load (informational)
    const lagging = await rendersLagging(db, 60);

    const codes = Object.entries(result.statusCodeStats).map(([c, v]) => [Number(c), v.count] as const);
    const fivexx = codes.filter(([c]) => c >= 500).reduce((a, [, n]) => a + n, 0);
    const inMinute = (from: number, to: number) => samples.filter((s) => s.t >= from && s.t < to);
    const end = MINUTES * 60;
    const second = inMinute(60, 120);
    const last = inMinute(end - 60, end + 30);
    const ratio = (k: 'api' | 'worker') => avg(last.map((s) => s[k])) / avg(second.map((s) => s[k]));
    // a run shorter than two minutes has no second minute to compare with: not flat, say so
    const flat = second.length > 0 && (['api', 'worker'] as const).every((k) => Math.abs(ratio(k) - 1) <= 0.2);
    const mem = (k: 'api' | 'worker'): string => (second.length === 0 ? 'n/a (run shorter than 2 min)'
      : `${avg(second.map((s) => s[k])).toFixed(0)} → ${avg(last.map((s) => s[k])).toFixed(0)} MB (${((ratio(k) - 1) * 100).toFixed(1)} %)`);

    const rowsOut: [string, string][] = [
      ['duration', `${MINUTES} min, ${CONNECTIONS} connections, ${RECORDS} published records, ${USERS} users`],
      ['requests', `${result.requests.total.toLocaleString('en-US')} (${Math.round(result.requests.average)} req/s average)`],
      ['latency', `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`],
      ['status codes', codes.map(([c, n]) => `${c}: ${n}`).join(', ')],
      ['5xx', `${fivexx}${fivexx === 0 ? ' ✓' : ' ✗'}`],
      ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
      ['writes acknowledged', `${acked.size} records (201, then 200 on patch)`],
      ['lost writes', `${lostInDb.length} missing in DB, ${unreadable} unreadable over REST${lostInDb.length + unreadable === 0 ? ' ✓' : ' ✗'}`],
      ['renders lagging (waited ≤ 60 s)', String(lagging)],
      ['RSS api (2nd min → last min)', mem('api')],
      ['RSS worker (2nd min → last min)', mem('worker')],
      ['memory flat within 20 %', flat ? 'yes ✓' : 'no ✗'],
      ['machine', `${cpus().length} cores, load ${loadBefore.map((x) => x.toFixed(1)).join('/')} before, ${loadavg().map((x) => x.toFixed(1)).join('/')} after, Node ${process.version}`],
    ];
    const perKind = [...byKind.entries()].map(([k, m]) => {
      const l = latencies.get(k) ?? [];
      return `${k.padEnd(18)} ${[...m.entries()].map(([c, n]) => `${c}×${n}`).join(' ')}; p50 ${pct(l, 50).toFixed(0)} ms, p99 ${pct(l, 99).toFixed(0)} ms, max ${Math.max(...l).toFixed(0)} ms; no answer ${unanswered.get(k) ?? 0}`;
    });
    process.stdout.write(`\n${rowsOut.map(([a, b]) => `${a.padEnd(34)} ${b}`).join('\n')}\n\nper request type:\n  ${perKind.join('\n  ')}\n`);
    process.stdout.write(`\nRSS samples (s: api/worker MB): ${samples.map((s) => `${Math.round(s.t)}:${s.api.toFixed(0)}/${s.worker.toFixed(0)}`).join(' ')}\n`);
    process.stdout.write(`API heap samples (s: used/total/external MB): ${samples.map((s) => `${Math.round(s.t)}:${s.heap.heapUsed.toFixed(0)}/${s.heap.heapTotal.toFixed(0)}/${s.heap.external.toFixed(0)}`).join(' ')}\n`);
    process.stdout.write(`\n| soak | result |\n|---|---|\n${rowsOut.map(([a, b]) => `| ${a} | ${b} |`).join('\n')}\n`);
    if (MINUTES < 3) process.stdout.write('\n(a run under 3 minutes: the second and the last minute overlap, so the memory check says little)\n');
    process.exitCode = fivexx === 0 && lostInDb.length + unreadable === 0 && flat ? 0 : 1;
  } finally {
    if (worker) await stop(worker);
    if (api) {
      await api.stop();
      const r = new Redis(argv.redis!, { lazyConnect: true });
      await r.connect();
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${api.redisPrefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await r.del(...keys);
      } while (cursor !== '0');
      r.disconnect();
    }
    await db.close();
    if (!argv['keep-db']) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  log(`gagal: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
