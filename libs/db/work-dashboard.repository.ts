import { RECORD_STATUSES, type RecordStatus } from '../catalogue/record.types';
import type { Actor } from '../catalogue/user.types';
import type { StatusGroup, WaitingRecord, WorkDashboardStore } from '../catalogue/work-dashboard';
import type { Queryable } from './database';
import { iso } from './row-mapping';

/**
 * The dashboard's lists (libs/catalogue/work-dashboard.ts): records by relationship and status,
 * with when they entered their status (the last history row), the last rejection while it is
 * still the story (REJECTED, or DRAFT after one) and the number of open comments.
 */
interface Row {
  id: string;
  title: string;
  status: RecordStatus;
  organisation_id: string;
  owner_id: string;
  reviewer_id: string | null;
  updated_at: Date | string;
  since: Date | string;
  rejection_note: string | null;
  rejection_at: Date | string | null;
  rejection_by: string | null;
  open_comments: number | string;
}

const COLUMNS = `r.id, r.title, r.status, r.organisation_id, r.owner_id, r.reviewer_id, r.updated_at,
  COALESCE((SELECT max(h.at) FROM record_history h WHERE h.record_id = r.id), r.created_at) AS since,
  rj.note AS rejection_note, rj.at AS rejection_at, rj.by AS rejection_by,
  (SELECT count(*) FROM record_comments c WHERE c.record_id = r.id AND c.resolved_at IS NULL) AS open_comments`;

// the last status change, when it was a rejection (REJECTED) or the way back to DRAFT after one
const REJECTION = `LEFT JOIN LATERAL (
    SELECT rh.note, rh.at, COALESCE(u.full_name, u.username) AS by FROM record_history rh LEFT JOIN users u ON u.id = rh.actor_id
     WHERE rh.record_id = r.id AND rh.to_status = 'REJECTED' AND r.status IN ('REJECTED', 'DRAFT')
       AND NOT EXISTS (SELECT 1 FROM record_history later WHERE later.record_id = r.id AND later.id > rh.id AND later.to_status NOT IN ('DRAFT'))
     ORDER BY rh.id DESC LIMIT 1) rj ON true`;

const toWaiting = (r: Row): WaitingRecord => ({
  id: r.id,
  title: r.title,
  status: r.status,
  organisationId: r.organisation_id,
  ownerId: r.owner_id,
  reviewerId: r.reviewer_id,
  updatedAt: iso(r.updated_at),
  since: iso(r.since),
  rejection: r.rejection_at === null ? null : { note: r.rejection_note, at: iso(r.rejection_at), by: r.rejection_by },
  openComments: Number(r.open_comments),
});

export function workDashboardStoreFor(db: Queryable): WorkDashboardStore {
  const select = async (where: string, params: unknown[], order: string, limit: number): Promise<WaitingRecord[]> => {
    const r = await db.query<Row>(`SELECT ${COLUMNS} FROM records r ${REJECTION} WHERE ${where} ORDER BY ${order} LIMIT ${Number(limit)}`, params);
    return r.rows.map(toWaiting);
  };
  const oldestFirst = 'since ASC, r.id';
  return {
    toFix: (actor, limit) => select(
      `r.owner_id = $1 AND (r.status = 'REJECTED'
         OR (r.status = 'DRAFT' AND EXISTS (SELECT 1 FROM record_comments c WHERE c.record_id = r.id AND c.resolved_at IS NULL)))`,
      [actor.id], oldestFirst, limit,
    ),
    toReview: (actor: Actor, limit) => select(
      actor.role === 'ADMIN'
        ? `r.status = 'QCQE_PROCESS' AND r.organisation_id = $1`
        : `r.status = 'QCQE_PROCESS' AND (r.reviewer_id = $2 OR (r.reviewer_id IS NULL AND r.organisation_id = $1))`,
      actor.role === 'ADMIN' ? [actor.organisationId] : [actor.organisationId, actor.id], oldestFirst, limit,
    ),
    toPublish: (actor, limit) => select(`r.status = 'REVIEW' AND r.organisation_id = $1`, [actor.organisationId], oldestFirst, limit),
    async mine(actor, limit): Promise<StatusGroup[]> {
      const counts = await db.query<{ status: RecordStatus; n: number | string }>(
        'SELECT status, count(*) AS n FROM records WHERE owner_id = $1 GROUP BY status', [actor.id],
      );
      const total = new Map(counts.rows.map((c) => [c.status, Number(c.n)]));
      return Promise.all(RECORD_STATUSES.map(async (status) => ({
        status,
        total: total.get(status) ?? 0,
        items: (total.get(status) ?? 0) === 0 ? [] : await select('r.owner_id = $1 AND r.status = $2', [actor.id, status], 'r.updated_at DESC, r.id', limit),
      })));
    },
  };
}
