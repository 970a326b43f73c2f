import { html, type HtmlValue, type SafeHtml } from './html-escape';
import { codeLabel, formatDateIn } from './labels';
import { PATHS } from './page-context';
import { codeWords, pickText, type PageLang } from './page-language';
import type { OarecRichProperties } from './record-feature.types';
import { safeHref } from './record-links';
import type { RecordPageText } from './record-page-text';

/**
 * The record page's sections for the rich view of its ISO document (issue 19 point 7):
 * purpose, lineage, data quality, technical information, constraints, related resources. Each
 * section is left out when the record has nothing for it — a missing element stays missing.
 * Headings, definition lists and tables with column headers, as the rest of the page.
 */
export interface RichSectionContext {
  t: RecordPageText;
  lang: PageLang;
  /** the record's language as an RFC 5646 tag, for `lang` on text shown as written */
  docLang?: string;
}

const row = (label: string, value: HtmlValue): SafeHtml | '' =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;

/** an anchored text: a link when its href is a web address, text otherwise */
const anchored = (text: string, href: string | undefined): SafeHtml => {
  const safe = safeHref(href);
  return safe ? html`<a href="${safe}">${text}</a>` : html`${text}`;
};

const list = (items: SafeHtml[]): SafeHtml | '' => (items.length ? html`<ul class="plain">${items.map((i) => html`<li>${i}</li>`)}</ul>` : '');

/** a free text in the page's language (its translation when the document has one) */
function localised(p: OarecRichProperties, field: string, text: string | undefined, c: RichSectionContext): SafeHtml | '' {
  const picked = pickText(text, p['iso:translations']?.[field], c.lang, c.docLang);
  if (!picked) return '';
  return picked.lang && picked.lang !== c.lang ? html`<p class="prose" lang="${picked.lang}">${picked.text}</p>` : html`<p class="prose">${picked.text}</p>`;
}

export function purposeSection(p: OarecRichProperties, c: RichSectionContext): SafeHtml | '' {
  const body = localised(p, 'purpose', p['iso:purpose'], c);
  return body ? html`<section aria-labelledby="h-tujuan"><h2 id="h-tujuan">${c.t.purpose}</h2>${body}</section>` : '';
}

export function lineageSection(p: OarecRichProperties, c: RichSectionContext): SafeHtml | '' {
  const l = p['iso:lineage'];
  if (!l) return '';
  const statement = localised(p, 'lineage', l.statement, c);
  const counts = html`${row(c.t.processSteps, l.processSteps ? String(l.processSteps) : '')}${row(c.t.sources, l.sources ? String(l.sources) : '')}`;
  if (!statement && !l.processSteps && !l.sources) return '';
  return html`<section aria-labelledby="h-silsilah"><h2 id="h-silsilah">${c.t.lineage}</h2>${statement}${l.processSteps || l.sources ? html`<dl class="pairs">${counts}</dl>` : ''}</section>`;
}

function degree(pass: boolean | undefined, t: RecordPageText): string {
  return pass === true ? t.passed : pass === false ? t.failed : t.notEvaluated;
}

export function qualitySection(p: OarecRichProperties, c: RichSectionContext): SafeHtml | '' {
  const conf = p['iso:conformity'] ?? [];
  const other = p['iso:qualityResults'] ?? [];
  if (conf.length === 0 && other.length === 0) return '';
  const { t } = c;
  const confTable = conf.length ? html`<table><caption>${t.conformity}</caption>
<thead><tr><th scope="col">${t.specification}</th><th scope="col">${t.date}</th><th scope="col">${t.degree}</th><th scope="col">${t.explanation}</th></tr></thead>
<tbody>${conf.map((r) => html`<tr><td>${r.specification ? anchored(r.specification, r.specificationHref) : ''}</td><td>${r.date ? formatDateIn(r.date, c.lang) : ''}${r.dateType ? html` <span class="muted">(${t.dateTypes[r.dateType] ?? r.dateType})</span>` : ''}</td><td>${degree(r.pass, t)}</td><td>${r.explanation ?? ''}</td></tr>`)}</tbody></table>` : '';
  const otherTable = other.length ? html`<table><caption>${t.otherResults}</caption>
<thead><tr><th scope="col">${t.element}</th><th scope="col">${t.measure}</th><th scope="col">${t.value}</th><th scope="col">${t.unit}</th></tr></thead>
<tbody>${other.map((r) => html`<tr><td>${r.element}</td><td>${r.measure ?? ''}</td><td>${r.value ?? ''}</td><td>${r.unit ?? ''}</td></tr>`)}</tbody></table>` : '';
  return html`<section aria-labelledby="h-kualitas"><h2 id="h-kualitas">${t.quality}</h2>${confTable}${otherTable}</section>`;
}

const idText = (i: { code: string; codeSpace?: string; href?: string }): SafeHtml =>
  html`${anchored(i.code, i.href)}${i.codeSpace ? html` <span class="muted">(${i.codeSpace})</span>` : ''}`;

// built once: an Intl.NumberFormat costs tens of µs to make (labels.ts, formatCount)
const NUMBER_FMT = { en: new Intl.NumberFormat('en-GB'), id: new Intl.NumberFormat('id-ID') };

export function technicalSection(p: OarecRichProperties, c: RichSectionContext): SafeHtml | '' {
  const { t, lang } = c;
  const number = (n: number) => NUMBER_FMT[lang === 'en' ? 'en' : 'id'].format(n);
  const resolutions = (p['iso:spatialResolution'] ?? []).map((r) => html`${[
    r.scaleDenominator !== undefined ? `${t.scale} 1:${number(r.scaleDenominator)}` : '',
    r.distance !== undefined ? `${t.distance} ${number(r.distance)}${r.uom ? ` ${r.uom}` : ''}` : '',
  ].filter(Boolean).join(', ')}`);
  const dates = (p['iso:resourceDates'] ?? []).map((d) => html`${t.dateTypes[d.type] ?? codeLabel(undefined, d.type, lang)}: <time datetime="${d.date}">${formatDateIn(d.date, lang)}</time>`);
  const body = html`${row(t.resolution, list(resolutions))}
${row(t.referenceSystems, list((p['iso:referenceSystems'] ?? []).map(idText)))}
${row(t.maintenance, p['iso:maintenanceFrequency'] ? codeLabel('FREKUENSI_PEMBARUAN', p['iso:maintenanceFrequency'], lang) : '')}
${row(t.resourceDates, list(dates))}
${row(t.resourceIds, list((p['iso:identifiers'] ?? []).map(idText)))}`;
  return body.value.trim() ? html`<section aria-labelledby="h-teknis"><h2 id="h-teknis">${t.technical}</h2><dl class="pairs">${body}</dl></section>` : '';
}

/** MD_RestrictionCode in Indonesian (the code list has no reference list of ours); the English page shows the code as words */
const RESTRICTION_ID: Record<string, string> = {
  copyright: 'hak cipta', patent: 'paten', patentPending: 'paten dalam proses', trademark: 'merek dagang', license: 'lisensi',
  intellectualPropertyRights: 'hak kekayaan intelektual', restricted: 'terbatas', otherRestrictions: 'pembatasan lain',
  unrestricted: 'tidak dibatasi', licenceUnrestricted: 'lisensi tanpa batasan', licenceEndUser: 'lisensi pengguna akhir',
  licenceDistributor: 'lisensi distributor', private: 'pribadi', statutory: 'menurut undang-undang', confidential: 'rahasia',
  sensitiveButUnclassified: 'sensitif tetapi tidak diklasifikasikan', in_confidence: 'dalam kepercayaan',
};

export function constraintsSection(p: OarecRichProperties, c: RichSectionContext): SafeHtml | '' {
  const blocks = p['iso:constraints'] ?? [];
  if (blocks.length === 0) return '';
  const { t, lang } = c;
  const kind = { legal: t.legal, security: t.security, other: t.general };
  const codes = (xs: string[] | undefined) => (xs ?? []).map((x) => (lang === 'id' ? RESTRICTION_ID[x] ?? x : codeLabel(undefined, x, lang))).join(', ');
  return html`<section aria-labelledby="h-batasan"><h2 id="h-batasan">${t.constraints}</h2>
${blocks.map((b, i) => html`<h3 id="h-batasan-${i + 1}">${kind[b.kind] ?? t.general}</h3><dl class="pairs" aria-labelledby="h-batasan-${i + 1}">
${row(t.accessConstraints, codes(b.access))}
${row(t.useConstraints, codes(b.use))}
${row(t.otherConstraints, list((b.other ?? []).map((o) => anchored(o.text, o.href))))}
${row(t.useLimitation, list((b.useLimitation ?? []).map((u) => html`${u}`)))}
${row(t.classification, b.classification ? codeLabel('KLASIFIKASI_KEAMANAN', b.classification, lang) : '')}
</dl>`)}
</section>`;
}

/** where an associated resource or an operatesOn target is: its href, else this catalogue's record of its uuidref */
export function relatedHref(r: { href?: string; uuidref?: string }): string | undefined {
  if (r.href && /^https?:\/\//i.test(r.href)) return r.href;
  return r.uuidref ? PATHS.record(r.uuidref) : undefined;
}

export function relatedSection(p: OarecRichProperties, c: RichSectionContext): SafeHtml | '' {
  const { t } = c;
  const rows = [
    ...(p['iso:operatesOn'] ?? []).map((o) => ({ relation: t.operatesOn, name: o.title ?? o.uuidref ?? o.href ?? '', href: relatedHref(o) })),
    ...(p['iso:associations'] ?? []).map((a) => ({
      // DS_AssociationTypeCode has no Indonesian list: the code as words
      relation: a.type ? codeWords(a.type) : t.association,
      name: a.title ?? a.code ?? a.uuidref ?? a.href ?? '',
      href: relatedHref(a),
    })),
  ];
  if (rows.length === 0) return '';
  return html`<section aria-labelledby="h-terkait"><h2 id="h-terkait">${t.related}</h2>
<table><thead><tr><th scope="col">${t.relation}</th><th scope="col">${t.resource}</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${r.relation}</td><td>${anchored(r.name, r.href)}</td></tr>`)}</tbody></table>
</section>`;
}
