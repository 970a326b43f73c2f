import type { Database } from './database';

/**
 * Refreshes the planner statistics of tables a bulk write has just changed (a batch import, a
 * harvest, a migration). Without them PostgreSQL plans with what it knew before the write: after
 * a 10,000-record import into an empty table it estimated 87 PUBLISHED rows instead of 10,000
 * and an AnyText GetRecords took ~190 ms of database time instead of ~3 ms. Autovacuum would
 * catch up eventually, but it may be off or lagging (it is off on this project's CI machines),
 * and PGlite (embedded mode) has no autovacuum at all — so whoever writes in bulk says so.
 *
 * ANALYZE samples at most 300 × default_statistics_target rows per table (30,000 by default),
 * so it costs about the same at 10,000 or 1,000,000 rows: well under a second here.
 *
 * First it merges the pending lists of the tables' GIN indexes (trigram AnyText, keywords, …).
 * Rows inserted in bulk wait in a GIN index's "fast update" list (up to 4 MB) that every search
 * scans linearly, and the planner prices that list so high that after a 3,000-record import it
 * chose a sequential scan over the trigram index for a one-record AnyText search. Only VACUUM
 * and autovacuum's ANALYZE merge the list; a manual ANALYZE does not, and VACUUM cannot run in
 * a transaction, so gin_clean_pending_list() does it here (bounded: at most the 4 MB list).
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** `ANALYZE` on each distinct table named; a name that is not a plain lower-case identifier is refused. */
export async function analyzeTables(db: Database, tables: readonly string[]): Promise<void> {
  const names = [...new Set(tables)];
  const bad = names.filter((t) => !IDENTIFIER.test(t));
  if (bad.length) throw new Error(`analyzeTables: not a table name: ${bad.join(', ')}`);
  if (names.length === 0) return;
  // (a name that is not a table fails the ::regclass cast with a clear "does not exist")
  await db.query(
    `SELECT gin_clean_pending_list(i.indexrelid::regclass)
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE am.amname = 'gin' AND i.indrelid = ANY($1::regclass[])`,
    [names],
  );
  // one statement for all of them (PostgreSQL ≥ 11 and PGlite accept a list)
  await db.exec(`ANALYZE ${names.map((t) => `"${t}"`).join(', ')}`);
}
