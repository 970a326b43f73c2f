import { html, jsonForScript, type SafeHtml } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS, linksFrom, param, searchState, urlWith, type HtmlPageContext } from './page-context';
import type { Facets, OarecItems, OarecRecord } from './record-feature.types';
import { facetGroups, facetsPanel } from './search-facets';
import { formatCount, formatDate, typeLabel } from './labels';
import { mapFigure } from './map-figure';
import { assetUrl } from './static-assets';
import { isOwnUrl, linkByRel, safeHref } from './record-links';
import { DATE_FIELDS, datetimeRange, publicationRange } from './search-date-fields';
import { pager } from './search-pager';

export interface SearchPageOptions {
  catalogueName: string;
  tileUrl?: string;
  /** the public base URL: thumbnails served by this catalogue are shown inline, others not at all */
  baseUrl?: string;
}

/**
 * Sort choices as links (not a select): no empty `sortby=` without JavaScript, and each order is
 * a shareable URL. No `sortby` is the service's default: relevance when there are search words.
 */
const SORTS: [string | undefined, string][] = [
  [undefined, 'Relevansi'],
  ['title', 'Judul A–Z'],
  ['-title', 'Judul Z–A'],
  ['-publicationDate', 'Terbit terbaru'],
  ['publicationDate', 'Terbit terlama'],
  ['-updated', 'Terbaru diperbarui'],
];

/** The id of the data block that carries the result footprints to the map script. */
const FOOTPRINTS_ID = 'jejak-hasil';

function excerpt(text: string | undefined, max = 280): string {
  if (!text) return '';
  return text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')} …`;
}

function thumbnail(f: OarecRecord, baseUrl: string | undefined): SafeHtml {
  const href = safeHref(linkByRel(f, 'preview')?.href);
  // decorative next to the title (alt=""); sized so the list does not jump while it loads
  if (!href || !isOwnUrl(href, baseUrl ?? '')) return html``;
  // root-relative: the image comes from whatever host the page came from
  const src = baseUrl && href.startsWith(`${baseUrl}/`) ? href.slice(baseUrl.length) : href;
  return html`<img class="thumb-small" src="${src}" alt="" width="96" height="72" loading="lazy" decoding="async">`;
}

function resultItem(f: OarecRecord, i: number, baseUrl: string | undefined): SafeHtml {
  const p = f.properties ?? {};
  return html`<li class="result" id="hasil-${i}" data-result="${i}"${f.geometry ? html` data-footprint="${i}"` : ''}>
${thumbnail(f, baseUrl)}
<div class="result-text">
<h3><a href="${PATHS.record(f.id)}">${p.title ?? f.id}</a></h3>
<p class="meta">${p.type ? html`<span class="badge">${typeLabel(p.type)}</span> ` : ''}${p.updated ? html`diperbarui <time datetime="${p.updated}">${formatDate(p.updated)}</time>` : ''}${f.geometry ? '' : html` · <span class="muted">tanpa cakupan spasial</span>`}</p>
${p.description ? html`<p>${excerpt(p.description)}</p>` : ''}
${(p.keywords ?? []).length ? html`<p class="muted">Kata kunci: ${(p.keywords ?? []).slice(0, 8).join(', ')}</p>` : ''}
</div>
</li>`;
}

/** The results' footprints for the map: a JSON data block (CSP does not govern it; nothing inline runs). */
function footprints(features: OarecRecord[]): SafeHtml {
  const list = features.flatMap((f, i) => (f.geometry ? [{ i, id: f.id, title: f.properties?.title ?? f.id, geometry: f.geometry }] : []));
  return html`<script type="application/json" id="${FOOTPRINTS_ID}">${jsonForScript(list)}</script>`;
}

/** The search form's id: the date inputs below the map belong to it through their `form` attribute. */
const FORM_ID = 'form-cari';

function dateInput(name: string, label: string, value: string | undefined): SafeHtml {
  return html`<div class="date-field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="date" form="${FORM_ID}" value="${value ?? ''}"></div>`;
}

/**
 * The date filter: temporal extent and publication date, each a from–to pair of date inputs.
 * Placed under the map (the map stays near the search box) but part of the search form.
 */
function dateFields(state: Record<string, string | undefined>): SafeHtml {
  const time = datetimeRange(state.datetime);
  const pub = publicationRange(state.filter) ?? {};
  return html`<fieldset class="date-filter">
<legend>Saring menurut tanggal</legend>
<fieldset class="date-pair"><legend>Cakupan waktu data</legend>
${dateInput(DATE_FIELDS.timeFrom, 'Dari', time.from)}${dateInput(DATE_FIELDS.timeTo, 'Sampai', time.to)}
</fieldset>
<fieldset class="date-pair"><legend>Tanggal publikasi</legend>
${dateInput(DATE_FIELDS.pubFrom, 'Dari', pub.from)}${dateInput(DATE_FIELDS.pubTo, 'Sampai', pub.to)}
</fieldset>
<button type="submit" form="${FORM_ID}" class="secondary">Terapkan tanggal</button>
</fieldset>`;
}

/** The search form: free text, the box (map or four coordinates), the dates; facets, sort and paging are links. */
function searchForm(state: Record<string, string | undefined>, facetNames: Set<string>): SafeHtml {
  const bbox = state.bbox?.split(',') ?? [];
  // the date inputs stand for datetime and for a publication filter this page wrote
  const shownByDates = (k: string) => k === 'datetime' || (k === 'filter' && publicationRange(state.filter) !== undefined);
  // the rest of the state (facets, sort, limit, another filter) rides along in hidden fields; paging restarts
  const kept = Object.entries(state).filter(([k, v]) => v !== undefined && !shownByDates(k) && (facetNames.has(k) || !['q', 'bbox', 'offset'].includes(k)));
  const coord = (i: number, name: string, label: string, min: number, max: number) =>
    html`<div class="coord"><label for="bbox-${name}">${label}</label><input id="bbox-${name}" data-bbox-part="${i}" type="number" step="any" min="${min}" max="${max}" inputmode="decimal" value="${bbox[i] ?? ''}"></div>`;
  return html`<form class="search-form" id="${FORM_ID}" method="get" action="${PATHS.items}" role="search" aria-label="Cari metadata" data-search-form>
<div class="field">
<label for="q">Kata pencarian</label>
<div class="inline"><input id="q" name="q" type="search" value="${state.q ?? ''}" placeholder="mis. batas administrasi, sungai"><button type="submit">Cari</button></div>
</div>
${state.bbox ? html`<input type="hidden" name="bbox" value="${state.bbox}" data-bbox-value>` : ''}
<fieldset class="bbox-fields" data-bbox-fields hidden>
<legend>Batas wilayah (derajat, WGS 84)</legend>
<p class="hint" id="bbox-hint">Gambar kotak di peta dengan tombol “Gambar kotak”, atau isi keempat koordinat.</p>
<div class="coords">
${coord(0, 'barat', 'Barat', -180, 180)}${coord(1, 'selatan', 'Selatan', -90, 90)}${coord(2, 'timur', 'Timur', -180, 180)}${coord(3, 'utara', 'Utara', -90, 90)}
</div>
</fieldset>
${state.bbox ? html`<p>Batas wilayah: ${state.bbox} · <a href="${urlWith(PATHS.items, { ...state, bbox: undefined, offset: undefined })}">Hapus batas wilayah</a></p>` : ''}
${kept.map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
</form>`;
}

function sortLinks(state: Record<string, string | undefined>): SafeHtml {
  const link = linksFrom(PATHS.items, state);
  return html`<nav class="sort" aria-label="Urutkan hasil"><span class="sort-label">Urutkan:</span> <ul>${SORTS.map(([v, relevance]) => {
    // without search words the service's default order is not a relevance order
    const label = v === undefined && !state.q ? 'Bawaan' : relevance;
    const current = (state.sortby ?? undefined) === v;
    return html`<li><a href="${link({ sortby: v, offset: undefined })}"${current ? html` aria-current="true"` : ''}>${label}</a></li>`;
  })}</ul></nav>`;
}

export function searchPage(json: OarecItems, facets: Facets | undefined, ctx: HtmlPageContext, o: SearchPageOptions): string {
  const state = searchState(ctx.query);
  const groups = facetGroups(facets);
  const features = json.features ?? [];
  const offset = Math.max(0, Number(param(ctx.query, 'offset')) || 0);
  const matched = json.numberMatched;
  const returned = json.numberReturned ?? features.length;
  const count = matched !== undefined ? `${formatCount(matched)} rekaman ditemukan` : 'Rekaman ditemukan';
  const summary = features.length === 0
    ? 'Tidak ada rekaman yang cocok.'
    : `${count}. Menampilkan ${formatCount(offset + 1)}–${formatCount(offset + returned)}${matched !== undefined ? ` dari ${formatCount(matched)}` : ''} rekaman.`;
  const body = html`
<h1>Cari metadata</h1>
<div class="search-grid">
<div class="search-controls">
${searchForm(state, new Set(groups.map((g) => g.name)))}
<div class="map-tools" data-map-tools hidden>
<button type="button" data-draw-toggle aria-pressed="false" aria-describedby="bbox-hint">Gambar kotak</button>
<button type="button" data-draw-clear>Hapus kotak</button>
</div>
${mapFigure({ mode: 'search', bbox: state.bbox ? (state.bbox.split(',').map(Number) as [number, number, number, number]) : undefined, worldUrl: assetUrl('world.geojson'), tileUrl: o.tileUrl, label: 'Peta pencarian: cakupan hasil dan kotak batas wilayah', footprintsId: FOOTPRINTS_ID })}
${footprints(features)}
${dateFields(state)}
${facetsPanel(groups, state)}
</div>
<section class="results" aria-labelledby="h-hasil">
<h2 id="h-hasil">Hasil</h2>
<p role="status" data-result-summary>${summary}</p>
${json.suggestion ? html`<p class="suggestion" data-suggestion>${json.typoTolerant ? 'Tidak ada yang cocok persis; ditampilkan hasil yang ejaannya mirip. ' : ''}Maksud Anda: <a href="${urlWith(PATHS.items, { ...state, q: json.suggestion, offset: undefined })}">${json.suggestion}</a>?</p>` : json.typoTolerant ? html`<p class="suggestion" data-suggestion>Tidak ada yang cocok persis; ditampilkan hasil yang ejaannya mirip.</p>` : ''}
${json.rankWindow !== undefined ? html`<p class="rank-window" data-rank-window>Urutan relevansi bersifat perkiraan: hanya ${formatCount(json.rankWindow)} hasil pertama yang diperingkat. Persempit pencarian atau urutkan untuk urutan yang tepat.</p>` : ''}
${sortLinks(state)}
${features.length ? html`<ol class="result-list" start="${offset + 1}">${features.map((f, i) => resultItem(f, i, o.baseUrl))}</ol>` : ''}
${pager(state, matched, returned)}
<p class="muted">Tautan pencarian ini dapat dibagikan; hasil sebagai <a href="${urlWith(PATHS.items, { ...state, f: 'json' })}">GeoJSON</a>.</p>
</section>
</div>`;
  return pageLayout({
    baseUrl: ctx.baseUrl,
    title: `${state.q ? `${state.q} – ` : ''}Cari metadata – ${o.catalogueName}`,
    jsonUrl: `${ctx.baseUrl}${urlWith(PATHS.items, { ...state, f: 'json' })}`,
    jsonType: 'application/geo+json',
    map: true,
    current: 'cari',
    body,
  });
}
