import { Router } from 'express';
import { collectSystemStatus, createComponentProbes, type ComponentProbes } from '../../../libs/ops/component-probes';
import type { AppDeps } from '../app-deps';
import { requireRole } from '../http/auth-guards';

/**
 * GET /api/admin/organisasi/status (ADMIN): the live health of SMTP, the WhatsApp gateway, the
 * object store and the active CSW provider. Always 200 with what is true now; a component
 * that is down is reported, never turned into a 500, and never delays the answer beyond the
 * probe deadline (2 s).
 */
export function systemStatusRoutes(deps: AppDeps): Router {
  const { config } = deps;
  const probes: ComponentProbes = deps.probes ?? createComponentProbes({
    config,
    objectStore: deps.objectStore,
    // the runtime's built-in CSW service (builtin-catalogue.ts), absent with an external provider
    cswService: config.csw.provider === 'builtin' ? deps.catalogue.csw?.service : undefined,
  });

  const r = Router();
  r.use(requireRole('ADMIN'));
  r.get('/', async (_req, res) => {
    const status = await collectSystemStatus(probes, { config, objectStore: deps.objectStore });
    res.set('Cache-Control', 'no-store').json(status);
  });
  return r;
}
