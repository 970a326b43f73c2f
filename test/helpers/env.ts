/** Where the tests find the real servers (the machine's own by default). */
export const TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** URL of another database on the same server. */
export function pgUrlFor(database: string): string {
  const u = new URL(TEST_PG_ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}
