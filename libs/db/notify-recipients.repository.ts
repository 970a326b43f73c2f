import type { RecordStatus } from '../catalogue/record.types';
import type { NotificationContext, Recipient, StatusChangeEvent } from '../notify/notification.types';
import type { Queryable } from './database';

/**
 * Loads the people around a record for the notification planner: owner, assigned reviewer,
 * the organisation's QCQE and ADMIN users (one query), the note written with the transition
 * and the name of who made it. Undefined when the record no longer exists (deleted before
 * the job ran): then nobody is told.
 */
interface RecipientRow {
  id: string;
  username: string;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
  role: string;
  organisation_id: string;
}

const toRecipient = (r: RecipientRow): Recipient => ({
  id: r.id, username: r.username, fullName: r.full_name, email: r.email, phone: r.phone, active: r.active,
});

export async function loadNotificationContext(db: Queryable, event: StatusChangeEvent, baseUrl: string): Promise<NotificationContext | undefined> {
  const rec = await db.query<{ id: string; title: string; organisation_id: string; owner_id: string; reviewer_id: string | null }>(
    'SELECT id, title, organisation_id, owner_id, reviewer_id FROM records WHERE id = $1',
    [event.recordId],
  );
  const row = rec.rows[0];
  if (!row) return undefined;
  // a published revision's author is the one told "your change is published"
  const r = event.authorId ? { ...row, owner_id: event.authorId } : row;

  const users = await db.query<RecipientRow>(
    `SELECT id, username, full_name, email, phone, active, role, organisation_id
       FROM users
      WHERE id = ANY($1::text[]) OR (organisation_id = $2 AND role IN ('QCQE', 'ADMIN'))
      ORDER BY lower(username)`,
    [[r.owner_id, r.reviewer_id, event.actorId].filter((x): x is string => !!x), r.organisation_id],
  );
  const byId = new Map(users.rows.map((u) => [u.id, u]));
  const inOrgWithRole = (role: string) => users.rows.filter((u) => u.organisation_id === r.organisation_id && u.role === role).map(toRecipient);

  // the newest history row of this very transition carries its note (a rejection's reason)
  const hist = await db.query<{ note: string | null }>(
    `SELECT note FROM record_history
      WHERE record_id = $1 AND to_status = $2 AND from_status IS NOT DISTINCT FROM $3::text
      ORDER BY id DESC LIMIT 1`,
    [r.id, event.to satisfies RecordStatus, event.from],
  );

  const owner = byId.get(r.owner_id);
  const reviewer = r.reviewer_id ? byId.get(r.reviewer_id) : undefined;
  const actor = event.actorId ? byId.get(event.actorId) : undefined;
  return {
    baseUrl,
    record: { id: r.id, title: r.title, organisationId: r.organisation_id, ownerId: r.owner_id, reviewerId: r.reviewer_id },
    owner: owner && toRecipient(owner),
    reviewer: reviewer && toRecipient(reviewer),
    orgQcqe: inOrgWithRole('QCQE'),
    orgAdmins: inOrgWithRole('ADMIN'),
    note: hist.rows[0]?.note ?? null,
    actorName: actor ? (actor.full_name?.trim() || actor.username) : null,
  };
}
