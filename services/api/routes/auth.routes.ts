import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { AppError, isAppError, validationError } from '../../../libs/errors';
import { usernameKey } from '../../../libs/catalogue/username-key';
import { toSessionUser } from '../auth/passport-setup';
import { destroySession, logIn } from '../auth/session-actions';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/session';
import { toPublicUser } from '../auth/public-user';
import { MAX_PASSWORD_LENGTH, checkProfilePatch, passwordProblem } from '../auth/user-input';
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
 * The account the login limits count under (auth/login-throttle.ts): the one the name resolves
 * to, so every spelling of a name that logs into an account shares its counters; a name that
 * resolves to nothing is counted by its key, the same way.
 */
const accountKey = (account: { userId?: string; username: string }): string =>
  account.userId ? `u:${account.userId}` : `n:${encodeURIComponent(usernameKey(account.username))}`;

const tooMany = (wait: number): AppError =>
  new AppError('TOO_MANY_REQUESTS', `Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${wait} detik.`, { retryAfter: wait });

function parsePasswordChange(body: unknown): { currentPassword: string; newPassword: string } {
  const b = body as Record<string, unknown> | undefined;
  if (typeof b !== 'object' || b === null || Array.isArray(b) || typeof b.currentPassword !== 'string'
    || b.currentPassword.length > MAX_PASSWORD_LENGTH || Object.keys(b).some((k) => k !== 'currentPassword' && k !== 'newPassword')) {
    throw new AppError('BAD_REQUEST', 'Kirim objek JSON {"currentPassword": "...", "newPassword": "..."}.');
  }
  const problem = passwordProblem(b.newPassword);
  if (problem) throw validationError([{ path: '/newPassword', message: problem }], 'Kata sandi baru tidak valid.');
  return { currentPassword: b.currentPassword, newPassword: b.newPassword as string };
}

/** The limiter lives in Redis in server mode: when Redis is away, answer 503 rather than 500. */
async function limiterCall<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (isAppError(err)) throw err;
    throw new AppError('SERVICE_UNAVAILABLE', 'Layanan sesi sementara tidak tersedia. Silakan coba lagi.', { cause: err, retryAfter: 5 });
  }
}

/** /api/auth: login, logout, the current user, their own profile and password. */
export function authRoutes(deps: AppDeps): Router {
  const { users } = deps;
  const r = Router();

  r.post('/login', async (req, res) => {
    const { username, password } = parseLoginBody(req.body);
    const found = await users.resolveLogin(username);
    const account = accountKey({ userId: found?.user.id, username });
    // counted and decided in one atomic step, BEFORE the password is looked at: a guess over
    // the limit is never checked, so it tells the attacker nothing
    const wait = await limiterCall(deps.loginThrottle.attempt(account, req.ip));
    if (wait > 0) throw tooMany(wait);
    const user = await users.passwordMatches(found, password);
    if (!user) throw new AppError('UNAUTHENTICATED', LOGIN_FAILED);
    await limiterCall(deps.loginThrottle.succeeded(account, req.ip));
    await logIn(req, toSessionUser(user));
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
    const user = req.user && (await users.me(req.user.id));
    if (!user) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.');
    res.json(toPublicUser(user));
  });

  /** My account: the caller changes their own name, e-mail and phone (not role, status or password). */
  r.patch('/me', requireAuth, async (req, res) => {
    const checked = checkProfilePatch(req.body);
    if (!checked.ok) throw validationError(checked.errors, 'Data profil tidak valid.');
    const updated = await users.updateProfile(req.user!.id, checked.value);
    if (!updated) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.');
    deps.logger.info({ userId: updated.id, fields: Object.keys(checked.value) }, 'profil diubah sendiri');
    res.json(toPublicUser(updated));
  });

  /**
   * The caller's own password change: needs the current password (limited like a login, so a
   * borrowed session cannot guess it), bumps the session epoch — every other session of the
   * user ends — and renews this session under the new epoch.
   */
  r.post('/password', requireAuth, async (req, res) => {
    const { currentPassword, newPassword } = parsePasswordChange(req.body);
    const me = req.user!;
    const account = accountKey({ userId: me.id, username: me.username });
    const wait = await limiterCall(deps.loginThrottle.attempt(account, req.ip));
    if (wait > 0) throw tooMany(wait);
    const found = await users.resolveLogin(me.username);
    const user = found && found.user.id === me.id ? await users.passwordMatches(found, currentPassword) : undefined;
    if (!user) throw new AppError('FORBIDDEN', 'Kata sandi saat ini salah.');
    await limiterCall(deps.loginThrottle.succeeded(account, req.ip));
    const updated = await users.setPassword(me.id, newPassword);
    if (!updated) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.');
    await logIn(req, toSessionUser(updated));
    deps.logger.info({ userId: me.id }, 'kata sandi diganti; sesi lain diakhiri');
    res.status(204).end();
  });

  return r;
}
