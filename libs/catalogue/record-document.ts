/**
 * The record's ISO document (issue 19): the XML as it was written — imported, harvested, or the
 * gmd render of the editor's JSON — with its schema, where it came from and its check report.
 * The JSON `doc` and the search columns are derived from it (libs/import, one mapping); the
 * render job serves it unchanged as the full form of its own schema.
 *
 * Every version is kept (table record_documents, migration 060): `seq` counts the documents of
 * one record, `recordVersion` is the record's version when it was written. An editor row with
 * no XML yet (`xml: null`) stands for "the JSON was edited: the document is the gmd render of
 * this version", which the render job fills in.
 */

export const DOCUMENT_SCHEMAS = ['iso19139', 'iso19115-2', 'iso19115-3-2018', 'iso19115-3-2016'] as const;
export type DocumentSchema = (typeof DOCUMENT_SCHEMAS)[number];

export const DOCUMENT_ORIGINS = ['import', 'harvest', 'editor'] as const;
export type DocumentOrigin = (typeof DOCUMENT_ORIGINS)[number];

/** One finding of the document check (libs/import/document-check.ts); messages in Indonesian. */
export interface DocumentIssue {
  level: 'error' | 'warning';
  /** element path as written in the document, when the finding names one */
  path?: string;
  message: string;
}

/** One finding of the XSD validation (libxml2's message, in English). */
export interface XsdFinding {
  /** line in the document, when the validator gave one */
  line: number | null;
  message: string;
}

/**
 * The XSD report of a document (issue 19 point 2): the official schema of its kind
 * (schemas/xsd), checked after the write. Stored in its own column, next to our check report.
 */
export interface DocumentXsdReport {
  source: 'xsd';
  /** the entry schema used, as a path under schemas/xsd */
  xsd: string;
  valid: boolean;
  findings: XsdFinding[];
}

/** A document as an import or a harvest hands it over. */
export interface IsoDocument {
  xml: string;
  schema: DocumentSchema;
  /** the check report: structure against the schema's mandatory elements, code lists */
  validation: DocumentIssue[];
}

/** What is written next to the record: the document and where it came from. */
export interface NewRecordDocument {
  origin: DocumentOrigin;
  /** null for an editor row whose XML the render job writes (the gmd render of the JSON) */
  document: IsoDocument | null;
  /** harvest: the source's id and when the document was fetched */
  sourceId?: string;
  fetchedAt?: string;
}

/** One stored version, as the REST API shows it. */
export interface StoredDocument {
  recordId: string;
  seq: number;
  recordVersion: number;
  origin: DocumentOrigin;
  schema: DocumentSchema | null;
  xml: string | null;
  validation: DocumentIssue[];
  /** the XSD report; null while the check job has not reached this version (or for an editor row without XML) */
  xsd: DocumentXsdReport | null;
  sourceId: string | null;
  fetchedAt: string | null;
  createdAt: string;
}

/** The list of versions without their XML. */
export type DocumentVersion = Omit<StoredDocument, 'xml'>;
