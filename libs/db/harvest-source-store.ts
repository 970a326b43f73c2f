import type { HarvestSourceStore } from '../harvest/harvest-sources.ports';
import type { Queryable } from './database';
import { findRunById, latestRunPerSource, listRuns, openRun } from './harvest-run.repository';
import { deleteSource, findSourceById, insertSource, listSources, updateSource } from './harvest-source.repository';

/** The harvest administration's HarvestSourceStore on a database (PostgreSQL or PGlite). */
export function harvestSourceStoreFor(db: Queryable): HarvestSourceStore {
  return {
    findSource: (id) => findSourceById(db, id),
    listSources: (organisationId) => listSources(db, organisationId),
    insertSource: (f) => insertSource(db, f),
    updateSource: (id, f) => updateSource(db, id, f),
    deleteSource: async (id) => { await deleteSource(db, id); },
    async organisationExists(id) {
      const r = await db.query('SELECT 1 FROM organisations WHERE id = $1', [id]);
      // rows, not rowCount: PGlite reports affectedRows (0) as the row count of a SELECT
      return r.rows.length > 0;
    },
    async hasRunningRun(sourceId) {
      const r = await db.query("SELECT id FROM harvest_runs WHERE source_id = $1 AND status = 'running'", [sourceId]);
      return r.rows.length > 0;
    },
    openRun: (sourceId, trigger, incremental) => openRun(db, sourceId, trigger, incremental),
    async failRun(runId, reason) {
      await db.query(
        `UPDATE harvest_runs SET status = 'failed', finished_at = now(), report = jsonb_build_object('errors', jsonb_build_array($2::text)) WHERE id = $1`,
        [runId, reason],
      );
    },
    findRun: (runId) => findRunById(db, runId),
    listRuns: (sourceId) => listRuns(db, sourceId),
    latestRuns: () => latestRunPerSource(db),
  };
}
