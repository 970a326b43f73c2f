import { AppError, validationError, type FieldError } from '../errors';
import { isJsonObject } from './merge-patch';
import { RECORD_STATUSES, SERVER_FIELDS, type RecordStatus } from './record.types';
import { STATUS_NOTE_MAX_LENGTH } from './workflow';

/**
 * The shapes a PATCH body may take and the If-Match precondition, checked before any rule runs.
 * A PATCH is either a status change `{status, statusNote?, reviewerId?}` (nothing else with it)
 * or a JSON merge patch of the document, which may not touch server-managed fields.
 */

export interface StatusChange {
  kind: 'status';
  status: RecordStatus;
  statusNote: string | null;
  /** undefined = not named */
  reviewerId: string | null | undefined;
}

export interface ContentPatch {
  kind: 'content';
  patch: Record<string, unknown>;
}

const STATUS_FORM_KEYS: ReadonlySet<string> = new Set(['status', 'statusNote', 'reviewerId']);

export function parsePatchBody(body: unknown): StatusChange | ContentPatch {
  if (!isJsonObject(body)) {
    throw validationError([{ path: '', message: 'Isi permintaan harus berupa objek JSON' }], 'Isi PATCH harus berupa objek JSON.');
  }
  const keys = Object.keys(body);
  if (!keys.includes('status')) {
    const errors: FieldError[] = keys
      .filter((k) => (SERVER_FIELDS as readonly string[]).includes(k) || k === 'statusNote')
      .map((k) => ({
        path: `/${k}`,
        message: k === 'statusNote' || k === 'reviewerId'
          ? `Properti "${k}" hanya boleh dikirim bersama "status"`
          : `Properti "${k}" dikelola oleh server dan tidak boleh dikirim`,
      }));
    if (errors.length) throw validationError(errors);
    return { kind: 'content', patch: body };
  }
  const errors: FieldError[] = [];
  for (const k of keys) {
    if (!STATUS_FORM_KEYS.has(k)) {
      errors.push({ path: `/${k}`, message: 'Perubahan status tidak boleh digabung dengan perubahan isi atau properti lain' });
    }
  }
  const { status, statusNote, reviewerId } = body;
  if (typeof status !== 'string' || !(RECORD_STATUSES as readonly string[]).includes(status)) {
    errors.push({ path: '/status', message: `Status harus salah satu dari ${RECORD_STATUSES.join(', ')}` });
  }
  if (statusNote !== undefined && statusNote !== null && typeof statusNote !== 'string') {
    errors.push({ path: '/statusNote', message: 'Catatan harus berupa teks' });
  } else if (typeof statusNote === 'string' && statusNote.length > STATUS_NOTE_MAX_LENGTH) {
    errors.push({ path: '/statusNote', message: `Maksimal ${STATUS_NOTE_MAX_LENGTH} karakter` });
  }
  if (reviewerId !== undefined && reviewerId !== null && (typeof reviewerId !== 'string' || reviewerId === '')) {
    errors.push({ path: '/reviewerId', message: 'reviewerId harus berupa id pengguna atau null' });
  }
  if (errors.length) throw validationError(errors, 'Perubahan status tidak valid.');
  const note = typeof statusNote === 'string' && statusNote.trim() !== '' ? statusNote.trim() : null;
  return { kind: 'status', status: status as RecordStatus, statusNote: note, reviewerId: reviewerId as string | null | undefined };
}

/** The entity tag of a record version, e.g. `"7"`. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * Checks an If-Match header against the record's version. Absent = no check; `*` matches any
 * existing record; weak tags (`W/"7"`) are accepted, since a version names the whole record.
 */
export function checkIfMatch(version: number, ifMatch: string | undefined): void {
  if (ifMatch === undefined || ifMatch.trim() === '') return;
  const tags = ifMatch.split(',').map((t) => t.trim()).filter(Boolean);
  if (tags.includes('*')) return;
  const current = etagOf(version);
  if (tags.some((t) => t.replace(/^W\//, '') === current)) return;
  throw new AppError('PRECONDITION_FAILED', `Rekaman telah diubah oleh pihak lain (versi sekarang ${version}). Muat ulang lalu coba lagi.`, {
    extras: { currentVersion: version },
  });
}

/** true when an If-None-Match header names the current version (a GET may answer 304). */
export function matchesIfNoneMatch(version: number, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etagOf(version));
}
