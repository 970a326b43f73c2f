import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig, type Config } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createApp } from '../../services/api/app';
import { startApiRuntime, type ApiRuntime } from '../../services/api/runtime';
import { TEST_SESSION_SECRET } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';
import { TEST_REDIS_URL } from '../helpers/env';

/**
 * Shared by the reliability tests: the real app listening on a loopback port (so requests are
 * real HTTP with a client-side time limit, which is how a hang shows up), and small checks of
 * the answers a client must get while a server is away.
 */

export const ADMIN_PASSWORD = 'admin-password-123';

/** Server-mode configuration on the given database and Redis, with a private data directory. */
export function serverConfig(databaseUrl: string, redisUrl: string, redisPrefix: string, extra: Record<string, string> = {}): { config: Readonly<Config>; dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-rel-'));
  const config = Object.freeze(parseConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ADMIN_PASSWORD,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...extra,
  }));
  return { config, dataDir };
}

export interface ServedApp {
  base: string;
  runtime: ApiRuntime;
  close(): Promise<void>;
}

/** startApiRuntime → createApp → listen on 127.0.0.1:0, exactly as main.ts wires it. */
export async function serveApp(config: Readonly<Config>, dataDir?: string): Promise<ServedApp> {
  const runtime = await startApiRuntime(config, createLogger('silent'));
  const app = createApp(runtime.deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    runtime,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await runtime.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpResult {
  status: number;
  contentType: string;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: string;
  contentType?: string;
  cookie?: string;
  /** the client gives up after this long: the request counts as a hang (default HANG_MS) */
  timeoutMs?: number;
}

/**
 * How long a client waits before it calls a request a hang. Not a performance figure: requests
 * take milliseconds, but a loaded CI machine can stall one for seconds (the first of a run, a
 * GC pause, the other jest worker), so the bound is far from normal.
 */
export const HANG_MS = 30_000;

export class HangError extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: tidak dijawab dalam ${ms} ms (hang)`);
    this.name = 'HangError';
  }
}

/** One real HTTP request; rejects with HangError when no answer comes within the time limit. */
export async function call(base: string, urlPath: string, o: CallOptions = {}): Promise<HttpResult> {
  const timeoutMs = o.timeoutMs ?? HANG_MS;
  const headers: Record<string, string> = {};
  if (o.contentType) headers['content-type'] = o.contentType;
  if (o.cookie) headers.cookie = o.cookie;
  try {
    const res = await fetch(base + urlPath, {
      method: o.method ?? 'GET',
      headers,
      ...(o.body !== undefined ? { body: o.body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, headers: res.headers };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new HangError(`${o.method ?? 'GET'} ${urlPath}`, timeoutMs);
    throw err;
  }
}

/** POST /api/auth/login; the session cookie (`name=value`) on success. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, '/api/auth/login', { method: 'POST', contentType: 'application/json', body: JSON.stringify({ username, password }) });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.text}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('geokatalog.sid='));
  if (!cookie) throw new Error(`login ${username}: tanpa cookie sesi`);
  return cookie.split(';')[0]!;
}

export const json = (body: unknown): Pick<CallOptions, 'body' | 'contentType'> => ({ body: JSON.stringify(body), contentType: 'application/json' });

/** Something a stack trace or an internal error message would leave in a response. */
export const LEAK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|ECONNREFUSED|ioredis|terminating connection|Error: /;

/** Describes a response for an assertion message. */
export const show = (what: string, r: HttpResult): string => `${what} → ${r.status} ${r.contentType} ${r.text.slice(0, 300)}`;

/** A REST problem document with this status, no stack, no internal message. */
export function problemOf(r: HttpResult): { type?: string; status?: number; title?: string; detail?: string } | undefined {
  if (!r.contentType.startsWith('application/problem+json')) return undefined;
  try {
    return JSON.parse(r.text) as { type?: string; status?: number; title?: string; detail?: string };
  } catch {
    return undefined;
  }
}

/** The exception code of an ows:ExceptionReport body, or undefined when the body is not one. */
export function owsExceptionCode(body: string): string | undefined {
  if (!/<(?:\w+:)?ExceptionReport[\s>]/.test(body)) return undefined;
  return /exceptionCode="([^"]+)"/.exec(body)?.[1] ?? '';
}

/** The root element's local name of an XML body. */
export const xmlRoot = (body: string): string | undefined => /<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(body.replace(/^<\?xml[^?]*\?>\s*/, ''))?.[1];

export const cswQuery = (params: Record<string, string>): string =>
  `/metadata/csw?${new URLSearchParams({ service: 'CSW', version: '2.0.2', ...params }).toString()}`;

export interface ServedTestApp extends ServedApp {
  databaseUrl: string;
}

/**
 * The served app on the machine's shared servers, privately: a fresh database cloned from the
 * migrated template and a Redis key prefix of its own, both removed by `close()`.
 */
export async function serveTestApp(extra: Record<string, string> = {}): Promise<ServedTestApp> {
  const tdb = await createTestDatabase();
  const prefix = testRedisPrefix().replace(/:$/, '');
  const { config, dataDir } = serverConfig(tdb.url, TEST_REDIS_URL, prefix, extra);
  let served: ServedApp;
  try {
    served = await serveApp(config, dataDir);
  } catch (err) {
    await tdb.drop();
    throw err;
  }
  return {
    ...served,
    databaseUrl: tdb.url,
    async close() {
      await served.close();
      await tdb.drop();
      await deleteKeys(`${prefix}:`);
    },
  };
}
