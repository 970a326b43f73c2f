import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { QUEUES_DASHBOARD_PATH } from './queues-dashboard.routes';
import { requireServiceAdmin } from '../http/auth-guards';

/**
 * `/api/admin/queues` (service administrators): the job queues' state for the workbench's queue
 * screen — counts per queue, the jobs that failed for good, and their retry — in both run modes.
 * In server mode the answer also names bull-board's address for everything else it offers.
 */
export function queueStateRoutes(deps: Pick<AppDeps, 'queueState' | 'dashboardQueues'>): Router {
  const r = Router();
  r.use(requireServiceAdmin);
  const noStore = { 'Cache-Control': 'private, no-store' };

  r.get('/', async (_req, res) => {
    const overview = await deps.queueState.overview();
    res.set(noStore).json({ ...overview, dashboardUrl: deps.dashboardQueues ? QUEUES_DASHBOARD_PATH : null });
  });

  r.post('/failed/:id/retry', async (req, res) => {
    res.status(202).set(noStore).json(await deps.queueState.retry(req.params.id as string));
  });

  return r;
}
