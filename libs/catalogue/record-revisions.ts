import { AppError, validationError, type FieldError } from '../errors';
import { isJsonObject } from './merge-patch';
import type { MetadataRecord } from './record.types';
import { parsePatchBody, type ContentPatch } from './records-input';
import type { Actor } from './user.types';
import { hasRelationship, STATUS_NOTE_MAX_LENGTH, type RecordParties } from './workflow';

/**
 * The rules of changing a PUBLISHED record (issue 20, §1). A published record is never edited in
 * place by a plain edit: its producers and ADMINs start a revision, a working copy that goes
 * through the same review as a new record while the published version stays online; an ADMIN of
 * the organisation may instead make a direct correction, a named action with a reason that goes
 * into the history. The use cases are in records.service.ts.
 */

type RevisionParties = RecordParties & Pick<MetadataRecord, 'revisionOf'>;

/** A PRODUSEN or ADMIN of the record's organisation may start a revision of a published record. */
export function mayStartRevision(actor: Actor, rec: RevisionParties): boolean {
  return rec.status === 'PUBLISHED' && !rec.revisionOf
    && actor.organisationId === rec.organisationId && (actor.role === 'PRODUSEN' || actor.role === 'ADMIN');
}

/** Only an ADMIN of the record's organisation corrects a published record directly. */
export function mayCorrectDirectly(actor: Actor, rec: RecordParties): boolean {
  return rec.status === 'PUBLISHED' && hasRelationship('orgAdmin', rec, actor);
}

/** What a plain edit of a published record answers: 409, with the two ways that exist. */
export function publishedEditRefusal(rec: Pick<MetadataRecord, 'id' | 'status'>): AppError | undefined {
  if (rec.status !== 'PUBLISHED') return undefined;
  return new AppError('CONFLICT', 'Rekaman yang sudah terbit tidak diubah langsung. Buat revisi (POST /api/metadata/'
    + `${encodeURIComponent(rec.id)}/revisions) agar perubahannya direview; ADMIN organisasi dapat memakai koreksi langsung dengan alasan.`, {
    extras: { currentStatus: rec.status, revisionsUrl: `/api/metadata/${encodeURIComponent(rec.id)}/revisions` },
  });
}

export function startRevisionRefusal(actor: Actor, rec: RevisionParties): AppError | undefined {
  if (rec.revisionOf) return new AppError('CONFLICT', 'Rekaman ini sudah merupakan revisi; revisi dibuat dari versi terbitnya.');
  if (rec.status !== 'PUBLISHED') {
    return new AppError('CONFLICT', `Revisi hanya dapat dibuat dari rekaman yang terbit (PUBLISHED); rekaman ini berstatus ${rec.status}.`, {
      extras: { currentStatus: rec.status },
    });
  }
  if (!mayStartRevision(actor, rec)) {
    return new AppError('FORBIDDEN', 'Revisi rekaman terbit dibuat oleh PRODUSEN atau ADMIN organisasi pemilik rekaman.');
  }
  return undefined;
}

/** 409 when the record already has an open revision; its key is named only to who may read it. */
export function openRevisionConflict(revisionId: string | undefined): AppError {
  return new AppError('CONFLICT', 'Rekaman ini sudah memiliki revisi yang sedang berjalan; hanya satu revisi terbuka per rekaman.', {
    extras: revisionId ? { revisionId } : {},
  });
}

export const CORRECTION_REASON_MAX_LENGTH = STATUS_NOTE_MAX_LENGTH;

export interface DirectCorrection {
  reason: string;
  patch: ContentPatch;
}

/** `{ reason, patch }`: a non-blank reason and a merge patch of the document (no status, no server fields). */
export function parseCorrectionBody(body: unknown): DirectCorrection {
  if (!isJsonObject(body)) throw validationError([{ path: '', message: 'Isi permintaan harus berupa objek JSON' }], 'Isi koreksi harus berupa objek JSON.');
  const errors: FieldError[] = [];
  for (const k of Object.keys(body)) {
    if (k !== 'reason' && k !== 'patch') errors.push({ path: `/${k}`, message: 'Properti tidak dikenal; kirim "reason" dan "patch"' });
  }
  const { reason, patch } = body;
  if (typeof reason !== 'string' || reason.trim() === '') errors.push({ path: '/reason', message: 'Alasan koreksi wajib diisi' });
  else if (reason.length > CORRECTION_REASON_MAX_LENGTH) errors.push({ path: '/reason', message: `Maksimal ${CORRECTION_REASON_MAX_LENGTH} karakter` });
  if (!isJsonObject(patch)) errors.push({ path: '/patch', message: 'Patch harus berupa objek JSON (JSON merge patch dokumen)' });
  if (errors.length) throw validationError(errors, 'Koreksi langsung tidak valid.');
  const parsed = parsePatchBody(patch);
  if (parsed.kind !== 'content') throw validationError([{ path: '/patch/status', message: 'Koreksi langsung tidak mengubah status' }], 'Koreksi langsung tidak valid.');
  return { reason: (reason as string).trim(), patch: parsed };
}
