import { ROLES, type Role } from '../../../libs/catalogue/record.types';
import type { FieldError } from '../../../libs/errors';
import type { NewUserInput, ProfilePatchInput, UserPatchInput } from '../../../libs/catalogue/users.service';

/**
 * The rules for user fields, shared by the admin REST routes and the CLI so an account made
 * either way obeys the same limits. Hand-written rather than ajv: six fields, and the messages
 * must be Indonesian and name the field.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 8;
/** scrypt hashes whatever it gets; the cap keeps one request from hashing a megabyte */
export const MAX_PASSWORD_LENGTH = 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,30}$/;
const MAX_NAME_LENGTH = 200;

export type { NewUserInput, ProfilePatchInput, UserPatchInput };

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function usernameProblem(v: unknown): string | undefined {
  if (typeof v !== 'string') return 'wajib berupa teks';
  if (!USERNAME_PATTERN.test(v)) return 'harus 3–64 karakter huruf, angka, titik, garis bawah, atau tanda hubung';
  return undefined;
}

export function passwordProblem(v: unknown): string | undefined {
  if (typeof v !== 'string') return 'wajib berupa teks';
  if (v.length < MIN_PASSWORD_LENGTH) return `minimal ${MIN_PASSWORD_LENGTH} karakter`;
  if (v.length > MAX_PASSWORD_LENGTH) return `maksimal ${MAX_PASSWORD_LENGTH} karakter`;
  return undefined;
}

export function roleProblem(v: unknown): string | undefined {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v) ? undefined : `harus salah satu dari: ${ROLES.join(', ')}`;
}

function optionalTextProblem(field: 'fullName' | 'email' | 'phone', v: unknown, allowNull: boolean): string | undefined {
  if (v === null && allowNull) return undefined;
  if (typeof v !== 'string') return allowNull ? 'harus berupa teks atau null' : 'harus berupa teks';
  if (field === 'fullName') return v.trim() === '' || v.length > MAX_NAME_LENGTH ? `harus 1–${MAX_NAME_LENGTH} karakter` : undefined;
  if (field === 'email') return EMAIL_PATTERN.test(v) && v.length <= 254 ? undefined : 'bukan alamat surel yang valid';
  return PHONE_PATTERN.test(v) ? undefined : 'bukan nomor telepon yang valid (angka, boleh diawali +)';
}

function unknownFields(body: Record<string, unknown>, allowed: readonly string[]): FieldError[] {
  return Object.keys(body)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ path: `/${k}`, message: 'bidang tidak dikenal' }));
}

const NEW_USER_FIELDS = ['username', 'password', 'role', 'fullName', 'email', 'phone'] as const;
const PATCH_FIELDS = ['role', 'active', 'password', 'fullName', 'email', 'phone'] as const;
const PROFILE_FIELDS = ['fullName', 'email', 'phone'] as const;

/** Checks a create-user body; `undefined` optional fields are treated as absent. */
export function checkNewUser(body: unknown): Checked<NewUserInput> {
  if (!isRecord(body)) return { ok: false, errors: [{ path: '', message: 'isi permintaan harus objek JSON' }] };
  const errors = unknownFields(body, NEW_USER_FIELDS);
  const push = (path: string, message: string | undefined) => { if (message) errors.push({ path, message }); };
  push('/username', usernameProblem(body.username));
  push('/password', passwordProblem(body.password));
  push('/role', roleProblem(body.role));
  for (const f of ['fullName', 'email', 'phone'] as const) {
    if (body[f] !== undefined) push(`/${f}`, optionalTextProblem(f, body[f], false));
  }
  if (errors.length) return { ok: false, errors };
  const value: NewUserInput = { username: body.username as string, password: body.password as string, role: body.role as Role };
  if (body.fullName !== undefined) value.fullName = (body.fullName as string).trim();
  if (body.email !== undefined) value.email = body.email as string;
  if (body.phone !== undefined) value.phone = body.phone as string;
  return { ok: true, value };
}

/** Checks a PATCH body of the admin users API. */
export function checkUserPatch(body: unknown): Checked<UserPatchInput> {
  if (!isRecord(body)) return { ok: false, errors: [{ path: '', message: 'isi permintaan harus objek JSON' }] };
  const errors = unknownFields(body, PATCH_FIELDS);
  const push = (path: string, message: string | undefined) => { if (message) errors.push({ path, message }); };
  if (body.role !== undefined) push('/role', roleProblem(body.role));
  if (body.active !== undefined && typeof body.active !== 'boolean') push('/active', 'harus true atau false');
  if (body.password !== undefined) push('/password', passwordProblem(body.password));
  for (const f of ['fullName', 'email', 'phone'] as const) {
    if (body[f] !== undefined) push(`/${f}`, optionalTextProblem(f, body[f], true));
  }
  if (errors.length) return { ok: false, errors };
  const value: UserPatchInput = {};
  if (body.role !== undefined) value.role = body.role as Role;
  if (body.active !== undefined) value.active = body.active as boolean;
  if (body.password !== undefined) value.password = body.password as string;
  if (body.fullName !== undefined) value.fullName = body.fullName === null ? null : (body.fullName as string).trim();
  if (body.email !== undefined) value.email = body.email as string | null;
  if (body.phone !== undefined) value.phone = body.phone as string | null;
  return { ok: true, value };
}

/** Checks a PATCH body of the caller's own profile (`/api/auth/me`): name, e-mail and phone only. */
export function checkProfilePatch(body: unknown): Checked<ProfilePatchInput> {
  if (!isRecord(body)) return { ok: false, errors: [{ path: '', message: 'isi permintaan harus objek JSON' }] };
  const errors = unknownFields(body, PROFILE_FIELDS);
  for (const f of PROFILE_FIELDS) {
    if (body[f] === undefined) continue;
    const message = optionalTextProblem(f, body[f], true);
    if (message) errors.push({ path: `/${f}`, message });
  }
  if (errors.length) return { ok: false, errors };
  const value: ProfilePatchInput = {};
  if (body.fullName !== undefined) value.fullName = body.fullName === null ? null : (body.fullName as string).trim();
  if (body.email !== undefined) value.email = body.email as string | null;
  if (body.phone !== undefined) value.phone = body.phone as string | null;
  return { ok: true, value };
}
