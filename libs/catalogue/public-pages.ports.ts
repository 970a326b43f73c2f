/**
 * What the public pages need from the catalogue beyond the OGC API – Records JSON they render:
 * figures and the latest publications for the home page, and every published record's
 * identifier and modification time for the sitemap. Implemented in libs/db
 * (public-pages.repository.ts) and wired in by services/api/runtime.ts.
 */
export interface RecentPublication {
  id: string;
  title: string;
  /** ISO 8601, when the record was published */
  publishedAt: string;
}

export interface CatalogueSummary {
  /** PUBLISHED records: exactly the set CSW and the Records API serve */
  published: number;
  /** PUBLISHED records per hierarchy level (dataset, service, series, …), most first */
  byType: { type: string; count: number }[];
  /** organisations with at least one PUBLISHED record */
  organisations: number;
  recent: RecentPublication[];
}

export interface SitemapEntry {
  id: string;
  /** ISO 8601 modification time of the catalogue record */
  updated: string;
}

export interface PublicPagesSource {
  summary(recentLimit: number): Promise<CatalogueSummary>;
  publishedCount(): Promise<number>;
  /** PUBLISHED records ordered by id, `offset` 0-based (sitemap pages) */
  sitemapEntries(offset: number, limit: number): Promise<SitemapEntry[]>;
}
