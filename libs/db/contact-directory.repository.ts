import type { ContactDirectoryStore, DirectoryContact, DirectoryContactInput } from '../catalogue/contact-directory';
import type { Database } from './database';
import { foldLikeSql, likeLiteral } from './fold-text';
import { iso } from './row-mapping';

/**
 * The contact directory (migration 090): entries of one organisation, the deleted ones left out.
 * Every statement names the organisation, so an entry of another organisation is never reached.
 */
interface EntryRow {
  id: string;
  role: string | null;
  organisation_name: string;
  individual_name: string | null;
  position_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  online_resource: string | null;
  updated_at: Date | string;
}

const COLUMNS = `id::text AS id, role, organisation_name, individual_name, position_name, email, phone, address, online_resource, updated_at`;

function toEntry(r: EntryRow): DirectoryContact {
  const c: DirectoryContact = { id: r.id, organisationName: r.organisation_name, updatedAt: iso(r.updated_at) };
  if (r.role) c.role = r.role;
  if (r.individual_name) c.individualName = r.individual_name;
  if (r.position_name) c.positionName = r.position_name;
  if (r.email) c.email = r.email;
  if (r.phone) c.phone = r.phone;
  if (r.address) c.address = r.address;
  if (r.online_resource) c.onlineResource = r.online_resource;
  return c;
}

const values = (c: DirectoryContactInput): unknown[] => [
  c.role ?? null, c.organisationName, c.individualName ?? null, c.positionName ?? null, c.email ?? null, c.phone ?? null,
  c.address ?? null, c.onlineResource ?? null,
];

export function contactDirectoryStoreFor(db: Database): ContactDirectoryStore {
  const find = async (org: string, id: string): Promise<DirectoryContact | undefined> => {
    const r = await db.query<EntryRow>(`SELECT ${COLUMNS} FROM contact_directory WHERE organisation_id = $1 AND id = $2::bigint AND deleted_at IS NULL`, [org, id]);
    return r.rows[0] && toEntry(r.rows[0]);
  };
  // the entry's current values become a key too: a record that later names the edited contact finds it
  const addKey = (q: Pick<Database, 'query'>, org: string, id: string) => q.query(
    `INSERT INTO contact_directory_keys (organisation_id, dedup_key, entry_id)
     SELECT organisation_id, gk_contact_key(email, individual_name, organisation_name), id FROM contact_directory
      WHERE organisation_id = $1 AND id = $2::bigint AND gk_contact_key(email, individual_name, organisation_name) IS NOT NULL
     ON CONFLICT DO NOTHING`,
    [org, id],
  );
  return {
    async list(org, q, limit, offset) {
      const pattern = q === '' ? null : `%${likeLiteral(q.toLowerCase())}%`;
      // a directory is the size of an organisation's address book: a filtered scan of its rows is enough
      const where = `organisation_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR lower(concat_ws(' ', organisation_name, individual_name,
                     position_name, email, phone)) LIKE $2 OR gk_fold(concat_ws(' ', organisation_name, individual_name, position_name)) LIKE '%' || $3 || '%')`;
      const folded = q === '' ? null : likeLiteral(foldLikeSql(q));
      const [rows, count] = await Promise.all([
        db.query<EntryRow>(`SELECT ${COLUMNS} FROM contact_directory WHERE ${where}
                             ORDER BY lower(organisation_name), lower(coalesce(individual_name, '')), id LIMIT $4 OFFSET $5`, [org, pattern, folded, limit, offset]),
        db.query<{ n: string }>(`SELECT count(*)::text AS n FROM contact_directory WHERE ${where}`, [org, pattern, folded]),
      ]);
      return { items: rows.rows.map(toEntry), total: Number(count.rows[0]?.n ?? 0) };
    },
    find,
    async insert(org, c, actorId) {
      return db.transaction(async (tx) => {
        const r = await tx.query<{ id: string }>(
          `INSERT INTO contact_directory (organisation_id, role, organisation_name, individual_name, position_name, email, phone, address, online_resource, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
          [org, ...values(c), actorId],
        );
        await addKey(tx, org, r.rows[0]!.id);
        const e = await tx.query<EntryRow>(`SELECT ${COLUMNS} FROM contact_directory WHERE id = $1::bigint`, [r.rows[0]!.id]);
        return toEntry(e.rows[0]!);
      });
    },
    async update(org, id, c, actorId) {
      return db.transaction(async (tx) => {
        const r = await tx.query<{ id: string }>(
          `UPDATE contact_directory SET role = $3, organisation_name = $4, individual_name = $5, position_name = $6, email = $7, phone = $8,
                  address = $9, online_resource = $10, updated_by = $11, updated_at = now()
            WHERE organisation_id = $1 AND id = $2::bigint AND deleted_at IS NULL RETURNING id::text AS id`,
          [org, id, ...values(c), actorId],
        );
        if (!r.rows[0]) return undefined;
        await addKey(tx, org, id);
        const e = await tx.query<EntryRow>(`SELECT ${COLUMNS} FROM contact_directory WHERE id = $1::bigint`, [id]);
        return toEntry(e.rows[0]!);
      });
    },
    async remove(org, id) {
      const r = await db.query('UPDATE contact_directory SET deleted_at = now() WHERE organisation_id = $1 AND id = $2::bigint AND deleted_at IS NULL', [org, id]);
      return (r.rowCount ?? 0) > 0;
    },
    async merge(org, fromId, intoId) {
      return db.transaction(async (tx) => {
        const both = await tx.query<{ id: string }>(
          `SELECT id::text AS id FROM contact_directory WHERE organisation_id = $1 AND id IN ($2::bigint, $3::bigint) AND deleted_at IS NULL FOR UPDATE`,
          [org, fromId, intoId],
        );
        if (both.rows.length !== 2) return undefined;
        await tx.query('UPDATE contact_directory_keys SET entry_id = $3::bigint WHERE organisation_id = $1 AND entry_id = $2::bigint', [org, fromId, intoId]);
        await tx.query('DELETE FROM contact_directory WHERE organisation_id = $1 AND id = $2::bigint', [org, fromId]);
        const e = await tx.query<EntryRow>(`SELECT ${COLUMNS} FROM contact_directory WHERE id = $1::bigint`, [intoId]);
        return toEntry(e.rows[0]!);
      });
    },
  };
}
