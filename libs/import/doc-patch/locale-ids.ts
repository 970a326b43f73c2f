import { normaliseLanguage } from '../normalise-language';
import { childNamed, scanXml, type XmlRange } from './xml-ranges';

/**
 * The PT_Locale declarations of a translations edit (issue 19 §4). The render names its locales
 * "ID" and "EN" (gmd-locales.ts); a stored document has its own: an English `defaultLocale` with
 * id "EN" in a 19115-3 record, a `locale-fre` next to them, ids on other elements. Writing the
 * render's declarations as they are would repeat an id (invalid: PT_Locale/@id is an xs:ID) or
 * drop a language that other free texts of the document (keywords, constraints) point at.
 *
 * So the document's declarations stay as written; a language the document already declares (as
 * the import reads them: root `locale`, `otherLocale`, `defaultLocale`) is referred to by the
 * document's id, and a new language is declared under an id no element of the document uses yet.
 */

const LOCALE_PROPERTIES = new Set(['locale', 'otherLocale', 'defaultLocale']);

/** The language a PT_Locale declares (19139 languageCode, 19115-3 language), normalised as the import does. */
function languageOf(text: string, loc: XmlRange): string | undefined {
  const code = childNamed(childNamed(loc, 'languageCode') ?? childNamed(loc, 'language') ?? loc, 'LanguageCode');
  if (!code) return undefined;
  const raw = (code.attrs.get('codeListValue') ?? text.slice(code.openEnd, Math.max(code.openEnd, code.end - `</${code.qname}>`.length))).trim();
  return raw ? normaliseLanguage(raw) ?? raw.toLowerCase() : undefined;
}

/** id → language of the root's PT_Locale declarations, in document order. */
function declaredLocales(text: string, root: XmlRange): Map<string, string> {
  const out = new Map<string, string>();
  for (const prop of root.children.filter((c) => LOCALE_PROPERTIES.has(c.local))) {
    const loc = childNamed(prop, 'PT_Locale');
    const id = loc?.attrs.get('id');
    const lang = loc ? languageOf(text, loc) : undefined;
    if (id && lang && !out.has(id)) out.set(id, lang);
  }
  return out;
}

/** Every ID-typed attribute value of the document (`id`, `gml:id`, …): a new id must be none of them. */
function usedIds(text: string): Set<string> {
  return new Set([...text.matchAll(/\s(?:[\w.-]+:)?id\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => m[1] ?? m[2]!));
}

/** The languages the document declares a PT_Locale for (the render's declarations of these are not written). */
export function documentLanguages(text: string): Set<string> {
  return new Set(declaredLocales(text, scanXml(text)).values());
}

/** The language of a locale property (`locale` / `otherLocale` holding a PT_Locale). */
export function localePropertyLanguage(text: string, prop: XmlRange): string | undefined {
  const loc = childNamed(prop, 'PT_Locale');
  return loc ? languageOf(text, loc) : undefined;
}

/**
 * The render with its locale ids rewritten for the document: a language the document declares
 * takes the document's id; another one keeps the render's id unless the document uses it, then
 * takes the first free `ID-2`, `ID-3` … Both the PT_Locale ids and the `locale="#…"` references.
 */
export function alignLocaleIds(doc: string, render: string): string {
  const docByLang = new Map<string, string>();
  for (const [id, lang] of declaredLocales(doc, scanXml(doc))) if (!docByLang.has(lang)) docByLang.set(lang, id);
  const taken = usedIds(doc);
  const rename = new Map<string, string>();
  for (const [id, lang] of declaredLocales(render, scanXml(render))) {
    let target = docByLang.get(lang);
    if (target === undefined) {
      target = id;
      for (let n = 2; taken.has(target); n++) target = `${id}-${n}`;
      taken.add(target);
    }
    if (target !== id) rename.set(id, target);
  }
  if (rename.size === 0) return render;
  return render.replace(/(<[\w.-]*:?PT_Locale\s(?:[^>]*?\s)?id=")([^"]*)(")|(\slocale=")#([^"]*)(")/g,
    (m, a?: string, id?: string, z?: string, b?: string, ref?: string, y?: string) => {
      if (a !== undefined) return rename.has(id!) ? `${a}${rename.get(id!)}${z}` : m;
      return rename.has(ref!) ? `${b}#${rename.get(ref!)}${y}` : m;
    });
}

/** The languages the model keeps translations in (TextTranslations); the document's others are its own. */
const MODEL_LANGUAGES = new Set(['ind', 'eng']);

/** The language a textGroup's LocalisedCharacterString names, as the import reads it (rich-view-text.ts localeLanguage). */
function groupLanguage(text: string, group: XmlRange, locales: Map<string, string>): string | undefined {
  const ref = (childNamed(group, 'LocalisedCharacterString')?.attrs.get('locale') ?? '').replace(/^#/, '');
  return locales.get(ref) ?? normaliseLanguage(ref.replace(/^locale[-_]?/i, ''));
}

/**
 * A free text's textGroups split by language: those the model edits (Indonesian, English) and the
 * others (French, German … or a locale the import cannot name), which a translations edit keeps.
 */
export function textGroupRoles(text: string, groups: XmlRange[]): { model: XmlRange[]; other: XmlRange[] } {
  const locales = declaredLocales(text, scanXml(text));
  const model: XmlRange[] = [];
  const other: XmlRange[] = [];
  for (const g of groups) (MODEL_LANGUAGES.has(groupLanguage(text, g, locales) ?? '') ? model : other).push(g);
  return { model, other };
}
