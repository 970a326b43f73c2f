import type { DocumentSchema, DocumentVersion, IsoDocument, NewRecordDocument, StoredDocument } from './record-document';
import type { MetadataDoc, MetadataRecord, RecordStatus } from './record.types';
import type { Organisation, User } from './user.types';
import type { ReadScope } from './visibility';
import type { Provenance } from './harvested-record';
import type { ReviewerCandidate } from './reviewer-candidate';
import type { SearchProjection } from './search-projection';

/**
 * What the record use cases need from storage, stated here so the catalogue stays free of SQL
 * (libs/db implements these: record.repository.ts, lintas-org.repository.ts). A `RecordTx`
 * is one database transaction: everything done through it commits or rolls back together.
 */

export interface NewRecord {
  id: string;
  status: RecordStatus;
  organisationId: string;
  ownerId: string;
  reviewerId: string | null;
  /** the record's public identifier; default `id`. It replaces whatever the document says */
  fileIdentifier?: string;
  /** a revision's working copy: the key of the published record it revises */
  revisionOf?: string;
  /** the producer's document */
  doc: MetadataDoc;
}

export interface StatusUpdate {
  status: RecordStatus;
  reviewerId: string | null;
  /** set publishedAt = now() when it is still null (the first publication is kept) */
  markPublished: boolean;
}

/**
 * History rows that are more than a status change, named so an audit can find them:
 * a revision started or published, an ADMIN's direct correction of a published record,
 * a withdrawal (PUBLISHED → PRIVATE). Their `note` is the reason given.
 */
export const HISTORY_ACTIONS = ['revision-started', 'revision-published', 'direct-correction', 'withdrawal'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export interface HistoryEntry {
  at: string;
  actorId: string | null;
  actorUsername: string | null;
  from: RecordStatus | null;
  to: RecordStatus;
  note: string | null;
  /** null for an ordinary transition */
  action: HistoryAction | null;
}

export interface NewHistoryEntry {
  recordId: string;
  actorId: string;
  from: RecordStatus | null;
  to: RecordStatus;
  note: string | null;
  action?: HistoryAction | null;
}

/** The events record changes emit (transactional outbox), with their payloads. */
export interface RecordEvents {
  'record.created': { recordId: string; version: number };
  'record.updated': { recordId: string; version: number; status: RecordStatus };
  /** `authorId`: the author of a published revision, told instead of the record's owner */
  'record.status-changed': { recordId: string; from: RecordStatus; to: RecordStatus; version: number; actorId: string; organisationId: string; authorId?: string };
  'record.deleted': { recordId: string };
}
export type RecordEventType = keyof RecordEvents;

export interface RecordTx {
  /** the record, locked against concurrent writers until the transaction ends */
  lockRecord(id: string): Promise<MetadataRecord | undefined>;
  /** undefined when the id or the file identifier is already taken (unique indexes) */
  insertRecord(r: NewRecord): Promise<MetadataRecord | undefined>;
  /**
   * replaces the document, recomputes the search projection, version + 1; writes the new ISO
   * document version (origin `editor`): `document` when the edit patched the stored XML, else an
   * editor row without XML that the render job fills
   */
  updateContent(id: string, doc: MetadataDoc, document?: IsoDocument): Promise<MetadataRecord>;
  /**
   * The same, with the ISO document the JSON was mapped from stored as this version's document
   * (the XML view's save) instead of an editor row waiting for its render.
   */
  updateContentFromDocument(id: string, doc: MetadataDoc, document: NewRecordDocument): Promise<MetadataRecord>;
  /** the record's current ISO document with its XML (null for an editor row not rendered yet) */
  currentDocument(recordId: string): Promise<StoredDocument | undefined>;
  /** version + 1 */
  updateStatus(id: string, u: StatusUpdate): Promise<MetadataRecord>;
  deleteRecord(id: string): Promise<void>;
  appendHistory(e: NewHistoryEntry): Promise<void>;
  emit<K extends RecordEventType>(type: K, payload: RecordEvents[K]): Promise<void>;
  findUser(id: string): Promise<User | undefined>;
  /** read with a share lock, so a concurrent switch of allowLintasOrgReviewer waits for this transaction */
  findOrganisationShared(id: string): Promise<Organisation | undefined>;
  /** stores the document as published at this version (record_publications) */
  savePublication(id: string, version: number, doc: MetadataDoc): Promise<void>;
  /**
   * What keeps `organisationId` from giving a record (other than `exceptRecordId`) this file
   * identifier: a record of the same organisation, or one that is or was public anywhere.
   * Never-public records of other organisations are not considered (they reserve nothing).
   */
  fileIdentifierHolder(organisationId: string, fileIdentifier: string, exceptRecordId: string | null): Promise<'organisation' | 'public' | undefined>;
  /** whether a record other than `recordId` that is or was public holds this file identifier */
  publicFileIdentifierTaken(fileIdentifier: string, recordId: string): Promise<boolean>;
  /** the open revision (working copy) of a record, if any */
  findRevisionOf(recordId: string): Promise<MetadataRecord | undefined>;
  /** the history rows of `fromRecordId` become `toRecordId`'s (a published revision joins its record) */
  moveHistory(fromRecordId: string, toRecordId: string): Promise<void>;
  /** a new version of the record's ISO document at its current version (record_documents) */
  saveDocument(entry: { recordId: string } & NewRecordDocument): Promise<void>;
}

/** An edit of a record whose current document has XML (issue 19 §4): the stored document and the edited JSON. */
export interface DocumentEdit {
  xml: string;
  schema: DocumentSchema;
  after: MetadataDoc;
  recordId: string;
  /** the record's updatedAt, for a render that needs one (the patch keeps the document's own dateStamp) */
  updatedAt: string;
}

/** The stored document with the elements of the changed fields rewritten, and the JSON mapped from it. */
export interface PatchedDocument {
  doc: MetadataDoc;
  document: IsoDocument;
  /** the fields whose elements were rewritten */
  fields: string[];
  /** changed fields the document does not hold after the patch: their edited value stays in the JSON */
  keptInJson: string[];
}

/** The document of a record as it was at its latest publication. */
export interface PublicationSnapshot {
  version: number;
  publishedAt: string;
  doc: MetadataDoc;
}

export interface ListQuery {
  status?: RecordStatus;
  /** free text; every word must occur as a word (any Indonesian or English form), most relevant first */
  q?: string;
  page: number;
  pageSize: number;
}

export interface RecordPage {
  items: MetadataRecord[];
  total: number;
}

export interface RecordStore {
  transaction<T>(fn: (tx: RecordTx) => Promise<T>): Promise<T>;
  findRecord(id: string): Promise<MetadataRecord | undefined>;
  listRecords(scope: ReadScope, query: ListQuery): Promise<RecordPage>;
  listHistory(recordId: string): Promise<HistoryEntry[]>;
  lastPublication(recordId: string): Promise<PublicationSnapshot | undefined>;
  /** the open revision (working copy) of a record, if any */
  findRevisionOf(recordId: string): Promise<MetadataRecord | undefined>;
  /** where a harvested record came from; undefined for a local record */
  findProvenance(recordId: string): Promise<Provenance | undefined>;
  /** the record leaves its harvest source (becomes local); false when it was not harvested */
  detachHarvest(recordId: string): Promise<boolean>;
  findOrganisation(id: string): Promise<Organisation | undefined>;
  /** active QCQE of the organisation, and of the others too when `otherOrgs` */
  listReviewerCandidates(organisationId: string, otherOrgs: boolean): Promise<ReviewerCandidate[]>;
  /** every stored version of the record's ISO document, newest first, without XML (issue 19) */
  listDocuments(recordId: string): Promise<DocumentVersion[]>;
  /** one version with its XML */
  findDocument(recordId: string, seq: number): Promise<StoredDocument | undefined>;
}

export interface LintasOrgCounts {
  /** DRAFT or REJECTED records with a reviewer from another organisation */
  draft: number;
  /** QCQE_PROCESS or REVIEW records with a reviewer from another organisation */
  pending: number;
  total: number;
}

export interface LintasOrgTx {
  lockOrganisation(id: string): Promise<Organisation | undefined>;
  countAssignments(organisationId: string): Promise<LintasOrgCounts>;
  /** reviewer_id → NULL on the counted records (version + 1, status unchanged); returns them */
  releaseAssignments(organisationId: string): Promise<{ id: string; version: number; status: RecordStatus }[]>;
  setAllowLintasOrgReviewer(organisationId: string, allow: boolean): Promise<Organisation>;
  emit<K extends RecordEventType>(type: K, payload: RecordEvents[K]): Promise<void>;
}

export interface LintasOrgStore {
  transaction<T>(fn: (tx: LintasOrgTx) => Promise<T>): Promise<T>;
  findOrganisation(id: string): Promise<Organisation | undefined>;
  countAssignments(organisationId: string): Promise<LintasOrgCounts>;
}

export type RecountOutcome =
  | { status: 'stored'; counts: LintasOrgCounts; countedSeq: number }
  /** a recount that read a newer change already stored its counts */
  | { status: 'superseded' }
  | { status: 'no-organisation' };

/**
 * The stored cross-organisation counts as the recount job keeps them (libs/processors
 * lintas-org.processor.ts; libs/db lintas-org.repository.ts implements it, libs/assembly wires it).
 * A change marks its organisation's counts outdated in its own transaction; the job recounts.
 */
export interface LintasOrgRecountStore {
  /** the organisation of a record, undefined when the record is gone */
  organisationOfRecord(recordId: string): Promise<string | undefined>;
  countsState(organisationId: string): Promise<'fresh' | 'stale' | 'missing'>;
  /** organisations whose stored counts lag behind their changes (oldest ids first) */
  staleOrganisations(limit: number): Promise<string[]>;
  /** counts live and stores the counts with the change they reflect */
  recount(organisationId: string): Promise<RecountOutcome>;
}

/** One record of a batch: its document serialised and its search projection (computed by the parse threads). */
export interface BatchRecordRow {
  fileIdentifier: string;
  /** the MetadataDoc serialised (its fileIdentifier = `fileIdentifier`) */
  docJson: string;
  projection: SearchProjection;
  /** the ISO document the JSON was derived from (issue 19); absent for Dublin Core */
  document?: IsoDocument;
}

/** An event of the transactional outbox, typed by the record events' table. */
export type RecordEvent = { [K in RecordEventType]: { type: K; payload: RecordEvents[K] } }[RecordEventType];

/** One transaction of a batch write (libs/db record-batch-store.ts): one statement per kind of write, not per record. */
export interface RecordBatchTx {
  /**
   * Inserts the rows whose file identifier is free (within the organisation, and among records
   * that are or were public: the same rules as a single create), each under a new key the store
   * chooses; a taken identifier is left alone. Returns what was inserted.
   */
  insertFree(rows: readonly BatchRecordRow[], o: { organisationId: string; ownerId: string; status: 'DRAFT' | 'PUBLISHED' }): Promise<{ id: string; fileIdentifier: string; version: number }[]>;
  /**
   * Who holds these identifiers, locked until the transaction ends: a record of `organisationId`
   * or one that is or was public (the organisation's own wins); others are not looked at.
   */
  lockHolders(fileIdentifiers: readonly string[], organisationId: string): Promise<Map<string, { organisationId: string }>>;
  /** replaces the document of the organisation's records (by file identifier) whose document differs; version + 1 */
  updateChanged(rows: readonly BatchRecordRow[], organisationId: string): Promise<{ id: string; fileIdentifier: string; version: number; status: RecordStatus }[]>;
  appendHistory(entries: readonly NewHistoryEntry[]): Promise<void>;
  emit(events: readonly RecordEvent[]): Promise<void>;
  /** a new document version for each record (record_documents, migration 060) */
  saveDocuments(entries: readonly ({ recordId: string } & NewRecordDocument)[]): Promise<void>;
}

export interface RecordBatchStore {
  transaction<T>(fn: (tx: RecordBatchTx) => Promise<T>): Promise<T>;
  /** brings the planner's statistics of what batches write up to date (after a bulk) */
  refreshStatistics(): Promise<void>;
}

/**
 * Called after a commit that wrote outbox events (see AppDeps.afterCommit); `publicChanged`:
 * the change touched what the public protocols show (a record that is or was PUBLISHED).
 */
export type AfterCommit = (effects: { publicChanged: boolean }) => Promise<void>;
