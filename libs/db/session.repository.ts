import type { Queryable } from './database';

/** One stored login session: what express-session serialised, and when it ends. */
export interface SessionRow {
  data: Record<string, unknown>;
  expiresAt: Date;
}

/**
 * The `sessions` table (migration 085) for the embedded default's session store. A row past
 * its `expires_at` is never returned, whether or not the sweep has deleted it yet.
 */
export function sessionRepository(db: Queryable) {
  return {
    async get(sid: string): Promise<SessionRow | undefined> {
      const r = await db.query<{ data: Record<string, unknown>; expires_at: Date | string }>(
        'SELECT data, expires_at FROM sessions WHERE sid = $1 AND expires_at > now()',
        [sid],
      );
      const row = r.rows[0];
      return row && { data: row.data, expiresAt: new Date(row.expires_at) };
    },

    async set(sid: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
      await db.query(
        `INSERT INTO sessions (sid, data, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
        [sid, JSON.stringify(data), expiresAt.toISOString()],
      );
    },

    /** renews the expiry of a live session (an expired one stays expired) */
    async touch(sid: string, expiresAt: Date): Promise<void> {
      await db.query('UPDATE sessions SET expires_at = $2 WHERE sid = $1 AND expires_at > now()', [sid, expiresAt.toISOString()]);
    },

    async destroy(sid: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE sid = $1', [sid]);
    },

    /** deletes the sessions past their expiry; answers how many */
    async deleteExpired(): Promise<number> {
      return (await db.query('DELETE FROM sessions WHERE expires_at <= now()')).rowCount;
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
