import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';

/** `GET /api/dashboard`: what waits for the caller (to fix, to review, to publish) and their own records by status. */
export function workDashboardRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json(await deps.dashboard.forActor(actorOf(req)));
  });
  return r;
}
