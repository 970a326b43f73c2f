import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import pinoHttp from 'pino-http';
import { runWithContext, type Logger } from '../../../libs/logger';

/**
 * Gives every request an id (the caller's X-Request-Id when it looks sane), echoes it back,
 * and runs the rest of the request inside a log context so every line — and every job the
 * request enqueues — carries it.
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdOf(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    (req as { id?: string }).id = id;
    runWithContext({ requestId: id }, () => next());
  };
}

/** The caller's X-Request-Id when it looks sane, else a new one (the CSW fast path uses the same rule). */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as { id?: string }).id ?? randomUUID(),
    // health probes would drown everything else
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    // Successful CSW answers are the bulk of the traffic (harvesters page through everything):
    // at info level they would cost more than serving a cached response. Errors stay visible.
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return req.url?.startsWith('/metadata/csw') ? 'debug' : 'info';
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }) as unknown as RequestHandler;
}
