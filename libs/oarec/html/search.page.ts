import { html, type SafeHtml } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS, param, searchState, urlWith, type HtmlPageContext } from './page-context';
import type { Facets, OarecItems, OarecRecord } from './record-feature.types';
import { facetGroups, facetsPanel } from './search-facets';
import { formatCount, formatDate, typeLabel } from './labels';
import { mapFigure } from './map-figure';
import { assetUrl } from './static-assets';

export interface SearchPageOptions {
  catalogueName: string;
  tileUrl?: string;
}

/** Sort choices as links (not a select): no empty `sortby=` without JavaScript, and each order is a shareable URL. */
const SORTS: [string | undefined, string][] = [
  [undefined, 'Bawaan'],
  ['title', 'Judul A–Z'],
  ['-title', 'Judul Z–A'],
  ['-updated', 'Terbaru diperbarui'],
  ['updated', 'Terlama diperbarui'],
];

const DEFAULT_LIMIT = 10;

function excerpt(text: string | undefined, max = 280): string {
  if (!text) return '';
  return text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')} …`;
}

function resultItem(f: OarecRecord): SafeHtml {
  const p = f.properties ?? {};
  return html`<li class="result">
<h3><a href="${PATHS.record(f.id)}">${p.title ?? f.id}</a></h3>
<p class="meta">${p.type ? html`<span class="badge">${typeLabel(p.type)}</span> ` : ''}${p.updated ? html`diperbarui <time datetime="${p.updated}">${formatDate(p.updated)}</time>` : ''}</p>
${p.description ? html`<p>${excerpt(p.description)}</p>` : ''}
${(p.keywords ?? []).length ? html`<p class="muted">Kata kunci: ${(p.keywords ?? []).slice(0, 8).join(', ')}</p>` : ''}
</li>`;
}

/** The search form: free text, the box (map or four coordinates), sort; facets and paging are links. */
function searchForm(state: Record<string, string | undefined>, facetNames: Set<string>): SafeHtml {
  const bbox = state.bbox?.split(',') ?? [];
  // the rest of the state (facets, sort, limit) rides along in hidden fields; paging restarts
  const kept = Object.entries(state).filter(([k, v]) => v !== undefined && (facetNames.has(k) || !['q', 'bbox', 'offset'].includes(k)));
  const coord = (i: number, name: string, label: string, min: number, max: number) =>
    html`<div class="coord"><label for="bbox-${name}">${label}</label><input id="bbox-${name}" data-bbox-part="${i}" type="number" step="any" min="${min}" max="${max}" inputmode="decimal" value="${bbox[i] ?? ''}"></div>`;
  return html`<form class="search-form" method="get" action="${PATHS.items}" role="search" aria-label="Cari metadata" data-search-form>
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
  return html`<nav class="sort" aria-label="Urutkan hasil"><span class="sort-label">Urutkan:</span> <ul>${SORTS.map(([v, label]) => {
    const current = (state.sortby ?? undefined) === v;
    return html`<li><a href="${urlWith(PATHS.items, { ...state, sortby: v, offset: undefined })}"${current ? html` aria-current="true"` : ''}>${label}</a></li>`;
  })}</ul></nav>`;
}

function pager(state: Record<string, string | undefined>, matched: number | undefined, returned: number): SafeHtml {
  const limit = Math.max(1, Number(state.limit) || DEFAULT_LIMIT);
  const offset = Math.max(0, Number(state.offset) || 0);
  const prev = offset > 0 ? urlWith(PATHS.items, { ...state, offset: String(Math.max(0, offset - limit)) }) : undefined;
  const hasNext = matched !== undefined ? offset + returned < matched : returned >= limit;
  const next = hasNext ? urlWith(PATHS.items, { ...state, offset: String(offset + limit) }) : undefined;
  if (!prev && !next) return html``;
  return html`<nav class="pager" aria-label="Halaman hasil">
${prev ? html`<a rel="prev" href="${prev}">‹ Sebelumnya</a>` : ''}
<span>Halaman ${Math.floor(offset / limit) + 1}${matched !== undefined ? html` dari ${formatCount(Math.max(1, Math.ceil(matched / limit)))}` : ''}</span>
${next ? html`<a rel="next" href="${next}">Berikutnya ›</a>` : ''}
</nav>`;
}

export function searchPage(json: OarecItems, facets: Facets | undefined, ctx: HtmlPageContext, o: SearchPageOptions): string {
  const state = searchState(ctx.query);
  const groups = facetGroups(facets);
  const features = json.features ?? [];
  const offset = Math.max(0, Number(param(ctx.query, 'offset')) || 0);
  const matched = json.numberMatched;
  const returned = json.numberReturned ?? features.length;
  const summary = features.length === 0
    ? 'Tidak ada rekaman yang cocok.'
    : `Menampilkan ${formatCount(offset + 1)}–${formatCount(offset + returned)}${matched !== undefined ? ` dari ${formatCount(matched)}` : ''} rekaman.`;
  const body = html`
<h1>Cari metadata</h1>
<div class="search-grid">
<div class="search-controls">
${searchForm(state, new Set(groups.map((g) => g.name)))}
<div class="map-tools" data-map-tools hidden>
<button type="button" data-draw-toggle aria-pressed="false" aria-describedby="bbox-hint">Gambar kotak</button>
<button type="button" data-draw-clear>Hapus kotak</button>
</div>
${mapFigure({ mode: 'search', bbox: state.bbox ? (state.bbox.split(',').map(Number) as [number, number, number, number]) : undefined, worldUrl: assetUrl('world.geojson'), tileUrl: o.tileUrl, label: 'Peta pencarian: seret kotak untuk membatasi wilayah' })}
${facetsPanel(groups, state)}
</div>
<section class="results" aria-labelledby="h-hasil">
<h2 id="h-hasil">Hasil</h2>
<p role="status" data-result-summary>${summary}</p>
${json.suggestion ? html`<p class="suggestion" data-suggestion>${json.typoTolerant ? 'Tidak ada yang cocok persis; ditampilkan hasil yang ejaannya mirip. ' : ''}Maksud Anda: <a href="${urlWith(PATHS.items, { ...state, q: json.suggestion, offset: undefined })}">${json.suggestion}</a>?</p>` : json.typoTolerant ? html`<p class="suggestion" data-suggestion>Tidak ada yang cocok persis; ditampilkan hasil yang ejaannya mirip.</p>` : ''}
${sortLinks(state)}
${features.length ? html`<ol class="result-list" start="${offset + 1}">${features.map(resultItem)}</ol>` : ''}
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
