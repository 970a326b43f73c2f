import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { buildGmd } from '../../libs/render/gmd-builder';
import { copyBuildAssets } from '../../scripts/copy-build-assets';
import { API_NODE_FLAGS } from '../../services/api/node-flags';
import { pgUrlFor, TEST_REDIS_URL } from '../helpers/env';
import { adminQuery } from '../helpers/bare-database';
import { freePort, waitUntil } from '../helpers/private-servers';
import { generateRecord } from '../helpers/sample-records';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';

/**
 * Issue 11 point 3: the output of `npm run build` runs on its own. The build (tsc with
 * tsconfig.build.json, then scripts/copy-build-assets.ts) goes into a private folder inside the
 * repository (so node_modules resolves as it does from dist/); then, with plain `node` and a
 * working directory outside the repository, the compiled migration CLI migrates a fresh, empty
 * database, the compiled API starts in server mode and answers /readyz and CSW, the compiled CLI
 * imports a record, and the compiled worker renders it on its render threads.
 *
 * Bounds are hang bounds for a loaded machine (tsc of the tree alone took 2 min at load 15).
 */

jest.setTimeout(900_000);

const ROOT = path.resolve(__dirname, '../..');
const SECRET = 'built-output-test-session-secret-0123456789';

interface Child { proc: ChildProcess; output(): string; exited: Promise<number | null> }

function start(args: string[], env: Record<string, string>, cwd: string): Child {
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  proc.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function runToEnd(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; output: string }> {
  const c = start(args, env, cwd);
  const code = await c.exited;
  return { code, output: c.output() };
}


const get = async (url: string): Promise<{ status: number; text: string } | undefined> => {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    return { status: r.status, text: await r.text() };
  } catch {
    return undefined; // not listening yet
  }
};

describe('the production build runs on its own (node on the compiled output)', () => {
  const id = randomBytes(4).toString('hex');
  const outDir = path.join(ROOT, '.build-test', id);
  const work = mkdtempSync(path.join(tmpdir(), 'gk-built-'));
  const dbName = `gk_t_built_${id}`;
  const prefix = testRedisPrefix().replace(/:$/, '');
  const children: Child[] = [];
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    const tsc = await runToEnd([require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', outDir], {}, ROOT);
    expect({ code: tsc.code, output: tsc.output }).toEqual({ code: 0, output: '' });
    copyBuildAssets(outDir);
    // empty, not cloned from the test template: the compiled migrations build the schema
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: pgUrlFor(dbName),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: SECRET,
      // server mode refuses to start without it (/metrics is never open)
      METRICS_TOKEN: 'uji-build-metrics-token',
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: path.join(work, 'data'),
      ADMIN_PASSWORD: 'admin-uji-build-123',
      LOG_LEVEL: 'info',
      RECONCILE_INTERVAL_SECONDS: '3600',
    };
  });

  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGTERM');
    // (an unref'd timer: it must not keep jest waiting once the children are gone)
    await Promise.all(children.map((c) => Promise.race([c.exited, new Promise((r) => setTimeout(r, 30_000).unref())])));
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await deleteKeys(`${prefix}:`);
    rmSync(outDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('holds every file the compiled code reads at run time, and no TypeScript', () => {
    for (const f of readdirSync(path.join(ROOT, 'libs/db/migrations'))) expect(existsSync(path.join(outDir, 'libs/db/migrations', f))).toBe(true);
    for (const f of readdirSync(path.join(ROOT, 'libs/csw/schemas'))) expect(existsSync(path.join(outDir, 'libs/csw/schemas', f))).toBe(true);
    for (const f of readdirSync(path.join(ROOT, 'xslt')).filter((x) => x.endsWith('.xsl'))) expect(existsSync(path.join(outDir, 'xslt', f))).toBe(true);
    // the official XSDs of the document check, in their layout (libs/import/xsd/xsd-files.ts)
    for (const f of ['catalog.xml', 'iso19139.xsd', 'iso19115-3-2018.xsd', 'ogc/iso/19139/20060504/gmd/gmd.xsd']) expect(existsSync(path.join(outDir, 'schemas/xsd', f))).toBe(true);
    for (const f of ['services/api/main.js', 'services/worker/main.js', 'services/api/cli/main.js', 'libs/db/migrate.cli.js', 'libs/render/render-worker.js', 'libs/import/parse-worker.js']) {
      expect(existsSync(path.join(outDir, f))).toBe(true);
    }
    const ts = (readdirSync(outDir, { recursive: true }) as string[]).filter((f) => /\.ts$/.test(f));
    expect(ts).toEqual([]);
  });

  it('the compiled migration command migrates a fresh database', async () => {
    const r = await runToEnd([path.join(outDir, 'libs/db/migrate.cli.js')], env, work);
    expect({ code: r.code, output: r.output }).toMatchObject({ code: 0 });
    const line = JSON.parse(r.output.split('\n').find((l) => l.includes('"applied"'))!) as { applied: string[] };
    expect(line.applied).toEqual(readdirSync(path.join(ROOT, 'libs/db/migrations')).filter((f) => f.endsWith('.sql')).sort());
  });

  it('the compiled API starts in server mode, is ready, and answers CSW GetCapabilities', async () => {
    const api = start([...API_NODE_FLAGS, path.join(outDir, 'services/api/main.js')], env, work);
    children.push(api);
    await waitUntil(async () => {
      if (api.proc.exitCode !== null) throw new Error(`API berhenti: ${api.output().slice(-2000)}`);
      return (await get(`${base}/readyz`))?.status === 200;
    }, 'API hasil build siap', 600_000);
    const caps = await get(`${base}/metadata/csw?service=CSW&request=GetCapabilities`);
    expect(caps?.status).toBe(200);
    expect(caps?.text).toMatch(/<csw:Capabilities\b[^>]*version="2\.0\.2"/);
    expect(caps?.text).toContain('GetRecords');
  });

  it('the compiled CLI imports a record, the compiled worker renders it, and CSW GetRecords finds it', async () => {
    const rec = generateRecord(7);
    const file = path.join(work, 'rekaman.xml');
    writeFileSync(file, buildGmd(rec));
    const imp = await runToEnd([path.join(outDir, 'services/api/cli/main.js'), 'import', file, '--org', 'Organisasi Utama', '--publish'], env, work);
    expect({ code: imp.code, output: imp.output }).toMatchObject({ code: 0 });

    const metricsPort = await freePort();
    const worker = start([path.join(outDir, 'services/worker/main.js')], { ...env, WORKER_METRICS_PORT: String(metricsPort) }, work);
    children.push(worker);
    await waitUntil(async () => {
      if (worker.proc.exitCode !== null) throw new Error(`worker berhenti: ${worker.output().slice(-2000)}`);
      return (await get(`http://127.0.0.1:${metricsPort}/healthz`))?.status === 200;
    }, 'worker hasil build hidup', 600_000);

    // the render job runs on the worker's render threads: the compiled render-worker.js
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      await waitUntil(async () => {
        if (worker.proc.exitCode !== null) throw new Error(`worker berhenti: ${worker.output().slice(-2000)}`);
        const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM record_renders rr JOIN records r ON r.id = rr.record_id WHERE r.file_identifier = $1', [rec.id]);
        return r.rows[0]!.n === RENDER_FORMATS.length;
      }, 'semua bentuk render rekaman impor', 600_000);
      // and the compiled XSD check job, with the schemas copied into the build, reports on its document
      const xsd = await waitUntil(async () => {
        if (worker.proc.exitCode !== null) throw new Error(`worker berhenti: ${worker.output().slice(-2000)}`);
        const r = await db.query<{ xsd: { valid: boolean; xsd: string } | null }>(
          'SELECT d.xsd FROM record_documents d JOIN records r ON r.id = d.record_id WHERE r.file_identifier = $1 ORDER BY d.seq DESC LIMIT 1', [rec.id]);
        return r.rows[0]?.xsd;
      }, 'laporan XSD dokumen impor', 600_000);
      expect(xsd.xsd).toMatch(/\.xsd$/);
    } finally {
      await db.end();
    }

    const res = await get(`${base}/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&elementSetName=brief`);
    expect(res?.status).toBe(200);
    expect(res?.text).toMatch(/<csw:GetRecordsResponse\b/);
    expect(res?.text).toMatch(/numberOfRecordsMatched="1"/);
    expect(res?.text).toContain(`<dc:identifier>${rec.id}</dc:identifier>`);
  });
});
