import type { MetadataRecord } from '../catalogue/record.types';
import type { CountStore, FetchedPage } from './match-count';

/**
 * The search core's window on the database (implemented in libs/db/search.repository.ts,
 * wired in by the runtime). Every method reads PUBLISHED records only. WHERE and ORDER BY
 * fragments come from the core's compiler (filter/compile-sql.ts, sort-order.ts): plain SQL
 * over `records r` whose values are all in `params` as $1…$n.
 */
export interface SearchQuery {
  where: string;
  params: unknown[];
  orderBy: string;
  /** 0-based */
  offset: number;
  /** 0 → only the count */
  limit: number;
  /**
   * The filter is known (an exact count remembered for this generation) to match at most
   * FEW_MATCHES records (match-count.ts): the store may find the matches first and sort them,
   * with a plan that does not depend on the values.
   */
  fewMatches?: boolean;
  /**
   * The filter is known to match so large a share of the published records that a page in
   * identifier order (`orderBy` is ID_ORDER) is found after a short walk of that order
   * (match-count.ts, BROAD_WALK_ROWS): the store may walk it with a plan that does not depend
   * on the values. Ignored for any other order.
   */
  broadMatches?: boolean;
}

/** The order of a search without a sort (sort-order.ts): by the internal identifier. */
export const ID_ORDER = 'r.id ASC';

/** A PUBLISHED record of a page with its stored render of the requested format (null when there is none). */
export interface PageRow {
  /** the internal record id (renders are keyed by it) */
  id: string;
  version: number;
  xml: string | null;
  renderVersion: number | null;
}

/** One value of a facet and how many records of the current filter carry it. */
export interface FacetValue {
  value: string;
  count: number;
}

export interface SearchStore extends CountStore {
  /**
   * One page in order with each record's render of `format`; `more` when a record follows the
   * page; with `countUpTo`, also min(matches, countUpTo + 1) as `counted` (match-count.ts).
   */
  pageWithRenders(q: SearchQuery, format: string, countUpTo?: number): Promise<FetchedPage<PageRow>>;
  /** one page in order as whole records (document + catalogue dates), like pageWithRenders */
  pageOfRecords(q: SearchQuery, countUpTo?: number): Promise<FetchedPage<MetadataRecord>>;
  /**
   * The PUBLISHED records whose file identifiers are among `fileIdentifiers` (the public names:
   * CSW GetRecordById, OARec item ids) with their render of `format`, in no particular order.
   * A public identifier names at most one record (migration 040).
   */
  publishedWithRenders(fileIdentifiers: readonly string[], format: string): Promise<(PageRow & { fileIdentifier: string })[]>;
  /** the PUBLISHED record with this file identifier, or undefined */
  publishedRecord(fileIdentifier: string): Promise<MetadataRecord | undefined>;
  /** a record in any status by its internal id (renders on the spot check the status themselves) */
  recordById(id: string): Promise<MetadataRecord | undefined>;
  /** GetDomain: a query from domainSql() (one `value` column, no parameters) */
  domainValues(sql: string): Promise<string[]>;
  /**
   * Facet counts over the records matching `where`: for each facet, the `limit` most frequent
   * values of its SQL expression (an array expression is unnested), most frequent first.
   */
  facetCounts(where: string, params: readonly unknown[], facets: readonly { name: string; sql: string; array: boolean }[], limit: number): Promise<Record<string, FacetValue[]>>;
}
