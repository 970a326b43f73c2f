import { randomUUID } from 'node:crypto';
import type { RecordStatus } from '../catalogue/record.types';
import { PROJECTION_COLUMNS } from '../catalogue/search-projection';
import type { BatchRecordRow } from '../catalogue/records.ports';
import type { Queryable } from './database';
import { projectionSqlType, projectionTarget, projectionValueSql } from './projection-columns';

/**
 * Bulk writes of the batch importer: one statement per batch, not per record. The rows travel
 * as ONE jsonb parameter expanded by `jsonb_to_recordset` (JSON arrays become text[] there),
 * because multi-row VALUES would need 28 parameters per record and `unnest` cannot carry the
 * array columns (a 2-D array flattens). The record, its history rows and its outbox events are
 * written by data-modifying CTEs of the same statement, so they commit together.
 *
 * The projection is computed by projectRecord() before it gets here (in the parse threads), the
 * same function record.repository.ts uses, so imported rows search exactly like edited ones.
 *
 * A new record gets a key chosen here (a random UUID), never its identifier, as a REST create
 * does (migration 040): with the identifier as key, an identifier another organisation's hidden
 * record used as ITS key made the insert do nothing, and the caller's report ("sudah ada",
 * "dipakai rekaman lain") told that the hidden record existed. Now only the identifier's own
 * unique indexes can refuse a row — within the organisation, and among records that are or
 * were public — the same rules as REST, so a never-public identifier of another organisation
 * is added exactly like a free one.
 */

export type { BatchRecordRow };

export interface InsertBatchOptions {
  organisationId: string;
  ownerId: string;
  /** DRAFT, or PUBLISHED for an operator import (published_at = now(), history DRAFT → PUBLISHED) */
  status: Extract<RecordStatus, 'DRAFT' | 'PUBLISHED'>;
  /** history note of every row written */
  note: string | null;
}

/** the tables a batch writes: what analyzeTables() should refresh after a bulk run */
export const RECORD_BATCH_TABLES: readonly string[] = ['records', 'record_history', 'outbox'];

/** `jsonb_to_recordset(...) AS s(key text, file_identifier text, doc jsonb, title text, keywords text[], …)`: the row type the JSON is read as */
export const BATCH_ROW_SOURCE = `jsonb_to_recordset($1::jsonb) AS s(key text, file_identifier text, doc jsonb, doc_xml text, ${PROJECTION_COLUMNS.map((c) => `${c} ${projectionSqlType(c)}`).join(', ')})`;
const SOURCE = BATCH_ROW_SOURCE;

/** target column → expression over `s` */
const ASSIGNMENTS: [string, string][] = [
  ['doc', 's.doc'],
  ...PROJECTION_COLUMNS.map((c): [string, string] => [projectionTarget(c), projectionValueSql(c, `s.${c}`)]),
];

/** The jsonb array parameter; each doc is spliced in as already-serialised JSON. `keys[i]` is row i's new key. */
function rowsParam(rows: readonly BatchRecordRow[], keys?: readonly string[]): string {
  return `[${rows.map((r, i) => `{"doc":${r.docJson},${JSON.stringify({ key: keys?.[i] ?? null, file_identifier: r.fileIdentifier, doc_xml: r.document?.xml ?? null, ...r.projection }).slice(1)}`).join(',')}]`;
}

/** The records of a batch whose identifiers are free, each under its new key ($2 status, $3 organisation, $4 owner). */
const INSERT_RECORDS = `
  INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, reviewer_id, published_at, ${ASSIGNMENTS.map(([c]) => c).join(', ')})
  SELECT s.key, s.file_identifier, $2::text, $3::text, $4::text, NULL,
         CASE WHEN $2::text = 'PUBLISHED' THEN now() END, ${ASSIGNMENTS.map(([, e]) => e).join(', ')}
    FROM ${SOURCE}
  -- REST's rule (fileIdentifierHolder): an identifier that is or was public elsewhere is taken
  -- even for a DRAFT, which the public index alone (PUBLISHED rows only) would let in
   WHERE NOT EXISTS (SELECT 1 FROM records x WHERE x.file_identifier = s.file_identifier AND (x.status = 'PUBLISHED' OR x.published_at IS NOT NULL))
     AND NOT EXISTS (SELECT 1 FROM oai_items i WHERE i.file_identifier = s.file_identifier)
  -- the organisation's identifier or a public one taken (migration 040); the key is new
  ON CONFLICT DO NOTHING
  RETURNING id, file_identifier, version
`;

const INSERT_SQL = `
WITH ins AS (
${INSERT_RECORDS}), steps AS (
  SELECT * FROM (VALUES (1, NULL::text, 'DRAFT', 'record.created'), (2, 'DRAFT', 'PUBLISHED', 'record.status-changed'))
    AS v(step, from_status, to_status, event_type)
   WHERE v.step = 1 OR $2::text = 'PUBLISHED'
), hist AS (
  INSERT INTO record_history (record_id, actor_id, from_status, to_status, note)
  SELECT ins.id, $4::text, steps.from_status, steps.to_status, $5::text
    FROM ins CROSS JOIN steps ORDER BY ins.id, steps.step
), evt AS (
  INSERT INTO outbox (type, payload)
  SELECT steps.event_type,
         CASE steps.step
           WHEN 1 THEN jsonb_build_object('recordId', ins.id, 'version', ins.version)
           ELSE jsonb_build_object('recordId', ins.id, 'from', steps.from_status, 'to', steps.to_status, 'version', ins.version,
                                   'actorId', $4::text, 'organisationId', $3::text)
         END
    FROM ins CROSS JOIN steps ORDER BY ins.id, steps.step
)
SELECT id, file_identifier, version FROM ins`;

/** The records alone: their history and events are the records use case's to write (libs/catalogue/records-batch.ts). */
const INSERT_ONLY_SQL = `WITH ins AS (
${INSERT_RECORDS}) SELECT id, file_identifier, version FROM ins`;

export interface InsertedRow { id: string; fileIdentifier: string; version: number }

/**
 * Inserts the rows whose file identifier is free (within the organisation, and among records
 * that are or were public: REST's rules), each under a new random key, with their history (null → DRAFT, and DRAFT → PUBLISHED
 * when publishing; actor = owner) and outbox events (`record.created`, plus
 * `record.status-changed` when publishing, so renders are made and the CSW cache generation is
 * bumped). Returns the rows inserted (key and identifier); a taken identifier is left alone (ON
 * CONFLICT DO NOTHING).
 */
export async function insertRecordBatch(tx: Queryable, rows: readonly BatchRecordRow[], opts: InsertBatchOptions): Promise<InsertedRow[]> {
  if (rows.length === 0) return [];
  const keys = rows.map(() => randomUUID());
  const r = await tx.query<{ id: string; file_identifier: string; version: number }>(INSERT_SQL, [rowsParam(rows, keys), opts.status, opts.organisationId, opts.ownerId, opts.note]);
  return r.rows.map((x) => ({ id: x.id, fileIdentifier: x.file_identifier, version: x.version }));
}

/**
 * Which of the file identifiers `ids` are taken and by whom, locked until the transaction ends:
 * by a record of `organisationId` (one an `--update` may replace) or by a record that is or was
 * public — exactly what can refuse an insert. Another organisation's never-public record is not
 * looked at: it refuses nothing, so naming it would only tell that it exists. The
 * organisation's own record wins.
 */
export async function lockExistingRecords(tx: Queryable, ids: readonly string[], organisationId: string): Promise<Map<string, { organisationId: string }>> {
  if (ids.length === 0) return new Map();
  const r = await tx.query<{ file_identifier: string; organisation_id: string }>(
    `SELECT file_identifier, organisation_id FROM records
      WHERE file_identifier = ANY($1::text[]) AND (organisation_id = $2 OR status = 'PUBLISHED' OR published_at IS NOT NULL)
      ORDER BY id FOR UPDATE`,
    [ids, organisationId],
  );
  const own = (x: { organisation_id: string }) => Number(x.organisation_id === organisationId);
  const out = new Map<string, { organisationId: string }>();
  for (const x of [...r.rows].sort((a, b) => own(a) - own(b))) out.set(x.file_identifier, { organisationId: x.organisation_id });
  return out;
}

/**
 * The organisation's records of the batch whose content differs ($2 organisation): version + 1.
 * Issue 19: documents are compared, not only projections — a re-import whose XML changed in an
 * element the JSON does not carry is still a new version (a row without a document compares
 * its JSON alone, as before).
 */
const UPDATE_RECORDS = `
  UPDATE records r SET ${ASSIGNMENTS.map(([c, e]) => `${c} = ${e}`).join(', ')}, version = r.version + 1, updated_at = now()
    FROM ${SOURCE}
   WHERE r.organisation_id = $2::text AND r.file_identifier = s.file_identifier
     -- a revision's working copy shares the identifier but is its author's, not the import's
     AND r.revision_of IS NULL
     AND (r.doc IS DISTINCT FROM s.doc
          OR (s.doc_xml IS NOT NULL AND s.doc_xml IS DISTINCT FROM
              (SELECT d.xml FROM record_documents d WHERE d.record_id = r.id ORDER BY d.seq DESC LIMIT 1)))
  RETURNING r.id, r.file_identifier, r.version, r.status
`;

const UPDATE_SQL = `
WITH upd AS (
${UPDATE_RECORDS}), evt AS (
  INSERT INTO outbox (type, payload)
  SELECT 'record.updated', jsonb_build_object('recordId', id, 'version', version, 'status', status) FROM upd ORDER BY id
)
SELECT id, file_identifier, version, status FROM upd`;

/** The records alone (their events are the records use case's to write). */
const UPDATE_ONLY_SQL = `WITH upd AS (
${UPDATE_RECORDS}) SELECT id, file_identifier, version, status FROM upd`;

/**
 * `--update`: replaces the content of existing records of `organisationId` (matched by file
 * identifier, unique within the organisation, whatever their key) whose document differs
 * (version + 1, `record.updated` event, status, owner and history untouched — a content edit
 * writes no history row, as in the REST API). Returns the records updated (key and identifier).
 */
export async function updateRecordBatch(
  tx: Queryable,
  rows: readonly BatchRecordRow[],
  organisationId: string,
): Promise<{ id: string; fileIdentifier: string; version: number; status: RecordStatus }[]> {
  if (rows.length === 0) return [];
  const r = await tx.query<{ id: string; file_identifier: string; version: number; status: RecordStatus }>(UPDATE_SQL, [rowsParam(rows), organisationId]);
  return r.rows.map((x) => ({ id: x.id, fileIdentifier: x.file_identifier, version: x.version, status: x.status }));
}

/**
 * The records of a batch without their history and events (the records use case writes those,
 * libs/catalogue/records-batch.ts): rows whose identifier is free are inserted under new keys.
 */
export async function insertRecordRows(tx: Queryable, rows: readonly BatchRecordRow[], opts: Omit<InsertBatchOptions, 'note'>): Promise<InsertedRow[]> {
  if (rows.length === 0) return [];
  const keys = rows.map(() => randomUUID());
  const r = await tx.query<{ id: string; file_identifier: string; version: number }>(INSERT_ONLY_SQL, [rowsParam(rows, keys), opts.status, opts.organisationId, opts.ownerId]);
  return r.rows.map((x) => ({ id: x.id, fileIdentifier: x.file_identifier, version: x.version }));
}

/** `updateRecordBatch` without the events (the records use case writes those). */
export async function updateRecordRows(
  tx: Queryable,
  rows: readonly BatchRecordRow[],
  organisationId: string,
): Promise<{ id: string; fileIdentifier: string; version: number; status: RecordStatus }[]> {
  if (rows.length === 0) return [];
  const r = await tx.query<{ id: string; file_identifier: string; version: number; status: RecordStatus }>(UPDATE_ONLY_SQL, [rowsParam(rows), organisationId]);
  return r.rows.map((x) => ({ id: x.id, fileIdentifier: x.file_identifier, version: x.version, status: x.status }));
}
