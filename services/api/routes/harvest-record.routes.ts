import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { actorOf, requireRole } from '../http/auth-guards';
import { sendRecord } from '../presenters/record.presenter';

/**
 * `POST /api/metadata/{id}/detach-harvest` (ADMIN of the record's organisation): the record
 * leaves its harvest source and becomes a local record that can be edited; the source's next run
 * then reports the identifier as taken by a local record instead of overwriting it.
 */
export function harvestRecordRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/:id/detach-harvest', requireRole('ADMIN'), async (req, res) => {
    const actor = actorOf(req);
    const rec = await deps.records.detachHarvest(actor, req.params.id as string);
    // the record view (permissions, allowedTransitions, ETag) like every other mutating answer
    sendRecord(res, rec, actor);
  });
  return r;
}
