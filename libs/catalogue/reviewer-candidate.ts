/**
 * An active QCQE a record may be submitted to, as `GET /api/metadata/{id}/reviewer-candidates`
 * lists them (libs/db/reviewer-candidates.repository.ts) and the workbench shows them: the
 * organisation is shown next to the name because lintas-org review offers other organisations'
 * reviewers too. (What the workflow rule itself checks of a proposed reviewer is
 * `ProposedReviewer` in workflow.ts.)
 */
export interface ReviewerCandidate {
  id: string;
  username: string;
  fullName: string | null;
  organisationId: string;
  organisationName: string;
}
