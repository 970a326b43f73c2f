import { html, jsonForScript, type HtmlValue, type SafeHtml } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS } from './page-context';
import type { OarecContact, OarecRecord } from './record-feature.types';
import { recordBbox, recordTimeRange } from './record-geometry';
import { distributionLinks, isOwnUrl, linkByRel, safeHref } from './record-links';
import { recordJsonLd, licenseUrl } from './record-jsonld';
import { codeLabel, formatDateIn } from './labels';
import { pickText, type PageLang } from './page-language';
import type { OarecRichProperties } from './record-feature.types';
import { recordPageText, type RecordPageText } from './record-page-text';
import {
  constraintsSection, lineageSection, purposeSection, qualitySection, relatedHref, relatedSection, technicalSection, type RichSectionContext,
} from './record-rich-sections';
import { bboxText, mapFigure } from './map-figure';
import { assetUrl } from './static-assets';

export interface RecordPageOptions {
  baseUrl: string;
  catalogueName: string;
  tileUrl?: string;
  /** the page's language (`?lang=en`, page-language.ts); Indonesian when absent */
  lang?: PageLang;
}

/** Properties this page shows in their own sections; anything else goes to "Informasi lain". */
const SHOWN = new Set([
  'type', 'title', 'description', 'keywords', 'themes', 'language', 'languages', 'resourceLanguages',
  'externalIds', 'formats', 'contacts', 'license', 'rights', 'created', 'updated', 'publicationDate',
]);

/** the rich view's properties have their own sections (record-rich-sections.ts) */
const isRich = (key: string): boolean => key.startsWith('iso:');

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
function schemeLabel(scheme: string, t: RecordPageText): string {
  return /TopicCategory/i.test(scheme) ? t.topicScheme : scheme;
}

function langText(l: { code: string; name?: string } | string | undefined): string | undefined {
  if (!l) return undefined;
  return typeof l === 'string' ? l : l.name ? `${l.name} (${l.code})` : l.code;
}

function contactCard(c: OarecContact, t: RecordPageText, lang: PageLang): SafeHtml {
  const addr = (c.addresses ?? []).map((a) => [...(a.deliveryPoint ?? []), a.city, a.administrativeArea, a.postalCode, a.country].filter(Boolean).join(', '));
  return html`<li class="card">
<p class="card-title">${c.organization ?? c.name}</p>
<dl class="pairs">
${row(t.role, (c.roles ?? []).map((r) => codeLabel('PERAN_KONTAK', r, lang)).join(', '))}
${c.organization && c.name ? row(t.name, c.name) : ''}
${row(t.position, c.position)}
${row(t.email, (c.emails ?? []).map((e, i) => html`${i ? ', ' : ''}<a href="mailto:${e.value}">${e.value}</a>`))}
${row(t.phone, (c.phones ?? []).map((p) => p.value).join(', '))}
${row(t.address, addr.join('; '))}
${row(t.hours, c.hoursOfService)}
${row(t.instructions, c.contactInstructions)}
</dl>
</li>`;
}

function otherValue(v: unknown): HtmlValue {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return html`<ul>${v.map((x) => html`<li>${otherValue(x)}</li>`)}</ul>`;
  return html`<pre class="json">${JSON.stringify(v, null, 2)}</pre>`;
}


/** a format with its version (`iso:version`, record-rich.ts) */
function formatText(f: { name?: string; mediaType?: string; [k: string]: unknown }): string | undefined {
  const name = f.name ?? f.mediaType;
  const version = typeof f['iso:version'] === 'string' ? f['iso:version'] : undefined;
  return name && version ? `${name} ${version}` : name;
}

/** `?lang=…` of this page, keeping nothing else (the record page has no other parameter) */
const langHref = (self: string, lang: PageLang): string => (lang === 'id' ? self.replace(/^https?:\/\/[^/]+/, '') : `${self.replace(/^https?:\/\/[^/]+/, '')}?lang=${lang}`);

export function recordPage(rec: OarecRecord, o: RecordPageOptions): string {
  const lang = o.lang ?? 'id';
  const t = recordPageText(lang);
  const p = rec.properties ?? {};
  const rich = p as OarecRichProperties;
  const docLang = typeof p.language === 'object' && p.language ? p.language.code : typeof p.language === 'string' ? p.language : undefined;
  const rc: RichSectionContext = { t, lang, ...(docLang ? { docLang } : {}) };
  const shownTitle = pickText(p.title, rich['iso:translations']?.title, lang, docLang);
  const title = shownTitle?.text ?? rec.id;
  const titleLang = shownTitle?.lang && shownTitle.lang !== lang ? shownTitle.lang : undefined;
  const abstract = pickText(p.description, rich['iso:translations']?.description, lang, docLang);
  const box = recordBbox(rec);
  const time = recordTimeRange(rec);
  const self = `${o.baseUrl}${PATHS.record(rec.id)}`;
  const preview = safeHref(linkByRel(rec, 'preview')?.href);
  const license = licenseUrl(rec);
  // associated resources and operatesOn have their own section, not the distributions'
  const relatedHrefs = new Set([...(rich['iso:operatesOn'] ?? []), ...(rich['iso:associations'] ?? [])]
    .map(relatedHref).filter((h): h is string => !!h).map((h) => (h.startsWith('/') ? `${o.baseUrl}${h}` : h)));
  const dists = distributionLinks(rec).filter((l) => !(l.rel === 'related' && !l.protocol && relatedHrefs.has(l.href)));
  const others = Object.entries(p).filter(([k, v]) => !SHOWN.has(k) && !isRich(k) && v !== null && v !== undefined && v !== '');
  const jsonLd = recordJsonLd(rec, { baseUrl: o.baseUrl, catalogueName: o.catalogueName });
  const date = (d: string | undefined) => formatDateIn(d, lang);
  const timeText = time ? (time.instant ? date(time.instant) : `${time.start ? date(time.start) : t.openStart} – ${time.end ? date(time.end) : t.openEnd}`) : '';
  const other: PageLang = t.switchLang;

  const body = html`
<nav aria-label="${t.breadcrumbs}" class="crumbs"><a href="${PATHS.landing}">${t.home}</a> › <a href="${PATHS.items}">${t.search}</a> › <span${titleLang ? html` lang="${titleLang}"` : ''}>${title}</span></nav>
<article class="record" aria-labelledby="judul-rekaman">
<h1 id="judul-rekaman"${titleLang ? html` lang="${titleLang}"` : ''}>${title}</h1>
<p class="meta">${p.type ? html`<span class="badge">${codeLabel('LEVEL_HIERARKI', p.type, lang)}</span> ` : ''}${t.identifier}: <code>${rec.id}</code> · <a href="${langHref(self, other)}" hreflang="${other}" lang="${other}">${t.switchTo}</a></p>
<div class="record-grid">
<div class="record-main">
${abstract ? html`<section aria-labelledby="h-abstrak"><h2 id="h-abstrak">${t.abstract}</h2><p class="prose"${abstract.lang && abstract.lang !== lang ? html` lang="${abstract.lang}"` : ''}>${abstract.text}</p></section>` : ''}
${purposeSection(rich, rc)}
<section aria-labelledby="h-info"><h2 id="h-info">${t.mainInfo}</h2>
<dl class="pairs">
${row(t.resourceType, p.type ? codeLabel('LEVEL_HIERARKI', p.type, lang) : '')}
${row(t.metadataLanguage, langText(p.language))}
${row(t.languages, (p.languages ?? []).map(langText).join(', '))}
${row(t.resourceLanguages, (p.resourceLanguages ?? []).map(langText).join(', '))}
${row(t.keywords, (p.keywords ?? []).length ? html`<ul class="tags">${(p.keywords ?? []).map((k) => html`<li><a href="${PATHS.items}?q=${encodeURIComponent(k)}">${k}</a></li>`)}</ul>` : '')}
${row(t.formats, (p.formats ?? []).map(formatText).filter(Boolean).join(', '))}
${row(t.license, p.license ? html`<span id="lisensi">${license ? html`<a href="${license}">${p.license === 'other' ? t.seeLicense : p.license}</a>` : p.license}</span>` : '')}
${row(t.rights, p.rights)}
${row(t.otherIds, (p.externalIds ?? []).map((e) => (e.scheme ? `${e.value} (${e.scheme})` : e.value)).join(', '))}
${rich['iso:resourceDates'] ? '' : row(t.publicationDate, typeof p.publicationDate === 'string' ? date(p.publicationDate) : '')}
${row(t.recordCreated, date(p.created))}
${row(t.recordUpdated, p.updated ? html`<time datetime="${p.updated}">${date(p.updated)}</time>` : '')}
</dl></section>
${(p.themes ?? []).length ? html`<section aria-labelledby="h-tema"><h2 id="h-tema">${t.themes}</h2><dl class="pairs">${(p.themes ?? []).map((th) =>
    row(schemeLabel(th.scheme, t), th.concepts.map((c) => c.title ?? codeLabel('TOPIK_KATEGORI', c.id, lang)).join(', ')))}</dl></section>` : ''}
${technicalSection(rich, rc)}
${lineageSection(rich, rc)}
${qualitySection(rich, rc)}
${constraintsSection(rich, rc)}
<section aria-labelledby="h-cakupan"><h2 id="h-cakupan">${t.extent}</h2>
<dl class="pairs">
${row(t.temporalExtent, timeText || t.notStated)}
${row(t.spatialExtent, box ? bboxText(box) : t.notStated)}
</dl>
${box ? mapFigure({ mode: 'record', bbox: box, worldUrl: assetUrl('world.geojson'), tileUrl: o.tileUrl, label: t.mapLabel }) : ''}
</section>
${(p.contacts ?? []).length ? html`<section aria-labelledby="h-kontak"><h2 id="h-kontak">${t.contacts}</h2><ul class="cards">${(p.contacts ?? []).map((c) => contactCard(c, t, lang))}</ul></section>` : ''}
<section aria-labelledby="h-distribusi"><h2 id="h-distribusi">${t.distributions}</h2>
${dists.length ? html`<ul class="links">${dists.map((l) => {
    const href = safeHref(l.href);
    const label = l.title ?? l.name ?? l.href;
    const kind = [l.protocol, l.type].filter(Boolean).join(', ');
    return html`<li>${href ? html`<a href="${href}">${label}</a>` : label}${kind ? html` <span class="muted">(${kind})</span>` : ''}${l.description ? html`<br><span class="muted">${l.description}</span>` : ''}</li>`;
  })}</ul>` : html`<p>${t.noDistributions}</p>`}
</section>
${relatedSection(rich, rc)}
${others.length ? html`<section aria-labelledby="h-lain"><h2 id="h-lain">${t.other}</h2><dl class="pairs">${others.map(([k, v]) => row(lang === 'id' ? EXTRA_LABELS[k] ?? k : k, otherValue(v)))}</dl></section>` : ''}
</div>
<aside class="record-side" aria-label="${t.side}">
${preview ? (isOwnUrl(preview, o.baseUrl)
    ? html`<figure class="thumb"><img src="${preview}" alt="${t.previewOf} ${title}" loading="lazy"><figcaption>${t.preview}</figcaption></figure>`
    : html`<p><a href="${preview}">${t.previewElsewhere}</a> <span class="muted">${t.elsewhere}</span></p>`) : ''}
<h2>${t.metadata}</h2>
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
    lang,
    title: `${title} – ${o.catalogueName}`,
    description: abstract ? abstract.text.slice(0, 300) : undefined,
    jsonUrl: `${self}?f=json`,
    jsonType: 'application/geo+json',
    map: Boolean(box),
    current: 'cari',
    head: html`<link rel="canonical" href="${self}">
<link rel="alternate" hreflang="${other}" href="${other === 'id' ? self : `${self}?lang=${other}`}">
<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    body,
  });
}

