/**
 * Import benchmark (`npm run bench:import -- --n 10000 [--threads 2] [--draft]`): writes N varied
 * ISO 19139 files (generated records through our gmd builder) into a temporary directory, then
 * times the real CLI (`tsx services/api/cli/main.ts import <dir> --org … --publish`, server-mode
 * configuration) against a fresh migrated PostgreSQL database, and checks that N records landed.
 * Issue 3's target: 10,000 records in under a minute in server mode.
 *
 * The wall time includes the CLI's own start (tsx, configuration, thread start-up); the CLI's
 * summary line is printed as well. The machines are shared: the load average is printed first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createOrganisation } from '../libs/db/organisation.repository';
import { createUser } from '../libs/db/user.repository';
import { buildGmd } from '../libs/render/gmd-builder';
import { TEST_REDIS_URL } from '../test/helpers/env';
import { generateRecord } from '../test/helpers/sample-records';
import { createTestDatabase } from '../test/helpers/test-db';

const ROOT = path.resolve(__dirname, '..');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const N = Number(arg('n') ?? 10_000);
const THREADS = arg('threads');
const PUBLISH = !process.argv.includes('--draft');
if (!Number.isInteger(N) || N < 1) throw new Error('--n harus bilangan bulat positif');

/** GNU time, when present, reports the CPU seconds of the CLI (all its threads; not PostgreSQL's). */
const TIME = '/usr/bin/time';

function runCli(argv: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string; cpuSeconds?: number }> {
  const tsxArgs = [path.join(ROOT, 'node_modules/.bin/tsx'), 'services/api/cli/main.ts', ...argv];
  const [cmd, ...args] = existsSync(TIME) ? [TIME, '-f', 'GK_CPU %U %S', ...tsxArgs] : tsxArgs;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd!, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += String(d); });
    child.stderr.on('data', (d) => { err += String(d); });
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /^GK_CPU ([\d.]+) ([\d.]+)$/m.exec(err);
      err = err.replace(/^GK_CPU .*\n?/m, '');
      resolve({ code, out, err, ...(m ? { cpuSeconds: Number(m[1]) + Number(m[2]) } : {}) });
    });
  });
}

async function main(): Promise<void> {
  console.log(`beban mesin (1/5/15 menit): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-bench-import-'));
  const t = await createTestDatabase();
  try {
    const g0 = performance.now();
    let bytes = 0;
    for (let i = 0; i < N; i++) {
      const xml = buildGmd(generateRecord(i));
      bytes += xml.length;
      // 100 files per folder, as a harvest dump might be laid out (the CLI reads folders recursively)
      const sub = path.join(dir, String(Math.floor(i / 100)).padStart(3, '0'));
      if (i % 100 === 0) mkdirSync(sub, { recursive: true });
      writeFileSync(path.join(sub, `rekaman-${i}.xml`), xml);
    }
    console.log(`${N} berkas gmd dibuat dalam ${((performance.now() - g0) / 1000).toFixed(1)} s (rata-rata ${Math.round(bytes / N / 1024)} KB)`);

    const org = await createOrganisation(t.db, { name: 'Organisasi Benchmark' });
    await createUser(t.db, { username: 'bench-admin', passwordHash: 'x', role: 'ADMIN', organisationId: org.id });
    const env = {
      DATABASE_URL: t.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `gk-bench-import-${process.pid}`,
      SESSION_SECRET: 'bench-import-session-secret-0123456789abcdef', LOG_LEVEL: 'silent',
    };
    const argv = ['import', dir, '--org', org.name, ...(PUBLISH ? ['--publish'] : []), ...(THREADS ? ['--threads', THREADS] : [])];
    const c0 = performance.now();
    const r = await runCli(argv, env);
    const wall = (performance.now() - c0) / 1000;
    process.stdout.write(r.out.split('\n').map((l) => `  | ${l}`).join('\n') + '\n');
    if (r.err.trim()) process.stdout.write(r.err.split('\n').map((l) => `  ! ${l}`).join('\n') + '\n');

    const counted = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM records WHERE status = $1', [PUBLISH ? 'PUBLISHED' : 'DRAFT']);
    const n = counted.rows[0]?.n ?? 0;
    console.log(`CLI: kode keluar ${r.code}, ${n}/${N} rekaman ${PUBLISH ? 'PUBLISHED' : 'DRAFT'} dalam ${wall.toFixed(1)} s waktu dinding ` +
      `(${(n / wall).toFixed(0)} rekaman/s termasuk start CLI); target < 60 s untuk 10.000: ${wall < 60 * (N / 10_000) ? 'TERCAPAI' : 'TIDAK tercapai'}`);
    if (r.cpuSeconds !== undefined) {
      console.log(`CPU proses CLI: ${r.cpuSeconds.toFixed(1)} s (${(n / r.cpuSeconds).toFixed(0)} rekaman per detik CPU, tanpa CPU PostgreSQL); ` +
        `beban mesin sesudahnya: ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
    }
    await printStorage(t.db, n);
    if (r.code !== 0 || n !== N) process.exitCode = 1;
  } finally {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Storage per record after the import (issue 19: "report storage per record"): each table the import
 * writes, heap + TOAST + indexes (pg_total_relation_size), after VACUUM so that dead rows of the
 * import's own updates do not count. The renders are written later by the worker (not here).
 */
async function printStorage(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], n: number): Promise<void> {
  if (n === 0) return;
  await db.query('VACUUM (ANALYZE) records, record_documents');
  const r = await db.query<{ t: string; bytes: string }>(
    `SELECT t, pg_total_relation_size(t::regclass)::text AS bytes FROM unnest(ARRAY['records', 'record_documents', 'record_history', 'oai_items']) AS t`,
  );
  const parts = r.rows.map((x) => `${x.t} ${(Number(x.bytes) / n / 1024).toFixed(1)} KiB`);
  const total = r.rows.reduce((sum, x) => sum + Number(x.bytes), 0);
  console.log(`penyimpanan per rekaman: ${parts.join(', ')}; jumlah ${(total / n / 1024).toFixed(1)} KiB`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
