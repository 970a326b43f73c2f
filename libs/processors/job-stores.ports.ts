import type { DocumentSchema, DocumentXsdReport, StoredDocument } from '../catalogue/record-document';
import type { MetadataRecord } from '../catalogue/record.types';
import type { LintasOrgRecountStore } from '../catalogue/records.ports';
import type { HarvestStore } from '../harvest/harvest.ports';
import type { HarvestSource } from '../harvest/harvest.types';
import type { NotificationContext, StatusChangeEvent } from '../notify/notification.types';

/**
 * What the job handlers read and write, as ports: libs/db implements them and libs/assembly
 * (job-stores.ts) wires them in, so the worker's application layer never holds the database
 * handle — each handler reaches exactly the queries it runs.
 */

/** The stored XML forms of the records (the `record_renders` table in libs/db). */
export interface RenderStore {
  /** the record as it is now; undefined once deleted */
  findRecord(recordId: string): Promise<MetadataRecord | undefined>;
  /** the record's current ISO document (issue 19); undefined for a record that has none (written before migration 060) */
  findDocument(recordId: string): Promise<StoredDocument | undefined>;
  /** writes the gmd render into the editor document row it was made for (once) */
  fillEditorDocument(recordId: string, seq: number, xml: string): Promise<void>;
  /** format → the record version that form was rendered from */
  renderVersions(recordId: string): Promise<Record<string, number>>;
  /**
   * Writes every given form of one record version by (record, format); a form is only replaced
   * by the same or a newer version. Returns how many were written (0 when the record is gone).
   */
  upsertRenders(recordId: string, version: number, renders: Readonly<Record<string, string>>): Promise<number>;
  /** records missing one of `formats` at their current version, in id order after `afterId` (keyset paging) */
  findStaleRecords(opts: { formats: readonly string[]; limit: number; afterId?: string }): Promise<{ id: string; version: number }[]>;
}

/** The documents waiting for their XSD report (record_documents.xsd IS NULL). */
export interface XsdCheckStore {
  pending(limit: number): Promise<{ recordId: string; seq: number; schema: DocumentSchema; xml: string }[]>;
  store(reports: readonly { recordId: string; seq: number; report: DocumentXsdReport }[]): Promise<void>;
  /** how many check runs have started (names the job a producer queues) */
  generation(): Promise<number>;
  /** a check run starts: the generation moves on, before the run looks for documents */
  startRun(): Promise<number>;
}

/** The people around a record a workflow notification goes to (owner, reviewer, QCQE, ADMIN). */
export interface NotifyRecipients {
  /** undefined when the record no longer exists: then nobody is told */
  loadContext(event: StatusChangeEvent, baseUrl: string): Promise<NotificationContext | undefined>;
}

/** The harvest sources that have a cron schedule (registered as job schedules at start). */
export type ListScheduledSources = () => Promise<readonly Pick<HarvestSource, 'id' | 'schedule'>[]>;

/**
 * An event of the transactional outbox as the job system receives it (libs/db's outbox relay
 * hands its rows over): `evt-<id>` becomes the job id.
 */
export interface OutboxEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** Every store port the handlers use, handed to the job system by the process's assembly. */
export interface JobStores {
  renders: RenderStore;
  xsd: XsdCheckStore;
  lintasOrg: LintasOrgRecountStore;
  notifyRecipients: NotifyRecipients;
  harvest: HarvestStore;
  /**
   * Refreshes the planner statistics of the tables a harvest writes in bulk (libs/db
   * analyze-tables.ts): a long run calls it every few pages and at its end.
   */
  refreshHarvestStatistics(): Promise<void>;
}
