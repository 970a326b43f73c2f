import type { MetadataDoc, MetadataRecord, RecordStatus } from '../catalogue/record.types';
import type { ListQuery, NewRecord, RecordPage, RecordStore, RecordTx, StatusUpdate } from '../catalogue/records-ports';
import { projectRecord } from '../catalogue/search-projection';
import type { ReadScope } from '../catalogue/visibility';
import type { Database, Queryable } from './database';
import { appendHistory, listHistory } from './history.repository';
import { findOrganisationLocked } from './lintas-org.repository';
import { appendEvent } from './outbox.repository';
import { iso, isoOrNull } from './row-mapping';
import { findUserById } from './user.repository';

/**
 * The records table. Every write recomputes the search projection from the document
 * (projectRecord) in the same statement, so the columns CSW and `q` read can never lag
 * behind the document. Reads select only the record's own columns, not the projection.
 */

export interface RecordRow {
  id: string;
  status: RecordStatus;
  organisation_id: string;
  owner_id: string;
  reviewer_id: string | null;
  version: number;
  doc: MetadataDoc;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
}

export const RECORD_COLUMNS = 'r.id, r.status, r.organisation_id, r.owner_id, r.reviewer_id, r.version, r.doc, r.created_at, r.updated_at, r.published_at';
const RETURNING = RECORD_COLUMNS.replace(/r\./g, '');

export function toRecord(row: RecordRow): MetadataRecord {
  return {
    id: row.id,
    ...row.doc,
    fileIdentifier: row.id,
    status: row.status,
    organisationId: row.organisation_id,
    ownerId: row.owner_id,
    reviewerId: row.reviewer_id,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishedAt: isoOrNull(row.published_at),
  };
}

const ARRAY_COLUMNS: ReadonlySet<string> = new Set(['keywords', 'keyword_types', 'topic_categories', 'organisation_names', 'formats', 'protocols']);

/**
 * The document and its projection as `column = expression` pairs with their parameters,
 * numbered from `params.length + 1`. The WKT footprint becomes the PostGIS `extent`.
 */
function docAssignments(doc: MetadataDoc, id: string, params: unknown[]): [string, string][] {
  const add = (v: unknown): string => { params.push(v); return `$${params.length}`; };
  const out: [string, string][] = [['doc', `${add(JSON.stringify(doc))}::jsonb`]];
  for (const [col, value] of Object.entries(projectRecord(doc, id))) {
    if (col === 'extent_wkt') out.push(['extent', `ST_GeomFromText(${add(value)}::text, 4326)`]);
    else if (ARRAY_COLUMNS.has(col)) out.push([col, `${add(value)}::text[]`]);
    else if (col === 'has_security_constraints') out.push([col, `${add(value)}::boolean`]);
    else out.push([col, `${add(value)}::text`]);
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

/** Inserts a record in any status (the use cases create DRAFTs; fixtures and imports may need others). undefined = id taken. */
export async function insertRecord(db: Queryable, rec: NewRecord & { publishedAt?: string | null }): Promise<MetadataRecord | undefined> {
  const params: unknown[] = [rec.id, rec.status, rec.organisationId, rec.ownerId, rec.reviewerId, rec.publishedAt ?? null];
  const assigns = docAssignments(rec.doc, rec.id, params);
  const r = await db.query<RecordRow>(
    `INSERT INTO records (id, status, organisation_id, owner_id, reviewer_id, published_at, ${assigns.map(([c]) => c).join(', ')})
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, ${assigns.map(([, e]) => e).join(', ')})
     ON CONFLICT (id) DO NOTHING RETURNING ${RETURNING}`,
    params,
  );
  return r.rows[0] && toRecord(r.rows[0]);
}

export async function updateRecordContent(tx: Queryable, id: string, doc: MetadataDoc): Promise<MetadataRecord> {
  const params: unknown[] = [id];
  const assigns = docAssignments(doc, id, params);
  const r = await tx.query<RecordRow>(
    `UPDATE records SET ${assigns.map(([c, e]) => `${c} = ${e}`).join(', ')}, version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING ${RETURNING}`,
    params,
  );
  if (!r.rows[0]) throw new Error(`record ${id} vanished inside its own transaction`);
  return toRecord(r.rows[0]);
}

export async function updateRecordStatus(tx: Queryable, id: string, u: StatusUpdate): Promise<MetadataRecord> {
  const r = await tx.query<RecordRow>(
    `UPDATE records SET status = $2, reviewer_id = $3, version = version + 1, updated_at = now(),
            published_at = CASE WHEN $4::boolean THEN coalesce(published_at, now()) ELSE published_at END
      WHERE id = $1 RETURNING ${RETURNING}`,
    [id, u.status, u.reviewerId, u.markPublished],
  );
  if (!r.rows[0]) throw new Error(`record ${id} vanished inside its own transaction`);
  return toRecord(r.rows[0]);
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

/** LIKE metacharacters taken literally (the default escape character is a backslash). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of `q` must occur in the record's lower-cased searchable text (trigram GIN index). */
function freeTextWhere(q: string, params: unknown[], alias = 'r'): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).map((w) => {
    params.push(`%${escapeLike(w)}%`);
    return `${alias}.anytext LIKE $${params.length}`;
  });
}

export async function listRecords(db: Queryable, scope: ReadScope, query: ListQuery): Promise<RecordPage> {
  const params: unknown[] = [];
  const where = [readableWhere(scope, params)];
  if (query.status) {
    params.push(query.status);
    where.push(`r.status = $${params.length}`);
  }
  if (query.q) where.push(...freeTextWhere(query.q, params));
  const whereSql = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records r WHERE ${whereSql}`, params);
  const pageParams = [...params, query.pageSize, (query.page - 1) * query.pageSize];
  const rows = await db.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM records r WHERE ${whereSql}
      ORDER BY r.updated_at DESC, r.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    pageParams,
  );
  return { items: rows.rows.map(toRecord), total: total.rows[0]?.n ?? 0 };
}

function recordTx(tx: Queryable): RecordTx {
  return {
    lockRecord: (id) => lockRecordById(tx, id),
    insertRecord: (r) => insertRecord(tx, r),
    updateContent: (id, doc) => updateRecordContent(tx, id, doc),
    updateStatus: (id, u) => updateRecordStatus(tx, id, u),
    deleteRecord: async (id) => { await deleteRecordById(tx, id); },
    appendHistory: (e) => appendHistory(tx, e),
    emit: (type, payload) => appendEvent(tx, type, { ...payload }),
    findUser: (id) => findUserById(tx, id),
    findOrganisationShared: (id) => findOrganisationLocked(tx, id, 'share'),
  };
}

/** The catalogue's RecordStore on a database (PostgreSQL or PGlite). */
export function recordStoreFor(db: Database): RecordStore {
  return {
    transaction: (fn) => db.transaction((tx) => fn(recordTx(tx))),
    findRecord: (id) => findRecordById(db, id),
    listRecords: (scope, query) => listRecords(db, scope, query),
    listHistory: (id) => listHistory(db, id),
  };
}
