import passport from 'passport';
import type { User } from '../../../libs/catalogue/user.types';
import type { UsersService } from '../../../libs/catalogue/users.service';

/** What a session stores of its user: the id and the session epoch it was opened under. */
interface SessionUser {
  id: string;
  epoch: number;
}

/** What req.user holds: loaded fresh on every request. */
export const toSessionUser = (u: User): Express.User => ({
  id: u.id,
  username: u.username,
  role: u.role,
  organisationId: u.organisationId,
  serviceAdmin: u.serviceAdmin,
  sessionEpoch: u.sessionEpoch,
});

/**
 * Passport keeps only the user id and the session epoch in the session and reloads the user
 * on each request. An inactive or deleted user, and a session opened before the user's last
 * password change or reset (the epoch moved on), are treated as logged out: this works the
 * same with Redis sessions and in-memory sessions, without searching the store for the
 * user's sessions. The credential check itself lives in the login route (it also needs the
 * rate limiter), not in a strategy callback.
 */
export function configurePassport(users: Pick<UsersService, 'findById'>): passport.PassportStatic {
  const p = new passport.Passport();
  p.serializeUser((user, done) => done(null, { id: user.id, epoch: user.sessionEpoch } satisfies SessionUser));
  p.deserializeUser((stored: SessionUser | string, done) => {
    // a session written before epochs existed held the bare id: it counts as epoch 0
    const { id, epoch } = typeof stored === 'string' ? { id: stored, epoch: 0 } : stored;
    users.findById(id)
      .then((u) => done(null, u && u.active && u.sessionEpoch === epoch ? toSessionUser(u) : false))
      .catch((err) => done(err));
  });
  return p as unknown as passport.PassportStatic;
}
