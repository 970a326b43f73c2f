import { Router, type Request } from 'express';
import type { AppDeps } from '../app-deps';
import { AppError, isAppError } from '../../../libs/errors';
import { findUserById } from '../../../libs/db/user.repository';
import { checkCredentials } from '../auth/check-credentials';
import { destroySession, logIn } from '../auth/session-actions';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/session';
import { toPublicUser } from '../auth/public-user';
import { MAX_PASSWORD_LENGTH } from '../auth/user-input';
import { requireAuth } from '../http/auth-guards';

/** The one answer to every failed login: unknown user, wrong password and inactive account look alike. */
const LOGIN_FAILED = 'Nama pengguna atau kata sandi salah.';
const MAX_USERNAME_LENGTH = 256;

interface LoginBody {
  username: string;
  password: string;
}

function parseLoginBody(body: unknown): LoginBody {
  const b = body as Partial<Record<keyof LoginBody, unknown>> | undefined;
  const ok = typeof b === 'object' && b !== null && !Array.isArray(b)
    && typeof b.username === 'string' && b.username.length > 0 && b.username.length <= MAX_USERNAME_LENGTH
    && typeof b.password === 'string' && b.password.length > 0 && b.password.length <= MAX_PASSWORD_LENGTH;
  if (!ok) throw new AppError('BAD_REQUEST', 'Kirim objek JSON {"username": "...", "password": "..."}.');
  return { username: b.username as string, password: b.password as string };
}

/**
 * Failures are counted per (username, client address): one attacker cannot lock a user out
 * from everywhere, and guessing many passwords for one user from one address stops quickly.
 */
const limiterKey = (username: string, req: Request): string => `${encodeURIComponent(username.toLowerCase())}|${req.ip ?? 'unknown'}`;

/** The limiter lives in Redis in server mode: when Redis is away, answer 503 rather than 500. */
async function limiterCall<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (isAppError(err)) throw err;
    throw new AppError('SERVICE_UNAVAILABLE', 'Layanan sesi sementara tidak tersedia. Silakan coba lagi.', { cause: err, retryAfter: 5 });
  }
}

/** /api/auth: login, logout, and the current user. */
export function authRoutes(deps: AppDeps): Router {
  const r = Router();

  r.post('/login', async (req, res) => {
    const { username, password } = parseLoginBody(req.body);
    const key = limiterKey(username, req);
    const wait = await limiterCall(deps.loginLimiter.blockedFor(key));
    if (wait > 0) {
      // blocked before the password is looked at: a guess made now tells the attacker nothing
      throw new AppError('TOO_MANY_REQUESTS', `Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${wait} detik.`, { retryAfter: wait });
    }
    const user = await checkCredentials(deps.db, username, password);
    if (!user) {
      await limiterCall(deps.loginLimiter.recordFailure(key));
      throw new AppError('UNAUTHENTICATED', LOGIN_FAILED);
    }
    await limiterCall(deps.loginLimiter.reset(key));
    await logIn(req, { id: user.id, username: user.username, role: user.role, organisationId: user.organisationId });
    deps.logger.info({ userId: user.id }, 'pengguna masuk');
    res.json(toPublicUser(user));
  });

  r.post('/logout', async (req, res) => {
    const userId = req.user?.id;
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(deps.config));
    if (userId) deps.logger.info({ userId }, 'pengguna keluar');
    res.status(204).end();
  });

  r.get('/me', requireAuth, async (req, res) => {
    // passport loaded only what access checks need; the profile fields come from the row
    const user = req.user && (await findUserById(deps.db, req.user.id));
    if (!user || !user.active) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.');
    res.json(toPublicUser(user));
  });

  return r;
}
