import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, ensureEmbeddedSecret, loadConfigOrExit, parseConfig } from '../../libs/config';

const SECRET = 'x'.repeat(32);
const SERVER = { DATABASE_URL: 'postgres://u@db:5432/gk', REDIS_URL: 'redis://cache:6379', SESSION_SECRET: SECRET };

/** The problems parseConfig reports for `env` (fails the test when it does not throw). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('parseConfig accepted an invalid environment');
}

describe('parseConfig: defaults (no configuration = embedded mode)', () => {
  const c = parseConfig({});
  it('runs embedded on port 8080 with data under ./data', () => {
    expect(c.mode).toBe('embedded');
    expect(c.port).toBe(8080);
    expect(c.baseUrl).toBe('http://localhost:8080');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.redisPrefix).toBe('gk');
  });
  it('has the documented session, admin and log defaults', () => {
    expect(c.sessionSecret).toBe(''); // filled from DATA_DIR by ensureEmbeddedSecret
    expect(c.sessionIdleHours).toBe(8);
    expect(c.cookieSecure).toBe(false);
    expect(c.adminUsername).toBe('admin');
    expect(c.adminPassword).toBeUndefined();
    expect(c.logLevel).toBe('info');
    expect(c.loginRateLimit).toEqual({ max: 5, windowSeconds: 900 });
  });
  it('has the CSW and notification defaults', () => {
    expect(c.csw.provider).toBe('builtin');
    expect(c.csw.upstreamUrl).toBeUndefined();
    expect(c.csw.exceptionHttpStatus).toBe('csw202');
    expect(c.csw.identity.title).toMatch(/geokatalog/);
    expect(c.csw.identity.role).toBe('pointOfContact');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailFrom).toMatch(/geokatalog/);
    expect(c.waGatewayUrl).toBeUndefined();
    expect(c.waGatewayToken).toBeUndefined();
    expect(c.objectStoreUrl).toBeUndefined();
    expect(c.metricsToken).toBeUndefined();
    expect(c.statusProbeTimeoutMs).toBe(2_000);
  });
  it('knows no benchmark switch: a benchmark puts its parts in through the runtime, not the configuration (issue 23)', () => {
    // the former CSW_CACHE_BENCH_MISS changes nothing of the configuration any more
    expect(parseConfig({ CSW_CACHE_BENCH_MISS: '1' })).toEqual(c);
  });
  it('treats empty and blank values as unset', () => {
    const blank = parseConfig({ PORT: '', DATABASE_URL: '   ', LOG_LEVEL: '' });
    expect(blank.port).toBe(8080);
    expect(blank.mode).toBe('embedded');
    expect(blank.logLevel).toBe('info');
  });
});

describe('parseConfig: every variable is read', () => {
  it('reads the server-mode variables', () => {
    const c = parseConfig({
      ...SERVER,
      PORT: '9090',
      BASE_URL: 'https://katalog.example.go.id/geo/',
      DATA_DIR: '/tmp/gk-data',
      REDIS_PREFIX: 'prod',
      SESSION_IDLE_HOURS: '12',
      COOKIE_SECURE: 'true',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'sangat-rahasia',
      LOG_LEVEL: 'debug',
      LOGIN_RATE_LIMIT_MAX: '10',
      LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    expect(c).toMatchObject({
      mode: 'server',
      port: 9090,
      baseUrl: 'https://katalog.example.go.id/geo', // trailing slash removed
      dataDir: '/tmp/gk-data',
      databaseUrl: SERVER.DATABASE_URL,
      redisUrl: SERVER.REDIS_URL,
      redisPrefix: 'prod',
      sessionSecret: SECRET,
      sessionIdleHours: 12,
      cookieSecure: true,
      adminUsername: 'root',
      adminPassword: 'sangat-rahasia',
      logLevel: 'debug',
      loginRateLimit: { max: 10, windowSeconds: 60 },
    });
  });

  it('reads the CSW, mail, WhatsApp, object store and metrics variables', () => {
    const c = parseConfig({
      CSW_PROVIDER: 'external',
      CSW_UPSTREAM_URL: 'http://pycsw:8000/csw',
      CSW_EXCEPTION_HTTP_STATUS: 'ows11',
      CSW_TITLE: 'Katalog Uji',
      CSW_PROVIDER_NAME: 'Badan Uji',
      CSW_ABSTRACT: 'Abstrak',
      CSW_INDIVIDUAL_NAME: 'Budi',
      CSW_POSITION_NAME: 'Pengelola',
      CSW_VOICE: '+62 21 123',
      CSW_EMAIL: 'katalog@example.go.id',
      CSW_HOURS_OF_SERVICE: '08.00–16.00 WIB',
      CSW_CONTACT_INSTRUCTIONS: 'Surel saja',
      CSW_ROLE: 'custodian',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Katalog <katalog@example.go.id>',
      WA_GATEWAY_URL: 'https://wa.example/api',
      WA_GATEWAY_TOKEN: 'tok',
      OBJECTSTORE_URL: 's3://bucket',
      METRICS_TOKEN: 'metrik',
    });
    expect(c.csw).toEqual({
      provider: 'external',
      upstreamUrl: 'http://pycsw:8000/csw',
      exceptionHttpStatus: 'ows11',
      identity: {
        title: 'Katalog Uji',
        providerName: 'Badan Uji',
        abstract: 'Abstrak',
        individualName: 'Budi',
        positionName: 'Pengelola',
        voice: '+62 21 123',
        electronicMailAddress: 'katalog@example.go.id',
        hoursOfService: '08.00–16.00 WIB',
        contactInstructions: 'Surel saja',
        role: 'custodian',
      },
    });
    expect(c).toMatchObject({
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Katalog <katalog@example.go.id>',
      waGatewayUrl: 'https://wa.example/api',
      waGatewayToken: 'tok',
      objectStoreUrl: 's3://bucket',
      metricsToken: 'metrik',
    });
  });

  it('reads STATUS_PROBE_TIMEOUT_MS', () => {
    expect(parseConfig({ STATUS_PROBE_TIMEOUT_MS: '30000' }).statusProbeTimeoutMs).toBe(30_000);
  });

  it('derives BASE_URL from PORT when unset', () => {
    expect(parseConfig({ PORT: '3000' }).baseUrl).toBe('http://localhost:3000');
  });

  it.each([['true', true], ['1', true], ['yes', true], ['TRUE', true], ['false', false], ['0', false], ['no', false]])(
    'reads COOKIE_SECURE=%s as %s', (v, expected) => {
      expect(parseConfig({ COOKIE_SECURE: v }).cookieSecure).toBe(expected);
    },
  );

  it('accepts postgresql: and rediss: schemes', () => {
    const c = parseConfig({ DATABASE_URL: 'postgresql://db/gk', REDIS_URL: 'rediss://cache:6380', SESSION_SECRET: SECRET });
    expect(c.mode).toBe('server');
  });
});

describe('parseConfig: problems', () => {
  it('reports every problem at once', () => {
    const problems = problemsOf({
      PORT: 'delapan',
      DATABASE_URL: 'mysql://db/gk',
      REDIS_URL: 'bukan url',
      BASE_URL: 'ftp://x',
      SESSION_SECRET: 'pendek',
      SESSION_IDLE_HOURS: '0',
      COOKIE_SECURE: 'mungkin',
      ADMIN_PASSWORD: 'pendek',
      LOG_LEVEL: 'loud',
      LOGIN_RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_WINDOW_SECONDS: '1.5',
      CSW_PROVIDER: 'lain',
      CSW_EXCEPTION_HTTP_STATUS: '500',
      SMTP_URL: 'http://mail',
      WA_GATEWAY_URL: 'wa',
      OBJECTSTORE_URL: 'ftp://bucket',
    });
    const expectMention = (name: string) => expect(problems.some((p) => p.includes(name))).toBe(true);
    for (const name of [
      'PORT', 'DATABASE_URL', 'REDIS_URL', 'BASE_URL', 'SESSION_SECRET', 'SESSION_IDLE_HOURS', 'COOKIE_SECURE',
      'ADMIN_PASSWORD', 'LOG_LEVEL', 'LOGIN_RATE_LIMIT_MAX', 'LOGIN_RATE_LIMIT_WINDOW_SECONDS', 'CSW_PROVIDER',
      'CSW_EXCEPTION_HTTP_STATUS', 'SMTP_URL', 'WA_GATEWAY_URL', 'OBJECTSTORE_URL',
    ]) expectMention(name);
    expect(problems.length).toBeGreaterThanOrEqual(16);
  });

  it('the error message lists every problem, one per line', () => {
    try {
      parseConfig({ PORT: '-1', LOG_LEVEL: 'loud' });
      throw new Error('no error');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toMatch(/^Konfigurasi tidak valid:/);
      expect(msg).toMatch(/\n {2}- PORT/);
      expect(msg).toMatch(/\n {2}- LOG_LEVEL/);
    }
  });

  it('server mode needs both URLs and a session secret', () => {
    expect(problemsOf({ DATABASE_URL: SERVER.DATABASE_URL, SESSION_SECRET: SECRET }).join('\n')).toMatch(/REDIS_URL wajib/);
    expect(problemsOf({ REDIS_URL: SERVER.REDIS_URL, SESSION_SECRET: SECRET }).join('\n')).toMatch(/DATABASE_URL wajib/);
    expect(problemsOf({ DATABASE_URL: SERVER.DATABASE_URL, REDIS_URL: SERVER.REDIS_URL }).join('\n')).toMatch(/SESSION_SECRET wajib/);
  });

  it('an external CSW provider needs its upstream URL', () => {
    expect(problemsOf({ CSW_PROVIDER: 'external' }).join('\n')).toMatch(/CSW_UPSTREAM_URL/);
  });

  it.each([['PORT', '65536'], ['PORT', '80.5'], ['SESSION_IDLE_HOURS', '721'], ['LOGIN_RATE_LIMIT_MAX', '1001'], ['LOGIN_RATE_LIMIT_WINDOW_SECONDS', '86401'], ['STATUS_PROBE_TIMEOUT_MS', '60001']])(
    'rejects %s=%s (out of range)', (name, value) => {
      expect(problemsOf({ [name]: value }).some((p) => p.startsWith(name))).toBe(true);
    },
  );
});

describe('ensureEmbeddedSecret / loadConfigOrExit', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'gk-config-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a secret once, keeps it in DATA_DIR (mode 600) and reuses it', () => {
    const first = ensureEmbeddedSecret(parseConfig({ DATA_DIR: dir }));
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureEmbeddedSecret(parseConfig({ DATA_DIR: dir })).sessionSecret).toBe(first.sessionSecret);
  });

  it('leaves a configured secret alone', () => {
    expect(ensureEmbeddedSecret(parseConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET })).sessionSecret).toBe(SECRET);
  });

  it('returns a frozen config', () => {
    const c = loadConfigOrExit({ DATA_DIR: dir });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('prints every problem and exits with code 2 on an invalid environment', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => { throw new Error(`exit ${code}`); }) as never);
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => loadConfigOrExit({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow('exit 2');
      const printed = write.mock.calls.map((c) => String(c[0])).join('');
      expect(printed).toMatch(/PORT/);
      expect(printed).toMatch(/LOG_LEVEL/);
    } finally {
      exit.mockRestore();
      write.mockRestore();
    }
  });
});
