import type { MetadataDoc, MetadataRecord, RecordStatus } from '../catalogue/record.types';
import type { NewRecordDocument } from '../catalogue/record-document';
import type { ListQuery, NewRecord, PublicationSnapshot, RecordPage, RecordStore, RecordTx, StatusUpdate } from '../catalogue/records.ports';
import { PROJECTION_COLUMNS, projectRecord } from '../catalogue/search-projection';
import type { ReadScope } from '../catalogue/visibility';
import type { Database, Queryable } from './database';
import { appendHistory, listHistory, moveHistory } from './history.repository';
import { findOrganisationLocked } from './lintas-org.repository';
import { projectionSqlType, projectionTarget, projectionValueSql } from './projection-columns';
import { freeTextCondition } from './search-sql/free-text';
import { appendEvent } from './outbox.repository';
import { iso, isoOrNull } from './row-mapping';
import { findUserById } from './user.repository';
import { detachHarvestedRecord, findProvenance } from './harvest-record.repository';
import { findOrganisation } from './organisation.repository';
import { listReviewerCandidates } from './reviewer-candidates.repository';
import { AppError } from '../errors';
import { findCurrentDocument, findDocument, insertRecordDocuments, listDocuments } from './record-document.repository';
import type { IsoDocument } from '../catalogue/record-document';

/**
 * The records table. Every write recomputes the search projection from the document
 * (projectRecord) in the same statement, so the columns CSW and `q` read can never lag
 * behind the document. Reads select only the record's own columns, not the projection.
 */

export interface RecordRow {
  id: string;
  file_identifier: string;
  status: RecordStatus;
  organisation_id: string;
  owner_id: string;
  reviewer_id: string | null;
  version: number;
  doc: MetadataDoc;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
  revision_of?: string | null;
}

export const RECORD_COLUMNS = 'r.id, r.file_identifier, r.status, r.organisation_id, r.owner_id, r.reviewer_id, r.version, r.doc, r.created_at, r.updated_at, r.published_at, r.revision_of';
const RETURNING = RECORD_COLUMNS.replace(/r\./g, '');

export function toRecord(row: RecordRow): MetadataRecord {
  return {
    id: row.id,
    ...row.doc,
    fileIdentifier: row.file_identifier,
    status: row.status,
    organisationId: row.organisation_id,
    ownerId: row.owner_id,
    reviewerId: row.reviewer_id,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishedAt: isoOrNull(row.published_at),
    // a working copy names the published record it revises (migration 075)
    ...(row.revision_of ? { revisionOf: row.revision_of } : {}),
  };
}

/**
 * The document and its projection as `column = expression` pairs with their parameters,
 * numbered from `params.length + 1`. The WKT footprint becomes the PostGIS `extent`.
 */
export function docAssignments(doc: MetadataDoc, id: string, params: unknown[]): [string, string][] {
  const add = (v: unknown): string => { params.push(v); return `$${params.length}`; };
  const out: [string, string][] = [['doc', `${add(JSON.stringify(doc))}::jsonb`]];
  // the projection's free text carries the identifier the public knows the record by
  const projection = projectRecord(doc, doc.fileIdentifier ?? id);
  for (const col of PROJECTION_COLUMNS) {
    out.push([projectionTarget(col), projectionValueSql(col, `${add(projection[col])}::${projectionSqlType(col)}`)]);
  }
  return out;
}

export async function findRecordById(db: Queryable, id: string): Promise<MetadataRecord | undefined> {
  const r = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM records r WHERE r.id = $1`, [id]);
  return r.rows[0] && toRecord(r.rows[0]);
}

/** The record locked FOR UPDATE until the surrounding transaction ends (two writers serialise). */
export async function lockRecordById(tx: Queryable, id: string): Promise<MetadataRecord | undefined> {
  const r = await tx.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM records r WHERE r.id = $1 FOR UPDATE`, [id]);
  return r.rows[0] && toRecord(r.rows[0]);
}

/**
 * Inserts a record in any status (the use cases create DRAFTs; fixtures and imports may need
 * others). Its file identifier is `fileIdentifier`, else the id — never a value the document
 * happens to carry (a fixture copying another record's document must not take its identifier).
 * undefined = the id or the file identifier is taken (the unique indexes of migrations 001, 040).
 */
export async function insertRecord(db: Queryable, rec: NewRecord & { publishedAt?: string | null }): Promise<MetadataRecord | undefined> {
  const fileIdentifier = rec.fileIdentifier ?? rec.id;
  const params: unknown[] = [rec.id, rec.status, rec.organisationId, rec.ownerId, rec.reviewerId, rec.publishedAt ?? null, fileIdentifier, rec.revisionOf ?? null];
  const assigns = docAssignments({ ...rec.doc, fileIdentifier }, rec.id, params);
  const r = await db.query<RecordRow>(
    `INSERT INTO records (id, status, organisation_id, owner_id, reviewer_id, published_at, file_identifier, revision_of, ${assigns.map(([c]) => c).join(', ')})
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7, $8, ${assigns.map(([, e]) => e).join(', ')})
     ON CONFLICT DO NOTHING RETURNING ${RETURNING}`,
    params,
  );
  return r.rows[0] && toRecord(r.rows[0]);
}

/**
 * A write that broke one of the file identifier's unique indexes (migration 040): a concurrent
 * writer took the identifier between the use case's check and this statement. Both indexes
 * only ever hold identifiers the caller's organisation uses or public ones, so the 409 names
 * nothing hidden.
 */
function identifierRace(err: unknown): AppError | undefined {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505' || !FILE_IDENTIFIER_INDEXES.includes(e.constraint ?? '')) return undefined;
  return new AppError('CONFLICT', 'Pengenal (fileIdentifier) baru saja dipakai rekaman lain; muat ulang lalu coba lagi.', {
    extras: { errors: [{ path: '/fileIdentifier', message: 'Pengenal sudah dipakai' }] },
  });
}
const FILE_IDENTIFIER_INDEXES = ['records_org_file_identifier_key', 'records_public_file_identifier_key', 'oai_items_file_identifier_key'];

async function writeRecord(tx: Queryable, sql: string, params: unknown[], id: string): Promise<MetadataRecord> {
  let r;
  try {
    r = await tx.query<RecordRow>(sql, params);
  } catch (err) {
    throw identifierRace(err) ?? err;
  }
  if (!r.rows[0]) throw new Error(`record ${id} vanished inside its own transaction`);
  return toRecord(r.rows[0]);
}

/** Replaces the document; the file identifier follows the document's (the use case decides whether it may change). */
/**
 * A change of the record's JSON: the JSON is then its document, so a new editor row of
 * record_documents (XML to come from the render job) is written with it, whoever the caller
 * is. Otherwise an earlier stored document (an import's) would still be served for the
 * changed content (issue 19).
 */
export async function updateRecordContent(
  tx: Queryable, id: string, doc: MetadataDoc,
  // an edit of the JSON: an editor row the render job fills, or the editor's patch of the stored
  // XML (an IsoDocument); the XML view hands its document with its origin
  document: NewRecordDocument | IsoDocument | undefined = undefined,
): Promise<MetadataRecord> {
  const params: unknown[] = [id, doc.fileIdentifier ?? null];
  const assigns = docAssignments(doc, id, params);
  const updated = await writeRecord(tx,
    `UPDATE records SET ${assigns.map(([c, e]) => `${c} = ${e}`).join(', ')}, file_identifier = coalesce($2, file_identifier),
            version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING ${RETURNING}`,
    params, id);
  const row: NewRecordDocument = document === undefined ? { origin: 'editor', document: null }
    : 'origin' in document ? document : { origin: 'editor', document };
  await insertRecordDocuments(tx, [{ recordId: id, ...row }]);
  return updated;
}

export async function updateRecordStatus(tx: Queryable, id: string, u: StatusUpdate): Promise<MetadataRecord> {
  return writeRecord(tx,
    `UPDATE records SET status = $2, reviewer_id = $3, version = version + 1, updated_at = now(),
            published_at = CASE WHEN $4::boolean THEN coalesce(published_at, now()) ELSE published_at END
      WHERE id = $1 RETURNING ${RETURNING}`,
    [id, u.status, u.reviewerId, u.markPublished], id);
}

/** SQL: the record is public now or has been (migration 040's partial index predicate). */
const PUBLIC_OR_ONCE = "(x.status = 'PUBLISHED' OR x.published_at IS NOT NULL)";

/**
 * Who else holds `fileIdentifier` in a way that stops `organisationId` from using it: a record
 * of that organisation ('organisation'), or a record anywhere that is or was public, including
 * a published record since deleted, which OAI-PMH still lists ('public'). Another
 * organisation's never-public record is not looked at: it reserves nothing.
 */
export async function fileIdentifierHolder(db: Queryable, organisationId: string, fileIdentifier: string, exceptRecordId: string | null): Promise<'organisation' | 'public' | undefined> {
  const r = await db.query<{ holder: 'organisation' | 'public' }>(
    // one branch per index: (organisation_id, file_identifier), the public partial index, oai_items
    // a revision's working copy holds nothing: its record does (migration 075)
    `SELECT 'organisation' AS holder FROM records x
      WHERE x.organisation_id = $2 AND x.file_identifier = $1 AND x.id IS DISTINCT FROM $3 AND x.revision_of IS NULL
     UNION ALL
     SELECT 'public' FROM records x WHERE x.file_identifier = $1 AND ${PUBLIC_OR_ONCE} AND x.id IS DISTINCT FROM $3
     UNION ALL
     SELECT 'public' FROM oai_items i WHERE i.file_identifier = $1 AND i.record_id IS DISTINCT FROM $3
     ORDER BY 1 LIMIT 1`,
    [fileIdentifier, organisationId, exceptRecordId],
  );
  return r.rows[0]?.holder;
}

/** Whether a record other than `recordId` that is or was public holds `fileIdentifier`. */
export async function publicFileIdentifierTaken(db: Queryable, fileIdentifier: string, recordId: string): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM records x WHERE x.file_identifier = $1 AND x.id <> $2 AND ${PUBLIC_OR_ONCE}
     UNION ALL
     SELECT 1 FROM oai_items i WHERE i.file_identifier = $1 AND i.record_id <> $2
     LIMIT 1`,
    [fileIdentifier, recordId],
  );
  return r.rows.length > 0;
}

/** The open revision of a record (migration 075: at most one). */
export async function findRevisionOf(db: Queryable, recordId: string): Promise<MetadataRecord | undefined> {
  const r = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM records r WHERE r.revision_of = $1`, [recordId]);
  return r.rows[0] && toRecord(r.rows[0]);
}

export async function deleteRecordById(tx: Queryable, id: string): Promise<boolean> {
  const r = await tx.query('DELETE FROM records WHERE id = $1', [id]);
  return r.rowCount > 0;
}

/**
 * The read rule of visibility.ts as SQL: published for everyone, the organisation's statuses
 * the caller's role may read, and whatever is assigned to the caller for review.
 */
export function readableWhere(scope: ReadScope, params: unknown[], alias = 'r'): string {
  const add = (v: unknown): string => { params.push(v); return `$${params.length}`; };
  const parts = [
    `${alias}.status = ANY(${add([...scope.publicStatuses])}::text[])`,
    `(${alias}.organisation_id = ${add(scope.organisationId)} AND ${alias}.status = ANY(${add([...scope.orgStatuses])}::text[]))`,
  ];
  if (scope.reviewerId !== null) parts.push(`${alias}.reviewer_id = ${add(scope.reviewerId)}`);
  return `(${parts.join(' OR ')})`;
}

export async function listRecords(db: Queryable, scope: ReadScope, query: ListQuery): Promise<RecordPage> {
  const params: unknown[] = [];
  const where = [readableWhere(scope, params)];
  if (query.status) {
    params.push(query.status);
    where.push(`r.status = $${params.length}`);
  }
  // `q`: words in any Indonesian or English form, the most relevant first (search-sql/free-text.ts)
  const text = query.q ? freeTextCondition(query.q, params) : undefined;
  if (text) where.push(text.where);
  const whereSql = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records r WHERE ${whereSql}`, params);
  const ordered = [...params, ...(text?.rank.params ?? [])];
  const pageParams = [...ordered, query.pageSize, (query.page - 1) * query.pageSize];
  const rows = await db.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM records r WHERE ${whereSql}
      ORDER BY ${text ? `${text.rank.sql} DESC, ` : ''}r.updated_at DESC, r.id LIMIT $${ordered.length + 1} OFFSET $${ordered.length + 2}`,
    pageParams,
  );
  return { items: rows.rows.map(toRecord), total: total.rows[0]?.n ?? 0 };
}

export async function savePublication(tx: Queryable, id: string, version: number, doc: MetadataDoc): Promise<void> {
  await tx.query(
    'INSERT INTO record_publications (record_id, version, doc) VALUES ($1, $2, $3::jsonb) ON CONFLICT (record_id, version) DO NOTHING',
    [id, version, JSON.stringify(doc)],
  );
}

export async function lastPublication(db: Queryable, id: string): Promise<PublicationSnapshot | undefined> {
  const r = await db.query<{ version: number; published_at: Date | string; doc: MetadataDoc | string }>(
    'SELECT version, published_at, doc FROM record_publications WHERE record_id = $1 ORDER BY version DESC LIMIT 1',
    [id],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    version: row.version,
    publishedAt: new Date(row.published_at).toISOString(),
    doc: typeof row.doc === 'string' ? (JSON.parse(row.doc) as MetadataDoc) : row.doc,
  };
}

function recordTx(tx: Queryable): RecordTx {
  return {
    lockRecord: (id) => lockRecordById(tx, id),
    insertRecord: (r) => insertRecord(tx, r),
    updateContent: (id, doc, document) => updateRecordContent(tx, id, doc, document),
    updateContentFromDocument: (id, doc, document) => updateRecordContent(tx, id, doc, document),
    currentDocument: (id) => findCurrentDocument(tx, id),
    updateStatus: (id, u) => updateRecordStatus(tx, id, u),
    deleteRecord: async (id) => { await deleteRecordById(tx, id); },
    appendHistory: (e) => appendHistory(tx, e),
    emit: (type, payload) => appendEvent(tx, type, { ...payload }),
    findUser: (id) => findUserById(tx, id),
    findOrganisationShared: (id) => findOrganisationLocked(tx, id, 'share'),
    savePublication: (id, version, doc) => savePublication(tx, id, version, doc),
    fileIdentifierHolder: (org, fid, except) => fileIdentifierHolder(tx, org, fid, except),
    publicFileIdentifierTaken: (fid, id) => publicFileIdentifierTaken(tx, fid, id),
    findRevisionOf: (id) => findRevisionOf(tx, id),
    moveHistory: (from, to) => moveHistory(tx, from, to),
    saveDocument: (entry) => insertRecordDocuments(tx, [entry]),
  };
}

/** The catalogue's RecordStore on a database (PostgreSQL or PGlite). */
export function recordStoreFor(db: Database): RecordStore {
  return {
    transaction: (fn) => db.transaction((tx) => fn(recordTx(tx))),
    findRecord: (id) => findRecordById(db, id),
    listRecords: (scope, query) => listRecords(db, scope, query),
    listHistory: (id) => listHistory(db, id),
    lastPublication: (id) => lastPublication(db, id),
    findRevisionOf: (id) => findRevisionOf(db, id),
    findProvenance: (id) => findProvenance(db, id),
    detachHarvest: (id) => detachHarvestedRecord(db, id),
    findOrganisation: (id) => findOrganisation(db, id),
    listReviewerCandidates: (organisationId, otherOrgs) => listReviewerCandidates(db, organisationId, otherOrgs),
    listDocuments: (id) => listDocuments(db, id),
    findDocument: (id, seq) => findDocument(db, id, seq),
  };
}
