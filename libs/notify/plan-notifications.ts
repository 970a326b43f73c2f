import type { RecordStatus } from '../catalogue/record.types';
import { encodeJobIdPart } from '../jobs/job-ids';
import { emailText, whatsAppText, type MessageInput } from './message-texts';
import type {
  Notification, NotificationChannel, NotificationContext, Recipient, StatusChangeEvent, WorkflowEventKind,
} from './notification.types';
import { normalisePhone } from './phone-number';

/**
 * Who hears about which transition, as data:
 * - submitted (DRAFT → QCQE_PROCESS): the assigned reviewer, or every QCQE of the organisation
 *   while none is assigned (any of them may pick it up);
 * - passed QC (QCQE_PROCESS → REVIEW): the organisation's ADMINs, who decide on publication;
 * - rejected (→ REJECTED): the owner, with the reviewer's note;
 * - published (→ PUBLISHED, also a re-publication from PRIVATE): the owner.
 * Inactive users and the user who made the change are left out; each user is told once per
 * channel they have (e-mail, WhatsApp).
 */
export function workflowEventKind(from: RecordStatus | null, to: RecordStatus): WorkflowEventKind | undefined {
  if (from === 'DRAFT' && to === 'QCQE_PROCESS') return 'submitted';
  if (from === 'QCQE_PROCESS' && to === 'REVIEW') return 'passed-qc';
  if (to === 'REJECTED' && from !== 'REJECTED') return 'rejected';
  if (to === 'PUBLISHED' && from !== 'PUBLISHED') return 'published';
  return undefined;
}

const RECIPIENTS: Readonly<Record<WorkflowEventKind, (ctx: NotificationContext) => (Recipient | undefined)[]>> = Object.freeze({
  submitted: (ctx) => (ctx.record.reviewerId ? [ctx.reviewer] : ctx.orgQcqe),
  'passed-qc': (ctx) => ctx.orgAdmins,
  rejected: (ctx) => [ctx.owner],
  published: (ctx) => [ctx.owner],
});

const MAX_TITLE_IN_MESSAGE = 150;
const shortTitle = (t: string): string => {
  const one = t.replace(/\s+/g, ' ').trim() || '(tanpa judul)';
  return one.length > MAX_TITLE_IN_MESSAGE ? `${one.slice(0, MAX_TITLE_IN_MESSAGE - 1)}…` : one;
};

/** Where the message points to: the record in the catalogue's API. */
export const recordLink = (baseUrl: string, recordId: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/api/metadata/${encodeURIComponent(recordId)}`;

export function notificationKey(e: StatusChangeEvent, channel: NotificationChannel, userId: string): string {
  return `ntf-${encodeJobIdPart(e.recordId)}-v${e.version}-${channel}-${encodeJobIdPart(userId)}`;
}

/** Pure: the messages one transition causes. Empty when nobody is to be told. */
export function planNotifications(event: StatusChangeEvent, ctx: NotificationContext): Notification[] {
  const kind = workflowEventKind(event.from, event.to);
  if (!kind) return [];
  const seen = new Set<string>();
  const recipients = RECIPIENTS[kind](ctx).filter((u): u is Recipient => {
    if (!u || !u.active || u.id === event.actorId || seen.has(u.id)) return false;
    seen.add(u.id);
    return true;
  });
  const out: Notification[] = [];
  for (const u of recipients) {
    const m: MessageInput = {
      recipientName: u.fullName?.trim() || u.username,
      title: shortTitle(ctx.record.title),
      link: recordLink(ctx.baseUrl, ctx.record.id),
      note: kind === 'rejected' ? ctx.note : null,
      actorName: ctx.actorName,
    };
    const base = { event: kind, recordId: ctx.record.id, userId: u.id };
    const email = u.email?.trim();
    if (email) out.push({ ...base, key: notificationKey(event, 'email', u.id), channel: 'email', to: email, ...emailText(kind, m) });
    const phone = normalisePhone(u.phone);
    if (phone) out.push({ ...base, key: notificationKey(event, 'whatsapp', u.id), channel: 'whatsapp', to: phone, ...whatsAppText(kind, m) });
  }
  return out;
}
