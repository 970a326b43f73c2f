import { html, type SafeHtml } from './html-escape';
import { pageLayout } from './page-layout';
import { PATHS, searchState, urlWith, type HtmlPageContext } from './page-context';
import { DATE_FIELDS } from './search-date-fields';

/**
 * The error pages a person's browser gets (the client asked for HTML): the same frame as every
 * public page, the service's own message, what to write instead for the parameter at fault,
 * and a way back. JSON clients keep the OGC API exception JSON; this renders that JSON.
 */
export interface ErrorPageInput {
  status: number;
  /** the exception's code (InvalidParameterValue, NotFound …) */
  code?: string;
  /** the exception's description: already Indonesian, already names the parameter */
  description?: string;
  /** the path asked for (decides which way back the 404 offers) */
  path: string;
}

/** What a valid value looks like, per parameter of the search (the message says what was wrong). */
const PARAMETER_HELP: Record<string, string> = {
  bbox: 'Tulis empat angka dipisahkan koma: barat,selatan,timur,utara dalam derajat (bujur −180…180, lintang −90…90), mis. bbox=95,-11,141,6.',
  datetime: 'Tulis satu tanggal (2020-05-01) atau rentang awal/akhir (2020-01-01/2020-12-31); “..” untuk ujung terbuka, mis. 2020-01-01/..',
  limit: 'Tulis bilangan bulat 1 sampai 1000, mis. limit=20.',
  offset: 'Tulis bilangan bulat 0 atau lebih, mis. offset=20.',
  sortby: 'Gunakan properti yang dapat diurutkan (title, updated, publicationDate …), dengan awalan - untuk urutan turun, mis. sortby=-updated.',
  filter: 'Periksa sintaks CQL2, mis. filter=publicationDate >= DATE(\'2020-01-01\').',
  q: 'Tulis satu kata pencarian atau lebih.',
  f: 'Gunakan f=html atau f=json.',
};
// the search page's date inputs (search-date-fields.ts)
const DATE_HELP = 'Isi tanggal berbentuk TTTT-BB-HH, mis. 2020-01-31, atau kosongkan.';
for (const name of Object.values(DATE_FIELDS)) PARAMETER_HELP[name] = DATE_HELP;

/** The parameter an InvalidParameterValue names (`Parameter "bbox" tidak valid: …`, see oarec-error.ts). */
export function faultyParameter(description: string | undefined): string | undefined {
  return /^Parameter "([^"]{1,60})"/.exec(description ?? '')?.[1];
}

function wayBack(input: ErrorPageInput, ctx: HtmlPageContext): SafeHtml {
  const param = faultyParameter(input.description);
  const links: SafeHtml[] = [];
  if (input.status === 400 && input.path === PATHS.items) {
    // the same search without the parameter at fault (and from the first page)
    const state = searchState(ctx.query);
    if (param) links.push(html`<li><a href="${urlWith(PATHS.items, { ...state, [param]: undefined, offset: undefined })}">Cari lagi tanpa parameter <code>${param}</code></a></li>`);
  }
  links.push(html`<li><a href="${PATHS.items}">Ke halaman pencarian metadata</a></li>`);
  links.push(html`<li><a href="${PATHS.landing}">Ke beranda</a></li>`);
  return html`<ul class="links">${links}</ul>`;
}

export function errorPage(input: ErrorPageInput, ctx: HtmlPageContext, catalogueName: string): string {
  const param = faultyParameter(input.description);
  const help = param ? PARAMETER_HELP[param] : undefined;
  const is404 = input.status === 404;
  const record = is404 && input.path.startsWith(`${PATHS.items}/`);
  const heading = is404
    ? (record ? 'Rekaman tidak ditemukan' : 'Halaman tidak ditemukan')
    : input.status === 400 ? 'Permintaan perlu diperbaiki' : 'Permintaan tidak dapat dilayani';
  const lead = is404
    ? (record
      ? 'Rekaman metadata dengan pengenal ini tidak ada atau tidak (lagi) dipublikasikan.'
      : 'Alamat ini tidak ada di katalog. Periksa ejaannya, atau mulai dari pencarian.')
    : input.description ?? '';
  const body = html`
<section class="error-page" aria-labelledby="h-galat">
<p class="error-status">Galat ${input.status}</p>
<h1 id="h-galat">${heading}</h1>
<p>${lead}</p>
${is404 && input.description ? html`<p class="muted">${input.description}</p>` : ''}
${help ? html`<p class="error-help"><strong>Cara memperbaiki:</strong> ${help}</p>` : ''}
<h2>Lanjutkan</h2>
${wayBack(input, ctx)}
</section>`;
  return pageLayout({
    baseUrl: ctx.baseUrl,
    title: `${heading} – ${catalogueName}`,
    body,
  });
}
