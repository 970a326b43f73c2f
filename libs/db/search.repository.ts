import type { FacetValue, PageRow, SearchQuery, SearchStore } from '../search/search-port';
import type { MetadataRecord } from '../catalogue/record.types';
import type { Queryable } from './database';
import { findRecordById, RECORD_COLUMNS, toRecord, type RecordRow as FullRecordRow } from './record.repository';

/**
 * The search core's reads over PUBLISHED records (the SearchStore port of libs/search). The
 * WHERE and ORDER BY fragments are compiled by libs/search (db code does not import its
 * compiler): plain SQL over `records r` whose values are all in `params` as $1…$n. Nothing
 * here ever shows a record in another status.
 *
 * A results page is ONE statement (the count, and the page's ids each with its version and
 * its stored render): a GetRecords answer costs one round trip to PostgreSQL.
 */
export type CswSearchQuery = SearchQuery;
export type { PageRow };

export interface CswSearchResult {
  matched: number;
  ids: string[];
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

/**
 * The PUBLISHED records with these file identifiers and their render of `format` (GetRecordById,
 * OARec ISO items), in no particular order. Served by the public partial unique index of 040.
 */
export async function publishedWithRenders(db: Queryable, fileIdentifiers: readonly string[], format: string): Promise<(PageRow & { fileIdentifier: string })[]> {
  if (fileIdentifiers.length === 0) return [];
  const res = await db.query<RenderRow & { file_identifier: string }>(
    `SELECT r.id, r.file_identifier, r.version, rr.xml, rr.version AS render_version
       FROM records r LEFT JOIN record_renders rr ON rr.record_id = r.id AND rr.format = $2
      WHERE r.file_identifier = ANY($1::text[]) AND r.status = 'PUBLISHED'`,
    [fileIdentifiers, format],
  );
  return res.rows.map((r) => ({ ...toPageRow(r), fileIdentifier: r.file_identifier }));
}

/** GetDomain: runs a query from domainSql() (one `value` column, no parameters) */
export async function domainValues(db: Queryable, sql: string): Promise<string[]> {
  const res = await db.query<{ value: string | null }>(sql);
  return res.rows.map((r) => r.value).filter((v): v is string => v !== null);
}

/**
 * One page as whole records (OGC API – Records builds its GeoJSON from the document), with the
 * exact count in the same statement unless the caller knows it, like searchPublishedPage.
 */
export async function pageOfRecords(db: Queryable, q: SearchQuery, matched?: number): Promise<{ matched: number; records: MetadataRecord[] }> {
  if (q.limit <= 0) return { matched: matched ?? (await countPublished(db, q.where, q.params)), records: [] };
  const page = pageSelect(q);
  const pageRecords = `SELECT ${RECORD_COLUMNS}, u.pos
       FROM unnest(ARRAY(${page.sql})) WITH ORDINALITY AS u(id, pos)
       JOIN records r ON r.id = u.id`;
  if (matched !== undefined) {
    const res = await db.query<FullRecordRow>(`${pageRecords} ORDER BY u.pos`, page.params);
    return { matched, records: res.rows.map(toRecord) };
  }
  const res = await db.query<FullRecordRow & { matched: string | number }>(
    `SELECT c.matched, x.* FROM (SELECT count(*) AS matched ${published(q.where)}) c
       LEFT JOIN LATERAL (${pageRecords}) x ON true ORDER BY x.pos`,
    page.params,
  );
  return { matched: Number(res.rows[0]?.matched ?? 0), records: res.rows.filter((r) => r.id !== null).map(toRecord) };
}

/** The PUBLISHED record a public identifier names (OARec items). */
export async function publishedRecord(db: Queryable, fileIdentifier: string): Promise<MetadataRecord | undefined> {
  const r = await db.query<FullRecordRow>(`SELECT ${RECORD_COLUMNS} FROM records r WHERE r.file_identifier = $1 AND r.status = 'PUBLISHED'`, [fileIdentifier]);
  return r.rows[0] && toRecord(r.rows[0]);
}

/**
 * Facet counts: one statement, one UNION ALL branch per facet over the matching records,
 * each keeping its `limit` most frequent non-empty values (ties by value, so the answer is
 * stable). Facet expressions are constants of the search core, never user input.
 */
export async function facetCounts(
  db: Queryable,
  where: string,
  params: readonly unknown[],
  facets: readonly { name: string; sql: string; array: boolean }[],
  limit: number,
): Promise<Record<string, FacetValue[]>> {
  const out: Record<string, FacetValue[]> = {};
  for (const f of facets) out[f.name] = [];
  if (facets.length === 0) return out;
  const n = params.length;
  // one pass over the matching records collects every facet's column; each branch then counts one
  const columns = facets.map((f, i) => `${f.sql} AS f${i}`).join(', ');
  const branches = facets.map((f, i) => {
    const values = f.array ? `unnest(m.f${i})` : `m.f${i}`;
    return `(SELECT ${i} AS facet, v AS value, count(*) AS n FROM (SELECT ${values} AS v FROM m) s
        WHERE v IS NOT NULL AND v <> '' GROUP BY v ORDER BY count(*) DESC, v LIMIT $${n + 1})`;
  });
  const res = await db.query<{ facet: number; value: string; n: string | number }>(
    `WITH m AS MATERIALIZED (SELECT ${columns} ${published(where)}) ${branches.join(' UNION ALL ')}`,
    [...params, Math.max(1, Math.floor(limit))],
  );
  for (const row of res.rows) {
    const f = facets[Number(row.facet)];
    if (f) out[f.name]!.push({ value: row.value, count: Number(row.n) });
  }
  for (const f of facets) out[f.name]!.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return out;
}

/** The SearchStore port of libs/search over this database. */
export function createSearchStore(db: Queryable): SearchStore {
  return {
    countPublished: (where, params) => countPublished(db, where, params),
    pageWithRenders: (q, format, matched) => searchPublishedPage(db, q, format, matched),
    pageOfRecords: (q, matched) => pageOfRecords(db, q, matched),
    publishedWithRenders: (ids, format) => publishedWithRenders(db, ids, format),
    publishedRecord: (id) => publishedRecord(db, id),
    recordById: (id) => findRecordById(db, id),
    domainValues: (sql) => domainValues(db, sql),
    facetCounts: (where, params, facets, limit) => facetCounts(db, where, params, facets, limit),
  };
}
