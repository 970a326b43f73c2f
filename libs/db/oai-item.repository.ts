import type { OaiItem, OaiListQuery, OaiStore } from '../oai/oai.ports';
import type { Queryable } from './database';
import { findRecordById } from './record.repository';

/**
 * The OAI-PMH feed over `oai_items` (maintained by the trigger of migration 020 on every write
 * of `records`). Lists page by keyset (datestamp, record_id) — the indexes of 020 serve each
 * set kind — and a ListRecords page brings each item's stored render in the same statement.
 */

interface ItemRow {
  record_id: string;
  file_identifier: string;
  organisation_id: string;
  hierarchy_level: string;
  deleted: boolean;
  datestamp: string;
  position: string;
  version: number | null;
  xml: string | null;
  render_version: number | null;
}

const toItem = (r: ItemRow): OaiItem => ({
  id: r.record_id,
  fileIdentifier: r.file_identifier,
  organisationId: r.organisation_id,
  hierarchyLevel: r.hierarchy_level,
  deleted: r.deleted,
  datestamp: r.datestamp,
  position: r.position,
  version: r.version === null ? null : Number(r.version),
  xml: r.xml,
  renderVersion: r.render_version === null ? null : Number(r.render_version),
});

// to_char truncates: a datestamp shown as 10:00:05Z is 10:00:05.000000–10:00:05.999999
const SECONDS = `to_char(i.datestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const MICROS = `to_char(i.datestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function selectItems(renderParam: string | undefined): string {
  const base = `SELECT i.record_id, i.file_identifier, i.organisation_id, i.hierarchy_level, i.deleted, ${SECONDS} AS datestamp, ${MICROS} AS position`;
  if (!renderParam) return `${base}, NULL::int AS version, NULL::text AS xml, NULL::int AS render_version FROM oai_items i`;
  return `${base}, r.version, rr.xml, rr.version AS render_version
    FROM oai_items i
    LEFT JOIN records r ON r.id = i.record_id AND NOT i.deleted
    LEFT JOIN record_renders rr ON rr.record_id = i.record_id AND rr.format = ${renderParam} AND NOT i.deleted`;
}

function whereOf(q: Omit<OaiListQuery, 'limit' | 'render'>, params: unknown[]): string {
  const add = (v: unknown): string => { params.push(v); return `$${params.length}`; };
  const where: string[] = [];
  if (q.from) where.push(`i.datestamp >= ${add(q.from)}::timestamptz`);
  if (q.before) where.push(`i.datestamp < ${add(q.before)}::timestamptz`);
  if (q.set.kind === 'organisation') where.push(`i.organisation_id = ${add(q.set.organisationId)}`);
  if (q.set.kind === 'level') where.push(`i.hierarchy_level = ${add(q.set.hierarchyLevel)}`);
  if (q.after) where.push(`(i.datestamp, i.record_id) > (${add(q.after.datestamp)}::timestamptz, ${add(q.after.id)}::text)`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export async function listOaiItems(db: Queryable, q: OaiListQuery): Promise<OaiItem[]> {
  const params: unknown[] = [];
  const renderParam = q.render ? (params.push(q.render), `$${params.length}`) : undefined;
  const where = whereOf(q, params);
  params.push(q.limit);
  const r = await db.query<ItemRow>(`${selectItems(renderParam)} ${where} ORDER BY i.datestamp, i.record_id LIMIT $${params.length}`, params);
  return r.rows.map(toItem);
}

export async function countOaiItems(db: Queryable, q: Omit<OaiListQuery, 'after' | 'limit' | 'render'>): Promise<number> {
  const params: unknown[] = [];
  const r = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM oai_items i ${whereOf(q, params)}`, params);
  return Number(r.rows[0]?.n ?? 0);
}

/** The item named by a public file identifier (unique among items, migration 040). */
export async function findOaiItem(db: Queryable, fileIdentifier: string, render?: string): Promise<OaiItem | undefined> {
  const params: unknown[] = [];
  const renderParam = render ? (params.push(render), `$${params.length}`) : undefined;
  params.push(fileIdentifier);
  const r = await db.query<ItemRow>(`${selectItems(renderParam)} WHERE i.file_identifier = $${params.length}`, params);
  return r.rows[0] && toItem(r.rows[0]);
}

/** The store port of libs/oai on a database (PostgreSQL or PGlite). */
export function oaiStoreFor(db: Queryable): OaiStore {
  return {
    async earliestDatestamp() {
      const r = await db.query<{ t: string | null }>(`SELECT to_char(min(datestamp) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS t FROM oai_items`);
      return r.rows[0]?.t ?? undefined;
    },
    findItem: (id, render) => findOaiItem(db, id, render),
    listItems: (q) => listOaiItems(db, q),
    countItems: (q) => countOaiItems(db, q),
    async listOrganisations() {
      const r = await db.query<{ id: string; name: string }>('SELECT id, name FROM organisations ORDER BY name, id');
      return r.rows;
    },
    async listHierarchyLevels() {
      const r = await db.query<{ level: string }>('SELECT DISTINCT hierarchy_level AS level FROM oai_items ORDER BY 1');
      return r.rows.map((x) => x.level);
    },
    async findPublishedRecord(id) {
      const rec = await findRecordById(db, id);
      return rec && rec.status === 'PUBLISHED' ? rec : undefined;
    },
  };
}
