import type { Element } from '@xmldom/xmldom';
import type { AnchoredText, LocalisedText, RichIdentifier } from '../catalogue/rich-view.types';
import { childElements, clean, first, propCode, propText, select, textAt, type NsPredicate } from './dom';
import { normaliseLanguage } from './normalise-language';

/**
 * Text values of the rich view (rich-view.ts): PT_FreeText translations and anchors. ISO 19139
 * (gmd:PT_FreeText, gmd:locale) and ISO 19115-3 (lan:PT_FreeText, mdb:otherLocale) use the same
 * local names, so one reader serves both; the namespace predicate keeps each document to its family.
 */

export const XLINK = 'http://www.w3.org/1999/xlink';

/** PT_Locale id → language: the `locale="#ID"` of a LocalisedCharacterString names one of these. */
export type LocaleMap = Map<string, string>;

/** Every PT_Locale of the document (gmd:locale, mdb:defaultLocale / mdb:otherLocale), by its id. */
export function readLocales(root: Element, ns: NsPredicate): LocaleMap {
  const out: LocaleMap = new Map();
  const locales = [...select(root, 'locale/PT_Locale', ns), ...select(root, 'otherLocale/PT_Locale', ns), ...select(root, 'defaultLocale/PT_Locale', ns)];
  for (const l of locales) {
    const id = clean(l.getAttribute('id'));
    // 19139: languageCode/LanguageCode; 19115-3: language/LanguageCode
    const raw = propCode(first(l, 'languageCode', ns) ?? first(l, 'language', ns));
    const lang = raw ? normaliseLanguage(raw) ?? raw.toLowerCase() : undefined;
    if (id && lang && !out.has(id)) out.set(id, lang);
  }
  return out;
}

/**
 * The language a `locale` reference names: its PT_Locale, else the reference itself read as a
 * language (`#EN`, `#ENG`, `#locale-fre` are common where the locale list is missing).
 */
function localeLanguage(ref: string, locales: LocaleMap): string | undefined {
  const id = ref.replace(/^#/, '');
  return locales.get(id) ?? normaliseLanguage(id.replace(/^locale[-_]?/i, ''));
}

/**
 * A free-text property with its translations: the CharacterString (or Anchor) child is the text
 * in the document's language; each LocalisedCharacterString of PT_FreeText is one translation.
 * Empty translations are left out; undefined when there is neither text nor a translation.
 */
export function localisedText(prop: Element | undefined, ns: NsPredicate, locales: LocaleMap): LocalisedText | undefined {
  if (!prop) return undefined;
  const kids = childElements(prop);
  const own = kids.find((k) => k.localName === 'CharacterString' || k.localName === 'Anchor');
  const text = own ? clean(own.textContent) : kids.length === 0 ? clean(prop.textContent) : undefined;
  const translations: Record<string, string> = {};
  for (const lcs of select(prop, 'PT_FreeText/textGroup/LocalisedCharacterString', ns)) {
    const value = clean(lcs.textContent);
    const lang = localeLanguage(lcs.getAttribute('locale') ?? '', locales);
    if (value && lang && translations[lang] === undefined) translations[lang] = value;
  }
  const hasTranslations = Object.keys(translations).length > 0;
  if (!text && !hasTranslations) return undefined;
  return { ...(text ? { text } : {}), ...(hasTranslations ? { translations } : {}) };
}

/** The href of a property's gmx:Anchor / gcx:Anchor child. */
export function anchorHref(prop: Element | undefined): string | undefined {
  const kid = prop ? childElements(prop).find((k) => k.localName === 'Anchor') : undefined;
  return clean(kid?.getAttributeNS(XLINK, 'href'));
}

/** A property's text with its anchor's href (INSPIRE constraints, specification titles, codes). */
export function anchoredText(prop: Element | undefined): AnchoredText | undefined {
  const text = propText(prop);
  if (!text) return undefined;
  const href = anchorHref(prop);
  return href ? { text, href } : { text };
}

/** An MD_Identifier / RS_Identifier element: code (with its anchor) and codeSpace. */
export function identifierOf(id: Element, ns: NsPredicate): RichIdentifier | undefined {
  const codeEl = first(id, 'code', ns);
  const code = anchoredText(codeEl);
  if (!code) return undefined;
  const codeSpace = textAt(id, 'codeSpace', ns);
  return { code: code.text, ...(codeSpace ? { codeSpace } : {}), ...(code.href ? { href: code.href } : {}) };
}
