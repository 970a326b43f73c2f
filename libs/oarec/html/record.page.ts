import { html, jsonForScript, type HtmlValue, type SafeHtml } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS } from './page-context';
import type { OarecContact, OarecRecord } from './record-feature.types';
import { recordBbox, recordTimeRange } from './record-geometry';
import { distributionLinks, isOwnUrl, linkByRel, safeHref } from './record-links';
import { recordJsonLd, licenseUrl } from './record-jsonld';
import { formatDate, roleLabel, topicLabel, typeLabel } from './labels';
import { bboxText, mapFigure } from './map-figure';
import { assetUrl } from './static-assets';

export interface RecordPageOptions {
  baseUrl: string;
  catalogueName: string;
  tileUrl?: string;
}

/** Properties this page shows in their own sections; anything else goes to "Informasi lain". */
const SHOWN = new Set([
  'type', 'title', 'description', 'keywords', 'themes', 'language', 'languages', 'resourceLanguages',
  'externalIds', 'formats', 'contacts', 'license', 'rights', 'created', 'updated',
]);

/** Indonesian names of properties beyond the core record that the Records side may add. */
const EXTRA_LABELS: Record<string, string> = {
  lineage: 'Silsilah data', purpose: 'Tujuan', progressStatus: 'Status progres', maintenanceFrequency: 'Frekuensi pembaruan',
  spatialRepresentationType: 'Representasi spasial', referenceSystem: 'Sistem referensi', spatialResolution: 'Resolusi spasial',
  dataQuality: 'Kualitas data', classification: 'Klasifikasi keamanan', spatialCoverage: 'Nama wilayah', relations: 'Sumber daya terkait',
  sources: 'Sumber', resourceType: 'Tipe sumber daya (DCMI)', serviceType: 'Jenis layanan', dates: 'Tanggal sumber daya',
};

const row = (label: string, value: HtmlValue): SafeHtml | '' =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;

/** ISO topic categories are a theme scheme given by a long code-list URL: name it. */
function schemeLabel(scheme: string): string {
  return /TopicCategory/i.test(scheme) ? 'Kategori topik (ISO 19115)' : scheme;
}

function langText(l: { code: string; name?: string } | string | undefined): string | undefined {
  if (!l) return undefined;
  return typeof l === 'string' ? l : l.name ? `${l.name} (${l.code})` : l.code;
}

function contactCard(c: OarecContact): SafeHtml {
  const addr = (c.addresses ?? []).map((a) => [...(a.deliveryPoint ?? []), a.city, a.administrativeArea, a.postalCode, a.country].filter(Boolean).join(', '));
  return html`<li class="card">
<p class="card-title">${c.organization ?? c.name}</p>
<dl class="pairs">
${row('Peran', (c.roles ?? []).map(roleLabel).join(', '))}
${c.organization && c.name ? row('Nama', c.name) : ''}
${row('Jabatan', c.position)}
${row('Surel', (c.emails ?? []).map((e, i) => html`${i ? ', ' : ''}<a href="mailto:${e.value}">${e.value}</a>`))}
${row('Telepon', (c.phones ?? []).map((p) => p.value).join(', '))}
${row('Alamat', addr.join('; '))}
${row('Jam layanan', c.hoursOfService)}
${row('Petunjuk kontak', c.contactInstructions)}
</dl>
</li>`;
}

function otherValue(v: unknown): HtmlValue {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return html`<ul>${v.map((x) => html`<li>${otherValue(x)}</li>`)}</ul>`;
  return html`<pre class="json">${JSON.stringify(v, null, 2)}</pre>`;
}


export function recordPage(rec: OarecRecord, o: RecordPageOptions): string {
  const p = rec.properties ?? {};
  const title = p.title ?? rec.id;
  const box = recordBbox(rec);
  const time = recordTimeRange(rec);
  const self = `${o.baseUrl}${PATHS.record(rec.id)}`;
  const preview = safeHref(linkByRel(rec, 'preview')?.href);
  const license = licenseUrl(rec);
  const dists = distributionLinks(rec);
  const others = Object.entries(p).filter(([k, v]) => !SHOWN.has(k) && v !== null && v !== undefined && v !== '');
  const jsonLd = recordJsonLd(rec, { baseUrl: o.baseUrl, catalogueName: o.catalogueName });
  const timeText = time ? (time.instant ? formatDate(time.instant) : `${time.start ? formatDate(time.start) : 'tidak dibatasi'} – ${time.end ? formatDate(time.end) : 'sekarang/tidak dibatasi'}`) : '';

  const body = html`
<nav aria-label="Remah roti" class="crumbs"><a href="${PATHS.landing}">Beranda</a> › <a href="${PATHS.items}">Cari metadata</a> › <span>${title}</span></nav>
<article class="record" aria-labelledby="judul-rekaman">
<h1 id="judul-rekaman">${title}</h1>
<p class="meta">${p.type ? html`<span class="badge">${typeLabel(p.type)}</span> ` : ''}Pengenal: <code>${rec.id}</code></p>
<div class="record-grid">
<div class="record-main">
${p.description ? html`<section aria-labelledby="h-abstrak"><h2 id="h-abstrak">Abstrak</h2><p class="prose">${p.description}</p></section>` : ''}
<section aria-labelledby="h-info"><h2 id="h-info">Informasi utama</h2>
<dl class="pairs">
${row('Jenis sumber daya', p.type ? typeLabel(p.type) : '')}
${row('Bahasa metadata', langText(p.language))}
${row('Bahasa', (p.languages ?? []).map(langText).join(', '))}
${row('Bahasa sumber daya', (p.resourceLanguages ?? []).map(langText).join(', '))}
${row('Kata kunci', (p.keywords ?? []).length ? html`<ul class="tags">${(p.keywords ?? []).map((k) => html`<li><a href="${PATHS.items}?q=${encodeURIComponent(k)}">${k}</a></li>`)}</ul>` : '')}
${row('Format', (p.formats ?? []).map((f) => f.name ?? f.mediaType).filter(Boolean).join(', '))}
${row('Lisensi', p.license ? html`<span id="lisensi">${license ? html`<a href="${license}">${p.license === 'other' ? 'lihat lisensi' : p.license}</a>` : p.license}</span>` : '')}
${row('Hak dan batasan', p.rights)}
${row('Pengenal lain', (p.externalIds ?? []).map((e) => (e.scheme ? `${e.value} (${e.scheme})` : e.value)).join(', '))}
${row('Rekaman dibuat', formatDate(p.created))}
${row('Rekaman diperbarui', p.updated ? html`<time datetime="${p.updated}">${formatDate(p.updated)}</time>` : '')}
</dl></section>
${(p.themes ?? []).length ? html`<section aria-labelledby="h-tema"><h2 id="h-tema">Tema</h2><dl class="pairs">${(p.themes ?? []).map((t) =>
    row(schemeLabel(t.scheme), t.concepts.map((c) => c.title ?? topicLabel(c.id)).join(', ')))}</dl></section>` : ''}
<section aria-labelledby="h-cakupan"><h2 id="h-cakupan">Cakupan</h2>
<dl class="pairs">
${row('Cakupan waktu', timeText || 'tidak disebutkan')}
${row('Cakupan wilayah', box ? bboxText(box) : 'tidak disebutkan')}
</dl>
${box ? mapFigure({ mode: 'record', bbox: box, worldUrl: assetUrl('world.geojson'), tileUrl: o.tileUrl, label: 'Peta cakupan wilayah rekaman' }) : ''}
</section>
${(p.contacts ?? []).length ? html`<section aria-labelledby="h-kontak"><h2 id="h-kontak">Kontak</h2><ul class="cards">${(p.contacts ?? []).map(contactCard)}</ul></section>` : ''}
<section aria-labelledby="h-distribusi"><h2 id="h-distribusi">Distribusi dan layanan</h2>
${dists.length ? html`<ul class="links">${dists.map((l) => {
    const href = safeHref(l.href);
    const label = l.title ?? l.name ?? l.href;
    const kind = [l.protocol, l.type].filter(Boolean).join(', ');
    return html`<li>${href ? html`<a href="${href}">${label}</a>` : label}${kind ? html` <span class="muted">(${kind})</span>` : ''}${l.description ? html`<br><span class="muted">${l.description}</span>` : ''}</li>`;
  })}</ul>` : html`<p>Tidak ada tautan distribusi.</p>`}
</section>
${others.length ? html`<section aria-labelledby="h-lain"><h2 id="h-lain">Informasi lain</h2><dl class="pairs">${others.map(([k, v]) => row(EXTRA_LABELS[k] ?? k, otherValue(v)))}</dl></section>` : ''}
</div>
<aside class="record-side" aria-label="Pratinjau dan unduhan metadata">
${preview ? (isOwnUrl(preview, o.baseUrl)
    ? html`<figure class="thumb"><img src="${preview}" alt="Pratinjau ${title}" loading="lazy"><figcaption>Pratinjau</figcaption></figure>`
    : html`<p><a href="${preview}">Lihat gambar pratinjau</a> <span class="muted">(di situs lain)</span></p>`) : ''}
<h2>Metadata</h2>
<ul class="links">
<li><a href="${self}?f=json">GeoJSON (OGC API – Records)</a></li>
<li><a href="${self}?f=iso19139">ISO 19139 XML</a></li>
<li><a href="${self}?f=iso19115-3">ISO 19115-3 XML</a></li>
</ul>
</aside>
</div>
</article>`;
  return pageLayout({
    baseUrl: o.baseUrl,
    title: `${title} – ${o.catalogueName}`,
    description: p.description ? p.description.slice(0, 300) : undefined,
    jsonUrl: `${self}?f=json`,
    jsonType: 'application/geo+json',
    map: Boolean(box),
    current: 'cari',
    head: html`<link rel="canonical" href="${self}">
<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    body,
  });
}
