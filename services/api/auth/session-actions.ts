import type { Request } from 'express';
import { sessionStoreUnavailable } from './session';

/**
 * Promise versions of the session calls the auth routes make, with store failures turned
 * into 503 problems (a Redis outage during login or logout is not a server bug).
 */

/** Logs `user` in. passport 0.7's `req.login` regenerates the session first (new id: no fixation) and saves it. */
export function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) => {
    req.login(user, (err?: unknown) => (err ? reject(sessionStoreUnavailable(err)) : resolve()));
  });
}

/** Deletes the session from the store; the id in the old cookie then names nothing. */
export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err?: unknown) => (err ? reject(sessionStoreUnavailable(err)) : resolve()));
  });
}
