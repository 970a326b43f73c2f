import type { Database } from '../db/database';
import { refreshHarvestStatistics, harvestStoreFor } from '../db/harvest-store';
import { currentJobGeneration, nextJobGeneration } from '../db/job-generation.repository';
import { lintasOrgRecountStoreFor } from '../db/lintas-org.repository';
import { loadNotificationContext } from '../db/notify-recipients.repository';
import { findRecordById } from '../db/record.repository';
import { fillEditorDocument, findCurrentDocument, pendingXsdDocuments, storeXsdReports } from '../db/record-document.repository';
import { findStaleRenderRecords, renderVersions, upsertRenders } from '../db/render.repository';
import type { JobStores, RenderStore } from '../processors/job-stores.ports';

/**
 * The job handlers' store ports (libs/processors job-stores.ports.ts) on the process's database:
 * each port calls the repository function the handler used to call with the handle, so the SQL
 * and the number of round trips are unchanged.
 */
export function jobStoresFor(db: Database): JobStores {
  return {
    renders: renderStoreFor(db),
    xsd: {
      pending: (limit) => pendingXsdDocuments(db, limit),
      store: (reports) => storeXsdReports(db, reports),
      generation: () => currentJobGeneration(db, 'document.xsd-check'),
      startRun: () => nextJobGeneration(db, 'document.xsd-check'),
    },
    lintasOrg: lintasOrgRecountStoreFor(db),
    notifyRecipients: { loadContext: (event, baseUrl) => loadNotificationContext(db, event, baseUrl) },
    harvest: harvestStoreFor(db),
    refreshHarvestStatistics: () => refreshHarvestStatistics(db),
  };
}

/** The stored renders alone (the worker's own reconciler). */
export function renderStoreFor(db: Database): RenderStore {
  return {
    findRecord: (recordId) => findRecordById(db, recordId),
    findDocument: (recordId) => findCurrentDocument(db, recordId),
    fillEditorDocument: (recordId, seq, xml) => fillEditorDocument(db, recordId, seq, xml),
    renderVersions: (recordId) => renderVersions(db, recordId),
    upsertRenders: (recordId, version, renders) => upsertRenders(db, recordId, version, renders),
    findStaleRecords: (opts) => findStaleRenderRecords(db, opts),
  };
}
