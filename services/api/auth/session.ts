import session, { type Store } from 'express-session';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../../../libs/config';
import { AppError, isAppError } from '../../../libs/errors';

export const SESSION_COOKIE = 'geokatalog.sid';

/**
 * A failure of the session store (Redis down or unreachable) as the client sees it: 503, so
 * a load balancer retries elsewhere and nobody mistakes it for a bug. Errors that already
 * are AppErrors (e.g. the database's own 503) pass unchanged.
 */
export function sessionStoreUnavailable(cause: unknown): AppError {
  if (isAppError(cause)) return cause;
  return new AppError('SERVICE_UNAVAILABLE', 'Penyimpanan sesi tidak dapat dihubungi saat ini. Silakan coba lagi.', { cause, retryAfter: 5 });
}

/** Cookie attributes, shared by the session middleware and the logout route that clears it. */
export function sessionCookieOptions(config: Readonly<Config>): { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/' } {
  return { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' };
}

/**
 * express-session with an idle timeout: `rolling` renews the cookie and the store TTL on
 * every request, so a session ends after `sessionIdleHours` without activity.
 *
 * express-session hands store errors to `next` — when it loads the session, and again when
 * it saves or touches it at the end of the response. Every one of those calls goes through
 * the wrapped `next` below, so a Redis outage becomes a 503 problem instead of a 500.
 */
export function sessionMiddleware(config: Readonly<Config>, store: Store): RequestHandler {
  const inner = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.cookieSecure,
    cookie: {
      ...sessionCookieOptions(config),
      maxAge: config.sessionIdleHours * 3600 * 1000,
    },
  });
  return (req: Request, res: Response, next) => {
    inner(req, res, (err?: unknown) => {
      if (err) return next(sessionStoreUnavailable(err));
      // express-session skips the session silently when its store reports a disconnect;
      // without a session nobody could log in or stay logged in, so say so plainly.
      if (!req.session) return next(sessionStoreUnavailable(new Error('session store not ready')));
      next();
    });
  };
}
