import { randomUUID } from 'node:crypto';
import type { HarvestMode, HarvestProtocol, HarvestSource, RecordForm } from '../harvest/harvest.types';
import type { SourceFields } from '../harvest/harvest-sources.ports';
import { AppError } from '../errors';
import type { Queryable } from './database';
import { iso } from './row-mapping';

/** The harvest_sources table. The sealed credentials are read only by sealedCredentials(). */
interface SourceRow {
  id: string;
  name: string;
  url: string;
  protocol: HarvestProtocol;
  constraint_text: string | null;
  record_form: RecordForm;
  page_size: number;
  schedule: string | null;
  organisation_id: string;
  mode: HarvestMode;
  owner_id: string;
  has_credentials: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, name, url, protocol, constraint_text, record_form, page_size, schedule, organisation_id, mode, owner_id,
  credentials IS NOT NULL AS has_credentials, created_at, updated_at`;

const toSource = (r: SourceRow): HarvestSource => ({
  id: r.id,
  name: r.name,
  url: r.url,
  protocol: r.protocol,
  constraint: r.constraint_text,
  recordForm: r.record_form,
  pageSize: r.page_size,
  schedule: r.schedule,
  organisationId: r.organisation_id,
  mode: r.mode,
  ownerId: r.owner_id,
  hasCredentials: r.has_credentials,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export type { SourceFields };

const conflict = (err: unknown): never => {
  if ((err as { code?: string }).code === '23505') {
    throw new AppError('CONFLICT', 'Organisasi ini sudah memiliki sumber panen dengan nama yang sama.', { cause: err });
  }
  throw err;
};

export async function insertSource(db: Queryable, f: SourceFields & { ownerId: string }): Promise<HarvestSource> {
  const r = await db.query<SourceRow>(
    `INSERT INTO harvest_sources (id, name, url, protocol, constraint_text, record_form, page_size, schedule, organisation_id, mode, owner_id, credentials)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [randomUUID(), f.name, f.url, f.protocol, f.constraint, f.recordForm, f.pageSize, f.schedule, f.organisationId, f.mode, f.ownerId, f.credentials ?? null],
  ).catch(conflict);
  return toSource(r.rows[0]!);
}

export async function updateSource(db: Queryable, id: string, f: SourceFields): Promise<HarvestSource | undefined> {
  const keepCredentials = f.credentials === undefined;
  const r = await db.query<SourceRow>(
    `UPDATE harvest_sources SET name = $2, url = $3, protocol = $4, constraint_text = $5, record_form = $6, page_size = $7, schedule = $8,
            organisation_id = $9, mode = $10, credentials = CASE WHEN $11::boolean THEN credentials ELSE $12 END, updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, f.name, f.url, f.protocol, f.constraint, f.recordForm, f.pageSize, f.schedule, f.organisationId, f.mode, keepCredentials, f.credentials ?? null],
  ).catch(conflict);
  return r.rows[0] && toSource(r.rows[0]);
}

export async function findSourceById(db: Queryable, id: string): Promise<HarvestSource | undefined> {
  const r = await db.query<SourceRow>(`SELECT ${COLUMNS} FROM harvest_sources WHERE id = $1`, [id]);
  return r.rows[0] && toSource(r.rows[0]);
}

/** Sources of one organisation, or all (undefined), by name. */
export async function listSources(db: Queryable, organisationId?: string): Promise<HarvestSource[]> {
  const r = await db.query<SourceRow>(
    `SELECT ${COLUMNS} FROM harvest_sources WHERE ($1::text IS NULL OR organisation_id = $1) ORDER BY lower(name), id`,
    [organisationId ?? null],
  );
  return r.rows.map(toSource);
}

/** Every source with a schedule (the embedded scheduler and the worker's schedule sync read these). */
export async function listScheduledSources(db: Queryable): Promise<HarvestSource[]> {
  const r = await db.query<SourceRow>(`SELECT ${COLUMNS} FROM harvest_sources WHERE schedule IS NOT NULL ORDER BY id`);
  return r.rows.map(toSource);
}

/** Deletes the source, its runs and its per-record state; the records themselves stay (detached). */
export async function deleteSource(db: Queryable, id: string): Promise<boolean> {
  const r = await db.query('DELETE FROM harvest_sources WHERE id = $1', [id]);
  return r.rowCount > 0;
}

export async function sealedCredentialsOf(db: Queryable, id: string): Promise<string | null> {
  const r = await db.query<{ credentials: string | null }>('SELECT credentials FROM harvest_sources WHERE id = $1', [id]);
  return r.rows[0]?.credentials ?? null;
}
