import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';
import { sendRecord } from '../presenters/record.presenter';

/**
 * Copies and templates (issue 20, §5; libs/catalogue/record-copies.ts). Mounted before
 * metadataRoutes, whose `GET /:id` would otherwise take `/templates` for a record key.
 * - `GET /api/metadata/templates`: the caller's organisation's templates
 * - `POST /api/metadata/{id}/copy`: a new DRAFT from a readable record or a template (201)
 * - `PUT` / `DELETE /api/metadata/{id}/template`: an ADMIN of the organisation marks / unmarks
 * Every answer about one record is the full record view (permissions, transitions), as the screens need.
 */
export function recordCopiesRoutes(deps: AppDeps): Router {
  const { copies } = deps;
  const r = Router();
  r.get('/templates', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json({ items: await copies.listTemplates(actorOf(req)) });
  });
  r.post('/:id/copy', requireAuth, async (req, res) => {
    const actor = actorOf(req);
    const rec = await copies.copy(actor, req.params.id as string);
    res.location(`/api/metadata/${encodeURIComponent(rec.id)}`);
    sendRecord(res, rec, actor, 201, { template: false });
  });
  r.put('/:id/template', requireAuth, async (req, res) => {
    const actor = actorOf(req);
    sendRecord(res, await copies.setTemplate(actor, req.params.id as string, true), actor, 200, { template: true });
  });
  r.delete('/:id/template', requireAuth, async (req, res) => {
    const actor = actorOf(req);
    sendRecord(res, await copies.setTemplate(actor, req.params.id as string, false), actor, 200, { template: false });
  });
  return r;
}
