import type { Queryable } from './database';
import { iso } from './row-mapping';

/** One stored XML form of a record. */
export interface StoredRender {
  recordId: string;
  format: string;
  /** the record version this XML was rendered from */
  version: number;
  xml: string;
  renderedAt: string;
}

/** A record whose renders lag behind its version (or are missing). */
export interface StaleRenderRecord {
  id: string;
  version: number;
}

/** PostgreSQL foreign-key violation: the record was deleted between loading and storing. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Writes every given form of one record version, keyed by (record, format), in one
 * statement. A row is only replaced by the same or a newer version, so a late job for an
 * older version never overwrites a newer render. Returns how many forms were written
 * (0 when the record no longer exists: its renders went with it).
 */
export async function upsertRenders(
  db: Queryable,
  recordId: string,
  version: number,
  renders: Readonly<Record<string, string>>,
): Promise<number> {
  const formats = Object.keys(renders);
  if (formats.length === 0) return 0;
  try {
    const r = await db.query(
      `INSERT INTO record_renders (record_id, format, version, xml, rendered_at)
       SELECT $1, f.format, $2, f.xml, now()
         FROM unnest($3::text[], $4::text[]) AS f(format, xml)
        WHERE EXISTS (SELECT 1 FROM records WHERE id = $1)
       ON CONFLICT (record_id, format) DO UPDATE
          SET version = EXCLUDED.version, xml = EXCLUDED.xml, rendered_at = EXCLUDED.rendered_at
        WHERE record_renders.version <= EXCLUDED.version`,
      [recordId, version, formats, formats.map((f) => renders[f]!)],
    );
    return r.rowCount;
  } catch (err) {
    if ((err as { code?: string })?.code === FOREIGN_KEY_VIOLATION) return 0;
    throw err;
  }
}

interface RenderRow {
  record_id: string;
  format: string;
  version: number;
  xml: string;
  rendered_at: Date | string;
}

export async function findRender(db: Queryable, recordId: string, format: string): Promise<StoredRender | undefined> {
  const r = await db.query<RenderRow>(
    'SELECT record_id, format, version, xml, rendered_at FROM record_renders WHERE record_id = $1 AND format = $2',
    [recordId, format],
  );
  const row = r.rows[0];
  return row && { recordId: row.record_id, format: row.format, version: row.version, xml: row.xml, renderedAt: iso(row.rendered_at) };
}

/** The stored versions of every form of one record (format → version); for status pages and tests. */
export async function renderVersions(db: Queryable, recordId: string): Promise<Record<string, number>> {
  const r = await db.query<{ format: string; version: number }>(
    'SELECT format, version FROM record_renders WHERE record_id = $1 ORDER BY format',
    [recordId],
  );
  return Object.fromEntries(r.rows.map((x) => [x.format, x.version]));
}

/**
 * Records that miss at least one of `formats` at their current version, in id order after
 * `afterId` (keyset paging, so a reconciler run over many records is cheap and bounded).
 */
export async function findStaleRenderRecords(
  db: Queryable,
  opts: { formats: readonly string[]; limit: number; afterId?: string },
): Promise<StaleRenderRecord[]> {
  const r = await db.query<StaleRenderRecord>(
    `SELECT r.id, r.version
       FROM records r
      WHERE ($3::text IS NULL OR r.id > $3)
        AND (SELECT count(*) FROM record_renders rr
              WHERE rr.record_id = r.id AND rr.format = ANY($1::text[]) AND rr.version >= r.version) < $2
      ORDER BY r.id
      LIMIT $4`,
    [opts.formats, opts.formats.length, opts.afterId ?? null, opts.limit],
  );
  return r.rows;
}
