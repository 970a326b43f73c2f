import { randomUUID } from 'node:crypto';
import { AppError, validationError } from '../errors';
import { applyMergePatch, jsonEqual } from './merge-patch';
import { operationLinks } from './operation-links';
import type { DocumentVersion, IsoDocument, StoredDocument } from './record-document';
import type { MetadataDoc, MetadataRecord, Role } from './record.types';
import type { AfterCommit, DocumentEdit, HistoryEntry, ListQuery, PatchedDocument, RecordPage, RecordStore, RecordTx } from './records.ports';
import { diffDocuments, type FieldChange } from './record-diff';
import { checkIfMatch, parsePatchBody, type ContentPatch, type StatusChange } from './records-input';
import type { Actor } from './user.types';
import { validateMetadataDoc } from './validate-record';
import { canEditContent, canReadRecord, checkDelete, readScopeFor, recordNotFound } from './visibility';
import { checkTransition, docOf } from './workflow';
import { refuseHarvestedEdit, type Provenance } from './harvested-record';
import type { ReviewerCandidate } from './reviewer-candidate';
import { mayCorrectDirectly, openRevisionConflict, parseCorrectionBody, publishedEditRefusal, startRevisionRefusal } from './record-revisions';

/**
 * The metadata record use cases. Each write runs in one transaction that locks the record row
 * (SELECT … FOR UPDATE), checks the caller, the If-Match precondition and the rules, writes
 * the change, its history row and its outbox event, and commits; `afterCommit` then kicks the
 * event relay and, when the public catalogue changed, invalidates the public response cache.
 *
 * Decisions (see also the README):
 * - PRODUSEN and ADMIN create records; a QCQE reviews and never creates (403).
 * - publishedAt is the FIRST publication: PRIVATE → PUBLISHED again keeps it, because ISO and
 *   CSW readers treat publication as a one-time event; updatedAt shows the later change.
 * - a patch that changes nothing writes nothing (no version bump, no event).
 * - the record key (`id`) is always chosen by the server; a client-supplied identifier is the
 *   record's fileIdentifier only. It must be free within the organisation and among records
 *   that are or were public; another organisation's never-public record reserves nothing, so
 *   an identifier only such a record uses is as free as one nobody uses (issue 12). It may
 *   change until the first publication and never after (CSW, OARec and OAI-PMH name the
 *   record by it); publishing is refused while a public record elsewhere holds it.
 */

export const CREATOR_ROLES: readonly Role[] = Object.freeze(['PRODUSEN', 'ADMIN']);

export function assertMayCreate(actor: Actor): void {
  if (!CREATOR_ROLES.includes(actor.role)) {
    throw new AppError('FORBIDDEN', 'Rekaman metadata dibuat oleh PRODUSEN atau ADMIN; peran QCQE hanya mereview.');
  }
}

/** A record written in the editor has a title; only an imported document may lack one (issue 19). */
const TITLE_REQUIRED = { path: '/title', message: 'Judul wajib diisi' };
const hasTitle = (input: unknown): boolean => {
  const t = (input as { title?: unknown } | null)?.title;
  return typeof t === 'string' && t.trim() !== '';
};

export interface RecordsServiceDeps {
  store: RecordStore;
  afterCommit: AfterCommit;
  newId?: () => string;
  /**
   * Called inside the transaction that publishes a revision, before its working copy is removed:
   * moves what lives outside the database under the copy's key (its uploaded browse graphic) to the
   * record's key and returns the document pointing at it. Default: the document unchanged.
   */
  adoptRevisionAssets?: (revisionId: string, recordId: string, doc: MetadataDoc) => Promise<MetadataDoc>;
  /**
   * Element-level editing (issue 19 §4): the record's stored document with the elements of the
   * changed fields rewritten, and the JSON mapped from it (libs/assembly/document-patcher.ts).
   * Without it an edit replaces the document by the gmd render of the edited JSON.
   */
  patchDocument?: (edit: DocumentEdit) => Promise<PatchedDocument>;
}

export interface CreateOptions {
  /** history note of the creation, e.g. "Impor XML (gmd)" */
  note?: string;
  /** the uploaded ISO document the JSON was derived from (issue 19); without it the JSON is the editor's */
  document?: IsoDocument;
}

export interface RecordsService {
  create(actor: Actor, input: unknown, opts?: CreateOptions): Promise<MetadataRecord>;
  get(actor: Actor, id: string): Promise<MetadataRecord>;
  /** the record with the provenance of a harvested one (`harvest`) */
  read(actor: Actor, id: string): Promise<MetadataRecord & { harvest?: Provenance; isoDocument?: DocumentVersion }>;
  /** every version of the record's ISO document, newest first (issue 19) */
  documents(actor: Actor, id: string): Promise<DocumentVersion[]>;
  /** one version with its XML; 404 when there is none with that number */
  document(actor: Actor, id: string, seq: number): Promise<StoredDocument>;
  list(actor: Actor, query: ListQuery): Promise<RecordPage>;
  history(actor: Actor, id: string): Promise<HistoryEntry[]>;
  patch(actor: Actor, id: string, body: unknown, ifMatch?: string): Promise<MetadataRecord>;
  remove(actor: Actor, id: string, ifMatch?: string): Promise<void>;
  /** field-level changes of the document since its latest publication (all fields "added" when never published) */
  changes(actor: Actor, id: string): Promise<RecordChanges>;
  /** who the record may be submitted to: active QCQE of its organisation, and of others when it allows lintas-org review */
  reviewerCandidates(actor: Actor, id: string): Promise<{ allowLintasOrg: boolean; items: ReviewerCandidate[] }>;
  /** an ADMIN of the record's organisation makes a harvested record local (editable); the source's next run then leaves it alone */
  detachHarvest(actor: Actor, id: string): Promise<MetadataRecord>;
  /** a working copy of a PUBLISHED record, DRAFT, owned by the caller; 409 when one is open already */
  startRevision(actor: Actor, id: string, ifMatch?: string): Promise<MetadataRecord>;
  /** the open revision of a record when the caller may read it */
  openRevision(actor: Actor, id: string): Promise<MetadataRecord | undefined>;
  /** an ADMIN's direct correction of a PUBLISHED record, with a reason (history action "direct-correction") */
  correct(actor: Actor, id: string, body: unknown, ifMatch?: string): Promise<MetadataRecord>;
}

export interface RecordChanges {
  /** the latest publication compared against; null when the record was never published */
  since: { version: number; publishedAt: string } | null;
  changes: FieldChange[];
}

const isPublished = (r: Pick<MetadataRecord, 'status'>): boolean => r.status === 'PUBLISHED';
/** public now or once (a withdrawal keeps publishedAt): its identifier is known outside */
const wasPublic = (r: Pick<MetadataRecord, 'status' | 'publishedAt'>): boolean => isPublished(r) || r.publishedAt !== null;

const identifierError = (message: string): AppError =>
  new AppError('CONFLICT', message, { extras: { errors: [{ path: '/fileIdentifier', message: 'Pengenal sudah dipakai' }] } });

/** 409 for an identifier held by the caller's organisation or by a (once) public record: nothing hidden is named. */
function identifierTaken(fileIdentifier: string, holder: 'organisation' | 'public' | undefined): AppError {
  return identifierError(holder === 'organisation'
    ? `Pengenal "${fileIdentifier}" sudah dipakai rekaman lain di organisasi Anda.`
    : holder === 'public'
      ? `Pengenal "${fileIdentifier}" sudah dipakai rekaman yang dipublikasikan (atau pernah dipublikasikan) di katalog.`
      : `Pengenal "${fileIdentifier}" baru saja dipakai rekaman lain; coba lagi.`);
}

/**
 * A service's connect points listed among the distributions (`operation`) are the operations'
 * elements in the stored document: an edit of the distributions cannot change them, so an edit
 * that does is refused with what to do instead, never dropped (operation-links.ts).
 */
function refuseChangedConnectPoints(before: MetadataDoc, after: MetadataDoc): void {
  if (jsonEqual(operationLinks(before), operationLinks(after))) return;
  throw validationError([{
    path: '/distributions',
    message: 'Tautan bertanda operasi adalah titik akses operasi layanan (containsOperations); ubah atau hapus lewat operasi layanan.',
  }], 'Tautan operasi layanan tidak dapat diubah sebagai tautan distribusi.');
}

async function refuseTakenIdentifier(tx: RecordTx, organisationId: string, fileIdentifier: string, recordId: string | null): Promise<void> {
  const holder = await tx.fileIdentifierHolder(organisationId, fileIdentifier, recordId);
  if (holder) throw identifierTaken(fileIdentifier, holder);
}

export function createRecordsService(deps: RecordsServiceDeps): RecordsService {
  const { store, afterCommit } = deps;
  const newId = deps.newId ?? randomUUID;

  /** The record if the caller may read it; 404 otherwise. */
  async function readable(actor: Actor, id: string): Promise<MetadataRecord> {
    const rec = await store.findRecord(id);
    if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
    return rec;
  }

  /** A readable record, locked for the rest of the transaction; 404 otherwise. */
  async function lockReadable(tx: RecordTx, actor: Actor, id: string, ifMatch: string | undefined): Promise<MetadataRecord> {
    const rec = await tx.lockRecord(id);
    if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
    checkIfMatch(rec.version, ifMatch);
    return rec;
  }

  async function changeContent(tx: RecordTx, actor: Actor, rec: MetadataRecord, p: ContentPatch, correction?: string): Promise<MetadataRecord> {
    const refusal = correction === undefined ? publishedEditRefusal(rec) : undefined;
    if (refusal) throw refusal;
    if (correction === undefined && !canEditContent(actor, rec)) {
      throw new AppError('FORBIDDEN', `Isi rekaman berstatus ${rec.status} hanya dapat diubah oleh ${rec.status === 'DRAFT' || rec.status === 'REJECTED' ? 'pemiliknya atau ' : ''}ADMIN organisasinya.`);
    }
    const current = docOf(rec);
    const merged = applyMergePatch(current, p.patch) as Record<string, unknown>;
    const fileIdentifier = rec.fileIdentifier ?? rec.id;
    // removing the identifier (null in the merge patch) keeps it; changing it is a rename
    const renamed = merged.fileIdentifier !== undefined && merged.fileIdentifier !== fileIdentifier;
    // a revision carries its record's public identifier
    if (renamed && (wasPublic(rec) || rec.revisionOf)) {
      throw validationError([{ path: '/fileIdentifier', message: 'Pengenal berkas (fileIdentifier) tidak dapat diubah setelah rekaman dipublikasikan' }]);
    }
    if (!renamed) merged.fileIdentifier = fileIdentifier;
    const v = validateMetadataDoc(merged);
    const titleErrors = hasTitle(merged) ? [] : [TITLE_REQUIRED];
    if (!v.ok) throw validationError([...titleErrors, ...v.errors]);
    if (titleErrors.length) throw validationError(titleErrors);
    if (jsonEqual(v.doc, current)) return rec;
    if (renamed) await refuseTakenIdentifier(tx, rec.organisationId, v.doc.fileIdentifier!, rec.id);
    const updated = await writeContent(tx, rec, v.doc);
    if (correction !== undefined) {
      // the corrected document is what is published now: the next review compares with it
      await tx.savePublication(rec.id, updated.version, docOf(updated));
      await tx.appendHistory({ recordId: rec.id, actorId: actor.id, from: rec.status, to: rec.status, note: correction, action: 'direct-correction' });
    }
    await tx.emit('record.updated', { recordId: updated.id, version: updated.version, status: updated.status });
    return updated;
  }

  /**
   * The edited JSON written with its document. A record whose current document has XML gets that
   * document with only the changed fields' elements rewritten (issue 19 §4), and the JSON mapped
   * from it; otherwise the editor row without XML that the render job fills with the gmd render.
   */
  async function writeContent(tx: RecordTx, rec: MetadataRecord, doc: MetadataDoc): Promise<MetadataRecord> {
    const stored = deps.patchDocument ? await tx.currentDocument(rec.id) : undefined;
    if (!deps.patchDocument || !stored?.xml || !stored.schema) return tx.updateContent(rec.id, doc);
    refuseChangedConnectPoints(docOf(rec), doc);
    let patched: PatchedDocument;
    try {
      patched = await deps.patchDocument({ xml: stored.xml, schema: stored.schema, after: doc, recordId: rec.id, updatedAt: rec.updatedAt });
    } catch {
      // a document the patcher cannot work on (pure XML work: no database behind it) must not make
      // the edit fail: the edit is written as before element-level editing (the gmd render of the
      // JSON), and the stored document stays readable as an earlier version in the history
      return tx.updateContent(rec.id, doc);
    }
    const checked = validateMetadataDoc({ ...patched.doc, fileIdentifier: doc.fileIdentifier });
    // the mapping of a patched document is valid like any import; should it not be, the edited JSON stands
    return tx.updateContent(rec.id, checked.ok ? checked.doc : doc, patched.document);
  }

  /**
   * REVIEW → PUBLISHED of a working copy: its document replaces the published one in the record's
   * own row (key, renders, OAI-PMH item and publication history stay the record's; the update
   * moves the OAI-PMH datestamp), the copy's history joins the record's, and the copy is removed.
   */
  async function publishRevision(tx: RecordTx, actor: Actor, rev: MetadataRecord & { revisionOf: string }, note: string | null): Promise<MetadataRecord> {
    const published = await tx.lockRecord(rev.revisionOf);
    if (!published || published.status !== 'PUBLISHED') {
      throw new AppError('CONFLICT', 'Versi terbit rekaman ini sudah ditarik; terbitkan kembali rekamannya lebih dulu, atau hapus revisi ini.', {
        extras: { recordId: rev.revisionOf, recordStatus: published?.status ?? null },
      });
    }
    let doc: MetadataDoc = { ...docOf(rev), fileIdentifier: published.fileIdentifier ?? published.id };
    if (deps.adoptRevisionAssets) doc = await deps.adoptRevisionAssets(rev.id, published.id, doc);
    // the record's document patched with what the revision changed (its elements of other fields stay)
    const updated = await writeContent(tx, published, doc);
    await tx.savePublication(published.id, updated.version, docOf(updated));
    await tx.appendHistory({ recordId: rev.id, actorId: actor.id, from: rev.status, to: 'PUBLISHED', note, action: 'revision-published' });
    await tx.moveHistory(rev.id, published.id);
    await tx.deleteRecord(rev.id);
    await tx.emit('record.deleted', { recordId: rev.id });
    // renders the record, refreshes CSW, and tells the revision's author (not the record's first owner)
    await tx.emit('record.status-changed', {
      recordId: published.id, from: rev.status, to: 'PUBLISHED', version: updated.version, actorId: actor.id,
      organisationId: published.organisationId, authorId: rev.ownerId,
    });
    return updated;
  }

  async function changeStatus(tx: RecordTx, actor: Actor, rec: MetadataRecord, c: StatusChange): Promise<MetadataRecord> {
    // only a submission looks at the organisation and the proposed reviewer
    const submitting = rec.status === 'DRAFT' && c.status === 'QCQE_PROCESS';
    const org = submitting ? await tx.findOrganisationShared(rec.organisationId) : undefined;
    const reviewer = submitting && typeof c.reviewerId === 'string' ? await tx.findUser(c.reviewerId) : undefined;
    const decision = checkTransition(rec, actor, c.status, {
      statusNote: c.statusNote,
      reviewerId: c.reviewerId,
      reviewer,
      allowLintasOrgReviewer: org?.allowLintasOrgReviewer ?? false,
    });
    if (!decision.ok) throw decision.error;
    if (rec.revisionOf && c.status === 'PUBLISHED') return publishRevision(tx, actor, { ...rec, revisionOf: rec.revisionOf }, c.statusNote);
    // the public identifier space is shared: a record that is or was public elsewhere keeps it
    // (a re-publication from PRIVATE passes: the unique index already holds it for this record)
    if (c.status === 'PUBLISHED' && await tx.publicFileIdentifierTaken(rec.fileIdentifier ?? rec.id, rec.id)) {
      throw identifierError(`Rekaman tidak dapat dipublikasikan: pengenal "${rec.fileIdentifier ?? rec.id}" sudah dipakai rekaman lain `
        + 'yang dipublikasikan (atau pernah dipublikasikan) di katalog. Ganti pengenal (fileIdentifier) rekaman ini lebih dulu.');
    }
    const updated = await tx.updateStatus(rec.id, {
      status: c.status,
      reviewerId: decision.reviewerId,
      markPublished: c.status === 'PUBLISHED',
    });
    // the snapshot the next review's "what changed since it was last published" compares with
    if (c.status === 'PUBLISHED') await tx.savePublication(rec.id, updated.version, docOf(updated));
    const withdrawal = rec.status === 'PUBLISHED' && c.status === 'PRIVATE';
    await tx.appendHistory({ recordId: rec.id, actorId: actor.id, from: rec.status, to: c.status, note: c.statusNote, action: withdrawal ? 'withdrawal' : null });
    await tx.emit('record.status-changed', {
      recordId: rec.id, from: rec.status, to: c.status, version: updated.version, actorId: actor.id, organisationId: rec.organisationId,
    });
    return updated;
  }

  return {
    async create(actor, input, opts = {}) {
      assertMayCreate(actor);
      const v = validateMetadataDoc(input);
      // the editor's JSON needs a title; an uploaded document without one keeps none (issue 19)
      const titleErrors = !opts.document && !hasTitle(input) ? [TITLE_REQUIRED] : [];
      if (!v.ok) throw validationError([...titleErrors, ...v.errors]);
      if (titleErrors.length) throw validationError(titleErrors);
      // the key is always the server's, so which keys exist never shows through a create
      const id = newId();
      const fileIdentifier = v.doc.fileIdentifier ?? id;
      const doc: MetadataDoc = { ...v.doc, fileIdentifier };
      const created = await store.transaction(async (tx) => {
        if (v.doc.fileIdentifier !== undefined) await refuseTakenIdentifier(tx, actor.organisationId, fileIdentifier, null);
        const rec = await tx.insertRecord({ id, fileIdentifier, status: 'DRAFT', organisationId: actor.organisationId, ownerId: actor.id, reviewerId: null, doc });
        // a concurrent create of the same identifier in this organisation (its unique index)
        if (!rec) throw identifierTaken(fileIdentifier, undefined);
        await tx.saveDocument({ recordId: id, origin: opts.document ? 'import' : 'editor', document: opts.document ?? null });
        await tx.appendHistory({ recordId: id, actorId: actor.id, from: null, to: 'DRAFT', note: opts.note ?? null });
        await tx.emit('record.created', { recordId: id, version: rec.version });
        return rec;
      });
      await afterCommit({ publicChanged: false });
      return created;
    },

    get: readable,

    async read(actor, id) {
      const rec = await readable(actor, id);
      const [harvest, documents] = await Promise.all([store.findProvenance(rec.id), store.listDocuments(rec.id)]);
      // the current document's schema, origin and check report, for the workbench
      const isoDocument = documents[0];
      return { ...rec, ...(harvest ? { harvest } : {}), ...(isoDocument ? { isoDocument } : {}) };
    },

    async documents(actor, id) {
      const rec = await readable(actor, id);
      return store.listDocuments(rec.id);
    },

    async document(actor, id, seq) {
      const rec = await readable(actor, id);
      const found = await store.findDocument(rec.id, seq);
      if (!found) throw new AppError('NOT_FOUND', `Rekaman "${id}" tidak memiliki dokumen versi ${seq}.`);
      return found;
    },

    async reviewerCandidates(actor, id) {
      const rec = await readable(actor, id);
      const org = await store.findOrganisation(rec.organisationId);
      const allowLintasOrg = org?.allowLintasOrgReviewer ?? false;
      return { allowLintasOrg, items: await store.listReviewerCandidates(rec.organisationId, allowLintasOrg) };
    },

    async detachHarvest(actor, id) {
      const rec = await readable(actor, id);
      if (actor.role !== 'ADMIN' || rec.organisationId !== actor.organisationId) {
        throw new AppError('FORBIDDEN', 'Hanya ADMIN organisasi rekaman yang dapat melepasnya dari sumber panen.');
      }
      if (!(await store.detachHarvest(id))) throw new AppError('CONFLICT', `Rekaman "${id}" bukan rekaman panen.`);
      return rec;
    },

    list: (actor, query) => store.listRecords(readScopeFor(actor), query),

    async history(actor, id) {
      await readable(actor, id);
      return store.listHistory(id);
    },

    async changes(actor, id) {
      const rec = await readable(actor, id);
      // a revision is compared with the version that is published now
      const last = await store.lastPublication(rec.revisionOf ?? id);
      return {
        since: last ? { version: last.version, publishedAt: last.publishedAt } : null,
        changes: diffDocuments(last?.doc ?? {}, docOf(rec)),
      };
    },

    async patch(actor, id, body, ifMatch) {
      const change = parsePatchBody(body);
      const harvested = await store.findProvenance(id);
      if (harvested) {
        await readable(actor, id); // 404 first for a record the caller may not see
        refuseHarvestedEdit(harvested, body, id);
      }
      let publicChanged = false;
      let wrote = false;
      const result = await store.transaction(async (tx) => {
        const rec = await lockReadable(tx, actor, id, ifMatch);
        const updated = change.kind === 'status' ? await changeStatus(tx, actor, rec, change) : await changeContent(tx, actor, rec, change);
        // a published revision answers with its record (another row): compare rows, not versions
        wrote = updated !== rec;
        publicChanged = isPublished(rec) || isPublished(updated);
        return updated;
      });
      if (wrote) await afterCommit({ publicChanged });
      return result;
    },

    async startRevision(actor, id, ifMatch) {
      const harvested = await store.findProvenance(id);
      const revision = await store.transaction(async (tx) => {
        // the published record is locked: two concurrent starts serialise here, and the unique
        // index of migration 075 stops whatever gets past
        const rec = await lockReadable(tx, actor, id, ifMatch);
        const refusal = startRevisionRefusal(actor, rec);
        if (refusal) throw refusal;
        if (harvested) refuseHarvestedEdit(harvested, {}, id);
        const open = await tx.findRevisionOf(rec.id);
        if (open) throw openRevisionConflict(canReadRecord(actor, open) ? open.id : undefined);
        const revId = newId();
        const fileIdentifier = rec.fileIdentifier ?? rec.id;
        const inserted = await tx.insertRecord({
          id: revId, fileIdentifier, status: 'DRAFT', organisationId: rec.organisationId, ownerId: actor.id, reviewerId: null,
          doc: { ...docOf(rec), fileIdentifier }, revisionOf: rec.id,
        });
        if (!inserted) throw openRevisionConflict(undefined);
        // the working copy starts from the record's document, so that its edits patch it (issue 19 §4)
        const current = await tx.currentDocument(rec.id);
        if (current?.xml && current.schema) {
          await tx.saveDocument({
            recordId: revId, origin: current.origin, document: { xml: current.xml, schema: current.schema, validation: current.validation },
            ...(current.sourceId ? { sourceId: current.sourceId } : {}), ...(current.fetchedAt ? { fetchedAt: current.fetchedAt } : {}),
          });
        }
        await tx.appendHistory({ recordId: revId, actorId: actor.id, from: null, to: 'DRAFT', note: `Revisi dari versi terbit ${rec.version}`, action: 'revision-started' });
        await tx.emit('record.created', { recordId: revId, version: inserted.version });
        return inserted;
      });
      await afterCommit({ publicChanged: false });
      return revision;
    },

    async openRevision(actor, id) {
      const rec = await readable(actor, id);
      const open = rec.status === 'PUBLISHED' || rec.status === 'PRIVATE' ? await store.findRevisionOf(rec.id) : undefined;
      return open && canReadRecord(actor, open) ? open : undefined;
    },

    async correct(actor, id, body, ifMatch) {
      const { reason, patch } = parseCorrectionBody(body);
      const harvested = await store.findProvenance(id);
      if (harvested) {
        await readable(actor, id);
        refuseHarvestedEdit(harvested, patch.patch, id);
      }
      let wrote = false;
      const result = await store.transaction(async (tx) => {
        const rec = await lockReadable(tx, actor, id, ifMatch);
        if (rec.status !== 'PUBLISHED') {
          throw new AppError('CONFLICT', `Koreksi langsung hanya untuk rekaman terbit (PUBLISHED); rekaman ini berstatus ${rec.status}. Ubah isinya seperti biasa.`, {
            extras: { currentStatus: rec.status },
          });
        }
        if (!mayCorrectDirectly(actor, rec)) throw new AppError('FORBIDDEN', 'Koreksi langsung rekaman terbit hanya dapat dilakukan ADMIN organisasinya.');
        const updated = await changeContent(tx, actor, rec, patch, reason);
        wrote = updated !== rec;
        return updated;
      });
      if (wrote) await afterCommit({ publicChanged: true });
      return result;
    },

    async remove(actor, id, ifMatch) {
      let publicChanged = false;
      await store.transaction(async (tx) => {
        const rec = await lockReadable(tx, actor, id, ifMatch);
        const refusal = checkDelete(actor, rec);
        if (refusal) throw refusal;
        publicChanged = isPublished(rec);
        await tx.deleteRecord(id);
        await tx.emit('record.deleted', { recordId: id });
      });
      await afterCommit({ publicChanged });
    },
  };
}
