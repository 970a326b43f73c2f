import { html, type HtmlValue, type SafeHtml } from './html-escape';
import { assetUrl } from './static-assets';
import { PATHS } from './page-context';
import type { PageLang } from './page-language';

/** OGC API – Records autodiscovery: the relation naming a catalogue (Records Part 1, /req/autodiscovery). */
export const REL_OGC_CATALOG = 'http://www.opengis.net/def/rel/ogc/1.0/ogc-catalog';
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

export interface LayoutOptions {
  baseUrl: string;
  /** the page's language (page-language.ts): Indonesian unless a page offers English and was asked for it */
  lang?: PageLang;
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
/** the frame's own texts in the two page languages */
const FRAME = {
  id: { skip: 'Langsung ke isi utama', brand: 'Katalog Metadata Geospasial', nav: 'Navigasi utama', home: 'Beranda', search: 'Cari metadata', api: 'Dokumentasi API', services: 'Layanan', sitemap: 'Peta situs', catalogue: 'Katalog metadata', openapi: 'Dokumen OpenAPI' },
  en: { skip: 'Skip to main content', brand: 'Geospatial Metadata Catalogue', nav: 'Main navigation', home: 'Home', search: 'Search metadata', api: 'API documentation', services: 'Services', sitemap: 'Sitemap', catalogue: 'Metadata catalogue', openapi: 'OpenAPI document' },
} as const;

export function pageLayout(o: LayoutOptions): string {
  const lang = o.lang ?? 'id';
  const f = FRAME[lang];
  const nav = (key: LayoutOptions['current'], href: string, label: string): SafeHtml =>
    html`<li><a href="${href}"${o.current === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  const doc = html`<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
${o.description ? html`<meta name="description" content="${o.description}">` : ''}
${o.jsonUrl ? html`<link rel="alternate" type="${o.jsonType ?? 'application/json'}" href="${o.jsonUrl}" title="JSON">` : ''}
<link rel="${REL_OGC_CATALOG}" type="application/json" href="${o.baseUrl}${PATHS.collection}" title="${f.catalogue}">
<link rel="service-desc" type="${OPENAPI_MEDIA_TYPE}" href="${o.baseUrl}${PATHS.openapi}" title="${f.openapi}">
${o.map ? html`<link rel="stylesheet" href="${assetUrl('vendor/leaflet/leaflet.css')}">` : ''}
<link rel="stylesheet" href="${assetUrl('site.css')}">
<script type="module" src="${assetUrl('pages.js')}"></script>
${o.head}
</head>
<body>
<a class="skip-link" href="#isi">${f.skip}</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="${PATHS.landing}">${f.brand}</a>
<nav aria-label="${f.nav}">
<ul>
${nav('beranda', PATHS.landing, f.home)}
${nav('cari', PATHS.items, f.search)}
${nav('api', '/api/docs', f.api)}
</ul>
</nav>
</div>
</header>
<main id="isi" tabindex="-1" class="wrap">
${o.body}
</main>
<footer class="site-footer">
<div class="wrap">
<p>${f.services}: <a href="${PATHS.collections}">OGC API – Records</a> · <a href="/metadata/csw?service=CSW&amp;request=GetCapabilities">CSW 2.0.2</a> · <a href="/oai?verb=Identify">OAI-PMH</a> · <a href="/api/docs">REST API</a> · <a href="/sitemap.xml">${f.sitemap}</a></p>
</div>
</footer>
</body>
</html>
`;
  return doc.value;
}
