import type { RecordStatus } from '../catalogue/record.types';
import type { HistoryAction, HistoryEntry, NewHistoryEntry } from '../catalogue/records.ports';
import type { Queryable } from './database';
import { iso } from './row-mapping';

/** The status history of records: one row per transition, written in the transition's own transaction. */

export async function appendHistory(tx: Queryable, e: NewHistoryEntry): Promise<void> {
  await tx.query(
    'INSERT INTO record_history (record_id, actor_id, from_status, to_status, note, action) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.recordId, e.actorId, e.from, e.to, e.note, e.action ?? null],
  );
}

/** Many history rows in one statement (a batch), in the order given. */
export async function appendHistoryRows(tx: Queryable, entries: readonly NewHistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO record_history (record_id, actor_id, from_status, to_status, note)
     SELECT h->>'recordId', h->>'actorId', h->>'from', h->>'to', h->>'note'
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(h, n) ORDER BY n`,
    [JSON.stringify(entries)],
  );
}

interface HistoryRow {
  at: Date | string;
  actor_id: string | null;
  actor_username: string | null;
  from_status: RecordStatus | null;
  to_status: RecordStatus;
  note: string | null;
  action: HistoryAction | null;
}

/**
 * A revision's history joins its record's when the revision is published: the record's history
 * then tells the whole path of the change (who started it, who reviewed it), oldest first.
 */
export async function moveHistory(tx: Queryable, fromRecordId: string, toRecordId: string): Promise<void> {
  await tx.query('UPDATE record_history SET record_id = $2 WHERE record_id = $1', [fromRecordId, toRecordId]);
}

/** Oldest first; the username is joined in so a client can show "who" without another call. */
export async function listHistory(db: Queryable, recordId: string): Promise<HistoryEntry[]> {
  const r = await db.query<HistoryRow>(
    `SELECT h.at, h.actor_id, u.username AS actor_username, h.from_status, h.to_status, h.note, h.action
       FROM record_history h LEFT JOIN users u ON u.id = h.actor_id
      WHERE h.record_id = $1 ORDER BY h.id`,
    [recordId],
  );
  return r.rows.map((h) => ({
    at: iso(h.at),
    actorId: h.actor_id,
    actorUsername: h.actor_username,
    from: h.from_status,
    to: h.to_status,
    note: h.note,
    action: h.action,
  }));
}
