import type { Queryable } from './database';
import type { CatalogueSummary, PublicPagesSource, SitemapEntry } from '../catalogue/public-pages.ports';

/**
 * The public pages' small queries over PUBLISHED records (home page figures, sitemap). All of
 * them read the partial indexes on `status = 'PUBLISHED'` (records_published_id_idx for the
 * sitemap's id order), so they stay cheap at 100,000 records.
 */
export function publicPagesSource(db: Queryable): PublicPagesSource {
  return {
    async summary(recentLimit: number): Promise<CatalogueSummary> {
      const [types, orgs, recent] = await Promise.all([
        db.query<{ type: string | null; count: string }>(
          // no hierarchy level = dataset, the ISO 19115 default (as the Records mapping reads it)
          `SELECT COALESCE(hierarchy_level, 'dataset') AS type, count(*) AS count FROM records WHERE status = 'PUBLISHED'
           GROUP BY 1 ORDER BY count(*) DESC, 1`,
        ),
        db.query<{ count: string }>(`SELECT count(DISTINCT organisation_id) AS count FROM records WHERE status = 'PUBLISHED'`),
        db.query<{ id: string; title: string; published_at: Date | string | null; updated_at: Date | string }>(
          // pages name a record by its public identifier
          `SELECT file_identifier AS id, title, published_at, updated_at FROM records WHERE status = 'PUBLISHED'
           ORDER BY published_at DESC NULLS LAST, id LIMIT $1`,
          [recentLimit],
        ),
      ]);
      const byType = types.rows.map((r) => ({ type: r.type ?? 'dataset', count: Number(r.count) }));
      return {
        published: byType.reduce((n, t) => n + t.count, 0),
        byType,
        organisations: Number(orgs.rows[0]?.count ?? 0),
        recent: recent.rows.map((r) => ({ id: r.id, title: r.title, publishedAt: iso(r.published_at ?? r.updated_at) })),
      };
    },
    async publishedCount(): Promise<number> {
      const r = await db.query<{ count: string }>(`SELECT count(*) AS count FROM records WHERE status = 'PUBLISHED'`);
      return Number(r.rows[0]?.count ?? 0);
    },
    async sitemapEntries(offset: number, limit: number): Promise<SitemapEntry[]> {
      const r = await db.query<{ id: string; updated_at: Date | string }>(
        `SELECT file_identifier AS id, updated_at FROM records WHERE status = 'PUBLISHED' ORDER BY id OFFSET $1 LIMIT $2`,
        [offset, limit],
      );
      return r.rows.map((row) => ({ id: row.id, updated: iso(row.updated_at) }));
    },
  };
}

function iso(v: Date | string): string {
  return v instanceof Date ? v.toISOString() : new Date(v).toISOString();
}
