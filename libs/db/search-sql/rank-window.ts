import { RANK_WINDOW } from '../../search/free-text';
import { matchPositionsCte } from './found-set';

/**
 * Bounded relevance ranking (issue 21): a broad word ("peta", half the catalogue) used to rank
 * every match, and reading every match's row (tens of thousands of heap pages) took seconds.
 * Now only a window of RANK_WINDOW matches is ranked: the first ones the text index yields,
 * which a bitmap heap scan returns in physical order (ascending `ctid`). The window is named
 * once per statement (the CTE `gk_window`: the ctids of at most RANK_WINDOW matches), and the
 * order is, over ONE expression so that keyset paging (keyset.ts) stays exact:
 *
 * - a match inside the window (ctid ≤ the window's last ctid, or every match when there are
 *   fewer than RANK_WINDOW): its rank (≥ 0), highest first;
 * - a match past the window: -1 - its physical position / 2^48 (in (-2, -1], exact in a float8,
 *   one value per ctid), so it follows every ranked match, in physical order — which a walk
 *   of the text index with a LIMIT gives without visiting the other matches.
 *
 * With at most RANK_WINDOW matches nothing changes: every match is in the window and ranked.
 * Past it the order is approximate (the best record may lie outside the window), and the
 * search core says so (SearchPage.rankWindow). The window follows the table's physical order:
 * an update of a record moves it, as a publish changes any result; a cursor stays valid.
 */
export const WINDOW_CTE = 'gk_window';

/**
 * The WITH item naming the window of `where` (a filter over `records r`, its `$` values the
 * statement's): the first RANK_WINDOW matches and ONE more, which is not in the window (every
 * use below reads the first RANK_WINDOW) but makes the array a bounded count of its own
 * (windowCount): a broad word's count of up to 1,001 matches re-read the same rows, each with
 * its text vector out of line (~10 ms of the ~30 a new `q=peta` page cost at 1,000,000 records).
 */
export function windowCte(where: string): string {
  return matchPositionsCte(WINDOW_CTE, where, String(RANK_WINDOW + 1));
}

/**
 * min(matches, upTo + 1) from the window, as the bounded count's statement part (`matched`);
 * exact only while upTo ≤ RANK_WINDOW (the caller checks), `upTo` a `$` value of the statement.
 */
export function windowCount(upToParam: string): string {
  return `SELECT least(cardinality(w), ${upToParam} + 1)::bigint AS matched FROM ${WINDOW_CTE}`;
}

/** the last ctid of a full window; NULL when the window holds every match */
const LAST = `(SELECT w[${RANK_WINDOW}] FROM ${WINDOW_CTE})`;

/** the physical position of a row: block × 2^16 + line pointer (a ctid reads as a point) */
const POSITION = '((r.ctid::text::point)[0] * 65536 + (r.ctid::text::point)[1])';

/** `rank` (≥ 0, float8) bounded to the window: the order expression of the page statement */
export function windowedRank(rank: string): string {
  return `(CASE WHEN coalesce(r.ctid <= ${LAST}, true) THEN ${rank} ELSE -1 - ${POSITION} / 281474976710656.0 END)::float8`;
}

/**
 * The rows a page may come from, as `FROM …`: the window's matches (by ctid: a TID scan; they
 * matched when the window was made in this statement, so only `after`, the keyset condition,
 * is tested), and the first `k` matches past it in physical order (`where`: the filter and the
 * keyset condition; an index walk that stops after k). Without a key, a page that ends inside
 * a full window (`end` ≤ RANK_WINDOW) needs nothing past it: that part is then not run at all.
 */
export function windowedFrom(where: string, after: string | undefined, k: string, keyed: boolean): string {
  const past = keyed ? '' : ` AND ${k} > ${RANK_WINDOW}`;
  return `FROM (
      (SELECT r.*, r.ctid AS ctid FROM records r WHERE r.ctid = ANY((SELECT w[1:${RANK_WINDOW}] FROM ${WINDOW_CTE})::tid[])${after !== undefined ? ` AND ${after}` : ''})
      UNION ALL
      (SELECT r.*, r.ctid AS ctid FROM records r WHERE r.status = 'PUBLISHED' AND (${where}) AND r.ctid > ${LAST}${past} LIMIT ${k})
    ) r`;
}
