import type { HarvestStore } from '../harvest/harvest.ports';
import { analyzeTables } from './analyze-tables';
import type { Database } from './database';
import { classifyIdentifiers, withdrawRecords, writeHarvestPage } from './harvest-record.repository';
import {
  acquireLease, findRunById, finishRun, lastSuccessSince, markRunRunning, openRun, pruneRuns, releaseLease, renewLease,
} from './harvest-run.repository';
import { findSourceById, sealedCredentialsOf } from './harvest-source.repository';

/** libs/harvest's HarvestStore on a database (PostgreSQL or PGlite). */
export function harvestStoreFor(db: Database): HarvestStore {
  return {
    classify: (sourceId, ids) => classifyIdentifiers(db, sourceId, ids),
    writePage: (w) => writeHarvestPage(db, w),
    withdraw: (source, runId, note, ids) => withdrawRecords(db, source.id, runId, source.ownerId, note, ids),
    acquireLease: (s, r, secs) => acquireLease(db, s, r, secs),
    renewLease: (s, r, secs) => renewLease(db, s, r, secs),
    releaseLease: (s, r) => releaseLease(db, s, r),
    findSource: (id) => findSourceById(db, id),
    openRun: (s, trigger, incremental) => openRun(db, s, trigger, incremental),
    markRunning: (id) => markRunRunning(db, id),
    finishRun: (id, status, report, since) => finishRun(db, id, status, report, since),
    lastSuccessSince: (s) => lastSuccessSince(db, s),
    pruneRuns: (s, keep) => pruneRuns(db, s, keep),
    findRun: (id) => findRunById(db, id),
    sealedCredentials: (id) => sealedCredentialsOf(db, id),
  };
}

/** Tables a harvest writes in bulk: their planner statistics are refreshed (analyze-tables.ts). */
const HARVEST_TABLES = ['records', 'record_history', 'outbox', 'oai_items', 'harvest_records'] as const;

/** ANALYZE of the tables a harvest run writes (the harvest job calls it during and after a run). */
export function refreshHarvestStatistics(db: Database): Promise<void> {
  return analyzeTables(db, HARVEST_TABLES);
}
