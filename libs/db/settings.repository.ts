import type { Queryable } from './database';

/** Small JSON settings edited at run time (e.g. the CSW service identity). */
export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const r = await db.query<{ value: T }>('SELECT value FROM settings WHERE key = $1', [key]);
  return r.rows[0]?.value;
}

export async function putSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
