import { AppError } from '../errors';
import { RECORD_STATUSES, type RecordStatus, type Role } from './record.types';
import type { Actor } from './user.types';
import { hasRelationship, type RecordParties, type Relationship } from './workflow';

/**
 * Who may read, edit and delete a record, as data. The same READ data drives the per-record
 * check here and the SQL filter of list queries (libs/db/record.repository.ts), so a record
 * a caller can open is exactly a record the caller can find in a list.
 *
 * A record the caller may not read does not exist for them: every endpoint answers 404, never
 * 403, so the existence of another organisation's drafts does not leak.
 */

/** Statuses any logged-in user may read, whatever their organisation. */
export const PUBLIC_STATUSES: readonly RecordStatus[] = Object.freeze(['PUBLISHED']);

/** Statuses a member of the record's organisation may read, by role. */
export const ORG_READABLE_STATUSES: Readonly<Record<Role, readonly RecordStatus[]>> = Object.freeze({
  PRODUSEN: RECORD_STATUSES,
  ADMIN: RECORD_STATUSES,
  // reviewers see what reaches them and what they sent back, not producers' drafts
  // (PUBLISHED comes through PUBLIC_STATUSES)
  QCQE: Object.freeze(['QCQE_PROCESS', 'REVIEW', 'REJECTED', 'PRIVATE'] as RecordStatus[]),
});

/** The assigned reviewer reads the record in every status (also from another organisation). */
export const ASSIGNED_REVIEWER_READS_ALL = true;

/** The read rule for one caller, in the shape a SQL filter needs. */
export interface ReadScope {
  publicStatuses: readonly RecordStatus[];
  organisationId: string;
  orgStatuses: readonly RecordStatus[];
  /** records assigned to this user for review are readable in every status; null = none */
  reviewerId: string | null;
}

export function readScopeFor(actor: Actor): ReadScope {
  return {
    publicStatuses: PUBLIC_STATUSES,
    organisationId: actor.organisationId,
    orgStatuses: ORG_READABLE_STATUSES[actor.role],
    reviewerId: ASSIGNED_REVIEWER_READS_ALL ? actor.id : null,
  };
}

export function canReadRecord(actor: Actor, record: RecordParties): boolean {
  const scope = readScopeFor(actor);
  return scope.publicStatuses.includes(record.status)
    || (record.organisationId === scope.organisationId && scope.orgStatuses.includes(record.status))
    || (scope.reviewerId !== null && record.reviewerId === scope.reviewerId);
}

/**
 * Content edits: who, in which statuses. Any matching row allows the edit. A PUBLISHED record is
 * edited by nobody in place: it changes through a revision or an ADMIN's direct correction
 * (record-revisions.ts), so a plain edit of it answers 409.
 */
export const CONTENT_EDIT_RULES: readonly { who: Relationship; statuses: readonly RecordStatus[] }[] = Object.freeze([
  { who: 'owner', statuses: ['DRAFT', 'REJECTED'] },
  { who: 'orgAdmin', statuses: RECORD_STATUSES.filter((s) => s !== 'PUBLISHED') },
]);

export function canEditContent(actor: Actor, record: RecordParties): boolean {
  return CONTENT_EDIT_RULES.some((r) => r.statuses.includes(record.status) && hasRelationship(r.who, record, actor));
}

/** Deletion: only while DRAFT (afterwards the history matters), only the owning PRODUSEN or an ADMIN of the organisation. */
export const DELETABLE_STATUSES: readonly RecordStatus[] = Object.freeze(['DRAFT']);

export function mayDeleteAsParty(actor: Actor, record: RecordParties): boolean {
  return (hasRelationship('owner', record, actor) && actor.role === 'PRODUSEN') || hasRelationship('orgAdmin', record, actor);
}

/**
 * The error a delete meets, or undefined when it may proceed. For a readable record the
 * status is judged first (409 for everyone, as an impossible transition is), then the caller.
 */
export function checkDelete(actor: Actor, record: RecordParties): AppError | undefined {
  if (!canReadRecord(actor, record)) return recordNotFound();
  if (!DELETABLE_STATUSES.includes(record.status)) {
    return new AppError('CONFLICT', `Rekaman berstatus ${record.status} tidak dapat dihapus; hanya rekaman DRAFT yang dapat dihapus.`, {
      extras: { currentStatus: record.status },
    });
  }
  if (!mayDeleteAsParty(actor, record)) return new AppError('FORBIDDEN', 'Hanya pemilik rekaman atau ADMIN organisasinya yang dapat menghapusnya.');
  return undefined;
}

export const recordNotFound = (): AppError => new AppError('NOT_FOUND', 'Rekaman metadata tidak ditemukan.');
