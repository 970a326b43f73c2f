import type { RecordBatchStore } from '../catalogue/records.ports';
import { analyzeTables } from './analyze-tables';
import type { Database } from './database';
import { appendHistoryRows } from './history.repository';
import { appendEvents } from './outbox.repository';
import { insertRecordDocuments } from './record-document.repository';
import { insertRecordRows, lockExistingRecords, RECORD_BATCH_TABLES, updateRecordRows } from './record-batch.repository';

/** The records use case's batch port on a database (PostgreSQL or PGlite): one statement per kind of write. */
export function recordBatchStoreFor(db: Database): RecordBatchStore {
  return {
    transaction: (fn) => db.transaction((tx) => fn({
      insertFree: (rows, o) => insertRecordRows(tx, rows, o),
      lockHolders: (ids, organisationId) => lockExistingRecords(tx, ids, organisationId),
      updateChanged: (rows, organisationId) => updateRecordRows(tx, rows, organisationId),
      appendHistory: (entries) => appendHistoryRows(tx, entries),
      emit: (events) => appendEvents(tx, events),
      saveDocuments: (entries) => insertRecordDocuments(tx, entries),
    })),
    refreshStatistics: () => analyzeTables(db, RECORD_BATCH_TABLES),
  };
}
