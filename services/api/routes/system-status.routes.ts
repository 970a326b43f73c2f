import { Router } from 'express';
import { collectSystemStatus, createComponentProbes, type ComponentProbes } from '../../../libs/ops/component-probes';
import type { AppDeps } from '../app-deps';
import { requireServiceAdmin } from '../http/auth-guards';

/**
 * GET /api/admin/organisasi/status (service administrator: these components are shared by every
 * organisation, so an organisation ADMIN does not see them): the live health of SMTP, the WhatsApp gateway, the
 * object store and the active CSW provider. Always 200 with what is true now; a component
 * that is down is reported, never turned into a 500, and never delays the answer beyond the
 * probe deadline (STATUS_PROBE_TIMEOUT_MS, 2 s by default).
 */
export function systemStatusRoutes(deps: AppDeps): Router {
  const { config } = deps;
  const probes: ComponentProbes = deps.probes ?? createComponentProbes({
    config,
    objectStore: deps.objectStore,
    // the runtime's built-in CSW service (libs/assembly/catalogue-assembly.ts), absent with an external provider
    cswService: config.csw.provider === 'builtin' ? deps.catalogue.csw?.service : undefined,
  });

  const r = Router();
  r.use(requireServiceAdmin);
  r.get('/', async (_req, res) => {
    const status = await collectSystemStatus(probes, { config, objectStore: deps.objectStore });
    res.set('Cache-Control', 'no-store').json(status);
  });
  return r;
}
