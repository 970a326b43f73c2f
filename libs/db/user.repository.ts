import { randomUUID } from 'node:crypto';
import type { Role } from '../catalogue/record.types';
import type { User } from '../catalogue/user.types';
import type { Queryable } from './database';
import { iso } from './row-mapping';
import { AppError } from '../errors';
import { usernameKey } from '../catalogue/username-key';
import type { NewUser, UserChanges } from '../catalogue/users.ports';

/** PostgreSQL (and PGlite) unique_violation on the username key index (migration 009). */
const isUsernameTaken = (err: unknown): boolean => {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'users_username_key';
};

interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  role: Role;
  organisation_id: string;
  active: boolean;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  is_service_admin: boolean;
  session_epoch: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const toUser = (r: UserRow): User => ({
  id: r.id,
  username: r.username,
  role: r.role,
  organisationId: r.organisation_id,
  active: r.active,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  serviceAdmin: r.is_service_admin,
  sessionEpoch: r.session_epoch,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export type { NewUser, UserChanges };

/** Throws AppError CONFLICT when the username is taken (compared by its key, see username-key.ts). */
export async function createUser(db: Queryable, u: NewUser): Promise<User> {
  try {
    const r = await db.query<UserRow>(
      `INSERT INTO users (id, username, username_key, password_hash, role, organisation_id, full_name, email, phone, active, is_service_admin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [randomUUID(), u.username, usernameKey(u.username), u.passwordHash, u.role, u.organisationId, u.fullName ?? null, u.email ?? null, u.phone ?? null, u.active ?? true, u.serviceAdmin ?? false],
    );
    return toUser(r.rows[0]!);
  } catch (err) {
    if (isUsernameTaken(err)) throw new AppError('CONFLICT', `Nama pengguna "${u.username}" sudah dipakai.`, { cause: err });
    throw err;
  }
}

export async function findUserById(db: Queryable, id: string): Promise<User | undefined> {
  const r = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return r.rows[0] && toUser(r.rows[0]);
}

/** By the username's key, like login (any case, fullwidth or compatibility spelling). */
export async function findUserByUsername(db: Queryable, username: string): Promise<User | undefined> {
  const r = await db.query<UserRow>('SELECT * FROM users WHERE username_key = $1', [usernameKey(username)]);
  return r.rows[0] && toUser(r.rows[0]);
}

/** For login only: the one place the hash leaves the table. */
export async function findCredentialsByUsername(db: Queryable, username: string): Promise<{ user: User; passwordHash: string } | undefined> {
  const r = await db.query<UserRow>('SELECT * FROM users WHERE username_key = $1', [usernameKey(username)]);
  const row = r.rows[0];
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

export async function listUsersOfOrganisation(db: Queryable, organisationId: string): Promise<User[]> {
  const r = await db.query<UserRow>('SELECT * FROM users WHERE organisation_id = $1 ORDER BY username_key', [organisationId]);
  return r.rows.map(toUser);
}

/**
 * A password given here also bumps the session epoch in the same statement: every session of
 * the user opened before the change ends on its next request (passport-setup.ts).
 */
export async function updateUser(db: Queryable, id: string, c: UserChanges): Promise<User | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const add = (col: string, v: unknown) => { params.push(v); sets.push(`${col} = $${params.length}`); };
  if (c.role !== undefined) add('role', c.role);
  if (c.active !== undefined) add('active', c.active);
  if (c.passwordHash !== undefined) {
    add('password_hash', c.passwordHash);
    sets.push('session_epoch = session_epoch + 1');
  }
  if (c.serviceAdmin !== undefined) add('is_service_admin', c.serviceAdmin);
  if (c.fullName !== undefined) add('full_name', c.fullName);
  if (c.email !== undefined) add('email', c.email);
  if (c.phone !== undefined) add('phone', c.phone);
  sets.push('updated_at = now()');
  const r = await db.query<UserRow>(`UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, params);
  return r.rows[0] && toUser(r.rows[0]);
}

export async function countUsers(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return r.rows[0]?.n ?? 0;
}
