import { param, type QueryParams } from './page-context';

/**
 * The language of a public page. The site is Indonesian; the record page can also be read in
 * English with `?lang=en` (a link on the page switches), and then it shows a record's English
 * PT_FreeText translation where the document has one. Only these two: the interface texts exist
 * in these two languages, and anything else stays Indonesian.
 */
export type PageLang = 'id' | 'en';

export const PAGE_LANGS: readonly PageLang[] = ['id', 'en'];

export const pageLangOf = (q: QueryParams): PageLang => (param(q, 'lang') === 'en' ? 'en' : 'id');

/**
 * The text of a free-text field in the page's language: its translation into that language
 * when the document has one (keys are RFC 5646 tags, record-rich.ts), else the text as
 * written. `lang` is the language of what is returned when it is known, for the `lang`
 * attribute (WCAG 3.1.2: a part in another language says so).
 */
export function pickText(
  text: string | undefined,
  translations: Record<string, string> | undefined,
  page: PageLang,
  docLang: string | undefined,
): { text: string; lang?: string } | undefined {
  const translated = translations?.[page];
  if (translated) return { text: translated, lang: page };
  if (!text) return undefined;
  return docLang ? { text, lang: docLang } : { text };
}

/** a code (camelCase ISO code-list value) as words, for the English page where no label list exists */
export const codeWords = (code: string): string => code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
