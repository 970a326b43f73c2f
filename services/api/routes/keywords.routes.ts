import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';

/**
 * `/api/keywords`: the editor's keyword suggestions (libs/catalogue/keyword-suggestions.ts),
 * from the records the caller may read. Private answers: they depend on the caller's session.
 */
export function keywordsRoutes(deps: AppDeps): Router {
  const { keywordSuggestions } = deps;
  const r = Router();
  r.get('/thesauri', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json({ items: await keywordSuggestions.thesauri(actorOf(req)) });
  });
  r.get('/suggest', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json({ items: await keywordSuggestions.suggest(actorOf(req), req.query as Record<string, unknown>) });
  });
  return r;
}
