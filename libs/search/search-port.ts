import type { MetadataRecord } from '../catalogue/record.types';

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
}

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

export interface SearchStore {
  /** exact count of the PUBLISHED records matching `where` */
  countPublished(where: string, params: readonly unknown[]): Promise<number>;
  /** one page in order with each record's render of `format`, and the exact count unless `matched` is given */
  pageWithRenders(q: SearchQuery, format: string, matched?: number): Promise<{ matched: number; rows: PageRow[] }>;
  /** one page in order as whole records (document + catalogue dates), and the exact count unless `matched` is given */
  pageOfRecords(q: SearchQuery, matched?: number): Promise<{ matched: number; records: MetadataRecord[] }>;
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
