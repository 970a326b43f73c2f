import type { RecordStatus } from '../catalogue/record.types';
import { PROJECTION_COLUMNS, type SearchProjection } from '../catalogue/search-projection';
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
 */

export interface BatchRecordRow {
  /** the record key and its file identifier: batch writers (CLI import, harvest) keep them equal */
  id: string;
  /** the MetadataDoc serialised (fileIdentifier = id) */
  docJson: string;
  projection: SearchProjection;
}

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

/** `jsonb_to_recordset(...) AS s(id text, doc jsonb, title text, keywords text[], …)`: the row type the JSON is read as */
export const BATCH_ROW_SOURCE = `jsonb_to_recordset($1::jsonb) AS s(id text, doc jsonb, ${PROJECTION_COLUMNS.map((c) => `${c} ${projectionSqlType(c)}`).join(', ')})`;
const SOURCE = BATCH_ROW_SOURCE;

/** target column → expression over `s` */
const ASSIGNMENTS: [string, string][] = [
  ['doc', 's.doc'],
  ...PROJECTION_COLUMNS.map((c): [string, string] => [projectionTarget(c), projectionValueSql(c, `s.${c}`)]),
];

/** The jsonb array parameter; each doc is spliced in as already-serialised JSON. */
function rowsParam(rows: readonly BatchRecordRow[]): string {
  return `[${rows.map((r) => `{"doc":${r.docJson},${JSON.stringify({ id: r.id, ...r.projection }).slice(1)}`).join(',')}]`;
}

const INSERT_SQL = `
WITH ins AS (
  INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, reviewer_id, published_at, ${ASSIGNMENTS.map(([c]) => c).join(', ')})
  SELECT s.id, s.id, $2::text, $3::text, $4::text, NULL,
         CASE WHEN $2::text = 'PUBLISHED' THEN now() END, ${ASSIGNMENTS.map(([, e]) => e).join(', ')}
    FROM ${SOURCE}
  -- the key, the organisation's identifier or a public one taken (migrations 001, 040)
  ON CONFLICT DO NOTHING
  RETURNING id, version
), steps AS (
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
SELECT id, version FROM ins`;

/**
 * Inserts the rows whose id is free, with their history (null → DRAFT, and DRAFT → PUBLISHED
 * when publishing; actor = owner) and outbox events (`record.created`, plus
 * `record.status-changed` when publishing, so renders are made and the CSW cache generation is
 * bumped). Returns the ids inserted; an id already taken is left alone (ON CONFLICT DO NOTHING).
 */
export async function insertRecordBatch(tx: Queryable, rows: readonly BatchRecordRow[], opts: InsertBatchOptions): Promise<{ id: string; version: number }[]> {
  if (rows.length === 0) return [];
  const r = await tx.query<{ id: string; version: number }>(INSERT_SQL, [rowsParam(rows), opts.status, opts.organisationId, opts.ownerId, opts.note]);
  return r.rows;
}

/**
 * Which of `ids` are taken and by whom, locked until the transaction ends: as a file identifier
 * of `organisationId`'s records (those an `--update` may replace), as a record key, or as the
 * identifier of a record that is or was public. The organisation's own record wins.
 */
export async function lockExistingRecords(tx: Queryable, ids: readonly string[], organisationId: string): Promise<Map<string, { organisationId: string }>> {
  if (ids.length === 0) return new Map();
  const r = await tx.query<{ key: string; organisation_id: string; own: boolean }>(
    `SELECT CASE WHEN own THEN file_identifier ELSE id END AS key, organisation_id, own FROM (
       SELECT id, file_identifier, organisation_id, (organisation_id = $2 AND file_identifier = ANY($1::text[])) AS own
         FROM records
        WHERE id = ANY($1::text[]) OR (organisation_id = $2 AND file_identifier = ANY($1::text[]))
           OR (file_identifier = ANY($1::text[]) AND (status = 'PUBLISHED' OR published_at IS NOT NULL))
        ORDER BY id FOR UPDATE) x`,
    [ids, organisationId],
  );
  const out = new Map<string, { organisationId: string }>();
  for (const x of [...r.rows].sort((a, b) => Number(a.own) - Number(b.own))) out.set(x.key, { organisationId: x.organisation_id });
  return out;
}

const UPDATE_SQL = `
WITH upd AS (
  UPDATE records r SET ${ASSIGNMENTS.map(([c, e]) => `${c} = ${e}`).join(', ')}, version = r.version + 1, updated_at = now()
    FROM ${SOURCE}
   WHERE r.organisation_id = $2::text AND r.file_identifier = s.id AND r.doc IS DISTINCT FROM s.doc
  RETURNING r.id, r.file_identifier, r.version, r.status
), evt AS (
  INSERT INTO outbox (type, payload)
  SELECT 'record.updated', jsonb_build_object('recordId', id, 'version', version, 'status', status) FROM upd ORDER BY id
)
SELECT file_identifier AS id, version, status FROM upd`;

/**
 * `--update`: replaces the content of existing records of `organisationId` (matched by file
 * identifier, unique within the organisation) whose document differs (version + 1, `record.updated` event, status, owner and history untouched — a content
 * edit writes no history row, as in the REST API). Returns the ids updated.
 */
export async function updateRecordBatch(
  tx: Queryable,
  rows: readonly BatchRecordRow[],
  organisationId: string,
): Promise<{ id: string; version: number; status: RecordStatus }[]> {
  if (rows.length === 0) return [];
  const r = await tx.query<{ id: string; version: number; status: RecordStatus }>(UPDATE_SQL, [rowsParam(rows), organisationId]);
  return r.rows;
}
