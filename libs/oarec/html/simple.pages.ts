import { html, type HtmlValue, type SafeHtml } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS, type HtmlPageContext } from './page-context';
import type { OarecLink } from './record-feature.types';
import { safeHref } from './record-links';

/** Conformance, collections, one collection and its queryables: plain readable HTML of the JSON. */
interface Titled {
  title?: string;
  description?: string;
  links?: OarecLink[];
  [k: string]: unknown;
}

const linkList = (links: OarecLink[] | undefined): SafeHtml =>
  links?.length
    ? html`<ul class="links">${links.map((l) => {
      const href = safeHref(l.href);
      return html`<li>${href ? html`<a href="${href}">${l.title ?? l.href}</a>` : l.href} <span class="muted">(${[l.rel, l.type].filter(Boolean).join(', ')})</span></li>`;
    })}</ul>`
    : html``;

function page(ctx: HtmlPageContext, path: string, title: string, body: HtmlValue, jsonType = 'application/json'): string {
  return pageLayout({ baseUrl: ctx.baseUrl, title, jsonUrl: `${ctx.baseUrl}${path}?f=json`, jsonType, current: 'api', body });
}

export function conformancePage(json: { conformsTo?: string[] }, ctx: HtmlPageContext): string {
  return page(ctx, PATHS.conformance, 'Kesesuaian standar', html`
<h1>Kesesuaian standar</h1>
<p>Kelas kesesuaian OGC API yang dipenuhi layanan ini.</p>
<ul class="plain">${(json.conformsTo ?? []).map((c) => html`<li><code>${c}</code></li>`)}</ul>`);
}

function collectionBlock(c: Titled & { id?: string; itemType?: string }, headingLevel: 2 | 1): SafeHtml {
  const title = c.title ?? c.id ?? '';
  return html`<section class="card" aria-label="${title}">
${headingLevel === 1 ? html`<h1>${title}</h1>` : html`<h2><a href="${PATHS.collections}/${encodeURIComponent(c.id ?? '')}">${title}</a></h2>`}
${c.description ? html`<p>${c.description}</p>` : ''}
<dl class="pairs"><dt>Pengenal</dt><dd><code>${c.id}</code></dd>${c.itemType ? html`<dt>Jenis butir</dt><dd>${c.itemType}</dd>` : ''}</dl>
<p><a href="${PATHS.items}">Cari rekaman di koleksi ini</a> · <a href="${PATHS.queryables}">Queryables</a></p>
${headingLevel === 1 ? html`<h2>Tautan</h2>${linkList(c.links)}` : ''}
</section>`;
}

export function collectionsPage(json: { collections?: (Titled & { id?: string })[] }, ctx: HtmlPageContext): string {
  return page(ctx, PATHS.collections, 'Koleksi', html`<h1>Koleksi</h1>${(json.collections ?? []).map((c) => collectionBlock(c, 2))}`);
}

export function collectionPage(json: Titled & { id?: string }, ctx: HtmlPageContext): string {
  return page(ctx, PATHS.collection, json.title ?? 'Koleksi', collectionBlock(json, 1));
}

export function queryablesPage(json: Titled & { properties?: Record<string, { title?: string; description?: string; type?: string; format?: string; $ref?: string }> }, ctx: HtmlPageContext): string {
  const props = Object.entries(json.properties ?? {});
  return page(ctx, PATHS.queryables, 'Queryables', html`
<h1>Queryables</h1>
<p>Properti yang dapat dipakai dalam parameter kueri dan filter CQL2 koleksi ini.</p>
<table>
<caption>Daftar queryables</caption>
<thead><tr><th scope="col">Nama</th><th scope="col">Judul</th><th scope="col">Tipe</th></tr></thead>
<tbody>${props.map(([name, p]) => html`<tr><th scope="row"><code>${name}</code></th><td>${p.title ?? p.description ?? ''}</td><td>${p.format ?? p.type ?? p.$ref ?? ''}</td></tr>`)}</tbody>
</table>`, 'application/schema+json');
}
