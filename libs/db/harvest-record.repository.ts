import type { RecordStatus } from '../catalogue/record.types';
import type { HarvestRow, KnownRecord, PageWrite, PageWriteResult } from '../harvest/harvest.ports';
import type { Database, Queryable } from './database';
import { insertRecordBatch, updateRecordBatch } from './record-batch.repository';
import { insertRecordDocuments } from './record-document.repository';
import { iso, isoOrNull } from './row-mapping';
import type { Provenance } from '../catalogue/harvested-record';

/**
 * Harvested records: the per-record state (harvest_records) and the writes of a run page. A page
 * is one transaction: new records (history + outbox through the batch importer's statement),
 * changed content, the status moves the source's mode asks for, and the harvest state rows.
 */

/**
 * What each identifier is to this source: a record it harvested before ('ours'), a local record
 * or one of another source ('local', 'other-source'). Only records of the source's organisation
 * and records that are or were public are looked at (migration 040): another organisation's
 * never-public record reserves nothing, and naming it in a run report would tell its existence.
 */
export async function classifyIdentifiers(db: Queryable, sourceId: string, ids: readonly string[]): Promise<Map<string, KnownRecord>> {
  const out = new Map<string, KnownRecord>();
  if (ids.length === 0) return out;
  const r = await db.query<{ id: string; source_id: string | null; content_hash: string | null; withdrawn: boolean | null; source_name: string | null }>(
    `SELECT r.file_identifier AS id, h.source_id, h.content_hash, h.withdrawn_at IS NOT NULL AS withdrawn, s.name AS source_name
       FROM records r LEFT JOIN harvest_records h ON h.record_id = r.id LEFT JOIN harvest_sources s ON s.id = h.source_id
      CROSS JOIN (SELECT organisation_id FROM harvest_sources WHERE id = $2) o
      WHERE r.file_identifier = ANY($1::text[])
        AND (r.organisation_id = o.organisation_id OR r.status = 'PUBLISHED' OR r.published_at IS NOT NULL)
      -- the organisation's own record last, so it decides when a public one shares the identifier
      ORDER BY (r.organisation_id = o.organisation_id)`,
    [ids, sourceId],
  );
  for (const row of r.rows) {
    if (row.source_id === null) out.set(row.id, { kind: 'local' });
    else if (row.source_id !== sourceId) out.set(row.id, { kind: 'other-source', sourceName: row.source_name ?? row.source_id });
    else out.set(row.id, { kind: 'ours', hash: row.content_hash ?? '', withdrawn: row.withdrawn ?? false });
  }
  return out;
}

const STATUS_SQL = `
WITH upd AS (
  UPDATE records r SET status = $2, reviewer_id = NULL, version = r.version + 1, updated_at = now(),
         published_at = CASE WHEN $2::text = 'PUBLISHED' THEN coalesce(r.published_at, now()) ELSE r.published_at END
    FROM (SELECT x.id, x.status AS old FROM records x WHERE x.id = ANY($1::text[]) AND x.status = ANY($5::text[])) o
   WHERE r.id = o.id
  RETURNING r.id, r.version, o.old, r.organisation_id
), hist AS (
  INSERT INTO record_history (record_id, actor_id, from_status, to_status, note)
  SELECT id, $3::text, old, $2::text, $4::text FROM upd
), evt AS (
  INSERT INTO outbox (type, payload)
  SELECT 'record.status-changed', jsonb_build_object('recordId', id, 'from', old, 'to', $2::text, 'version', version,
         'actorId', $3::text, 'organisationId', organisation_id) FROM upd ORDER BY id
)
SELECT id FROM upd`;

/** Moves the records among `ids` whose status is one of `from` to `to`, with history and events. */
async function moveStatus(tx: Queryable, ids: readonly string[], from: readonly RecordStatus[], to: RecordStatus, actorId: string, note: string): Promise<string[]> {
  if (ids.length === 0) return [];
  await tx.query('SELECT id FROM records WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [ids]);
  const r = await tx.query<{ id: string }>(STATUS_SQL, [ids, to, actorId, note, from]);
  return r.rows.map((x) => x.id);
}

const ALL_BUT = (s: RecordStatus): RecordStatus[] => (['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'] as RecordStatus[]).filter((x) => x !== s);

/** writes the harvest state of `rows`, each under its record's key */
async function upsertState(tx: Queryable, sourceId: string, runId: string, rows: readonly { key: string; row: HarvestRow }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO harvest_records (record_id, source_id, source_identifier, content_hash, source_modified, last_seen_run, written_run, fetched_at, withdrawn_at)
     SELECT x.id, $1, x.sid, x.hash, x.modified, $2, $2, now(), NULL FROM jsonb_to_recordset($3::jsonb) AS x(id text, sid text, hash text, modified text)
     ON CONFLICT (record_id) DO UPDATE SET source_identifier = EXCLUDED.source_identifier, content_hash = EXCLUDED.content_hash, source_modified = EXCLUDED.source_modified,
        last_seen_run = EXCLUDED.last_seen_run, written_run = EXCLUDED.written_run, fetched_at = now(), withdrawn_at = NULL
      WHERE harvest_records.source_id = $1`,
    [sourceId, runId, JSON.stringify(rows.map(({ key, row: r }) => ({ id: key, sid: r.sourceIdentifier ?? r.fileIdentifier, hash: r.hash, modified: r.modified })))],
  );
}

/**
 * The keys of this source's records with the given file identifiers (file identifier → key),
 * their harvest state locked. Found by identifier within the source's organisation, whatever the
 * key: records harvested before the keys were the server's choice have key = identifier, later
 * ones a random key.
 */
async function lockOwnRecords(tx: Queryable, source: PageWrite['source'], fileIdentifiers: readonly string[]): Promise<Map<string, string>> {
  if (fileIdentifiers.length === 0) return new Map();
  const r = await tx.query<{ record_id: string; file_identifier: string }>(
    `SELECT h.record_id, r.file_identifier FROM harvest_records h JOIN records r ON r.id = h.record_id
      WHERE h.source_id = $1 AND r.organisation_id = $2 AND r.file_identifier = ANY($3::text[])
      ORDER BY h.record_id FOR UPDATE OF h`,
    [source.id, source.organisationId, fileIdentifiers],
  );
  return new Map(r.rows.map((x) => [x.file_identifier, x.record_id]));
}

export async function writeHarvestPage(db: Database, w: PageWrite): Promise<PageWriteResult> {
  const { source } = w;
  return db.transaction(async (tx) => {
    // file identifier → the new record's key
    const inserted = new Map((await insertRecordBatch(tx, w.adds, {
      organisationId: source.organisationId, ownerId: source.ownerId, status: source.mode === 'publish' ? 'PUBLISHED' : 'DRAFT', note: w.note,
    })).map((x) => [x.fileIdentifier, x.id]));
    const added = w.adds.filter((r) => inserted.has(r.fileIdentifier));
    const raced = w.adds.filter((r) => !inserted.has(r.fileIdentifier)).map((r) => r.fileIdentifier);

    // only records still ours: a detach between classification and write wins
    const ours = await lockOwnRecords(tx, source, w.updates.map((r) => r.fileIdentifier));
    const updates = w.updates.filter((r) => ours.has(r.fileIdentifier));
    const updateKeys = updates.map((r) => ours.get(r.fileIdentifier)!);
    const changed = new Set((await updateRecordBatch(tx, updates, source.organisationId)).map((x) => x.id));
    const reinstated = (await tx.query<{ record_id: string }>(
      'SELECT record_id FROM harvest_records WHERE source_id = $1 AND record_id = ANY($2::text[]) AND withdrawn_at IS NOT NULL',
      [source.id, updateKeys],
    )).rows.map((x) => x.record_id);
    const moved = [...new Set([...changed, ...reinstated])];
    // review: a changed record goes back through the review; publish: it is (again) PUBLISHED
    if (source.mode === 'review') await moveStatus(tx, moved, ALL_BUT('DRAFT'), 'DRAFT', source.ownerId, `${w.note}: isi berubah di sumber, perlu review ulang`);
    else await moveStatus(tx, moved, ALL_BUT('PUBLISHED'), 'PUBLISHED', source.ownerId, w.note);

    // issue 19: the source's document is kept with provenance, a new version for each record
    // added or changed (the update above compared documents, not projections)
    const fetchedAt = new Date().toISOString();
    const documentOf = (row: HarvestRow, recordId: string) => (row.document
      ? [{ recordId, origin: 'harvest' as const, document: row.document, sourceId: source.id, fetchedAt }] : []);
    await insertRecordDocuments(tx, [
      ...added.flatMap((row) => documentOf(row, inserted.get(row.fileIdentifier)!)),
      ...updates.filter((row) => changed.has(ours.get(row.fileIdentifier)!)).flatMap((row) => documentOf(row, ours.get(row.fileIdentifier)!)),
    ]);
    await upsertState(tx, source.id, w.runId, [
      ...added.map((row) => ({ key: inserted.get(row.fileIdentifier)!, row })),
      ...updates.map((row) => ({ key: ours.get(row.fileIdentifier)!, row })),
    ]);
    if (w.seen.length) {
      await tx.query(
        `UPDATE harvest_records h SET last_seen_run = $2 FROM records r
          WHERE r.id = h.record_id AND h.source_id = $1 AND r.organisation_id = $4 AND r.file_identifier = ANY($3::text[])`,
        [source.id, w.runId, w.seen, source.organisationId],
      );
    }
    const movedSet = new Set(moved);
    return {
      added: added.map((r) => r.fileIdentifier),
      updated: updates.filter((r) => movedSet.has(ours.get(r.fileIdentifier)!)).map((r) => r.fileIdentifier),
      raced,
    };
  });
}

/**
 * Withdraws this source's records that `runId` did not see (or exactly `ids`, for OAI-PMH deleted
 * headers). Every one is kept and marked withdrawn; whatever its status — PUBLISHED, or still in
 * the review (DRAFT, QCQE_PROCESS, REVIEW, REJECTED) — it becomes PRIVATE with a history row
 * naming the source and run, so it leaves the public catalogue AND the review queue: nobody
 * reviews or publishes a record its source no longer offers. A record already PRIVATE only gets
 * the mark. A detached record is no longer the source's (no harvest_records row) and is never
 * touched. If the source lists the record again, the run reinstates it (review mode: DRAFT, to be
 * reviewed again; publish mode: PUBLISHED). Returns how many were newly withdrawn.
 */
export async function withdrawRecords(db: Database, sourceId: string, runId: string, actorId: string, note: string, ids?: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ record_id: string }>(
      ids
        ? `SELECT record_id FROM harvest_records WHERE source_id = $1 AND withdrawn_at IS NULL AND $2::text IS NOT NULL
             AND (source_identifier = ANY($3::text[]) OR record_id IN (SELECT id FROM records WHERE file_identifier = ANY($3::text[]))) FOR UPDATE`
        : 'SELECT record_id FROM harvest_records WHERE source_id = $1 AND withdrawn_at IS NULL AND last_seen_run <> $2 AND $3::text[] IS NULL FOR UPDATE',
      [sourceId, runId, ids ?? null],
    );
    const gone = r.rows.map((x) => x.record_id);
    if (gone.length === 0) return 0;
    await moveStatus(tx, gone, ALL_BUT('PRIVATE'), 'PRIVATE', actorId, note);
    await tx.query('UPDATE harvest_records SET withdrawn_at = now() WHERE source_id = $1 AND record_id = ANY($2::text[])', [sourceId, gone]);
    return gone.length;
  });
}

export type { Provenance };

/** The provenance of a harvested record, or undefined for a local one. */
export async function findProvenance(db: Queryable, recordId: string): Promise<Provenance | undefined> {
  const r = await db.query<{ source_id: string; name: string; url: string; protocol: string; source_identifier: string; written_run: string; fetched_at: Date | string; withdrawn_at: Date | string | null }>(
    `SELECT h.source_id, s.name, s.url, s.protocol, h.source_identifier, h.written_run, h.fetched_at, h.withdrawn_at
       FROM harvest_records h JOIN harvest_sources s ON s.id = h.source_id WHERE h.record_id = $1`,
    [recordId],
  );
  const x = r.rows[0];
  if (!x) return undefined;
  return {
    source: { id: x.source_id, name: x.name, url: x.url, protocol: x.protocol },
    sourceIdentifier: x.source_identifier,
    run: x.written_run,
    fetchedAt: iso(x.fetched_at),
    withdrawnAt: isoOrNull(x.withdrawn_at),
  };
}

/** Detaches a harvested record from its source (it becomes a local record); false when it was not harvested. */
export async function detachHarvestedRecord(db: Queryable, recordId: string): Promise<boolean> {
  const r = await db.query('DELETE FROM harvest_records WHERE record_id = $1', [recordId]);
  return r.rowCount > 0;
}
