import { html, type HtmlValue, type SafeHtml } from './html-escape';
import { assetUrl } from './static-assets';
import { PATHS } from './page-context';

/** OGC API – Records autodiscovery: the relation naming a catalogue (Records Part 1, /req/autodiscovery). */
export const REL_OGC_CATALOG = 'http://www.opengis.net/def/rel/ogc/1.0/ogc-catalog';
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

export interface LayoutOptions {
  baseUrl: string;
  title: string;
  description?: string;
  /** absolute URL of the same resource as JSON (rel=alternate); none on error pages */
  jsonUrl?: string;
  jsonType?: string;
  /** pages with a map load Leaflet and the page script */
  map?: boolean;
  /** marks the current entry of the main navigation */
  current?: 'beranda' | 'cari' | 'api';
  /** extra head elements (JSON-LD, canonical link) */
  head?: HtmlValue;
  body: HtmlValue;
}

/**
 * The frame of every public page: Indonesian, a skip link, landmarks (header/nav/main/footer),
 * the autodiscovery links (alternate JSON, the catalogue, the OpenAPI document), our stylesheet
 * and, on map pages, Leaflet and the page script — all from this server, nothing inline.
 */
export function pageLayout(o: LayoutOptions): string {
  const nav = (key: LayoutOptions['current'], href: string, label: string): SafeHtml =>
    html`<li><a href="${href}"${o.current === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  const doc = html`<!DOCTYPE html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
${o.description ? html`<meta name="description" content="${o.description}">` : ''}
${o.jsonUrl ? html`<link rel="alternate" type="${o.jsonType ?? 'application/json'}" href="${o.jsonUrl}" title="JSON">` : ''}
<link rel="${REL_OGC_CATALOG}" type="application/json" href="${o.baseUrl}${PATHS.collection}" title="Katalog metadata">
<link rel="service-desc" type="${OPENAPI_MEDIA_TYPE}" href="${o.baseUrl}${PATHS.openapi}" title="Dokumen OpenAPI">
${o.map ? html`<link rel="stylesheet" href="${assetUrl('vendor/leaflet/leaflet.css')}">` : ''}
<link rel="stylesheet" href="${assetUrl('site.css')}">
<script type="module" src="${assetUrl('pages.js')}"></script>
${o.head}
</head>
<body>
<a class="skip-link" href="#isi">Langsung ke isi utama</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="${PATHS.landing}">Katalog Metadata Geospasial</a>
<nav aria-label="Navigasi utama">
<ul>
${nav('beranda', PATHS.landing, 'Beranda')}
${nav('cari', PATHS.items, 'Cari metadata')}
${nav('api', '/api/docs', 'Dokumentasi API')}
</ul>
</nav>
</div>
</header>
<main id="isi" tabindex="-1" class="wrap">
${o.body}
</main>
<footer class="site-footer">
<div class="wrap">
<p>Layanan: <a href="${PATHS.collections}">OGC API – Records</a> · <a href="/metadata/csw?service=CSW&amp;request=GetCapabilities">CSW 2.0.2</a> · <a href="/oai?verb=Identify">OAI-PMH</a> · <a href="/api/docs">REST API</a> · <a href="/sitemap.xml">Peta situs</a></p>
</div>
</footer>
</body>
</html>
`;
  return doc.value;
}
