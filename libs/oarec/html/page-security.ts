/**
 * Response headers of the public pages. The CSP allows scripts and styles from this server
 * only (no inline script or style: the pages have none; `<script type="application/ld+json">`
 * is a data block, which CSP does not govern), images from here and data: URIs (Leaflet), and
 * — when MAP_TILE_URL is configured — images from the tile host.
 */
export function tileImageSource(tileUrl: string): string | undefined {
  const m = /^(https?):\/\/((?:\{s\}\.)?[A-Za-z0-9.-]+(?::\d{1,5})?)\//.exec(tileUrl);
  if (!m) return undefined;
  return `${m[1]}://${(m[2] ?? '').replace('{s}.', '*.')}`;
}

export function publicPageCsp(mapTileUrl?: string): string {
  const tiles = mapTileUrl ? tileImageSource(mapTileUrl) : undefined;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${tiles ? ` ${tiles}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function publicPageHeaders(mapTileUrl?: string): Record<string, string> {
  return {
    'Content-Security-Policy': publicPageCsp(mapTileUrl),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
