import { html } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS, type HtmlPageContext } from './page-context';
import type { CatalogueSummary } from '../../catalogue/public-pages.ports';
import { formatCount, formatDate, typeLabel } from './labels';

export interface HomePageData {
  title: string;
  abstract: string;
  summary: CatalogueSummary;
}

/** `/` as HTML: who runs the catalogue (CSW identity), a search box, figures, recent publications, the machine interfaces. */
export function homePage(d: HomePageData, ctx: HtmlPageContext): string {
  const s = d.summary;
  const body = html`
<section class="hero" aria-labelledby="judul">
<h1 id="judul">${d.title}</h1>
${d.abstract ? html`<p class="lead">${d.abstract}</p>` : ''}
<form class="search-form hero-search" method="get" action="${PATHS.items}" role="search" aria-label="Cari metadata" data-search-form>
<label for="q-beranda">Cari metadata</label>
<div class="inline"><input id="q-beranda" name="q" type="search" placeholder="mis. peta rupabumi, curah hujan"><button type="submit">Cari</button></div>
</form>
</section>
<div class="home-grid">
<section aria-labelledby="h-angka">
<h2 id="h-angka">Isi katalog</h2>
<dl class="figures">
<div><dt>Rekaman dipublikasikan</dt><dd>${formatCount(s.published)}</dd></div>
${s.byType.map((t) => html`<div><dt>${typeLabel(t.type)}</dt><dd><a href="${PATHS.items}?type=${encodeURIComponent(t.type)}">${formatCount(t.count)}</a></dd></div>`)}
<div><dt>Organisasi</dt><dd>${formatCount(s.organisations)}</dd></div>
</dl>
</section>
<section aria-labelledby="h-terbaru">
<h2 id="h-terbaru">Publikasi terbaru</h2>
${s.recent.length ? html`<ul class="recent">${s.recent.map((r) => html`<li><a href="${PATHS.record(r.id)}">${r.title || r.id}</a> <span class="muted"><time datetime="${r.publishedAt}">${formatDate(r.publishedAt)}</time></span></li>`)}</ul>` : html`<p>Belum ada rekaman yang dipublikasikan.</p>`}
<p><a href="${PATHS.items}?sortby=-updated">Semua rekaman, terbaru lebih dulu</a></p>
</section>
<section aria-labelledby="h-api">
<h2 id="h-api">Untuk perangkat lunak</h2>
<ul class="links">
<li><a href="${PATHS.landing}?f=json">OGC API – Records (JSON)</a></li>
<li><a href="${PATHS.openapi}">Dokumen OpenAPI 3.0</a></li>
<li><a href="/metadata/csw?service=CSW&amp;request=GetCapabilities">CSW 2.0.2 GetCapabilities</a></li>
<li><a href="/oai?verb=Identify">OAI-PMH</a></li>
<li><a href="/api/docs">Dokumentasi REST API</a></li>
<li><a href="${PATHS.conformance}">Kesesuaian standar</a> · <a href="${PATHS.collections}">Koleksi</a></li>
</ul>
</section>
</div>`;
  return pageLayout({ baseUrl: ctx.baseUrl, title: d.title, description: d.abstract || undefined, jsonUrl: `${ctx.baseUrl}/?f=json`, current: 'beranda', body });
}
