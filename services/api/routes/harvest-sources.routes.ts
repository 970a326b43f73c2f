import { Router, type Request } from 'express';
import { AppError } from '../../../libs/errors';
import type { AppDeps } from '../app-deps';
import type { HarvestAdmin } from '../../../libs/harvest/harvest-sources.service';
import { actorOf, requireRole } from '../http/auth-guards';

/** The caller with their service-administrator level: a service administrator manages every organisation's sources. */
const adminOf = (req: Request): HarvestAdmin => ({ ...actorOf(req), serviceAdmin: req.user?.serviceAdmin === true });

/**
 * `/api/admin/harvest-sources` (ADMIN): the sources of the caller's organisation, their runs and
 * reports; a service administrator sees and manages every organisation's. A source of another
 * organisation is a 404 to an organisation's ADMIN. Credentials go in, never out (`hasCredentials`).
 */
export function harvestSourcesRoutes(deps: AppDeps): Router {
  const sources = deps.harvestSources;
  const r = Router();
  r.use(requireRole('ADMIN'));
  const noStore = { 'Cache-Control': 'private, no-store' };

  r.get('/', async (req, res) => {
    res.set(noStore).json(await sources.list(adminOf(req)));
  });

  r.post('/', async (req, res) => {
    const actor = adminOf(req);
    const source = await sources.create(actor, req.body, { ownerId: actor.id, defaultOrg: actor.organisationId });
    res.status(201).location(`/api/admin/harvest-sources/${encodeURIComponent(source.id)}`).set(noStore).json(source);
  });

  r.get('/:id', async (req, res) => {
    res.set(noStore).json(await sources.get(adminOf(req), req.params.id as string));
  });

  r.patch('/:id', async (req, res) => {
    res.set(noStore).json(await sources.update(adminOf(req), req.params.id as string, req.body));
  });

  r.delete('/:id', async (req, res) => {
    await sources.remove(adminOf(req), req.params.id as string);
    res.status(204).end();
  });

  r.post('/:id/run', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body) || Object.keys(body).some((k) => k !== 'incremental')
      || (body.incremental !== undefined && typeof body.incremental !== 'boolean')) {
      throw new AppError('BAD_REQUEST', 'Isi permintaan boleh kosong atau {"incremental": true|false}.');
    }
    const run = await sources.requestRun(adminOf(req), req.params.id as string, 'manual', body.incremental === true);
    res.status(202).location(`/api/admin/harvest-sources/${encodeURIComponent(run.sourceId)}/runs/${run.id}`).set(noStore).json(run);
  });

  r.get('/:id/runs', async (req, res) => {
    res.set(noStore).json(await sources.runs(adminOf(req), req.params.id as string));
  });

  r.get('/:id/runs/:runId', async (req, res) => {
    res.set(noStore).json(await sources.run(adminOf(req), req.params.id as string, req.params.runId as string));
  });

  return r;
}
