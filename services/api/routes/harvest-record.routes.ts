import { Router } from 'express';
import { detachHarvestedRecord } from '../../../libs/db/harvest-record.repository';
import { findRecordById } from '../../../libs/db/record.repository';
import { AppError } from '../../../libs/errors';
import { canReadRecord, recordNotFound } from '../../../libs/catalogue/visibility';
import type { AppDeps } from '../app-deps';
import { actorOf, requireRole } from '../http/auth-guards';

/**
 * `POST /api/metadata/{id}/detach-harvest` (ADMIN of the record's organisation): the record
 * leaves its harvest source and becomes a local record that can be edited; the source's next run
 * then reports the identifier as taken by a local record instead of overwriting it.
 */
export function harvestRecordRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/:id/detach-harvest', requireRole('ADMIN'), async (req, res) => {
    const actor = actorOf(req);
    const id = req.params.id as string;
    const rec = await findRecordById(deps.db, id);
    if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
    if (rec.organisationId !== actor.organisationId) throw new AppError('FORBIDDEN', 'Hanya ADMIN organisasi rekaman yang dapat melepasnya dari sumber panen.');
    if (!(await detachHarvestedRecord(deps.db, id))) throw new AppError('CONFLICT', `Rekaman "${id}" bukan rekaman panen.`);
    res.set('Cache-Control', 'private, no-cache').json(rec);
  });
  return r;
}
