import type { Actor } from '../../libs/catalogue/user.types';

/**
 * The cast of the visibility and workflow tables: two organisations (A owns the record), a
 * second PRODUSEN of A, a QCQE of A, a QCQE of B who may be assigned as reviewer, another
 * QCQE of B, and an ADMIN of each. Both tables are written against these names.
 */
export const ACTORS = {
  owner: { id: 'u-owner', role: 'PRODUSEN', organisationId: 'A' },
  produsenA2: { id: 'u-prod-a2', role: 'PRODUSEN', organisationId: 'A' },
  qcqeA: { id: 'u-qcqe-a', role: 'QCQE', organisationId: 'A' },
  reviewerB: { id: 'u-rev-b', role: 'QCQE', organisationId: 'B' },
  qcqeB: { id: 'u-qcqe-b', role: 'QCQE', organisationId: 'B' },
  adminA: { id: 'u-admin-a', role: 'ADMIN', organisationId: 'A' },
  adminB: { id: 'u-admin-b', role: 'ADMIN', organisationId: 'B' },
} as const satisfies Record<string, Actor>;

export type ActorName = keyof typeof ACTORS;
