import type { RecordStatus } from '../catalogue/record.types';

/**
 * What the notification senders work with. A workflow transition (the outbox event
 * `record.status-changed`) plus the people around the record become a list of
 * `Notification`s, one per recipient and channel; each can be sent (and retried) on its own.
 */

/** The transitions people are told about. */
export type WorkflowEventKind = 'submitted' | 'passed-qc' | 'rejected' | 'published';

/** The part of a `record.status-changed` event the planner reads. */
export interface StatusChangeEvent {
  recordId: string;
  from: RecordStatus | null;
  to: RecordStatus;
  version: number;
  /** who made the change; they are not notified of their own action */
  actorId?: string | null;
  /** a published revision's author: told as the owner is (the record's row names its first owner) */
  authorId?: string | null;
}

/** A user as a possible recipient: their channels come from their profile. */
export interface Recipient {
  id: string;
  username: string;
  fullName: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
}

/** Everything the planner needs, loaded by libs/db/notify-recipients.repository.ts. */
export interface NotificationContext {
  /** BASE_URL, for the link in the message */
  baseUrl: string;
  record: { id: string; title: string; organisationId: string; ownerId: string; reviewerId: string | null };
  owner: Recipient | undefined;
  /** the assigned reviewer, when there is one */
  reviewer: Recipient | undefined;
  /** the QCQE users of the record's organisation */
  orgQcqe: Recipient[];
  /** the ADMIN users of the record's organisation */
  orgAdmins: Recipient[];
  /** the note written with the transition (the reason of a rejection) */
  note: string | null;
  /** display name of the user who made the change, when known */
  actorName: string | null;
}

export type NotificationChannel = 'email' | 'whatsapp';

export interface Notification {
  /**
   * Stable id of this one message: `ntf-<record>-v<version>-<channel>-<user>` (parts
   * percent-encoded, no `:`), usable as a BullMQ job id so a re-planned event sends nothing twice.
   */
  key: string;
  event: WorkflowEventKind;
  recordId: string;
  userId: string;
  channel: NotificationChannel;
  /** e-mail address, or the phone number normalised to international digits (62…) */
  to: string;
  subject: string;
  text: string;
}

/** The outcome of a send: 'skipped' when the channel is not configured on this deployment. */
export type SendResult = 'sent' | 'skipped';
