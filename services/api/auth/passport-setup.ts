import passport from 'passport';
import type { Database } from '../../../libs/db/database';
import { findUserById } from '../../../libs/db/user.repository';

/**
 * Passport keeps only the user id in the session and reloads the user on each request; an
 * inactive or deleted user is treated as logged out. The credential check itself lives in
 * the login route (it also needs the rate limiter), not in a strategy callback.
 */
export function configurePassport(db: Database): passport.PassportStatic {
  const p = new passport.Passport();
  p.serializeUser((user, done) => done(null, user.id));
  p.deserializeUser((id: string, done) => {
    findUserById(db, id)
      .then((u) => done(null, u && u.active ? { id: u.id, username: u.username, role: u.role, organisationId: u.organisationId } : false))
      .catch((err) => done(err));
  });
  return p as unknown as passport.PassportStatic;
}
