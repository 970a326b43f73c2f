import type { ReviewerCandidate } from '../catalogue/reviewer-candidate';
import type { Queryable } from './database';

/**
 * Active QCQE users of the organisation, and of every other organisation when `otherOrgs`
 * (the organisation's allowLintasOrgReviewer switch) allows them. Own organisation first.
 */
export async function listReviewerCandidates(db: Queryable, organisationId: string, otherOrgs: boolean): Promise<ReviewerCandidate[]> {
  const r = await db.query<{ id: string; username: string; full_name: string | null; organisation_id: string; organisation_name: string }>(
    `SELECT u.id, u.username, u.full_name, u.organisation_id, o.name AS organisation_name
       FROM users u JOIN organisations o ON o.id = u.organisation_id
      WHERE u.role = 'QCQE' AND u.active AND ($2::boolean OR u.organisation_id = $1)
      ORDER BY (u.organisation_id <> $1), lower(o.name), lower(u.username)`,
    [organisationId, otherOrgs],
  );
  return r.rows.map((x) => ({ id: x.id, username: x.username, fullName: x.full_name, organisationId: x.organisation_id, organisationName: x.organisation_name }));
}
