import type { RecordStatus } from '../catalogue/record.types';
import type { LintasOrgCounts, LintasOrgRecountStore, LintasOrgStore, LintasOrgTx, RecountOutcome } from '../catalogue/records.ports';
import type { Organisation } from '../catalogue/user.types';
import type { Database, Queryable } from './database';
import { findOrganisation, setAllowLintasOrgReviewer } from './organisation.repository';
import { appendEvent } from './outbox.repository';
import { iso } from './row-mapping';

/**
 * Cross-organisation review assignments: records of an organisation whose assigned reviewer
 * belongs to another organisation, while the review is still open.
 */

/** Counted as "draft": back with the producer. */
export const LINTAS_ORG_DRAFT_STATUSES: readonly RecordStatus[] = ['DRAFT', 'REJECTED'];
/** Counted as "pending": waiting for the reviewer. */
export const LINTAS_ORG_PENDING_STATUSES: readonly RecordStatus[] = ['QCQE_PROCESS', 'REVIEW'];

const OPEN_STATUSES = [...LINTAS_ORG_DRAFT_STATUSES, ...LINTAS_ORG_PENDING_STATUSES];

// the records of $1 whose reviewer is a user of another organisation, in an open status ($2)
const CROSS_ORG_OPEN = `
  r.organisation_id = $1 AND r.status = ANY($2::text[])
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = r.reviewer_id AND u.organisation_id <> r.organisation_id)`;

export async function countLintasOrgAssignments(db: Queryable, organisationId: string): Promise<LintasOrgCounts> {
  const r = await db.query<{ draft: number; pending: number }>(
    `SELECT count(*) FILTER (WHERE r.status = ANY($3::text[]))::int AS draft,
            count(*) FILTER (WHERE r.status = ANY($4::text[]))::int AS pending
       FROM records r WHERE ${CROSS_ORG_OPEN}`,
    [organisationId, OPEN_STATUSES, [...LINTAS_ORG_DRAFT_STATUSES], [...LINTAS_ORG_PENDING_STATUSES]],
  );
  const draft = r.rows[0]?.draft ?? 0;
  const pending = r.rows[0]?.pending ?? 0;
  return { draft, pending, total: draft + pending };
}

/**
 * The stored counts (organisation_lintas_counts, migration 005) and their freshness rule:
 * stored counts are used only while they reflect the newest change of the organisation
 * (counted_seq = change_seq, the sequence being bumped by triggers in the very transaction
 * of each change); otherwise the answer is counted live. So the answer is never older than
 * the last committed change, whether the `lintas-org.recount` job has run yet or not.
 */
export type LintasOrgCountsSource = 'stored' | 'live';

export async function readLintasOrgCounts(db: Queryable, organisationId: string): Promise<{ counts: LintasOrgCounts; source: LintasOrgCountsSource }> {
  const r = await db.query<{ draft: number; pending: number }>(
    `SELECT draft, pending FROM organisation_lintas_counts
      WHERE organisation_id = $1 AND counted_seq = change_seq`,
    [organisationId],
  );
  const row = r.rows[0];
  if (row) return { counts: { draft: row.draft, pending: row.pending, total: row.draft + row.pending }, source: 'stored' };
  return { counts: await countLintasOrgAssignments(db, organisationId), source: 'live' };
}

/** 'missing' = never marked nor counted (no record of the organisation ever had a reviewer). */
export async function lintasOrgCountsState(db: Queryable, organisationId: string): Promise<'fresh' | 'stale' | 'missing'> {
  const r = await db.query<{ fresh: boolean }>(
    'SELECT counted_seq IS NOT DISTINCT FROM change_seq AS fresh FROM organisation_lintas_counts WHERE organisation_id = $1',
    [organisationId],
  );
  const row = r.rows[0];
  return row === undefined ? 'missing' : row.fresh ? 'fresh' : 'stale';
}

/** The organisation of a record, undefined when the record is gone. */
export async function organisationOfRecord(db: Queryable, recordId: string): Promise<string | undefined> {
  const r = await db.query<{ organisation_id: string }>('SELECT organisation_id FROM records WHERE id = $1', [recordId]);
  return r.rows[0]?.organisation_id;
}

/** Organisations whose stored counts lag behind their changes (oldest ids first). */
export async function staleLintasOrgs(db: Queryable, limit: number): Promise<string[]> {
  const r = await db.query<{ organisation_id: string }>(
    `SELECT organisation_id FROM organisation_lintas_counts
      WHERE counted_seq IS DISTINCT FROM change_seq ORDER BY organisation_id LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => x.organisation_id);
}

/**
 * Counts live and stores the result with the change_seq read in the SAME statement, hence
 * the same snapshot as the counts. A change committing meanwhile has bumped change_seq past
 * it, so such counts are stored as already outdated rather than passed off as current. A
 * slower recount never overwrites counts of a newer change_seq.
 */
export async function recountLintasOrg(db: Queryable, organisationId: string): Promise<RecountOutcome> {
  const r = await db.query<{ draft: number; pending: number; counted_seq: string | number | bigint }>(
    `WITH seq AS (SELECT change_seq FROM organisation_lintas_counts WHERE organisation_id = $1),
          c AS (SELECT count(*) FILTER (WHERE r.status = ANY($3::text[]))::int AS draft,
                       count(*) FILTER (WHERE r.status = ANY($4::text[]))::int AS pending
                  FROM records r WHERE ${CROSS_ORG_OPEN})
     INSERT INTO organisation_lintas_counts AS s (organisation_id, draft, pending, updated_at, change_seq, counted_seq)
     SELECT $1, c.draft, c.pending, now(), COALESCE((SELECT change_seq FROM seq), 0), COALESCE((SELECT change_seq FROM seq), 0)
       FROM c WHERE EXISTS (SELECT 1 FROM organisations WHERE id = $1)
     ON CONFLICT (organisation_id) DO UPDATE
        SET draft = EXCLUDED.draft, pending = EXCLUDED.pending, updated_at = EXCLUDED.updated_at, counted_seq = EXCLUDED.counted_seq
      WHERE s.counted_seq IS NULL OR s.counted_seq <= EXCLUDED.counted_seq
     RETURNING draft, pending, counted_seq`,
    [organisationId, OPEN_STATUSES, [...LINTAS_ORG_DRAFT_STATUSES], [...LINTAS_ORG_PENDING_STATUSES]],
  );
  const row = r.rows[0];
  if (row) {
    return { status: 'stored', counts: { draft: row.draft, pending: row.pending, total: row.draft + row.pending }, countedSeq: Number(row.counted_seq) };
  }
  const org = await db.query('SELECT 1 FROM organisations WHERE id = $1', [organisationId]);
  return org.rowCount > 0 ? { status: 'superseded' } : { status: 'no-organisation' };
}

/** Unassigns the cross-organisation reviewer of every counted record; the status stays. */
export async function releaseLintasOrgAssignments(tx: Queryable, organisationId: string): Promise<{ id: string; version: number; status: RecordStatus }[]> {
  const r = await tx.query<{ id: string; version: number; status: RecordStatus }>(
    `UPDATE records r SET reviewer_id = NULL, version = r.version + 1, updated_at = now()
      WHERE ${CROSS_ORG_OPEN} RETURNING r.id, r.version, r.status`,
    [organisationId, OPEN_STATUSES],
  );
  return r.rows;
}

interface OrgRow {
  id: string;
  name: string;
  allow_lintas_org_reviewer: boolean;
  created_at: Date | string;
}

/**
 * The organisation row with a lock: `update` for the switch itself, `share` for a submission
 * that depends on the switch (it then waits for, or holds off, a concurrent switch).
 */
export async function findOrganisationLocked(tx: Queryable, id: string, mode: 'update' | 'share'): Promise<Organisation | undefined> {
  const r = await tx.query<OrgRow>(
    `SELECT id, name, allow_lintas_org_reviewer, created_at FROM organisations WHERE id = $1 ${mode === 'update' ? 'FOR UPDATE' : 'FOR SHARE'}`,
    [id],
  );
  const row = r.rows[0];
  return row && { id: row.id, name: row.name, allowLintasOrgReviewer: row.allow_lintas_org_reviewer, createdAt: iso(row.created_at) };
}

function lintasOrgTx(tx: Queryable): LintasOrgTx {
  return {
    lockOrganisation: (id) => findOrganisationLocked(tx, id, 'update'),
    countAssignments: (orgId) => countLintasOrgAssignments(tx, orgId),
    releaseAssignments: (orgId) => releaseLintasOrgAssignments(tx, orgId),
    async setAllowLintasOrgReviewer(orgId, allow) {
      const org = await setAllowLintasOrgReviewer(tx, orgId, allow);
      if (!org) throw new Error(`organisation ${orgId} vanished inside its own transaction`);
      return org;
    },
    emit: (type, payload) => appendEvent(tx, type, { ...payload }),
  };
}

export function lintasOrgStoreFor(db: Database): LintasOrgStore {
  return {
    transaction: (fn) => db.transaction((tx) => fn(lintasOrgTx(tx))),
    findOrganisation: (id) => findOrganisation(db, id),
    // outside the switch's transaction: the stored counts when current, else a live count
    countAssignments: async (orgId) => (await readLintasOrgCounts(db, orgId)).counts,
  };
}

/** The recount job's port (libs/processors lintas-org.processor.ts) on a database. */
export function lintasOrgRecountStoreFor(db: Queryable): LintasOrgRecountStore {
  return {
    organisationOfRecord: (recordId) => organisationOfRecord(db, recordId),
    countsState: (orgId) => lintasOrgCountsState(db, orgId),
    staleOrganisations: (limit) => staleLintasOrgs(db, limit),
    recount: (orgId) => recountLintasOrg(db, orgId),
  };
}
