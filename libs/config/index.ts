import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';

/**
 * The only reader of process.env. Parsed once at start; every problem is collected and
 * reported together, then the process exits non-zero (see `loadConfigOrExit`).
 */
/**
 * The catalogue's identity as a service (title, abstract, contact): what CSW GetCapabilities,
 * the OGC API – Records landing page and OAI-PMH Identify show. Its defaults come from the
 * CSW_* variables (CSW was the first to show it); an administrator may override them.
 */
export interface ServiceIdentity {
  title: string;
  providerName: string;
  abstract: string;
  individualName: string;
  positionName: string;
  voice: string;
  electronicMailAddress: string;
  hoursOfService: string;
  contactInstructions: string;
  role: string;
}

export interface Config {
  mode: 'embedded' | 'server';
  port: number;
  /** HOST: the address the API listens on; undefined = every interface (Node's default) */
  host: string | undefined;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** prefix of every Redis key and BullMQ queue of this deployment */
  redisPrefix: string;
  sessionSecret: string;
  sessionIdleHours: number;
  cookieSecure: boolean;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** attempts per (account, client address) and window: the hard limit (LOGIN_RATE_LIMIT_*) */
  loginRateLimit: { max: number; windowSeconds: number };
  /**
   * Attempts per account from addresses it has not logged in from before, across all of them
   * (LOGIN_ACCOUNT_RATE_LIMIT_*), and how long an address stays "known" after a successful
   * login (LOGIN_KNOWN_ADDRESS_DAYS); services/api/auth/login-throttle.ts.
   */
  loginAccountRateLimit: { max: number; windowSeconds: number; knownAddressDays: number };
  csw: {
    provider: 'builtin' | 'external';
    upstreamUrl: string | undefined;
    exceptionHttpStatus: 'csw202' | 'ows11';
    /** identity from CSW_* variables: defaults for the built-in provider, the identity of an external one */
    identity: ServiceIdentity;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  waGatewayUrl: string | undefined;
  waGatewayToken: string | undefined;
  objectStoreUrl: string | undefined;
  /**
   * MAP_TILE_URL: an XYZ tile template (`https://{s}.tiles.example.id/{z}/{x}/{y}.png`) that the
   * public pages' and the workbench's maps add over the built-in Natural Earth base map; unset =
   * no tile layer and no request leaves the deployment. Its host is allowed in the pages' CSP img-src.
   */
  mapTileUrl: string | undefined;
  metricsToken: string | undefined;
  /**
   * PostgreSQL statement_timeout (ms) of the two kinds of connection: `requestMs` for the API
   * process, whose queries answer HTTP requests (DB_STATEMENT_TIMEOUT_MS), `jobMs` for the
   * worker and the CLI (DB_JOB_STATEMENT_TIMEOUT_MS). 0 = no limit. PGlite accepts the setting
   * but does not enforce it (measured), so it applies to server mode only.
   */
  statementTimeout: { requestMs: number; jobMs: number };
  /**
   * How searches count their matches within the request's budget (libs/search/match-count.ts):
   * exactly up to SEARCH_COUNT_EXACT_ROWS matches, counted with the page; past that an estimate
   * while the exact count runs in the background (SEARCH_COUNT_BACKGROUND at once, each with
   * statement_timeout SEARCH_COUNT_TIMEOUT_MS), waited for SEARCH_COUNT_WAIT_MS when the planner
   * expects at most SEARCH_COUNT_WAIT_ROWS matches.
   */
  searchCount: { exactRows: number; waitMs: number; waitRows: number; timeoutMs: number; concurrency: number };
  /** deadline of each probe on the admin system-status page (STATUS_PROBE_TIMEOUT_MS, default 2 s) */
  statusProbeTimeoutMs: number;
  /** retries of `notify` jobs: attempts in all (NOTIFY_MAX_ATTEMPTS) and the first wait, doubled each time (NOTIFY_BACKOFF_MS) */
  notify: { maxAttempts: number; backoffMs: number };
  /** the worker process (services/worker) and the render reconciler */
  worker: {
    /** jobs run at once per queue (WORKER_CONCURRENCY) */
    concurrency: number;
    /** a job whose worker stops renewing its lock for this long counts as stalled and runs again (WORKER_LOCK_DURATION_MS) */
    lockDurationMs: number;
    /** how often stalled jobs are looked for (WORKER_STALLED_INTERVAL_MS) */
    stalledIntervalMs: number;
    /** time between reconciler runs that re-enqueue lagging renders (RECONCILE_INTERVAL_SECONDS) */
    reconcileIntervalSeconds: number;
    /** port of the worker's own /metrics and /healthz server (WORKER_METRICS_PORT; unset = none, 0 = any free port) */
    metricsPort: number | undefined;
  };
  /** the OAI-PMH provider at {baseUrl}/oai */
  oai: {
    /** records or headers per ListRecords / ListIdentifiers page (OAI_PAGE_SIZE) */
    pageSize: number;
    /** how long a resumption token stays valid (OAI_TOKEN_TTL_SECONDS) */
    tokenTtlSeconds: number;
    /** the oai-identifier namespace: item identifiers are oai:{repositoryIdentifier}:{fileIdentifier} (OAI_REPOSITORY_IDENTIFIER) */
    repositoryIdentifier: string;
  };
  /** harvesting (libs/harvest) */
  harvest: {
    /** key material for source credentials (HARVEST_SECRET_KEY); unset = derived from SESSION_SECRET */
    secretKey: string | undefined;
    /** one HTTP request to a source (HARVEST_REQUEST_TIMEOUT_SECONDS) */
    requestTimeoutMs: number;
    /** wall time of one run (HARVEST_MAX_RUN_MINUTES) */
    maxRunMs: number;
    /** records listed in one run (HARVEST_MAX_RUN_RECORDS): an endless source is stopped there */
    maxRunRecords: number;
    /** bytes read from the source in one run (HARVEST_MAX_RUN_MEGABYTES) */
    maxRunBytes: number;
  };
  /**
   * What the server may reach when it fetches on a user's behalf (libs/outbound): by default
   * global addresses only; OUTBOUND_ALLOW names the internal hosts, host:port pairs and CIDR
   * blocks a deployment harvests from.
   */
  outbound: { allow: OutboundAllowEntry[] };
}

/**
 * One OUTBOUND_ALLOW entry: a host name or IP literal (any port, or only `port`) as written in
 * the URL, or a CIDR block of resolved addresses.
 */
export type OutboundAllowEntry =
  | { kind: 'host'; host: string; port?: number }
  | { kind: 'cidr'; address: string; prefix: number };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/;

/** OUTBOUND_ALLOW's comma-separated entries, or the problem of the first that is not one. */
export function parseOutboundAllow(raw: string): { entries: OutboundAllowEntry[] } | { problem: string } {
  const entries: OutboundAllowEntry[] = [];
  for (const item of raw.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const bad = { problem: `entri ${JSON.stringify(item)} bukan host, host:port, [IPv6]:port atau CIDR` };
    const cidr = /^([^/]+)\/(\d{1,3})$/.exec(item);
    if (cidr) {
      const family = isIP(cidr[1]!);
      const prefix = Number(cidr[2]);
      if (family === 0 || prefix > (family === 4 ? 32 : 128)) return bad;
      entries.push({ kind: 'cidr', address: cidr[1]!, prefix });
      continue;
    }
    const m = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(item) ?? (isIP(item) === 6 ? [item, item, undefined] : /^([^:]+)(?::(\d{1,5}))?$/.exec(item));
    if (!m) return bad;
    const host = m[1]!;
    const port = m[2] === undefined ? undefined : Number(m[2]);
    if (port !== undefined && (port < 1 || port > 65535)) return bad;
    if (isIP(host) === 0 && !HOST_NAME.test(host)) return bad;
    entries.push({ kind: 'host', host: host.replace(/\.$/, ''), ...(port !== undefined ? { port } : {}) });
  }
  return { entries };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Konfigurasi tidak valid:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * What is wrong with an OBJECTSTORE_URL, or undefined when libs/objectstore can use it. The
 * same rules as its parseS3Location (config imports nothing of ours, so they are restated
 * here; a test holds the two to the same answers): http(s)://ACCESS:SECRET@host/bucket[/prefix]
 * or s3://[ACCESS:SECRET@]bucket[/prefix], S3 bucket naming, pathStyle=true|false.
 */
export function objectStoreUrlProblem(raw: string): string | undefined {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'bukan URL yang valid';
  }
  const isAws = u.protocol === 's3:';
  if (!isAws && u.protocol !== 'http:' && u.protocol !== 'https:') return 'harus memakai skema http:, https: atau s3:';
  let bucket: string | undefined;
  let user: string;
  let pass: string;
  try {
    const segs = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    bucket = isAws ? decodeURIComponent(u.hostname) : segs[0];
    user = decodeURIComponent(u.username);
    pass = decodeURIComponent(u.password);
  } catch {
    return 'memuat pengodean persen (%) yang rusak';
  }
  if (!bucket) return 'tidak menyebut nama bucket (http://host:port/<bucket>)';
  if (!S3_BUCKET_NAME.test(bucket)) return `nama bucket "${bucket}" tidak sesuai aturan S3`;
  if ((user === '') !== (pass === '')) return 'harus memuat access key dan secret key bersama-sama (ACCESS:SECRET@)';
  if (!isAws && user === '') return 'wajib memuat access key dan secret key untuk server S3 non-AWS';
  const pathStyle = u.searchParams.get('pathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') return 'pathStyle harus true atau false';
  return undefined;
}

/** oai-identifier repositoryIdentifier grammar (restated here: config imports nothing of ours) */
const OAI_REPOSITORY_IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;
/**
 * What is wrong with a MAP_TILE_URL template, or undefined: http(s), a plain host (or `{s}.`
 * subdomain placeholder), and the {z}, {x}, {y} placeholders Leaflet fills in.
 */
export function mapTileUrlProblem(raw: string): string | undefined {
  const m = /^(https?):\/\/((?:\{s\}\.)?[A-Za-z0-9.-]+(?::\d{1,5})?)\/\S*$/.exec(raw);
  if (!m) return 'harus URL http(s) dengan nama host biasa, mis. https://{s}.tile.contoh.id/{z}/{x}/{y}.png';
  if (!['{z}', '{x}', '{y}'].every((p) => raw.includes(p))) return 'harus memuat {z}, {x} dan {y}';
  if (/["'\s<>]/.test(raw)) return 'tidak boleh memuat spasi, tanda kutip, < atau >';
  return undefined;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `process`: the long-running process this configuration starts (its own extra rules, serverProcessProblems). */
export interface ParseOptions {
  process?: 'api' | 'worker';
}

export function parseConfig(env: Env = process.env, opts: ParseOptions = {}): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const v = str(name);
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}=${JSON.stringify(v)} harus bilangan bulat ${min}–${max}`);
      return def;
    }
    return n;
  };
  const bool = (name: string, def: boolean): boolean => {
    const v = str(name);
    if (v === undefined) return def;
    if (/^(true|1|yes)$/i.test(v)) return true;
    if (/^(false|0|no)$/i.test(v)) return false;
    problems.push(`${name}=${JSON.stringify(v)} harus true atau false`);
    return def;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const v = str(name);
    if (v === undefined) return undefined;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) problems.push(`${name} harus memakai skema ${protocols.join(' atau ')}`);
    } catch {
      problems.push(`${name} bukan URL yang valid`);
    }
    return v;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], def: T): T => {
    const v = str(name);
    if (v === undefined) return def;
    if (!(allowed as readonly string[]).includes(v)) {
      problems.push(`${name}=${JSON.stringify(v)} harus salah satu dari: ${allowed.join(', ')}`);
      return def;
    }
    return v as T;
  };

  const objectStoreUrl = (): string | undefined => {
    const v = str('OBJECTSTORE_URL');
    const problem = v === undefined ? undefined : objectStoreUrlProblem(v);
    if (problem) problems.push(`OBJECTSTORE_URL ${problem}`);
    return v;
  };

  // a domain name (the oai-identifier grammar); by default BASE_URL's host when it is one
  const oaiRepositoryIdentifier = (): string => {
    const v = str('OAI_REPOSITORY_IDENTIFIER');
    if (v !== undefined) {
      if (!OAI_REPOSITORY_IDENTIFIER.test(v)) problems.push(`OAI_REPOSITORY_IDENTIFIER=${JSON.stringify(v)} harus nama domain (mis. katalog.contoh.go.id)`);
      return v;
    }
    let host = '';
    try {
      host = new URL(baseUrl).hostname;
    } catch {
      /* an invalid BASE_URL is reported on its own */
    }
    return OAI_REPOSITORY_IDENTIFIER.test(host) ? host : 'geokatalog.local';
  };
  const mapTileUrl = (): string | undefined => {
    const v = str('MAP_TILE_URL');
    if (v === undefined) return undefined;
    const problem = mapTileUrlProblem(v);
    if (problem) problems.push(`MAP_TILE_URL ${problem}`);
    return v;
  };

  const port = int('PORT', 8080, 0, 65535);
  const host = str('HOST');
  // an IP literal or a host name: what Node's listen() resolves itself
  if (host !== undefined && isIP(host) === 0 && !/^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(host)) {
    problems.push(`HOST=${JSON.stringify(host)} harus alamat IP (mis. 127.0.0.1, ::1, 0.0.0.0) atau nama host`);
  }
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const mode: Config['mode'] = databaseUrl || redisUrl ? 'server' : 'embedded';
  if (mode === 'server' && !databaseUrl) problems.push('DATABASE_URL wajib diisi bila REDIS_URL diisi (mode server)');
  if (mode === 'server' && !redisUrl) problems.push('REDIS_URL wajib diisi bila DATABASE_URL diisi (mode server)');

  const dataDir = path.resolve(str('DATA_DIR') ?? './data');
  let baseUrl = url('BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  baseUrl = baseUrl.replace(/\/+$/, '');

  let sessionSecret = str('SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) problems.push('SESSION_SECRET minimal 32 karakter');
  if (sessionSecret === undefined && mode === 'server') problems.push('SESSION_SECRET wajib diisi pada mode server');

  const adminUsername = str('ADMIN_USERNAME') ?? 'admin';
  // the rule of every username (services/api/auth/user-input.ts): ASCII, so its key is plain lowercase
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(adminUsername)) problems.push('ADMIN_USERNAME harus 3–64 karakter huruf, angka, titik, garis bawah, atau tanda hubung');
  const harvestSecretKey = str('HARVEST_SECRET_KEY');
  if (harvestSecretKey !== undefined && harvestSecretKey.length < 32) problems.push('HARVEST_SECRET_KEY minimal 32 karakter');

  const adminPassword = str('ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8) problems.push('ADMIN_PASSWORD minimal 8 karakter');

  const outboundAllow = (): OutboundAllowEntry[] => {
    const v = str('OUTBOUND_ALLOW');
    if (v === undefined) return [];
    const parsed = parseOutboundAllow(v);
    if ('problem' in parsed) {
      problems.push(`OUTBOUND_ALLOW: ${parsed.problem}`);
      return [];
    }
    return parsed.entries;
  };

  const provider = oneOf('CSW_PROVIDER', ['builtin', 'external'] as const, 'builtin');
  const upstreamUrl = url('CSW_UPSTREAM_URL', ['http:', 'https:']);
  if (provider === 'external' && !upstreamUrl) problems.push('CSW_UPSTREAM_URL wajib diisi bila CSW_PROVIDER=external');

  const config: Config = {
    mode,
    port,
    host,
    baseUrl,
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix: str('REDIS_PREFIX') ?? 'gk',
    sessionSecret: sessionSecret ?? '',
    sessionIdleHours: int('SESSION_IDLE_HOURS', 8, 1, 24 * 30),
    cookieSecure: bool('COOKIE_SECURE', false),
    adminUsername,
    adminPassword,
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    loginRateLimit: { max: int('LOGIN_RATE_LIMIT_MAX', 5, 1, 1000), windowSeconds: int('LOGIN_RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86400) },
    loginAccountRateLimit: {
      max: int('LOGIN_ACCOUNT_RATE_LIMIT_MAX', 50, 1, 100_000),
      windowSeconds: int('LOGIN_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS', 3600, 1, 86400),
      knownAddressDays: int('LOGIN_KNOWN_ADDRESS_DAYS', 30, 1, 365),
    },
    csw: {
      provider,
      upstreamUrl,
      exceptionHttpStatus: oneOf('CSW_EXCEPTION_HTTP_STATUS', ['csw202', 'ows11'] as const, 'csw202'),
      identity: {
        title: str('CSW_TITLE') ?? 'geokatalog — Katalog Metadata Geospasial',
        providerName: str('CSW_PROVIDER_NAME') ?? 'geokatalog',
        abstract: str('CSW_ABSTRACT') ?? 'Layanan katalog OGC CSW 2.0.2 untuk metadata data geospasial yang telah dipublikasikan.',
        individualName: str('CSW_INDIVIDUAL_NAME') ?? '',
        positionName: str('CSW_POSITION_NAME') ?? '',
        voice: str('CSW_VOICE') ?? '',
        electronicMailAddress: str('CSW_EMAIL') ?? '',
        hoursOfService: str('CSW_HOURS_OF_SERVICE') ?? '',
        contactInstructions: str('CSW_CONTACT_INSTRUCTIONS') ?? '',
        role: str('CSW_ROLE') ?? 'pointOfContact',
      },
    },
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM') ?? 'geokatalog <no-reply@localhost>',
    waGatewayUrl: url('WA_GATEWAY_URL', ['http:', 'https:']),
    waGatewayToken: str('WA_GATEWAY_TOKEN'),
    objectStoreUrl: objectStoreUrl(),
    mapTileUrl: mapTileUrl(),
    metricsToken: str('METRICS_TOKEN'),
    statementTimeout: {
      requestMs: int('DB_STATEMENT_TIMEOUT_MS', 5_000, 0, 3_600_000),
      jobMs: int('DB_JOB_STATEMENT_TIMEOUT_MS', 300_000, 0, 86_400_000),
    },
    searchCount: {
      exactRows: int('SEARCH_COUNT_EXACT_ROWS', 1_000, 0, 100_000_000),
      waitMs: int('SEARCH_COUNT_WAIT_MS', 200, 0, 600_000),
      waitRows: int('SEARCH_COUNT_WAIT_ROWS', 50_000, 0, 1_000_000_000),
      timeoutMs: int('SEARCH_COUNT_TIMEOUT_MS', 120_000, 0, 3_600_000),
      concurrency: int('SEARCH_COUNT_BACKGROUND', 1, 0, 16),
    },
    statusProbeTimeoutMs: int('STATUS_PROBE_TIMEOUT_MS', 2_000, 100, 60_000),
    notify: {
      maxAttempts: int('NOTIFY_MAX_ATTEMPTS', 5, 1, 20),
      backoffMs: int('NOTIFY_BACKOFF_MS', 30_000, 10, 3_600_000),
    },
    worker: {
      concurrency: int('WORKER_CONCURRENCY', 2, 1, 64),
      lockDurationMs: int('WORKER_LOCK_DURATION_MS', 30_000, 1_000, 600_000),
      stalledIntervalMs: int('WORKER_STALLED_INTERVAL_MS', 30_000, 500, 600_000),
      reconcileIntervalSeconds: int('RECONCILE_INTERVAL_SECONDS', 300, 5, 86_400),
      metricsPort: str('WORKER_METRICS_PORT') === undefined ? undefined : int('WORKER_METRICS_PORT', 0, 0, 65535),
    },
    oai: {
      pageSize: int('OAI_PAGE_SIZE', 100, 1, 1000),
      tokenTtlSeconds: int('OAI_TOKEN_TTL_SECONDS', 86_400, 60, 30 * 86_400),
      repositoryIdentifier: oaiRepositoryIdentifier(),
    },
    harvest: {
      secretKey: harvestSecretKey,
      requestTimeoutMs: int('HARVEST_REQUEST_TIMEOUT_SECONDS', 120, 1, 3600) * 1000,
      maxRunMs: int('HARVEST_MAX_RUN_MINUTES', 360, 1, 7 * 24 * 60) * 60_000,
      maxRunRecords: int('HARVEST_MAX_RUN_RECORDS', 200_000, 1, 100_000_000),
      maxRunBytes: int('HARVEST_MAX_RUN_MEGABYTES', 2048, 1, 1024 * 1024) * 1024 * 1024,
    },
    outbound: { allow: outboundAllow() },
  };
  if (opts.process) problems.push(...serverProcessProblems(config, opts.process));
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * What the API server needs beyond parseConfig: in server mode /metrics is reachable by anyone
 * who can reach the API (behind a proxy: the internet), and it tells queue depths, request
 * rates and job failures of every organisation, so the API refuses to start without
 * METRICS_TOKEN there. Embedded mode (one machine, usually localhost) keeps it optional.
 * The worker's metrics port is asked for explicitly (WORKER_METRICS_PORT) and follows the
 * same rule when set.
 */
export function serverProcessProblems(config: Readonly<Config>, processKind: 'api' | 'worker'): string[] {
  if (config.mode !== 'server' || config.metricsToken) return [];
  if (processKind === 'worker' && config.worker.metricsPort === undefined) return [];
  return [`METRICS_TOKEN wajib diisi pada mode server: /metrics ${processKind === 'api' ? 'API' : 'worker'} tidak dibuka tanpa token (kirim "Authorization: Bearer <METRICS_TOKEN>")`];
}

/**
 * Embedded mode keeps a generated session secret in DATA_DIR so sessions survive restarts
 * without the user having to configure anything.
 */
export function ensureEmbeddedSecret(config: Config): Config {
  if (config.sessionSecret) return config;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return { ...config, sessionSecret: readFileSync(file, 'utf8').trim() };
}

export function loadConfigOrExit(env: Env = process.env, opts: ParseOptions = {}): Readonly<Config> {
  try {
    return Object.freeze(ensureEmbeddedSecret(parseConfig(env, opts)));
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}
