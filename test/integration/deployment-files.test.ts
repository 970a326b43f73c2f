import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_NODE_FLAGS } from '../../services/api/node-flags';

/** the API's command in the image and in compose: the compiled output, with the flags the benchmarks and the soak measured it with */
const API_COMMAND = ['node', ...API_NODE_FLAGS, 'dist/services/api/main.js'];
const WORKER_COMMAND = ['node', 'dist/services/worker/main.js'];

/**
 * docker-compose.yml as Compose itself reads it (`docker compose config`, or Debian 12's
 * `docker-compose config` v1 — scripts/ensure-services.sh installs it), plus the Dockerfile,
 * the proxy configuration and .dockerignore. No Docker engine is needed: `config` only parses,
 * validates and interpolates.
 */

const ROOT = path.resolve(__dirname, '../..');
const SECRET = 'rahasia-sesi-uji-0123456789abcdef0123456789';
const METRICS = 'token-metrik-uji-0123456789';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

const run = (cmd: string, args: string[], env: Record<string, string>, input?: string): Run => {
  const r = spawnSync(cmd, args, {
    cwd: ROOT,
    // only what Compose needs: a developer's COMPOSE_* or other variables must not leak in
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    input,
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
};

type ComposeTool = { cmd: string; args: string[]; json: boolean; name: string };

/** Compose v2 (`docker compose`, JSON output) when present, else v1 (`docker-compose`, YAML). */
function findCompose(): ComposeTool {
  if (run('docker', ['compose', 'version'], {}).status === 0) return { cmd: 'docker', args: ['compose'], json: true, name: 'docker compose' };
  if (run('docker-compose', ['version'], {}).status === 0) return { cmd: 'docker-compose', args: [], json: false, name: 'docker-compose' };
  throw new Error('Compose tidak terpasang: jalankan scripts/ensure-services.sh (memasang paket Debian docker-compose)');
}

interface Service {
  image?: string;
  build?: { context: string } | string;
  command?: string[];
  environment?: Record<string, string | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  depends_on?: Record<string, { condition?: string }> | string[];
  ports?: unknown[];
}
interface ComposeModel {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

function composeConfig(tool: ComposeTool, env: Record<string, string>): { res: Run; model?: ComposeModel } {
  const res = run(tool.cmd, [...tool.args, 'config', ...(tool.json ? ['--format', 'json'] : [])], env);
  if (res.status !== 0) return { res };
  if (tool.json) return { res, model: JSON.parse(res.stdout) as ComposeModel };
  // v1 prints YAML only; its own Python (which needs PyYAML to run at all) turns it into JSON
  const conv = run('python3', ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], {}, res.stdout);
  if (conv.status !== 0) throw new Error(`YAML Compose tidak terbaca: ${conv.stderr}`);
  return { res, model: JSON.parse(conv.stdout) as ComposeModel };
}

/** `name:/path[:mode]` (v1) or `{source, target}` (v2) → `name:/path`. */
const mounts = (s: Service): string[] =>
  (s.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':').slice(0, 2).join(':') : `${v.source}:${v.target}`));

const healthTest = (s: Service): string => {
  const t = s.healthcheck?.test;
  return Array.isArray(t) ? t.join(' ') : (t ?? '');
};

describe('deployment files', () => {
  const tool = findCompose();
  let model: ComposeModel;

  beforeAll(() => {
    const { res, model: m } = composeConfig(tool, { SESSION_SECRET: SECRET, METRICS_TOKEN: METRICS });
    if (!m) throw new Error(`${tool.name} config gagal (${res.status}): ${res.stderr}`);
    model = m;
  });

  it('validates with Compose config and runs postgres, redis, two API replicas, a worker and the proxy', () => {
    expect(Object.keys(model.services).sort()).toEqual(['api-1', 'api-2', 'postgres', 'proxy', 'redis', 'worker']);
    expect(model.services.postgres?.image).toMatch(/^postgis\/postgis:/);
    expect(model.services.redis?.image).toMatch(/^redis:/);
  });

  it('builds one image and runs it with a different command per process', () => {
    const app = ['api-1', 'api-2', 'worker'].map((n) => model.services[n]!);
    for (const s of app) {
      expect(s.image).toBe('geokatalog:latest');
      const ctx = typeof s.build === 'string' ? s.build : s.build?.context;
      expect(path.resolve(ROOT, ctx ?? '')).toBe(ROOT);
      expect(s.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(s.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(s.environment?.SESSION_SECRET).toBe(SECRET);
    }
    expect(model.services['api-1']?.command).toEqual(API_COMMAND);
    expect(model.services['api-2']?.command).toEqual(model.services['api-1']?.command);
    expect(model.services.worker?.command).toEqual(WORKER_COMMAND);
  });

  it('has a health check on every long-running service, and the proxy waits for both replicas', () => {
    for (const name of ['postgres', 'redis', 'api-1', 'api-2', 'worker']) {
      const s = model.services[name]!;
      expect(s.healthcheck?.disable ?? false).toBe(false);
      expect(healthTest(s)).not.toBe('');
    }
    expect(healthTest(model.services.postgres!)).toContain('pg_isready');
    expect(healthTest(model.services.redis!)).toContain('redis-cli ping');
    expect(healthTest(model.services['api-1']!)).toContain('http://127.0.0.1:8080/readyz');
    // the worker's health comes from its own small HTTP server
    expect(model.services.worker?.environment?.WORKER_METRICS_PORT).toBe('9464');
    expect(healthTest(model.services.worker!)).toContain('http://127.0.0.1:9464/healthz');

    for (const name of ['api-1', 'api-2', 'worker']) {
      const deps = model.services[name]!.depends_on as Record<string, { condition?: string }>;
      expect(deps.postgres?.condition).toBe('service_healthy');
      expect(deps.redis?.condition).toBe('service_healthy');
    }
    const proxyDeps = model.services.proxy!.depends_on as Record<string, { condition?: string }>;
    expect(proxyDeps['api-1']?.condition).toBe('service_healthy');
    expect(proxyDeps['api-2']?.condition).toBe('service_healthy');
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/server api-1:8080/);
    expect(nginx).toMatch(/server api-2:8080/);
  });

  it('runs Redis with maxmemory-policy noeviction', () => {
    const cmd = model.services.redis?.command ?? [];
    expect(cmd[cmd.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
  });

  it('keeps data in named volumes', () => {
    expect(Object.keys(model.volumes ?? {}).sort()).toEqual(['appdata', 'pgdata', 'redisdata']);
    expect(mounts(model.services.postgres!)).toContain('pgdata:/var/lib/postgresql/data');
    expect(mounts(model.services.redis!)).toContain('redisdata:/data');
    for (const name of ['api-1', 'api-2', 'worker']) {
      expect(mounts(model.services[name]!)).toContain('appdata:/app/data');
      expect(model.services[name]!.environment?.DATA_DIR).toBe('/app/data');
    }
  });

  it('refuses to start without SESSION_SECRET', () => {
    const { res, model: m } = composeConfig(tool, { METRICS_TOKEN: METRICS });
    expect(m).toBeUndefined();
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('SESSION_SECRET');
  });

  it('refuses to start without METRICS_TOKEN, and hands it to the API and the worker', () => {
    const { res, model: m } = composeConfig(tool, { SESSION_SECRET: SECRET });
    expect(m).toBeUndefined();
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('METRICS_TOKEN');
    for (const name of ['api-1', 'api-2', 'worker']) expect(model.services[name]!.environment?.METRICS_TOKEN).toBe(METRICS);
  });

  it('builds in a build stage (all dependencies, npm run build, stylesheets compiled) and runs node on dist/ in a slim runtime stage', () => {
    const docker = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const lines = docker.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
    // RUN/COPY lines of each stage (a RUN continued with `\` is one instruction)
    const stages = lines.join('\n').replace(/\\\n\s*/g, '').split(/^(?=FROM )/m).map((s) => s.trim().split('\n'));
    expect(stages.map((s) => s[0])).toEqual(['FROM node:20-bookworm-slim AS build', 'FROM node:20-bookworm-slim AS runtime']);
    const [build, runtime] = stages as [string[], string[]];

    // build: every dependency (tsc is a devDependency), the sources, the build, the stylesheets
    expect(build).toContain('RUN npm install --no-audit --no-fund');
    for (const dir of ['libs', 'services', 'scripts', 'xslt', 'web']) expect(build).toContain(`COPY ${dir} ./${dir}`);
    // the workbench SPA is built before `npm run build`, which carries web/dist into dist/
    expect(build.indexOf('RUN npm run web:build')).toBeGreaterThan(-1);
    expect(build.indexOf('RUN npm run web:build')).toBeLessThan(build.findIndex((l) => l.startsWith('RUN npm run build')));
    const buildRun = build.find((l) => l.startsWith('RUN npm run build')) ?? '';
    expect(buildRun).toMatch(/require\('\.\/dist\/libs\/render'\)\.createRenderer\(\)/);

    // runtime: production dependencies and the compiled output only, never the sources
    expect(runtime).toContain('RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force');
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    expect(runtime.filter((l) => /^COPY (libs|services|scripts|xslt)\b/.test(l))).toEqual([]);
    // glibc's malloc arenas capped (docs/architecture.md, Embedded mode under bulk work: ~200 MB of RSS at the peak of a backlog)
    expect(runtime).toContain('ENV NODE_ENV=production NPM_CONFIG_UPDATE_NOTIFIER=false MALLOC_ARENA_MAX=2');
    expect(runtime).toContain('USER node');
    expect(runtime.at(-1)).toBe(`CMD ${JSON.stringify(API_COMMAND).replace(/,/g, ', ')}`);
    expect(docker).not.toMatch(/tsx/);
    // the build script puts the files the compiled code reads at run time into dist/
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toMatch(/tsc -p tsconfig\.build\.json && tsx scripts\/copy-build-assets\.ts dist$/);
    const ignore = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', '.git', 'data', '.env', 'xslt/compiled', 'dist']) expect(ignore).toContain(entry);
  });
});
