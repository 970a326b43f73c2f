import type { SearchQuery } from '../search/search.ports';
import type { RankedWindow } from '../search/ranked-windows';
import { RANK_WINDOW } from '../search/free-text';
import { compiledFilter, searchOrder } from './search-sql/compiled-query';
import { WINDOW_CTE, windowCte, windowedRank } from './search-sql/rank-window';
import type { Queryable } from './database';

/**
 * A search's ranked window as one list (SearchStore.rankedWindow, libs/search/ranked-windows.ts):
 * the window the page statement names (rank-window.ts: its first RANK_WINDOW matches and one
 * more), its records ranked by the very expression the page statement orders and keys by, so
 * each key here is the key that statement would give the record (`float8` text, the id) and a
 * cursor from either continues in the other. One row per record, best first; `n`, the window's
 * length, says whether a match follows it.
 */
export async function rankedWindow(db: Queryable, q: SearchQuery): Promise<RankedWindow | undefined> {
  const filter = compiledFilter(q.filter);
  if (q.sort.length > 0 || filter.rank === undefined) return undefined;
  const { params } = searchOrder(filter, []);
  const rank = windowedRank(filter.rank.sql);
  const res = await db.query<{ id: string; o: string; n: number | string }>(
    `WITH ${windowCte(filter.where)}
     SELECT s.id, s.o::text AS o, (SELECT cardinality(w) FROM ${WINDOW_CTE}) AS n
       FROM (SELECT r.id, ${rank} AS o FROM records r WHERE r.ctid = ANY((SELECT w[1:${RANK_WINDOW}] FROM ${WINDOW_CTE})::tid[])) s
      ORDER BY s.o DESC, s.id ASC`,
    params,
  );
  const rows = res.rows;
  return {
    ids: rows.map((r) => r.id),
    keys: rows.map((r) => [r.o, r.id]),
    beyond: rows.length > 0 && Number(rows[0]!.n) > RANK_WINDOW,
  };
}
