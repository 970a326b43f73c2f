import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { validationError } from '../../../libs/errors';
import { actorOf, requireRole } from '../http/auth-guards';
import { checkNewUser, checkUserPatch } from '../auth/user-input';
import { toPublicUser } from '../auth/public-user';

const INVALID_USER = 'Data pengguna tidak valid.';

/**
 * /api/admin/users: an ADMIN manages the users of their own organisation (the rules:
 * libs/catalogue/users.service.ts). A password reset bumps the user's session epoch, which
 * ends all of that user's sessions.
 */
export function usersRoutes(deps: AppDeps): Router {
  const { users } = deps;
  const r = Router();
  r.use(requireRole('ADMIN'));

  r.get('/', async (req, res) => {
    res.json((await users.listOwn(actorOf(req))).map(toPublicUser));
  });

  r.post('/', async (req, res) => {
    const actor = actorOf(req);
    const checked = checkNewUser(req.body);
    if (!checked.ok) throw validationError(checked.errors, INVALID_USER);
    const user = await users.register(actor, checked.value);
    deps.logger.info({ userId: user.id, role: user.role, by: actor.id }, 'pengguna dibuat');
    res.status(201).location(`${req.baseUrl}/${encodeURIComponent(user.id)}`).json(toPublicUser(user));
  });

  r.get('/:id', async (req, res) => {
    res.json(toPublicUser(await users.getOwn(actorOf(req), req.params.id)));
  });

  r.patch('/:id', async (req, res) => {
    const actor = actorOf(req);
    const checked = checkUserPatch(req.body);
    if (!checked.ok) throw validationError(checked.errors, INVALID_USER);
    const patch = checked.value;
    const updated = await users.updateOwn({ ...actor, serviceAdmin: req.user!.serviceAdmin }, req.params.id, patch);
    deps.logger.info(
      { userId: updated.id, by: actor.id, fields: Object.keys(patch).map((f) => (f === 'password' ? 'passwordReset' : f)) },
      'pengguna diubah',
    );
    res.json(toPublicUser(updated));
  });

  return r;
}
