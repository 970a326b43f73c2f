import type { SitemapEntry } from '../../catalogue/public-pages.ports';

/**
 * sitemaps.org documents for the public pages: one `urlset` with the home page, the search
 * page and every published record page, or — above `pageSize` (50,000, the protocol's limit)
 * — a `sitemapindex` of numbered pages. `robots.txt` points crawlers at it and keeps them out
 * of the REST API and the workbench.
 */
export const SITEMAP_MAX_URLS = 50_000;

const xmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function recordPageUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/collections/metadata/items/${encodeURIComponent(id)}`;
}

export function sitemapUrlset(baseUrl: string, entries: SitemapEntry[], withStartPages: boolean): string {
  const urls: string[] = [];
  if (withStartPages) {
    urls.push(`<url><loc>${xmlText(`${baseUrl}/`)}</loc><changefreq>daily</changefreq></url>`);
    urls.push(`<url><loc>${xmlText(`${baseUrl}/collections/metadata/items`)}</loc><changefreq>daily</changefreq></url>`);
  }
  for (const e of entries) urls.push(`<url><loc>${xmlText(recordPageUrl(baseUrl, e.id))}</loc><lastmod>${xmlText(e.updated)}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapPageUrl(baseUrl: string, page: number): string {
  return `${baseUrl}/sitemap-${page}.xml`;
}

export function sitemapIndex(baseUrl: string, pages: number): string {
  const items: string[] = [];
  for (let i = 1; i <= pages; i += 1) items.push(`<sitemap><loc>${xmlText(sitemapPageUrl(baseUrl, i))}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /app/',
    'Disallow: /admin/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
