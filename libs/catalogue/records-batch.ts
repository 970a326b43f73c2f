import type { BatchRecordRow, NewHistoryEntry, RecordBatchStore, RecordEvent } from './records.ports';

/**
 * The records use case for many records at once (the CLI's bulk import): the same rules and the
 * same history and events as a create, a publication and a content edit one by one
 * (records.service.ts), written with one statement per kind of write.
 *
 * - a new record: history null → DRAFT (and DRAFT → PUBLISHED when the operator publishes),
 *   events `record.created` (and `record.status-changed`), actor = the owner;
 * - an identifier held by the organisation or by a record that is or was public is taken;
 *   with `update`, the organisation's own record gets the new content when its JSON or its
 *   stored ISO document differs (version + 1,
 *   `record.updated`, status and history untouched, as a content edit); another
 *   organisation's record is never touched and never named beyond "another organisation".
 *
 * Relaying the events is left to whoever relays in the process (the worker's or the API's
 * outbox relay): a CLI import exits before it could.
 */

export interface BatchWriteOptions {
  organisationId: string;
  /** owner of the new records and actor of their history rows */
  ownerId: string;
  /** land as PUBLISHED (an operator action) instead of DRAFT */
  publish: boolean;
  /** replace the content of the organisation's existing records instead of skipping them */
  update: boolean;
  /** history note of the new records */
  note: string | null;
}

export interface BatchWriteResult {
  /** file identifier → key of the records created */
  inserted: Map<string, string>;
  /** file identifier → key of the records whose content was replaced */
  updated: Map<string, string>;
  /** file identifier → why it was left alone */
  skipped: Map<string, string>;
}

export interface RecordsBatch {
  /** one transaction: every row created, updated or skipped with its reason */
  write(rows: readonly BatchRecordRow[], opts: BatchWriteOptions): Promise<BatchWriteResult>;
  refreshStatistics(): Promise<void>;
}

export const TAKEN = 'sudah ada';
const TAKEN_ELSEWHERE = 'sudah ada (milik organisasi lain; tidak diperbarui)';
const UNCHANGED = 'sudah ada (isi tidak berubah)';

export function createRecordsBatch(deps: { store: RecordBatchStore }): RecordsBatch {
  const { store } = deps;
  return {
    refreshStatistics: () => store.refreshStatistics(),

    write: (rows, opts) => store.transaction(async (tx) => {
      const created = await tx.insertFree(rows, { organisationId: opts.organisationId, ownerId: opts.ownerId, status: opts.publish ? 'PUBLISHED' : 'DRAFT' });
      const history: NewHistoryEntry[] = [];
      const events: RecordEvent[] = [];
      for (const rec of created) {
        history.push({ recordId: rec.id, actorId: opts.ownerId, from: null, to: 'DRAFT', note: opts.note });
        events.push({ type: 'record.created', payload: { recordId: rec.id, version: rec.version } });
        if (opts.publish) {
          history.push({ recordId: rec.id, actorId: opts.ownerId, from: 'DRAFT', to: 'PUBLISHED', note: opts.note });
          events.push({
            type: 'record.status-changed',
            payload: { recordId: rec.id, from: 'DRAFT', to: 'PUBLISHED', version: rec.version, actorId: opts.ownerId, organisationId: opts.organisationId },
          });
        }
      }
      const inserted = new Map(created.map((x) => [x.fileIdentifier, x.id]));
      const taken = rows.filter((r) => !inserted.has(r.fileIdentifier));
      const skipped = new Map<string, string>();
      let updated = new Map<string, string>();
      if (taken.length && opts.update) {
        const holders = await tx.lockHolders(taken.map((r) => r.fileIdentifier), opts.organisationId);
        const ours = taken.filter((r) => holders.get(r.fileIdentifier)?.organisationId === opts.organisationId);
        const changed = await tx.updateChanged(ours, opts.organisationId);
        for (const rec of changed) events.push({ type: 'record.updated', payload: { recordId: rec.id, version: rec.version, status: rec.status } });
        updated = new Map(changed.map((x) => [x.fileIdentifier, x.id]));
        for (const r of taken) {
          const fid = r.fileIdentifier;
          if (updated.has(fid)) continue;
          const holder = holders.get(fid);
          skipped.set(fid, !holder ? TAKEN : holder.organisationId !== opts.organisationId ? TAKEN_ELSEWHERE : UNCHANGED);
        }
      } else {
        for (const r of taken) skipped.set(r.fileIdentifier, TAKEN);
      }
      // each record created or replaced keeps the document it was derived from (issue 19)
      const byId = new Map(rows.map((r) => [r.fileIdentifier, r]));
      const documents = [...inserted, ...updated].flatMap(([fid, recordId]) => {
        const document = byId.get(fid)?.document;
        return document ? [{ recordId, origin: 'import' as const, document }] : [];
      });
      await tx.saveDocuments(documents);
      await tx.appendHistory(history);
      await tx.emit(events);
      return { inserted, updated, skipped };
    }),
  };
}
