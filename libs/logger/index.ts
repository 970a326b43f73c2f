import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

/**
 * pino with a context (request id, job id) carried by AsyncLocalStorage, so every log line
 * written while serving a request or running a job names it without passing loggers around.
 */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  jobName?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export const runWithContext = <T>(ctx: LogContext, fn: () => T): T => storage.run({ ...storage.getStore(), ...ctx }, fn);
export const currentContext = (): LogContext => storage.getStore() ?? {};

// Anything that can carry a secret is removed before it is written.
const REDACT = [
  'password', '*.password', '*.*.password', 'passwordHash', '*.passwordHash', 'password_hash', '*.password_hash',
  'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'token', '*.token',
];

export function createLogger(level: string = 'info', name = 'geokatalog'): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACT, censor: '[disembunyikan]' },
    mixin: () => ({ ...storage.getStore() }),
  });
}

export type { Logger };
