import type { Queryable } from './database';

/** Events written in the same transaction as the change that caused them (transactional outbox). */
export interface OutboxEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

export async function appendEvent(tx: Queryable, type: string, payload: Record<string, unknown>): Promise<void> {
  await tx.query('INSERT INTO outbox (type, payload) VALUES ($1, $2)', [type, JSON.stringify(payload)]);
}

/** Many events in one statement (a batch), in the order given: that is the order they are relayed in. */
export async function appendEvents(tx: Queryable, events: readonly { type: string; payload: object }[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO outbox (type, payload)
     SELECT e->>'type', e->'payload' FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`,
    [JSON.stringify(events)],
  );
}

/**
 * Claims up to `limit` undispatched events. `FOR UPDATE SKIP LOCKED` lets several processes
 * relay at once without handing the same event over twice in parallel.
 */
export async function claimPendingEvents(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  limit: number,
  handle: (events: OutboxEvent[]) => Promise<number[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: number; type: string; payload: Record<string, unknown>; created_at: Date | string }>(
      'SELECT id::int AS id, type, payload, created_at FROM outbox WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
      [limit],
    );
    if (r.rows.length === 0) return 0;
    const done = await handle(r.rows.map((e) => ({ id: e.id, type: e.type, payload: e.payload, createdAt: String(e.created_at) })));
    if (done.length) await tx.query('UPDATE outbox SET dispatched_at = now() WHERE id = ANY($1::bigint[])', [done]);
    return done.length;
  });
}

/** Dispatched events are kept a while for inspection, then removed. */
export async function pruneDispatchedEvents(db: Queryable, olderThanHours = 24 * 7): Promise<number> {
  const r = await db.query(`DELETE FROM outbox WHERE dispatched_at < now() - make_interval(hours => $1)`, [olderThanHours]);
  return r.rowCount;
}

/** True while some event has not been handed to the queue yet (embedded mode's whenIdle). */
export async function hasPendingEvents(db: Queryable): Promise<boolean> {
  const r = await db.query<{ pending: boolean }>('SELECT EXISTS (SELECT 1 FROM outbox WHERE dispatched_at IS NULL) AS pending');
  return r.rows[0]?.pending === true;
}
