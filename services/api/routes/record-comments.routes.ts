import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';

/**
 * `/api/metadata/{id}/comments`: the reviewers' comments on a record, by field (or the whole
 * record). Read by whoever may read the record; written by its QCQE reviewer or an ADMIN of
 * its organisation; resolved by its author or an ADMIN (libs/catalogue/record-comments.ts).
 */
export function recordCommentsRoutes(deps: AppDeps): Router {
  const { comments } = deps;
  const r = Router();
  r.get('/:id/comments', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json({ items: await comments.list(actorOf(req), req.params.id as string) });
  });
  r.post('/:id/comments', requireAuth, async (req, res) => {
    const c = await comments.add(actorOf(req), req.params.id as string, req.body);
    res.status(201).location(`/api/metadata/${encodeURIComponent(c.recordId)}/comments/${c.id}`).set('Cache-Control', 'private, no-cache').json(c);
  });
  r.post('/:id/comments/:commentId/resolve', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json(await comments.resolve(actorOf(req), req.params.id as string, req.params.commentId as string));
  });
  return r;
}
