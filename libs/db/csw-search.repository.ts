import type { Queryable } from './database';

/**
 * CSW reads over PUBLISHED records. The WHERE and ORDER BY fragments are compiled by
 * libs/csw (db code does not import it): plain SQL over `records r` whose values are all
 * in `params` as $1…$n. Nothing here ever shows a record in another status.
 *
 * A results page is ONE statement (the count, and the page's ids each with its version and
 * its stored render): a GetRecords answer costs one round trip to PostgreSQL.
 */
export interface CswSearchQuery {
  where: string;
  params: unknown[];
  orderBy: string;
  /** 0-based */
  offset: number;
  /** 0 → only the count */
  limit: number;
}

export interface CswSearchResult {
  matched: number;
  ids: string[];
}

/** A PUBLISHED record of a page with its stored render of the requested format (null when there is none). */
export interface PageRow {
  id: string;
  version: number;
  xml: string | null;
  renderVersion: number | null;
}

const published = (where: string): string => `FROM records r WHERE r.status = 'PUBLISHED' AND (${where})`;

/** numberOfRecordsMatched: exact; broad filters are served by index-only or bitmap scans */
export async function countPublished(db: Queryable, where: string, params: readonly unknown[]): Promise<number> {
  const res = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${published(where)}`, params);
  return Number(res.rows[0]?.n ?? 0);
}

function pageSelect(q: CswSearchQuery): { sql: string; params: unknown[] } {
  const n = q.params.length;
  return {
    sql: `SELECT r.id ${published(q.where)} ORDER BY ${q.orderBy} OFFSET $${n + 1} LIMIT $${n + 2}`,
    params: [...q.params, Math.max(0, Math.floor(q.offset)), Math.max(0, Math.floor(q.limit))],
  };
}

/** ids of one page (and the count), for callers that do not need renders */
export async function searchPublished(db: Queryable, q: CswSearchQuery): Promise<CswSearchResult> {
  const count = countPublished(db, q.where, q.params);
  if (q.limit <= 0) return { matched: await count, ids: [] };
  const page = pageSelect(q);
  // both at once: on a pool they run on two connections
  const [matched, rows] = await Promise.all([count, db.query<{ id: string }>(page.sql, page.params)]);
  return { matched, ids: rows.rows.map((r) => r.id) };
}

interface RenderRow {
  id: string;
  version: number;
  xml: string | null;
  render_version: number | null;
}

const toPageRow = (r: RenderRow): PageRow => ({
  id: r.id,
  version: Number(r.version),
  xml: r.xml,
  renderVersion: r.render_version === null ? null : Number(r.render_version),
});

/**
 * One page in order, each record with its render of `format`, in ONE statement together with
 * the exact count unless the caller already knows it (`matched`, from the count memo). The
 * page's ids are collected by ARRAY(subquery … ORDER BY …), which keeps the order, and
 * numbered WITH ORDINALITY; version and render then come by primary key. One statement is
 * one round trip and one socket write: on a loaded machine each write to a loopback socket
 * costs as much as a small query.
 */
export async function searchPublishedPage(db: Queryable, q: CswSearchQuery, format: string, matched?: number): Promise<{ matched: number; rows: PageRow[] }> {
  if (q.limit <= 0) return { matched: matched ?? (await countPublished(db, q.where, q.params)), rows: [] };
  const page = pageSelect(q);
  const f = page.params.length + 1;
  const pageWithRenders = `SELECT p.id, p.version, rr.xml, rr.version AS render_version, u.pos
       FROM unnest(ARRAY(${page.sql})) WITH ORDINALITY AS u(id, pos)
       JOIN records p ON p.id = u.id
       LEFT JOIN record_renders rr ON rr.record_id = u.id AND rr.format = $${f}`;
  const params = [...page.params, format];
  if (matched !== undefined) {
    const res = await db.query<RenderRow>(`${pageWithRenders} ORDER BY u.pos`, params);
    return { matched, rows: res.rows.map(toPageRow) };
  }
  // the count row joined with the page: an empty page (past the end) still brings the count
  const res = await db.query<RenderRow & { matched: string | number; id: string | null }>(
    `SELECT c.matched, x.id, x.version, x.xml, x.render_version
       FROM (SELECT count(*) AS matched ${published(q.where)}) c
       LEFT JOIN LATERAL (${pageWithRenders}) x ON true
      ORDER BY x.pos`,
    params,
  );
  return { matched: Number(res.rows[0]?.matched ?? 0), rows: res.rows.filter((r) => r.id !== null).map(toPageRow) };
}

/** The PUBLISHED records among `ids` with their render of `format` (GetRecordById), in no particular order. */
export async function publishedWithRenders(db: Queryable, ids: readonly string[], format: string): Promise<PageRow[]> {
  if (ids.length === 0) return [];
  const res = await db.query<RenderRow>(
    `SELECT r.id, r.version, rr.xml, rr.version AS render_version
       FROM records r LEFT JOIN record_renders rr ON rr.record_id = r.id AND rr.format = $2
      WHERE r.id = ANY($1::text[]) AND r.status = 'PUBLISHED'`,
    [ids, format],
  );
  return res.rows.map(toPageRow);
}

/** GetDomain: runs a query from domainSql() (one `value` column, no parameters) */
export async function domainValues(db: Queryable, sql: string): Promise<string[]> {
  const res = await db.query<{ value: string | null }>(sql);
  return res.rows.map((r) => r.value).filter((v): v is string => v !== null);
}
