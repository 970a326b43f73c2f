import { Router } from 'express';
import { findRunById, listRuns } from '../../../libs/db/harvest-run.repository';
import { listSources } from '../../../libs/db/harvest-source.repository';
import { AppError } from '../../../libs/errors';
import { harvestSecretBox } from '../../../libs/harvest/harvest-settings';
import type { AppDeps } from '../app-deps';
import { actorOf, requireRole } from '../http/auth-guards';
import {
  createHarvestSource, removeHarvestSource, requestHarvestRun, sourceFor, updateHarvestSource, type HarvestAdminDeps,
} from '../harvest/harvest-admin';

/**
 * `/api/admin/harvest-sources` (ADMIN): the sources of the caller's organisation, their runs and
 * reports. A source of another organisation is a 404. Credentials go in, never out (`hasCredentials`).
 */
export function harvestSourcesRoutes(deps: AppDeps): Router {
  const admin: HarvestAdminDeps = { db: deps.db, jobs: deps.jobs, secrets: harvestSecretBox(deps.config) };
  const r = Router();
  r.use(requireRole('ADMIN'));
  const noStore = { 'Cache-Control': 'private, no-store' };

  r.get('/', async (req, res) => {
    res.set(noStore).json(await listSources(deps.db, actorOf(req).organisationId));
  });

  r.post('/', async (req, res) => {
    const actor = actorOf(req);
    const source = await createHarvestSource(admin, actor, req.body, { ownerId: actor.id, defaultOrg: actor.organisationId });
    res.status(201).location(`/api/admin/harvest-sources/${encodeURIComponent(source.id)}`).set(noStore).json(source);
  });

  r.get('/:id', async (req, res) => {
    res.set(noStore).json(await sourceFor(admin, actorOf(req), req.params.id as string));
  });

  r.patch('/:id', async (req, res) => {
    res.set(noStore).json(await updateHarvestSource(admin, actorOf(req), req.params.id as string, req.body));
  });

  r.delete('/:id', async (req, res) => {
    await removeHarvestSource(admin, actorOf(req), req.params.id as string);
    res.status(204).end();
  });

  r.post('/:id/run', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body) || Object.keys(body).some((k) => k !== 'incremental')
      || (body.incremental !== undefined && typeof body.incremental !== 'boolean')) {
      throw new AppError('BAD_REQUEST', 'Isi permintaan boleh kosong atau {"incremental": true|false}.');
    }
    const run = await requestHarvestRun(admin, actorOf(req), req.params.id as string, 'manual', body.incremental === true);
    res.status(202).location(`/api/admin/harvest-sources/${encodeURIComponent(run.sourceId)}/runs/${run.id}`).set(noStore).json(run);
  });

  r.get('/:id/runs', async (req, res) => {
    const source = await sourceFor(admin, actorOf(req), req.params.id as string);
    res.set(noStore).json(await listRuns(deps.db, source.id));
  });

  r.get('/:id/runs/:runId', async (req, res) => {
    const source = await sourceFor(admin, actorOf(req), req.params.id as string);
    const run = await findRunById(deps.db, req.params.runId as string);
    if (!run || run.sourceId !== source.id) throw new AppError('NOT_FOUND', 'Run panen tidak ditemukan.');
    res.set(noStore).json(run);
  });

  return r;
}
