import { getReferenceLabel, type ReferenceListName } from '../../catalogue/reference-lists';
import { codeWords, type PageLang } from './page-language';

/** Indonesian labels for the codes a record carries, from the catalogue's reference lists; unknown codes as they are. */
export const roleLabel = (code: string): string => getReferenceLabel('PERAN_KONTAK', code) ?? code;
export const typeLabel = (code: string): string => getReferenceLabel('LEVEL_HIERARKI', code) ?? code;
export const topicLabel = (code: string): string => getReferenceLabel('TOPIK_KATEGORI', code) ?? code;

/** Facet group titles by the query parameter the Records routes use (several spellings accepted). */
const FACET_TITLES: Record<string, string> = {
  keywords: 'Kata kunci', keyword: 'Kata kunci', subject: 'Kata kunci',
  topicCategory: 'Kategori topik', topiccategory: 'Kategori topik', topicCategories: 'Kategori topik', themes: 'Kategori topik',
  type: 'Jenis sumber daya',
  organisation: 'Organisasi', organization: 'Organisasi', organisationName: 'Organisasi',
  format: 'Format', formats: 'Format',
};

export const facetTitle = (name: string): string => FACET_TITLES[name] ?? name;

/** Labels facet values whose group is a code list (type, topic category). */
export function facetValueLabel(group: string, value: string): string {
  if (group === 'type') return typeLabel(value);
  if (/^topic/i.test(group) || group === 'themes') return topicLabel(value);
  return value;
}

const DATE_FMT = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "15 Januari 2020" for an ISO date or date-time; text that is not a date stays as it is. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DATE_FMT.format(d);
}

// one formatter for the process: building an Intl.NumberFormat costs tens of µs, and a search
// page formats ~40 counts (facets, pager), which made it the largest cost of rendering the page
const COUNT_FMT = new Intl.NumberFormat('id-ID');

/**
 * "47.519": a count in Indonesian digit grouping. A search page formats ~100 counts (every facet
 * value twice, the pager); Intl's format was a tenth of the page's rendering, so whole
 * non-negative numbers — every count — are grouped here with Intl's separator, anything else by Intl.
 */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) && n >= 0 ? (n < 1000 ? String(n) : String(n).replace(/\B(?=(\d{3})+$)/g, '.')) : COUNT_FMT.format(n);

const DATE_FMT_EN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** formatDate in the page's language; a year or a year-month stays as written (it is not a day) */
export function formatDateIn(iso: string | undefined, lang: PageLang): string {
  if (!iso) return '';
  if (/^\d{4}(-\d{2})?$/.test(iso.trim())) return iso.trim();
  if (lang === 'id') return formatDate(iso);
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DATE_FMT_EN.format(d);
}

/**
 * A code of a record in the page's language: the Indonesian label of its reference list, or on
 * the English page the code as words (the lists are Indonesian); unknown codes as they are.
 */
export function codeLabel(list: ReferenceListName | undefined, code: string, lang: PageLang): string {
  if (lang === 'en') return codeWords(code);
  return (list && getReferenceLabel(list, code)) ?? code;
}
