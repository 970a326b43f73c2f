/**
 * The matches a first page's bounded count finds, kept for its page (issue 21, point 4).
 *
 * A first page used to count at most `upTo` + 1 matches and plan its page on its own. The page's
 * plan rests on the planner's estimate of the filter, and a LIKE over `anytext` has none worth
 * the name (`'%rerija%'`: 10,101 expected, 244 found at 1,000,000 records): PostgreSQL then
 * walked the identifier index testing every published record until the page was full — 42,450
 * rows, each with its `anytext` read out of line, 265 ms one at a time and seconds under load —
 * while the count beside it had found all 244 matches in 8 ms.
 *
 * Now the count keeps what it found: the WITH item `gk_found` holds the ctids of at most
 * `upTo` + 1 matches. When they are all the matches (at most `upTo`), the page is sorted from
 * them (a TID scan of at most `upTo` rows, no filter tested again); otherwise the page is the
 * plain page statement. Both are scalar subqueries of one CASE, and PostgreSQL runs only the
 * one the CASE reaches (an InitPlan runs when its value is first read).
 */
export const FOUND_CTE = 'gk_found';

/**
 * A WITH item `name` holding, as the array `w`, the ctids of at most `limit` (SQL) published
 * matches of `where` (a filter over `records r`), in the order the plan finds them: the found
 * matches here and the ranked window (rank-window.ts) are both this.
 */
export function matchPositionsCte(name: string, where: string, limit: string): string {
  return `${name} AS MATERIALIZED (SELECT ARRAY(SELECT r.ctid FROM records r WHERE r.status = 'PUBLISHED' AND (${where}) LIMIT ${limit}) AS w)`;
}

/** The WITH item: the ctids of at most `upTo` + 1 published matches of `where`. */
export const foundCte = (where: string, upToParam: string): string => matchPositionsCte(FOUND_CTE, where, `${upToParam} + 1`);

/** min(matches, upTo + 1): the bounded count, as the statement's `matched` */
export const foundCount = (): string => `SELECT cardinality(w)::bigint AS matched FROM ${FOUND_CTE}`;

/** The rows of the found matches (by ctid; `after`, a keyset condition over `records r`, still applies), as `FROM …` */
export function foundFrom(after: string | undefined): string {
  return `FROM records r WHERE r.ctid = ANY((SELECT w FROM ${FOUND_CTE})::tid[])${after !== undefined ? ` AND ${after}` : ''}`;
}

/** The page's ids: sorted from the found matches when they are all of them, else from `plainPage` */
export function foundOrPlain(foundPage: string, plainPage: string, upToParam: string): string {
  return `CASE WHEN (SELECT cardinality(w) FROM ${FOUND_CTE}) <= ${upToParam} THEN ARRAY(${foundPage}) ELSE ARRAY(${plainPage}) END`;
}
