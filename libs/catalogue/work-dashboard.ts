import type { RecordStatus } from './record.types';
import type { Actor } from './user.types';
import { canReadRecord } from './visibility';

/**
 * "What is waiting for me" (issue 20): the records a caller has to act on, each with how long
 * it has waited in its status, and a producer's own records by status. The lists follow the
 * workflow table (workflow.ts): a REJECTED record goes back to its author, a record in QCQE
 * process to its reviewer (the assigned one, or any QCQE of its organisation while none is
 * assigned; an ADMIN of the organisation may act too), a record in REVIEW to an ADMIN of its
 * organisation. Every row is also checked against the read rules, so a list never shows a
 * record its reader could not open.
 */
export interface WaitingRecord {
  id: string;
  title: string;
  status: RecordStatus;
  organisationId: string;
  ownerId: string;
  reviewerId: string | null;
  updatedAt: string;
  /** when the record entered its current status (its last status change; its creation if none) */
  since: string;
  /** the reason of the last rejection, while the record is REJECTED or back in DRAFT after one */
  rejection: { note: string | null; at: string; by: string | null } | null;
  openComments: number;
}

export interface StatusGroup {
  status: RecordStatus;
  total: number;
  /** the most recently changed ones, at most DASHBOARD_LIST_LIMIT */
  items: WaitingRecord[];
}

export interface WorkDashboard {
  /** my records sent back to me, and my drafts with open comments */
  toFix: WaitingRecord[];
  /** in QCQE process, for me to check */
  toReview: WaitingRecord[];
  /** in REVIEW, for me (an ADMIN of the organisation) to publish or reject */
  toPublish: WaitingRecord[];
  /** the records I own, by status (every status, empty ones included) */
  mine: StatusGroup[];
}

export const DASHBOARD_LIST_LIMIT = 50;

export interface WorkDashboardStore {
  /** the oldest waiting first in each list; the store applies the relationships, the service the read rules */
  toFix(actor: Actor, limit: number): Promise<WaitingRecord[]>;
  toReview(actor: Actor, limit: number): Promise<WaitingRecord[]>;
  toPublish(actor: Actor, limit: number): Promise<WaitingRecord[]>;
  mine(actor: Actor, limit: number): Promise<StatusGroup[]>;
}

export function createWorkDashboard(store: WorkDashboardStore) {
  const readable = (actor: Actor) => (r: WaitingRecord): boolean => canReadRecord(actor, r);
  return {
    async forActor(actor: Actor): Promise<WorkDashboard> {
      const none = async (): Promise<WaitingRecord[]> => [];
      const [toFix, toReview, toPublish, mine] = await Promise.all([
        actor.role === 'QCQE' ? none() : store.toFix(actor, DASHBOARD_LIST_LIMIT),
        actor.role === 'PRODUSEN' ? none() : store.toReview(actor, DASHBOARD_LIST_LIMIT),
        actor.role === 'ADMIN' ? store.toPublish(actor, DASHBOARD_LIST_LIMIT) : none(),
        actor.role === 'QCQE' ? Promise.resolve([]) : store.mine(actor, DASHBOARD_LIST_LIMIT),
      ]);
      const ok = readable(actor);
      return {
        toFix: toFix.filter(ok),
        toReview: toReview.filter(ok),
        toPublish: toPublish.filter(ok),
        mine: mine.map((g) => ({ ...g, items: g.items.filter(ok) })),
      };
    },
  };
}
export type WorkDashboardService = ReturnType<typeof createWorkDashboard>;
