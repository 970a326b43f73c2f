import { AppError, validationError, type FieldError } from '../errors';
import { SCHEMA_PATTERNS } from './metadata.schema';
import type { Contact } from './record.types';
import type { Actor } from './user.types';

/**
 * An organisation's contact directory (issue 20 §5). Entries are made from the contacts its
 * records use (migration 090's trigger, de-duplicated by e-mail, else by person + organisation
 * name), so the directory fills itself; an ADMIN of the organisation edits, adds, merges and
 * deletes entries in one place; every member (PRODUSEN, QCQE, ADMIN) reads it and the editor
 * copies an entry into a record's contact. Entries are the organisation's own: another
 * organisation's entry does not exist for the caller (404), as records do not.
 */
export interface DirectoryContact extends Partial<Contact> {
  id: string;
  organisationName: string;
  updatedAt: string;
}

export type DirectoryContactInput = Omit<DirectoryContact, 'id' | 'updatedAt'>;

export interface ContactDirectoryStore {
  list(organisationId: string, q: string, limit: number, offset: number): Promise<{ items: DirectoryContact[]; total: number }>;
  find(organisationId: string, id: string): Promise<DirectoryContact | undefined>;
  insert(organisationId: string, c: DirectoryContactInput, actorId: string): Promise<DirectoryContact>;
  update(organisationId: string, id: string, c: DirectoryContactInput, actorId: string): Promise<DirectoryContact | undefined>;
  /** marks it deleted (its keys stay, so the records that name it do not bring it back) */
  remove(organisationId: string, id: string): Promise<boolean>;
  /** moves `fromId`'s keys to `intoId` and deletes `fromId` */
  merge(organisationId: string, fromId: string, intoId: string): Promise<DirectoryContact | undefined>;
}

export interface ContactDirectory {
  list(actor: Actor, params: Record<string, unknown>): Promise<{ items: DirectoryContact[]; total: number; limit: number; offset: number }>;
  get(actor: Actor, id: string): Promise<DirectoryContact>;
  create(actor: Actor, body: unknown): Promise<DirectoryContact>;
  update(actor: Actor, id: string, body: unknown): Promise<DirectoryContact>;
  remove(actor: Actor, id: string): Promise<void>;
  merge(actor: Actor, id: string, body: unknown): Promise<DirectoryContact>;
}

export const DIRECTORY_LIMIT_MAX = 200;
const ID = /^[1-9]\d{0,17}$/;
const FIELDS = ['role', 'organisationName', 'individualName', 'positionName', 'email', 'phone', 'address', 'onlineResource'] as const;
const MAX: Record<(typeof FIELDS)[number], number> = {
  role: 200, organisationName: 2000, individualName: 2000, positionName: 2000, email: 254, phone: 100, address: 2000, onlineResource: 2000,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const notFound = (): AppError => new AppError('NOT_FOUND', 'Kontak tidak ditemukan di direktori organisasi Anda.');

function requireAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Hanya ADMIN organisasi yang dapat mengubah direktori kontak.');
}

function checkId(id: string): string {
  if (!ID.test(id)) throw notFound();
  return id;
}

/** An entry as sent: known fields only, strings within the record schema's limits; a name or an e-mail is needed. */
export function parseContactInput(body: unknown): DirectoryContactInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ path: '', message: 'Kirim objek JSON kontak' }], 'Kontak tidak valid.');
  }
  const o = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  const out: Record<string, string> = {};
  for (const k of Object.keys(o)) if (!(FIELDS as readonly string[]).includes(k)) errors.push({ path: `/${k}`, message: 'Properti tidak dikenal' });
  for (const f of FIELDS) {
    const v = o[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') { errors.push({ path: `/${f}`, message: 'Harus teks' }); continue; }
    const t = v.trim();
    if (t.length > MAX[f]) errors.push({ path: `/${f}`, message: `Maksimal ${MAX[f]} karakter` });
    else if (t !== '') out[f] = t;
  }
  if (out.email && !EMAIL.test(out.email)) errors.push({ path: '/email', message: 'Alamat surel tidak valid' });
  if (out.onlineResource && !new RegExp(SCHEMA_PATTERNS.url).test(out.onlineResource)) {
    errors.push({ path: '/onlineResource', message: 'Harus URL http(s) atau ftp' });
  }
  if (!out.organisationName && !out.individualName && !out.email) {
    errors.push({ path: '/organisationName', message: 'Isi nama organisasi, nama perorangan atau surel' });
  }
  if (errors.length) throw validationError(errors, 'Kontak tidak valid.');
  return { ...out, organisationName: out.organisationName ?? '' } as DirectoryContactInput;
}

function intParam(v: unknown, name: string, def: number, max: number): number {
  if (v === undefined) return def;
  if (typeof v !== 'string' || !/^\d{1,6}$/.test(v) || Number(v) > max) {
    throw new AppError('BAD_REQUEST', `Parameter ${name} harus bilangan bulat 0–${max}.`);
  }
  return Number(v);
}

export function createContactDirectory(store: ContactDirectoryStore): ContactDirectory {
  const get = async (actor: Actor, id: string): Promise<DirectoryContact> =>
    (await store.find(actor.organisationId, checkId(id))) ?? Promise.reject(notFound());
  return {
    async list(actor, params) {
      for (const k of Object.keys(params)) if (!['q', 'limit', 'offset'].includes(k)) throw new AppError('BAD_REQUEST', `Parameter tidak dikenal: ${k}.`);
      if (params.q !== undefined && typeof params.q !== 'string') throw new AppError('BAD_REQUEST', 'Parameter q hanya boleh diberikan sekali.');
      const q = ((params.q as string | undefined) ?? '').trim();
      if (q.length > 200) throw new AppError('BAD_REQUEST', 'Parameter q maksimal 200 karakter.');
      const limit = intParam(params.limit, 'limit', 50, DIRECTORY_LIMIT_MAX);
      const offset = intParam(params.offset, 'offset', 0, 100_000);
      if (limit === 0) throw new AppError('BAD_REQUEST', `Parameter limit harus bilangan bulat 1–${DIRECTORY_LIMIT_MAX}.`);
      return { ...(await store.list(actor.organisationId, q, limit, offset)), limit, offset };
    },
    get,
    async create(actor, body) {
      requireAdmin(actor);
      return store.insert(actor.organisationId, parseContactInput(body), actor.id);
    },
    async update(actor, id, body) {
      requireAdmin(actor);
      const input = parseContactInput(body);
      return (await store.update(actor.organisationId, checkId(id), input, actor.id)) ?? Promise.reject(notFound());
    },
    async remove(actor, id) {
      requireAdmin(actor);
      if (!(await store.remove(actor.organisationId, checkId(id)))) throw notFound();
    },
    async merge(actor, id, body) {
      requireAdmin(actor);
      const into = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).into : undefined;
      const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((k) => k !== 'into') : [];
      if (typeof into !== 'string' || !ID.test(into) || extra.length) {
        throw validationError([{ path: '/into', message: 'Kirim { "into": "<id kontak tujuan>" }' }], 'Penggabungan tidak valid.');
      }
      if (into === id) throw new AppError('CONFLICT', 'Kontak tidak dapat digabungkan dengan dirinya sendiri.');
      await get(actor, id);
      await get(actor, into);
      return (await store.merge(actor.organisationId, id, into)) ?? Promise.reject(notFound());
    },
  };
}
