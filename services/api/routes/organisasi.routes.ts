import { Router, type Request } from 'express';
import { AppError, validationError, type FieldError } from '../../../libs/errors';
import { isJsonObject } from '../../../libs/catalogue/merge-patch';
import type { AppDeps } from '../app-deps';
import { actorOf, requireRole } from '../http/auth-guards';

/** `?force=true|false`; anything else is a 400 rather than a silent "no". */
function forceFlag(req: Request): boolean {
  const v = req.query.force;
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  throw new AppError('BAD_REQUEST', 'Parameter "force" harus true atau false.');
}

function parseOrganisationPatch(body: unknown): boolean {
  if (!isJsonObject(body)) throw validationError([{ path: '', message: 'Isi permintaan harus berupa objek JSON' }]);
  const errors: FieldError[] = Object.keys(body)
    .filter((k) => k !== 'allowLintasOrgReviewer')
    .map((k) => ({ path: `/${k}`, message: `Properti "${k}" tidak dapat diubah di sini` }));
  if (typeof body.allowLintasOrgReviewer !== 'boolean') {
    errors.push({ path: '/allowLintasOrgReviewer', message: 'Wajib diisi dengan true atau false' });
  }
  if (errors.length) throw validationError(errors, 'Data organisasi tidak valid.');
  return body.allowLintasOrgReviewer as boolean;
}

/**
 * `/api/admin/organisasi`: an ADMIN's view of their own organisation and its cross-organisation
 * review switch (rules in libs/catalogue/records-lintas-org.ts).
 */
export function organisasiRoutes(deps: AppDeps): Router {
  const service = deps.organisations;
  const r = Router();
  r.use(requireRole('ADMIN'));

  r.get('/', async (req, res) => {
    res.json(await service.organisation(actorOf(req)));
  });

  r.get('/lintas-org-check', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await service.check(actorOf(req)));
  });

  r.patch('/', async (req, res) => {
    const allow = parseOrganisationPatch(req.body);
    const force = forceFlag(req);
    const { organisation, released } = await service.setAllow(actorOf(req), allow, { force });
    if (released > 0) deps.logger.info({ organisationId: organisation.id, released }, 'penugasan reviewer lintas organisasi dilepas');
    res.json(organisation);
  });

  return r;
}
