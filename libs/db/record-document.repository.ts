import type { DocumentVersion, DocumentXsdReport, NewRecordDocument, StoredDocument } from '../catalogue/record-document';
import type { Queryable } from './database';
import { iso, isoOrNull } from './row-mapping';

/**
 * record_documents (migration 060): every version of a record's ISO document. Rows are only
 * added, never changed — except the XML of an editor row, written once by the render job.
 */

interface DocumentRow {
  record_id: string;
  seq: number;
  record_version: number;
  origin: StoredDocument['origin'];
  schema: StoredDocument['schema'];
  xml?: string | null;
  validation: StoredDocument['validation'] | string;
  xsd: DocumentXsdReport | string | null;
  source_id: string | null;
  fetched_at: Date | string | null;
  created_at: Date | string;
}

const META_COLUMNS = 'record_id, seq, record_version, origin, schema, validation, xsd, source_id, fetched_at, created_at';

function toVersion(row: DocumentRow): DocumentVersion {
  return {
    recordId: row.record_id,
    seq: row.seq,
    recordVersion: row.record_version,
    origin: row.origin,
    schema: row.schema,
    validation: typeof row.validation === 'string' ? JSON.parse(row.validation) : row.validation,
    xsd: typeof row.xsd === 'string' ? JSON.parse(row.xsd) : row.xsd ?? null,
    sourceId: row.source_id,
    fetchedAt: isoOrNull(row.fetched_at),
    createdAt: iso(row.created_at),
  };
}

const toStored = (row: DocumentRow): StoredDocument => ({ ...toVersion(row), xml: row.xml ?? null });

/** One new document row per entry, each the next `seq` of its record, at the record's current version. */
const INSERT_SQL = `
INSERT INTO record_documents (record_id, seq, record_version, origin, schema, xml, validation, source_id, fetched_at)
SELECT s.record_id,
       coalesce((SELECT max(d.seq) FROM record_documents d WHERE d.record_id = s.record_id), 0) + 1,
       r.version, s.origin, s.schema, s.xml, coalesce(s.validation, '[]'::jsonb), s.source_id, s.fetched_at
  FROM jsonb_to_recordset($1::jsonb)
       AS s(record_id text, origin text, schema text, xml text, validation jsonb, source_id text, fetched_at timestamptz)
  JOIN records r ON r.id = s.record_id`;

export async function insertRecordDocuments(tx: Queryable, entries: readonly ({ recordId: string } & NewRecordDocument)[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    record_id: e.recordId, origin: e.origin, schema: e.document?.schema ?? null, xml: e.document?.xml ?? null,
    validation: e.document?.validation ?? [], source_id: e.sourceId ?? null, fetched_at: e.fetchedAt ?? null,
  }));
  await tx.query(INSERT_SQL, [JSON.stringify(rows)]);
}

/** The record's current document (highest seq), with its XML; undefined for a record that has none. */
export async function findCurrentDocument(db: Queryable, recordId: string): Promise<StoredDocument | undefined> {
  const r = await db.query<DocumentRow>(
    `SELECT ${META_COLUMNS}, xml FROM record_documents WHERE record_id = $1 ORDER BY seq DESC LIMIT 1`, [recordId]);
  return r.rows[0] && toStored(r.rows[0]);
}

export async function findDocument(db: Queryable, recordId: string, seq: number): Promise<StoredDocument | undefined> {
  const r = await db.query<DocumentRow>(`SELECT ${META_COLUMNS}, xml FROM record_documents WHERE record_id = $1 AND seq = $2`, [recordId, seq]);
  return r.rows[0] && toStored(r.rows[0]);
}

/** Every version, newest first, without the XML. */
export async function listDocuments(db: Queryable, recordId: string): Promise<DocumentVersion[]> {
  const r = await db.query<DocumentRow>(`SELECT ${META_COLUMNS} FROM record_documents WHERE record_id = $1 ORDER BY seq DESC`, [recordId]);
  return r.rows.map(toVersion);
}

/**
 * The render job writes the gmd render of the editor's JSON into the editor row it was made
 * for; a row that already has its XML is left alone (a second job, a late retry).
 */
export async function fillEditorDocument(db: Queryable, recordId: string, seq: number, xml: string): Promise<void> {
  await db.query(
    `UPDATE record_documents SET xml = $3, schema = 'iso19139'
      WHERE record_id = $1 AND seq = $2 AND origin = 'editor' AND xml IS NULL`, [recordId, seq, xml]);
}

/** The XML of each record's current document, for a re-import or re-harvest that compares documents. */
export async function currentDocumentXml(db: Queryable, recordIds: readonly string[]): Promise<Map<string, string | null>> {
  if (recordIds.length === 0) return new Map();
  const r = await db.query<{ record_id: string; xml: string | null }>(
    `SELECT DISTINCT ON (record_id) record_id, xml FROM record_documents WHERE record_id = ANY($1::text[]) ORDER BY record_id, seq DESC`,
    [recordIds]);
  return new Map(r.rows.map((x) => [x.record_id, x.xml]));
}

/** Documents with XML and no XSD report yet, oldest first (the check job's batch). */
export async function pendingXsdDocuments(db: Queryable, limit: number): Promise<{ recordId: string; seq: number; schema: NonNullable<StoredDocument['schema']>; xml: string }[]> {
  const r = await db.query<{ record_id: string; seq: number; schema: NonNullable<StoredDocument['schema']>; xml: string }>(
    `SELECT record_id, seq, schema, xml FROM record_documents
      WHERE xsd IS NULL AND xml IS NOT NULL ORDER BY created_at, record_id, seq LIMIT $1`, [limit]);
  return r.rows.map((x) => ({ recordId: x.record_id, seq: x.seq, schema: x.schema, xml: x.xml }));
}

/** Stores XSD reports; a row gone meanwhile (record deleted) is simply not found. */
export async function storeXsdReports(db: Queryable, reports: readonly { recordId: string; seq: number; report: DocumentXsdReport }[]): Promise<void> {
  if (reports.length === 0) return;
  await db.query(
    `UPDATE record_documents d SET xsd = s.report
       FROM jsonb_to_recordset($1::jsonb) AS s(record_id text, seq integer, report jsonb)
      WHERE d.record_id = s.record_id AND d.seq = s.seq`,
    [JSON.stringify(reports.map((x) => ({ record_id: x.recordId, seq: x.seq, report: x.report })))]);
}
