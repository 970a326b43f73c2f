import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { AppError, validationError } from '../../../libs/errors';
import type { User } from '../../../libs/catalogue/user.types';
import { findUserById, listUsersOfOrganisation, updateUser, type UserChanges } from '../../../libs/db/user.repository';
import { hashPassword } from '../../../libs/security/password';
import { actorOf, requireRole } from '../http/auth-guards';
import { checkNewUser, checkUserPatch } from '../auth/user-input';
import { toPublicUser } from '../auth/public-user';
import { registerUser } from '../auth/register-user';

const INVALID_USER = 'Data pengguna tidak valid.';

/**
 * /api/admin/users: an ADMIN manages the users of their own organisation. Users of other
 * organisations are invisible here (404, not 403), exactly like records one may not see.
 * The service-administrator flag is not a field here: only the CLI sets it. A password reset
 * bumps the user's session epoch, which ends all of that user's sessions.
 */
export function usersRoutes(deps: AppDeps): Router {
  const r = Router();
  r.use(requireRole('ADMIN'));

  /** A user of the caller's organisation, or 404. */
  const ownUser = async (organisationId: string, id: string): Promise<User> => {
    const u = await findUserById(deps.db, id);
    if (!u || u.organisationId !== organisationId) throw new AppError('NOT_FOUND', 'Pengguna tidak ditemukan di organisasi Anda.');
    return u;
  };

  r.get('/', async (req, res) => {
    const users = await listUsersOfOrganisation(deps.db, actorOf(req).organisationId);
    res.json(users.map(toPublicUser));
  });

  r.post('/', async (req, res) => {
    const actor = actorOf(req);
    const checked = checkNewUser(req.body);
    if (!checked.ok) throw validationError(checked.errors, INVALID_USER);
    const input = checked.value;
    const user = await registerUser(deps.db, input, actor.organisationId);
    deps.logger.info({ userId: user.id, role: user.role, by: actor.id }, 'pengguna dibuat');
    res.status(201).location(`${req.baseUrl}/${encodeURIComponent(user.id)}`).json(toPublicUser(user));
  });

  r.get('/:id', async (req, res) => {
    res.json(toPublicUser(await ownUser(actorOf(req).organisationId, req.params.id)));
  });

  r.patch('/:id', async (req, res) => {
    const actor = actorOf(req);
    const checked = checkUserPatch(req.body);
    if (!checked.ok) throw validationError(checked.errors, INVALID_USER);
    const patch = checked.value;
    const target = await ownUser(actor.organisationId, req.params.id);
    // An admin cannot lock themself out: the organisation keeps at least this admin, and a
    // slip of the mouse in the admin page cannot end the caller's own access.
    if (target.id === actor.id && patch.active === false) {
      throw new AppError('CONFLICT', 'Anda tidak dapat menonaktifkan akun Anda sendiri.');
    }
    if (target.id === actor.id && patch.role !== undefined && patch.role !== 'ADMIN') {
      throw new AppError('CONFLICT', 'Anda tidak dapat menurunkan peran akun Anda sendiri.');
    }
    // A service administrator's account opens the whole service: an organisation ADMIN of the
    // same organisation must not take it over by resetting its password or demoting it.
    if (target.serviceAdmin && !req.user!.serviceAdmin) {
      throw new AppError('FORBIDDEN', 'Akun administrator layanan hanya dapat diubah oleh administrator layanan atau lewat CLI.');
    }
    const changes: UserChanges = {};
    if (patch.role !== undefined) changes.role = patch.role;
    if (patch.active !== undefined) changes.active = patch.active;
    if (patch.fullName !== undefined) changes.fullName = patch.fullName;
    if (patch.email !== undefined) changes.email = patch.email;
    if (patch.phone !== undefined) changes.phone = patch.phone;
    if (patch.password !== undefined) changes.passwordHash = await hashPassword(patch.password);
    const updated = await updateUser(deps.db, target.id, changes);
    if (!updated) throw new AppError('NOT_FOUND', 'Pengguna tidak ditemukan di organisasi Anda.');
    deps.logger.info(
      { userId: updated.id, by: actor.id, fields: Object.keys(patch).map((f) => (f === 'password' ? 'passwordReset' : f)) },
      'pengguna diubah',
    );
    res.json(toPublicUser(updated));
  });

  return r;
}
