import { randomUUID } from 'node:crypto';
import type { Organisation } from '../catalogue/user.types';
import type { Queryable } from './database';
import { iso } from './row-mapping';
import { AppError } from '../errors';

interface OrgRow {
  id: string;
  name: string;
  allow_lintas_org_reviewer: boolean;
  created_at: Date | string;
}

const toOrg = (r: OrgRow): Organisation => ({
  id: r.id,
  name: r.name,
  allowLintasOrgReviewer: r.allow_lintas_org_reviewer,
  createdAt: iso(r.created_at),
});

/** Throws AppError CONFLICT when the name is taken (names are unique case-insensitively). */
export async function createOrganisation(db: Queryable, input: { name: string; allowLintasOrgReviewer?: boolean; id?: string }): Promise<Organisation> {
  try {
    const r = await db.query<OrgRow>(
      'INSERT INTO organisations (id, name, allow_lintas_org_reviewer) VALUES ($1, $2, $3) RETURNING *',
      [input.id ?? randomUUID(), input.name, input.allowLintasOrgReviewer ?? false],
    );
    return toOrg(r.rows[0]!);
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e?.code === '23505' && e.constraint === 'organisations_name_key') {
      throw new AppError('CONFLICT', `Organisasi bernama "${input.name}" sudah ada.`, { cause: err });
    }
    throw err;
  }
}

export async function findOrganisation(db: Queryable, id: string): Promise<Organisation | undefined> {
  const r = await db.query<OrgRow>('SELECT * FROM organisations WHERE id = $1', [id]);
  return r.rows[0] && toOrg(r.rows[0]);
}

/** By id or (case-insensitive) name: what the CLI accepts for `--org`. */
export async function findOrganisationByIdOrName(db: Queryable, idOrName: string): Promise<Organisation | undefined> {
  const r = await db.query<OrgRow>('SELECT * FROM organisations WHERE id = $1 OR lower(name) = lower($1) ORDER BY (id = $1) DESC LIMIT 1', [idOrName]);
  return r.rows[0] && toOrg(r.rows[0]);
}

export async function listOrganisations(db: Queryable): Promise<Organisation[]> {
  const r = await db.query<OrgRow>('SELECT * FROM organisations ORDER BY lower(name)');
  return r.rows.map(toOrg);
}

export async function setAllowLintasOrgReviewer(db: Queryable, id: string, allow: boolean): Promise<Organisation | undefined> {
  const r = await db.query<OrgRow>('UPDATE organisations SET allow_lintas_org_reviewer = $2 WHERE id = $1 RETURNING *', [id, allow]);
  return r.rows[0] && toOrg(r.rows[0]);
}
