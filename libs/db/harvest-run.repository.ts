import { randomUUID } from 'node:crypto';
import type { HarvestRun, RunReport, RunStatus, RunTrigger } from '../harvest/harvest.types';
import type { Queryable } from './database';
import { iso, isoOrNull } from './row-mapping';

/** harvest_runs: one row per run, its report as jsonb; at most one queued/running run per source. */
interface RunRow {
  id: string;
  source_id: string;
  status: RunStatus;
  trigger: RunTrigger;
  incremental: boolean;
  queued_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  report: RunReport | null;
}

const toRun = (r: RunRow): HarvestRun => ({
  id: r.id,
  sourceId: r.source_id,
  status: r.status,
  trigger: r.trigger,
  incremental: r.incremental,
  queuedAt: iso(r.queued_at),
  startedAt: isoOrNull(r.started_at),
  finishedAt: isoOrNull(r.finished_at),
  report: r.report,
});

const COLUMNS = 'id, source_id, status, trigger, incremental, queued_at, started_at, finished_at, report';

/**
 * A new queued run, or the open one. A run left `running` by a worker that died (its source
 * lease expired) is closed as failed first, so it cannot block the source for ever.
 */
export async function openRun(db: Queryable, sourceId: string, trigger: RunTrigger, incremental: boolean): Promise<{ run: HarvestRun; created: boolean }> {
  await db.query(
    `UPDATE harvest_runs r SET status = 'failed', finished_at = now(),
            report = jsonb_build_object('errors', jsonb_build_array('run terhenti: worker berhenti sebelum run selesai'))
       FROM harvest_sources s
      WHERE r.source_id = $1 AND s.id = r.source_id AND r.status = 'running'
        AND (s.running_run_id IS DISTINCT FROM r.id OR s.lease_until < now())`,
    [sourceId],
  );
  const ins = await db.query<RunRow>(
    `INSERT INTO harvest_runs (id, source_id, status, trigger, incremental) VALUES ($1, $2, 'queued', $3, $4)
     ON CONFLICT (source_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING ${COLUMNS}`,
    [randomUUID(), sourceId, trigger, incremental],
  );
  if (ins.rows[0]) return { run: toRun(ins.rows[0]), created: true };
  const open = await db.query<RunRow>(`SELECT ${COLUMNS} FROM harvest_runs WHERE source_id = $1 AND status IN ('queued', 'running') LIMIT 1`, [sourceId]);
  if (!open.rows[0]) return openRun(db, sourceId, trigger, incremental); // closed in between: try again
  return { run: toRun(open.rows[0]), created: false };
}

export async function markRunRunning(db: Queryable, runId: string): Promise<boolean> {
  const r = await db.query(
    `UPDATE harvest_runs SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = $1 AND status IN ('queued', 'running')`,
    [runId],
  );
  return r.rowCount > 0;
}

/**
 * Closes the run and releases its source lease in ONE statement: between two statements a run
 * queued meanwhile would find the source still leased to a run that is no longer open, and be
 * skipped instead of running.
 */
export async function finishRun(db: Queryable, runId: string, status: RunStatus, report: RunReport, listedSince: Date | null): Promise<void> {
  await db.query(
    `WITH done AS (
       UPDATE harvest_runs SET status = $2, report = $3::jsonb, listed_since = $4, finished_at = now() WHERE id = $1 RETURNING source_id
     )
     UPDATE harvest_sources s SET running_run_id = NULL, lease_until = NULL FROM done WHERE s.id = done.source_id AND s.running_run_id = $1`,
    [runId, status, JSON.stringify(report), listedSince],
  );
}

export async function lastSuccessSince(db: Queryable, sourceId: string): Promise<Date | null> {
  const r = await db.query<{ listed_since: Date | string | null }>(
    `SELECT listed_since FROM harvest_runs WHERE source_id = $1 AND status = 'succeeded' AND listed_since IS NOT NULL
      ORDER BY finished_at DESC LIMIT 1`,
    [sourceId],
  );
  const v = r.rows[0]?.listed_since;
  return v ? new Date(v) : null;
}

export async function pruneRuns(db: Queryable, sourceId: string, keep: number): Promise<void> {
  await db.query(
    `DELETE FROM harvest_runs WHERE source_id = $1 AND status NOT IN ('queued', 'running')
        AND id NOT IN (SELECT id FROM harvest_runs WHERE source_id = $1 AND status NOT IN ('queued', 'running') ORDER BY queued_at DESC LIMIT $2)`,
    [sourceId, keep],
  );
}

/** The newest run of every source that has one (its report left out: an overview needs only the status). */
export async function latestRunPerSource(db: Queryable): Promise<HarvestRun[]> {
  const r = await db.query<RunRow>(
    `SELECT DISTINCT ON (source_id) id, source_id, status, trigger, incremental, queued_at, started_at, finished_at, NULL::jsonb AS report
       FROM harvest_runs ORDER BY source_id, queued_at DESC`,
  );
  return r.rows.map(toRun);
}

export async function findRunById(db: Queryable, runId: string): Promise<HarvestRun | undefined> {
  const r = await db.query<RunRow>(`SELECT ${COLUMNS} FROM harvest_runs WHERE id = $1`, [runId]);
  return r.rows[0] && toRun(r.rows[0]);
}

/** Newest first; the report is left out of the list (GET …/runs/{runId} has it). */
export async function listRuns(db: Queryable, sourceId: string, limit = 50): Promise<HarvestRun[]> {
  const r = await db.query<RunRow>(
    `SELECT id, source_id, status, trigger, incremental, queued_at, started_at, finished_at,
            CASE WHEN report ? 'counts' THEN jsonb_build_object('counts', report->'counts', 'errors', report->'errors') ELSE report END AS report
       FROM harvest_runs WHERE source_id = $1 ORDER BY queued_at DESC LIMIT $2`,
    [sourceId, limit],
  );
  return r.rows.map(toRun);
}

export async function acquireLease(db: Queryable, sourceId: string, runId: string, seconds: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE harvest_sources SET running_run_id = $2, lease_until = now() + make_interval(secs => $3)
      WHERE id = $1 AND (running_run_id IS NULL OR running_run_id = $2 OR lease_until < now())`,
    [sourceId, runId, seconds],
  );
  return r.rowCount > 0;
}

export async function renewLease(db: Queryable, sourceId: string, runId: string, seconds: number): Promise<void> {
  await db.query(
    'UPDATE harvest_sources SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND running_run_id = $2',
    [sourceId, runId, seconds],
  );
}

export async function releaseLease(db: Queryable, sourceId: string, runId: string): Promise<void> {
  await db.query('UPDATE harvest_sources SET running_run_id = NULL, lease_until = NULL WHERE id = $1 AND running_run_id = $2', [sourceId, runId]);
}
