import { AppError, validationError } from '../errors';
import { unifiedLineDiff } from './line-diff';
import { diffDocuments, type FieldChange } from './record-diff';
import type { DocumentIssue, DocumentXsdReport, IsoDocument } from './record-document';
import { publishedEditRefusal } from './record-revisions';
import type { MetadataDoc, MetadataRecord } from './record.types';
import { refuseHarvestedEdit } from './harvested-record';
import type { AfterCommit, RecordStore, RecordTx } from './records.ports';
import { checkIfMatch } from './records-input';
import type { Actor } from './user.types';
import { validateMetadataDoc } from './validate-record';
import { canEditContent, canReadRecord, recordNotFound } from './visibility';
import { docOf } from './workflow';

/**
 * The workbench's XML view (issue 19 points 4 and 5): the producer edits the record's ISO document
 * itself. "Periksa" checks an edited document (the official XSD and our own rules) and shows its
 * line diff against the stored one and the field changes it makes; "Simpan" stores it as a new
 * document version — only when it passes — with the JSON re-derived from it by the import mapping,
 * under the same rules as any content edit (who may edit which status, If-Match, harvested records
 * refused). Separate from `changeContent` (the JSON edit) on purpose: the document is the input here.
 *
 * Parsing/mapping and the XSD validator are ports (libs/import behind libs/assembly).
 */
export interface XmlDocumentPorts {
  /**
   * Parses (never expanding entities or reading files) and maps the XML with the import mapping;
   * malformed XML / a DTD is a 400, an unmappable document a 422 (AppErrors).
   */
  read(xml: string): { doc: MetadataDoc; document?: IsoDocument; warnings: string[] };
  xsd(document: Pick<IsoDocument, 'xml' | 'schema'>): Promise<DocumentXsdReport>;
}

export interface XmlCheckResult {
  /** XSD valid and none of our checks is an error: "Simpan" will take it */
  passed: boolean;
  schema: IsoDocument['schema'];
  /** our own check report (mandatory properties, the mapping's warnings) */
  validation: DocumentIssue[];
  xsd: DocumentXsdReport;
  /** unified line diff against the record's current document ('' when equal) */
  diff: string;
  /** the field changes the edited document makes to the record's JSON */
  changes: FieldChange[];
}

export interface RecordXmlEdits {
  check(actor: Actor, id: string, xml: string): Promise<XmlCheckResult>;
  /** 422 with the findings when the document does not pass; the record unchanged when the XML is */
  save(actor: Actor, id: string, xml: string, ifMatch?: string): Promise<MetadataRecord>;
  /** unified line diff of document `seq` against document `against` of the same record */
  diff(actor: Actor, id: string, seq: number, against: number): Promise<string>;
}

export interface RecordXmlEditsDeps {
  store: RecordStore;
  afterCommit: AfterCommit;
  xml: XmlDocumentPorts;
}

const editRefusal = (rec: MetadataRecord): AppError => new AppError('FORBIDDEN',
  `Isi rekaman berstatus ${rec.status} hanya dapat diubah oleh ${rec.status === 'DRAFT' || rec.status === 'REJECTED' ? 'pemiliknya atau ' : ''}ADMIN organisasinya.`);

export function createRecordXmlEdits(deps: RecordXmlEditsDeps): RecordXmlEdits {
  const { store, afterCommit } = deps;

  /** The record as the caller may edit it: 404 when unreadable, the content-edit refusals otherwise. */
  function editable(actor: Actor, rec: MetadataRecord | undefined): MetadataRecord {
    if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
    const refusal = publishedEditRefusal(rec);
    if (refusal) throw refusal;
    if (!canEditContent(actor, rec)) throw editRefusal(rec);
    return rec;
  }

  async function refuseHarvested(id: string): Promise<void> {
    const harvested = await store.findProvenance(id);
    if (harvested) refuseHarvestedEdit(harvested, {}, id);
  }

  /** The edited document mapped, its identifier held to the record's. */
  function mapped(rec: MetadataRecord, xml: string): { doc: MetadataDoc; document: IsoDocument } {
    const r = deps.xml.read(xml);
    if (!r.document) {
      throw validationError([{ path: '/', message: 'Tampilan XML hanya menyunting dokumen ISO 19139 / 19115-2 / 19115-3.' }], 'Dokumen bukan dokumen ISO.');
    }
    const fileIdentifier = rec.fileIdentifier ?? rec.id;
    if (r.doc.fileIdentifier !== undefined && r.doc.fileIdentifier !== fileIdentifier) {
      throw validationError([{ path: '/fileIdentifier', message: `Pengenal berkas harus tetap "${fileIdentifier}"` }], 'Pengenal berkas dokumen tidak boleh diubah di tampilan XML.');
    }
    const v = validateMetadataDoc({ ...r.doc, fileIdentifier });
    if (!v.ok) throw validationError(v.errors);
    return { doc: v.doc, document: r.document };
  }

  async function currentXml(recordId: string): Promise<string> {
    const docs = await store.listDocuments(recordId);
    const seq = docs[0]?.seq;
    if (seq === undefined) return '';
    return (await store.findDocument(recordId, seq))?.xml ?? '';
  }

  async function checkAgainst(rec: MetadataRecord, xml: string): Promise<XmlCheckResult & { doc: MetadataDoc; document: IsoDocument }> {
    const { doc, document } = mapped(rec, xml);
    const [xsd, before] = await Promise.all([deps.xml.xsd(document), currentXml(rec.id)]);
    const passed = xsd.valid && !document.validation.some((i) => i.level === 'error');
    return {
      passed, schema: document.schema, validation: document.validation, xsd,
      diff: unifiedLineDiff(before, xml, { before: 'tersimpan', after: 'suntingan' }),
      changes: diffDocuments(docOf(rec), doc),
      doc, document,
    };
  }

  return {
    async check(actor, id, xml) {
      const rec = editable(actor, await store.findRecord(id));
      await refuseHarvested(rec.id);
      const { doc: _doc, document: _document, ...result } = await checkAgainst(rec, xml);
      return result;
    },

    async save(actor, id, xml, ifMatch) {
      const seen = editable(actor, await store.findRecord(id));
      await refuseHarvested(seen.id);
      checkIfMatch(seen.version, ifMatch);
      // the XSD costs seconds: checked before the transaction, which then holds the lock briefly
      const checked = await checkAgainst(seen, xml);
      if (!checked.passed) {
        throw new AppError('VALIDATION_FAILED', 'Dokumen XML belum lolos pemeriksaan (XSD dan aturan katalog); tidak disimpan.', {
          extras: { validation: checked.validation, xsd: checked.xsd, errors: findingsAsErrors(checked.validation, checked.xsd) },
        });
      }
      let wrote = false;
      const result = await store.transaction(async (tx: RecordTx) => {
        const rec = editable(actor, await tx.lockRecord(id));
        checkIfMatch(rec.version, ifMatch);
        // a change between the check and the lock: the producer checks again
        if (rec.version !== seen.version) throw new AppError('PRECONDITION_FAILED', 'Rekaman berubah sejak diperiksa; muat ulang dan periksa lagi.');
        if (checked.diff === '') return rec;
        const updated = await tx.updateContentFromDocument(rec.id, checked.doc, { origin: 'import', document: checked.document });
        await tx.emit('record.updated', { recordId: updated.id, version: updated.version, status: updated.status });
        wrote = true;
        return updated;
      });
      if (wrote) await afterCommit({ publicChanged: false });
      return result;
    },

    async diff(actor, id, seq, against) {
      const rec = await store.findRecord(id);
      if (!rec || !canReadRecord(actor, rec)) throw recordNotFound();
      const [a, b] = await Promise.all([store.findDocument(rec.id, against), store.findDocument(rec.id, seq)]);
      const missing = !a ? against : !b ? seq : undefined;
      if (missing !== undefined) throw new AppError('NOT_FOUND', `Rekaman "${id}" tidak memiliki dokumen versi ${missing}.`);
      if (a!.xml === null || b!.xml === null) throw new AppError('NOT_FOUND', 'Dokumen versi ini belum dirender dari isian editor; coba lagi sebentar lagi.');
      return unifiedLineDiff(a!.xml, b!.xml, { before: `versi ${against}`, after: `versi ${seq}` });
    },
  };
}

/** The findings as the problem document's `errors` ({path, message}), which every client already shows. */
function findingsAsErrors(validation: readonly DocumentIssue[], xsd: DocumentXsdReport): { path: string; message: string }[] {
  return [
    ...validation.filter((i) => i.level === 'error').map((i) => ({ path: i.path ?? '/', message: i.message })),
    ...xsd.findings.map((f) => ({ path: f.line === null ? 'XSD' : `XSD baris ${f.line}`, message: f.message })),
  ];
}
