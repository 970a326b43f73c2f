import { randomUUID } from 'node:crypto';
import { AppError } from '../errors';
import { LIMITS } from './metadata.schema';
import type { IsoDocument, StoredDocument } from './record-document';
import type { MetadataDoc, MetadataRecord } from './record.types';
import type { AfterCommit, RecordStore } from './records.ports';
import { assertMayCreate } from './records.service';
import type { Actor } from './user.types';
import { canReadRecord, recordNotFound } from './visibility';
import { docOf, hasRelationship } from './workflow';

/**
 * Starting a record from another one (issue 20, §5): a copy of any record the caller may read,
 * a template of their organisation included (GeoNetwork's "template" flag: an ADMIN marks an
 * ordinary record, every producer of the organisation starts from it).
 *
 * A copy is a new record, not a version of its source: a new key and a new public identifier
 * (never the source's, so no identifier clash and no link to follow back), DRAFT in the caller's
 * organisation and owned by the caller, a history that starts with its creation, the title marked
 * "Salinan: …". The source's ISO document is carried whole — an imported or harvested document
 * keeps every element the JSON does not hold — with the identifier and title inside it rewritten
 * (libs/import/copy-document.ts, through the `copyDocument` port); a document the editor made is
 * the render of the JSON and is rendered again for the copy.
 */

/** The template mark of records (libs/db/record-template.repository.ts, migration 095). */
export interface RecordTemplateStore {
  isTemplate(recordId: string): Promise<boolean>;
  /** true when the record was not marked before */
  mark(recordId: string, actorId: string): Promise<boolean>;
  unmark(recordId: string): Promise<boolean>;
  /** the templates of an organisation, by title */
  listForOrganisation(organisationId: string): Promise<TemplateSummary[]>;
}

export interface TemplateSummary {
  id: string;
  fileIdentifier: string | null;
  title: string;
  status: MetadataRecord['status'];
  updatedAt: string;
  markedAt: string;
}

/** A copied ISO document and the JSON derived from it (the import mapping, libs/import). */
export interface CopiedDocument {
  doc: MetadataDoc;
  document: IsoDocument;
}

export interface RecordCopiesDeps {
  store: RecordStore;
  templates: RecordTemplateStore;
  afterCommit: AfterCommit;
  /**
   * The source's stored XML with the copy's identifier and title written into it, and the JSON
   * mapped from the result; undefined when the document cannot be rewritten (the copy then gets
   * the render of the JSON, like an editor's record).
   */
  copyDocument(xml: string, ids: { fileIdentifier: string; title: string }): CopiedDocument | undefined;
  /** what lives outside the database under the source's key (its uploaded graphic), copied to the new key */
  copyAssets(sourceId: string, copyId: string, doc: MetadataDoc): Promise<MetadataDoc>;
  newId?: () => string;
}

export interface RecordCopies {
  /** 201: a new DRAFT of the caller's organisation from `sourceId` (a record they may read, a template included); 404 otherwise */
  copy(actor: Actor, sourceId: string): Promise<MetadataRecord>;
  /** the caller's organisation's templates */
  listTemplates(actor: Actor): Promise<TemplateSummary[]>;
  isTemplate(recordId: string): Promise<boolean>;
  /** an ADMIN of the record's organisation marks (true) or unmarks it; answers the record */
  setTemplate(actor: Actor, recordId: string, template: boolean): Promise<MetadataRecord>;
}

export const COPY_TITLE_PREFIX = 'Salinan: ';

/** "Salinan: <title>", cut to the schema's title limit; a source without a title is named by its identifier. */
export function copyTitle(source: Pick<MetadataRecord, 'id' | 'fileIdentifier'> & { title?: string }): string {
  const base = source.title?.trim() || source.fileIdentifier || source.id;
  return `${COPY_TITLE_PREFIX}${base}`.slice(0, LIMITS.title);
}

/** Only an ADMIN of the record's organisation marks templates, and not on a revision's working copy. */
export function mayMarkTemplate(actor: Actor, rec: Pick<MetadataRecord, 'status' | 'organisationId' | 'ownerId' | 'reviewerId' | 'revisionOf'>): boolean {
  return !rec.revisionOf && hasRelationship('orgAdmin', rec, actor);
}

export function createRecordCopies(deps: RecordCopiesDeps): RecordCopies {
  const { store, templates, afterCommit } = deps;
  const newId = deps.newId ?? randomUUID;

  /**
   * A record the caller may read; 404 otherwise (nothing leaks). A template needs no rule of its
   * own: the PRODUSEN and ADMIN of its organisation, who create records, read all of its records.
   */
  async function copyable(actor: Actor, id: string): Promise<MetadataRecord> {
    const rec = await store.findRecord(id);
    if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
    return rec;
  }

  /** The source's current document with its XML when it is one a producer or a source wrote (not an editor render). */
  async function carriedDocument(recordId: string): Promise<StoredDocument | undefined> {
    const [current] = await store.listDocuments(recordId);
    if (!current || current.origin === 'editor') return undefined;
    const stored = await store.findDocument(recordId, current.seq);
    return stored?.xml ? stored : undefined;
  }

  return {
    async copy(actor, sourceId) {
      assertMayCreate(actor);
      const source = await copyable(actor, sourceId);
      const id = newId();
      // the copy's own public identifier: its key, as for a record created without one
      const fileIdentifier = id;
      const title = copyTitle(source);
      const stored = await carriedDocument(source.id);
      const carried = stored?.xml ? deps.copyDocument(stored.xml, { fileIdentifier, title }) : undefined;
      let doc: MetadataDoc = carried
        ? { ...carried.doc, fileIdentifier, title }
        : { ...docOf(source), fileIdentifier, title };
      doc = await deps.copyAssets(source.id, id, doc);
      const created = await store.transaction(async (tx) => {
        const rec = await tx.insertRecord({ id, fileIdentifier, status: 'DRAFT', organisationId: actor.organisationId, ownerId: actor.id, reviewerId: null, doc });
        if (!rec) throw new AppError('CONFLICT', 'Salinan tidak dapat dibuat karena pengenalnya baru saja dipakai; coba lagi.');
        await tx.saveDocument({ recordId: id, origin: carried ? 'import' : 'editor', document: carried?.document ?? null });
        await tx.appendHistory({ recordId: id, actorId: actor.id, from: null, to: 'DRAFT', note: `Salinan dari rekaman "${source.fileIdentifier ?? source.id}"` });
        await tx.emit('record.created', { recordId: id, version: rec.version });
        return rec;
      });
      await afterCommit({ publicChanged: false });
      return created;
    },

    listTemplates: (actor) => templates.listForOrganisation(actor.organisationId),

    isTemplate: (recordId) => templates.isTemplate(recordId),

    async setTemplate(actor, recordId, template) {
      const rec = await store.findRecord(recordId);
      if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
      if (rec.revisionOf) throw new AppError('CONFLICT', 'Revisi yang sedang berjalan tidak dapat dijadikan templat; tandai rekaman terbitnya.');
      if (!mayMarkTemplate(actor, rec)) throw new AppError('FORBIDDEN', 'Templat organisasi ditandai oleh ADMIN organisasi pemilik rekaman.');
      if (template) await templates.mark(rec.id, actor.id);
      else await templates.unmark(rec.id);
      return rec;
    },
  };
}
