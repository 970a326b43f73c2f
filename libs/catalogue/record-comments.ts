import { AppError, validationError, type FieldError } from '../errors';
import type { MetadataRecord } from './record.types';
import type { Actor } from './user.types';
import { hasRelationship } from './workflow';

/**
 * Reviewers' comments on a record (issue 20): a QCQE who reviews the record (the assigned
 * reviewer, or any QCQE of its organisation while none is assigned — workflow.ts's
 * "reviewer") or an ADMIN of its organisation points at one field of the editor or at the
 * whole record; the record's author (or an ADMIN of its organisation) marks a comment resolved.
 * Whoever may read the record may read its comments; a record the caller may not read is a 404,
 * as everywhere (the records use case decides that).
 */
export interface RecordComment {
  id: string;
  recordId: string;
  /** the editor's field name (`title`, `contacts`, `extent.bbox`); null = the whole record */
  field: string | null;
  body: string;
  authorId: string | null;
  authorName: string | null;
  recordVersion: number;
  createdAt: string;
  resolvedAt: string | null;
  resolvedById: string | null;
}

export interface NewRecordComment {
  recordId: string;
  field: string | null;
  body: string;
  authorId: string;
  recordVersion: number;
}

export interface RecordCommentsStore {
  list(recordId: string): Promise<RecordComment[]>;
  insert(c: NewRecordComment): Promise<RecordComment>;
  find(recordId: string, commentId: string): Promise<RecordComment | undefined>;
  /** sets resolved_at/by once; answers the comment as it is after the call */
  resolve(recordId: string, commentId: string, actorId: string): Promise<RecordComment | undefined>;
}

export interface RecordCommentsDeps {
  /** the record as this caller may see it: 404 when they may not (records.service's `get`) */
  readRecord(actor: Actor, id: string): Promise<MetadataRecord>;
  store: RecordCommentsStore;
}

export interface RecordComments {
  list(actor: Actor, recordId: string): Promise<RecordComment[]>;
  add(actor: Actor, recordId: string, input: unknown): Promise<RecordComment>;
  resolve(actor: Actor, recordId: string, commentId: string): Promise<RecordComment>;
}

export const COMMENT_BODY_MAX_LENGTH = 2000;
/** a form field name: dotted identifiers (`extent.bbox`, `dates.creation`) */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}(\.[A-Za-z][A-Za-z0-9]{0,63}){0,3}$/;
const COMMENT_ID = /^[1-9]\d{0,17}$/;

export const mayComment = (actor: Actor, rec: MetadataRecord): boolean =>
  (actor.role === 'QCQE' && hasRelationship('reviewer', rec, actor)) || hasRelationship('orgAdmin', rec, actor);

export const mayResolve = (actor: Actor, rec: MetadataRecord): boolean =>
  hasRelationship('owner', rec, actor) || hasRelationship('orgAdmin', rec, actor);

/** `{ body, field? }` checked field by field, every problem at once (problem+json 422). */
function parseInput(input: unknown): { body: string; field: string | null } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw validationError([{ path: '', message: 'Kirim objek JSON { "body": "...", "field": "..." }' }], 'Komentar tidak valid.');
  }
  const o = input as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const k of Object.keys(o)) if (k !== 'body' && k !== 'field') errors.push({ path: `/${k}`, message: 'Properti tidak dikenal' });
  const body = typeof o.body === 'string' ? o.body.trim() : '';
  if (typeof o.body !== 'string' || body === '') errors.push({ path: '/body', message: 'Isi komentar wajib diisi' });
  else if (body.length > COMMENT_BODY_MAX_LENGTH) errors.push({ path: '/body', message: `Isi komentar maksimal ${COMMENT_BODY_MAX_LENGTH} karakter` });
  const field = o.field === undefined || o.field === null ? null : o.field;
  if (field !== null && (typeof field !== 'string' || !FIELD_NAME.test(field))) {
    errors.push({ path: '/field', message: 'Nama isian tidak valid (mis. "title" atau "extent.bbox"); kosongkan untuk seluruh rekaman' });
  }
  if (errors.length) throw validationError(errors, 'Komentar tidak valid.');
  return { body, field: field as string | null };
}

export function createRecordComments(deps: RecordCommentsDeps): RecordComments {
  return {
    async list(actor, recordId) {
      await deps.readRecord(actor, recordId);
      return deps.store.list(recordId);
    },

    async add(actor, recordId, input) {
      const rec = await deps.readRecord(actor, recordId);
      if (!mayComment(actor, rec)) {
        throw new AppError('FORBIDDEN', 'Komentar hanya dapat ditulis oleh QCQE yang mereview rekaman ini atau ADMIN organisasinya.');
      }
      const { body, field } = parseInput(input);
      return deps.store.insert({ recordId: rec.id, field, body, authorId: actor.id, recordVersion: rec.version });
    },

    async resolve(actor, recordId, commentId) {
      const rec = await deps.readRecord(actor, recordId);
      const missing = () => new AppError('NOT_FOUND', `Komentar "${commentId}" tidak ada pada rekaman ini.`);
      if (!COMMENT_ID.test(commentId)) throw missing();
      const found = await deps.store.find(rec.id, commentId);
      if (!found) throw missing();
      if (!mayResolve(actor, rec)) {
        throw new AppError('FORBIDDEN', 'Komentar hanya dapat ditandai selesai oleh pembuat rekaman atau ADMIN organisasinya.');
      }
      if (found.resolvedAt) return found; // resolving twice changes nothing
      const done = await deps.store.resolve(rec.id, commentId, actor.id);
      if (!done) throw missing();
      return done;
    },
  };
}
