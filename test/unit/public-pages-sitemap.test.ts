import { parseConfig } from '../../libs/config';
import { publicPageCsp, tileImageSource } from '../../libs/oarec/html/page-security';
import { robotsTxt, sitemapIndex, sitemapUrlset } from '../../libs/oarec/sitemap/sitemap';
import { sitemapPageCount } from '../../services/api/routes/public-pages.routes';

describe('sitemap, robots.txt and the pages CSP', () => {
  it('a urlset lists the start pages and every record page with its lastmod, escaped', () => {
    const xml = sitemapUrlset('https://k.id', [{ id: 'a&b', updated: '2024-01-02T03:04:05.000Z' }], true);
    expect(xml).toContain('<loc>https://k.id/</loc>');
    expect(xml).toContain('<loc>https://k.id/collections/metadata/items/a%26b</loc><lastmod>2024-01-02T03:04:05.000Z</lastmod>');
    expect(sitemapIndex('https://k.id', 3)).toContain('<sitemap><loc>https://k.id/sitemap-3.xml</loc></sitemap>');
  });

  it('pages hold at most the page size, counting the two start pages', () => {
    expect(sitemapPageCount(0, 50_000)).toBe(1);
    expect(sitemapPageCount(49_998, 50_000)).toBe(1);
    expect(sitemapPageCount(49_999, 50_000)).toBe(2);
    expect(sitemapPageCount(100_000, 50_000)).toBe(3);
  });

  it('robots.txt allows the pages, keeps crawlers out of /api/ and /app/, names the sitemap', () => {
    const txt = robotsTxt('https://k.id');
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(txt).toContain('Disallow: /api/\n');
    expect(txt).toContain('Disallow: /app/\n');
    expect(txt).toContain('Sitemap: https://k.id/sitemap.xml');
  });

  it('the CSP allows only this server, and the tile host when MAP_TILE_URL is set', () => {
    expect(publicPageCsp()).toBe("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'");
    expect(tileImageSource('https://{s}.tile.contoh.id/{z}/{x}/{y}.png')).toBe('https://*.tile.contoh.id');
    expect(publicPageCsp('http://tiles.local:8081/osm/{z}/{x}/{y}.png')).toContain("img-src 'self' data: http://tiles.local:8081;");
  });

  it('MAP_TILE_URL is optional and validated', () => {
    expect(parseConfig({}).mapTileUrl).toBeUndefined();
    expect(parseConfig({ MAP_TILE_URL: 'https://{s}.tile.contoh.id/{z}/{x}/{y}.png' }).mapTileUrl).toBe('https://{s}.tile.contoh.id/{z}/{x}/{y}.png');
    expect(() => parseConfig({ MAP_TILE_URL: 'https://tile.contoh.id/peta.png' })).toThrow(/MAP_TILE_URL harus memuat \{z\}, \{x\} dan \{y\}/);
    expect(() => parseConfig({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL harus URL http\(s\)/);
    expect(() => parseConfig({ MAP_TILE_URL: "https://x.id/{z}/{x}/{y}.png?'" })).toThrow(/MAP_TILE_URL/);
  });
});
