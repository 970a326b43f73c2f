import { AppError, validationError, type FieldError } from '../errors';
import { checkSubmissionCompleteness } from './completeness';
import { RECORD_STATUSES, SERVER_FIELDS, type MetadataDoc, type MetadataRecord, type RecordStatus, type Role } from './record.types';
import type { Actor } from './user.types';

export { RECORD_STATUSES };

/**
 * The review workflow as data. A status changes only along a row of TRANSITIONS, and only for
 * a caller who stands in one of the row's relationships to the record. Whether the caller may
 * see the record at all (404) is visibility.ts's question and is asked before this one.
 */

/**
 * How a caller relates to a record. Every "ADMIN" in the workflow means an ADMIN of the
 * record's organisation: an admin of another organisation has no say over it.
 * - owner: the user who created the record;
 * - orgAdmin: an ADMIN of the record's organisation;
 * - reviewer: the assigned reviewer, or — while none is assigned — any QCQE of the record's organisation.
 */
export type Relationship = 'owner' | 'orgAdmin' | 'reviewer';

export interface Transition {
  readonly from: RecordStatus;
  readonly to: RecordStatus;
  readonly who: readonly Relationship[];
  /** a non-blank statusNote is required (it tells the producer why) */
  readonly requiresNote: boolean;
  /** the submission bar of completeness.ts must be met */
  readonly checksCompleteness: boolean;
  /** the request may name a reviewer (`reviewerId`) */
  readonly mayNameReviewer: boolean;
}

const row = (from: RecordStatus, to: RecordStatus, who: Relationship[], extra: Partial<Transition> = {}): Transition =>
  Object.freeze({ from, to, who: Object.freeze(who), requiresNote: false, checksCompleteness: false, mayNameReviewer: false, ...extra });

export const TRANSITIONS: readonly Transition[] = Object.freeze([
  row('DRAFT', 'QCQE_PROCESS', ['owner', 'orgAdmin'], { checksCompleteness: true, mayNameReviewer: true }),
  row('QCQE_PROCESS', 'REVIEW', ['reviewer', 'orgAdmin']),
  row('QCQE_PROCESS', 'REJECTED', ['reviewer', 'orgAdmin'], { requiresNote: true }),
  row('REVIEW', 'REJECTED', ['reviewer', 'orgAdmin'], { requiresNote: true }),
  row('REJECTED', 'DRAFT', ['owner', 'orgAdmin']),
  row('REVIEW', 'PUBLISHED', ['orgAdmin']),
  // a withdrawal tells why (the history and the OAI-PMH deletion keep it)
  row('PUBLISHED', 'PRIVATE', ['orgAdmin'], { requiresNote: true }),
  row('PRIVATE', 'PUBLISHED', ['orgAdmin']),
]);

export const STATUS_NOTE_MAX_LENGTH = 2000;

export function findTransition(from: RecordStatus, to: RecordStatus): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** The record fields the relationships look at. */
export type RecordParties = Pick<MetadataRecord, 'status' | 'organisationId' | 'ownerId' | 'reviewerId'>;

export function hasRelationship(rel: Relationship, record: RecordParties, actor: Actor): boolean {
  switch (rel) {
    case 'owner':
      return actor.id === record.ownerId;
    case 'orgAdmin':
      return actor.role === 'ADMIN' && actor.organisationId === record.organisationId;
    case 'reviewer':
      return record.reviewerId
        ? actor.id === record.reviewerId
        : actor.role === 'QCQE' && actor.organisationId === record.organisationId;
  }
}

/** A user proposed as reviewer, as far as the rule needs to know them (the list shown to producers is reviewer-candidate.ts). */
export interface ProposedReviewer {
  id: string;
  role: Role;
  organisationId: string;
  active: boolean;
}

export interface TransitionContext {
  statusNote?: string | null;
  /** undefined = not named (an existing assignment is kept); null = release the assignment */
  reviewerId?: string | null;
  /** the user `reviewerId` names, looked up by the caller; undefined when there is no such user */
  reviewer?: ProposedReviewer;
  /** the record organisation's allowLintasOrgReviewer switch */
  allowLintasOrgReviewer: boolean;
}

export type TransitionDecision =
  | { ok: true; transition: Transition; reviewerId: string | null }
  | { ok: false; error: AppError };

const statusLabel = (s: RecordStatus | null): string => s ?? '(baru)';

function reviewerErrors(record: RecordParties, ctx: TransitionContext): FieldError[] {
  if (ctx.reviewerId === undefined || ctx.reviewerId === null) return [];
  const r = ctx.reviewer;
  if (!r || r.id !== ctx.reviewerId || !r.active || r.role !== 'QCQE') {
    return [{ path: '/reviewerId', message: 'Reviewer harus pengguna aktif dengan peran QCQE' }];
  }
  if (r.organisationId !== record.organisationId && !ctx.allowLintasOrgReviewer) {
    return [{ path: '/reviewerId', message: 'Organisasi ini tidak mengizinkan reviewer dari organisasi lain (lintas organisasi)' }];
  }
  return [];
}

/**
 * Decides one status change. Order of answers: 409 when the table has no such row (for
 * anyone), 403 when the row exists but the caller stands in none of its relationships,
 * 422 (all problems at once) for a missing note, an unacceptable reviewer or an incomplete
 * record. `reviewerId` in the decision is the assignment the record has afterwards.
 */
export function checkTransition(record: MetadataRecord, actor: Actor, to: RecordStatus, ctx: TransitionContext): TransitionDecision {
  const t = findTransition(record.status, to);
  if (!t) {
    const allowed = TRANSITIONS.filter((x) => x.from === record.status).map((x) => x.to);
    return {
      ok: false,
      error: new AppError('CONFLICT', `Perubahan status ${statusLabel(record.status)} → ${to} tidak ada dalam alur kerja.`, {
        extras: { currentStatus: record.status, allowedTargets: allowed },
      }),
    };
  }
  if (!t.who.some((rel) => hasRelationship(rel, record, actor))) {
    return { ok: false, error: new AppError('FORBIDDEN', `Anda tidak berwenang mengubah status ${t.from} → ${t.to} pada rekaman ini.`) };
  }
  const errors: FieldError[] = [];
  if (t.requiresNote && (typeof ctx.statusNote !== 'string' || ctx.statusNote.trim() === '')) {
    errors.push({ path: '/statusNote', message: `Catatan wajib diisi untuk perubahan status ke ${t.to}` });
  }
  if (ctx.reviewerId !== undefined && !t.mayNameReviewer) {
    errors.push({ path: '/reviewerId', message: 'Reviewer hanya dapat ditetapkan saat pengajuan (DRAFT → QCQE_PROCESS)' });
  } else {
    errors.push(...reviewerErrors(record, ctx));
  }
  if (t.checksCompleteness) errors.push(...checkSubmissionCompleteness(docOf(record)));
  if (errors.length) return { ok: false, error: validationError(errors, 'Perubahan status belum dapat dilakukan.') };
  const reviewerId = ctx.reviewerId === undefined ? record.reviewerId : ctx.reviewerId;
  return { ok: true, transition: t, reviewerId };
}

/** The producer's document inside a record (everything but the server-managed fields). */
export function docOf(record: MetadataRecord): MetadataDoc {
  const doc: Record<string, unknown> = { ...record };
  for (const f of SERVER_FIELDS) delete doc[f];
  return doc as unknown as MetadataDoc;
}

/** A status change the caller may ask for, as the workbench offers it. */
export interface AllowedTransition {
  to: RecordStatus;
  requiresNote: boolean;
  mayNameReviewer: boolean;
  checksCompleteness: boolean;
}

/**
 * The rows of TRANSITIONS leaving the record's status in which the caller stands in one of the
 * relationships: what a client may offer. Note, reviewer and completeness are still checked by
 * checkTransition when the change is asked for; this only answers "may this caller try".
 */
export function allowedTransitionsFor(record: RecordParties, actor: Actor): AllowedTransition[] {
  return TRANSITIONS
    .filter((t) => t.from === record.status && t.who.some((rel) => hasRelationship(rel, record, actor)))
    .map((t) => ({ to: t.to, requiresNote: t.requiresNote, mayNameReviewer: t.mayNameReviewer, checksCompleteness: t.checksCompleteness }));
}
