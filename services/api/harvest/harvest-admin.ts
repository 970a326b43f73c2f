import type { Database } from '../../../libs/db/database';
import {
  deleteSource, findSourceById, insertSource, updateSource, type SourceFields,
} from '../../../libs/db/harvest-source.repository';
import { openRun } from '../../../libs/db/harvest-run.repository';
import { AppError } from '../../../libs/errors';
import type { HarvestRun, HarvestSource, RunTrigger } from '../../../libs/harvest/harvest.types';
import type { SecretBox } from '../../../libs/harvest/secret-box';
import { parseSourceInput, type SourceInput } from '../../../libs/harvest/source-input';
import { harvestRunJobId } from '../../../libs/jobs/job-ids';
import { applyHarvestSchedule } from '../../../libs/processors/harvest-schedules';
import type { JobSystem } from '../../../libs/processors/job-system';
import type { Actor } from '../../../libs/catalogue/user.types';

/**
 * Harvest source administration shared by the REST routes and the CLI: an ADMIN manages the
 * sources of their own organisation (anything else is 404, as for records); credentials are
 * sealed before they are stored and never returned; a schedule change is applied to the job
 * schedulers at once.
 */
export interface HarvestAdminDeps {
  db: Database;
  jobs: Pick<JobSystem, 'enqueue' | 'upsertSchedule' | 'removeSchedule'>;
  secrets: SecretBox;
}

const notFound = (): AppError => new AppError('NOT_FOUND', 'Sumber panen tidak ditemukan.');

function fields(input: SourceInput, secrets: SecretBox): SourceFields {
  const { credentials, ...rest } = input;
  return { ...rest, ...(credentials === undefined ? {} : { credentials: credentials === null ? null : secrets.seal(credentials) }) };
}

/** The source if `actor` may manage it (ADMIN of its organisation; `null` actor = operator CLI). */
export async function sourceFor(deps: HarvestAdminDeps, actor: Actor | null, id: string): Promise<HarvestSource> {
  const s = await findSourceById(deps.db, id);
  if (!s || (actor && s.organisationId !== actor.organisationId)) throw notFound();
  return s;
}

function checkOrg(actor: Actor | null, organisationId: string): void {
  if (actor && organisationId !== actor.organisationId) {
    throw new AppError('FORBIDDEN', 'ADMIN hanya dapat mengelola sumber panen organisasinya sendiri.');
  }
}

export async function createHarvestSource(deps: HarvestAdminDeps, actor: Actor | null, body: unknown, opts: { ownerId: string; defaultOrg: string }): Promise<HarvestSource> {
  const input = parseSourceInput(body, undefined, opts.defaultOrg);
  checkOrg(actor, input.organisationId);
  const org = await deps.db.query('SELECT 1 FROM organisations WHERE id = $1', [input.organisationId]);
  // rows, not rowCount: PGlite reports affectedRows (0) as the row count of a SELECT
  if (org.rows.length === 0) throw new AppError('VALIDATION_FAILED', 'Organisasi tujuan tidak ada.', { extras: { errors: [{ path: '/organisationId', message: 'Organisasi tidak ditemukan.' }] } });
  const source = await insertSource(deps.db, { ...fields(input, deps.secrets), ownerId: opts.ownerId });
  if (source.schedule) await applyHarvestSchedule(deps.jobs, source);
  return source;
}

export async function updateHarvestSource(deps: HarvestAdminDeps, actor: Actor | null, id: string, body: unknown): Promise<HarvestSource> {
  const current = await sourceFor(deps, actor, id);
  const input = parseSourceInput(body, current, current.organisationId);
  checkOrg(actor, input.organisationId);
  const updated = await updateSource(deps.db, id, fields(input, deps.secrets));
  if (!updated) throw notFound();
  if (updated.schedule !== current.schedule) await applyHarvestSchedule(deps.jobs, updated);
  return updated;
}

export async function removeHarvestSource(deps: HarvestAdminDeps, actor: Actor | null, id: string): Promise<void> {
  const source = await sourceFor(deps, actor, id);
  const open = await deps.db.query("SELECT id FROM harvest_runs WHERE source_id = $1 AND status = 'running'", [id]);
  if (open.rows.length > 0) throw new AppError('CONFLICT', 'Sumber sedang dipanen; hapus setelah run selesai.');
  if (source.schedule) await applyHarvestSchedule(deps.jobs, { id, schedule: null });
  await deleteSource(deps.db, id);
}

/** Opens a run and queues it; 409 with the open run when the source already has one queued or running. */
export async function requestHarvestRun(deps: HarvestAdminDeps, actor: Actor | null, id: string, trigger: RunTrigger, incremental: boolean): Promise<HarvestRun> {
  await sourceFor(deps, actor, id);
  const { run, created } = await openRun(deps.db, id, trigger, incremental);
  if (!created) throw new AppError('CONFLICT', 'Sumber ini sudah punya run yang menunggu atau berjalan.', { extras: { run } });
  try {
    await deps.jobs.enqueue('harvest.run', { sourceId: id, runId: run.id, trigger, incremental }, { jobId: harvestRunJobId(run.id) });
  } catch (err) {
    // a queued run that no job will ever pick up would block the source: close it at once
    await deps.db.query(
      `UPDATE harvest_runs SET status = 'failed', finished_at = now(), report = jsonb_build_object('errors', jsonb_build_array($2::text)) WHERE id = $1`,
      [run.id, `run tidak dapat diantrekan: ${(err as Error).message}`],
    );
    throw err;
  }
  return run;
}
