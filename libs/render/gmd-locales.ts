import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { MetadataRecord, TextTranslations } from '../catalogue/record.types';
import { code, nil, xmlText } from './gmd-xml';
import { present } from './gmd-values';
import { LANGUAGE_CODELIST } from './xml-namespaces';

/**
 * Translated free text (issue 19 §4): gmd:PT_FreeText with one LocalisedCharacterString per
 * language, each pointing at a gmd:locale/PT_Locale declared on the metadata. The locale ids
 * are ours ("ID", "EN"); readers go by the PT_Locale's languageCode, not by the id.
 */
const LOCALES: readonly { lang: keyof TextTranslations; id: string }[] = [
  { lang: 'ind', id: 'ID' },
  { lang: 'eng', id: 'EN' },
];

const translated = (t: TextTranslations | undefined): boolean => LOCALES.some((l) => present(t?.[l.lang]));

/** The languages some translation uses, in LOCALES order. */
function usedLocales(r: MetadataRecord): typeof LOCALES {
  const t = r.translations;
  return LOCALES.filter((l) => present(t?.title?.[l.lang]) || present(t?.abstract?.[l.lang]) || present(t?.purpose?.[l.lang]));
}

/** Whether the document needs xsi (xsi:type of PT_FreeText properties) declared on its root. */
export function hasTranslations(r: MetadataRecord): boolean {
  return usedLocales(r).length > 0;
}

export const XSI_NAMESPACE = { xsi: 'http://www.w3.org/2001/XMLSchema-instance' } as const;

/** gmd:locale: one PT_Locale per language a translation uses (MD_Metadata's order: after metadataStandardVersion). */
export function locales(root: XMLBuilder, r: MetadataRecord): void {
  for (const l of usedLocales(r)) {
    const loc = root.ele('gmd:locale').ele('gmd:PT_Locale', { id: l.id });
    loc.ele('gmd:languageCode').ele('gmd:LanguageCode', { codeList: LANGUAGE_CODELIST, codeListValue: l.lang }).txt(l.lang);
    code(loc, 'gmd:characterEncoding', 'MD_CharacterSetCode', 'utf8');
  }
}

/**
 * A character string with its translations: without any, exactly what str/strOrNil write;
 * with some, a PT_FreeText_PropertyType holding the main text (if any) and a text group per language.
 */
export function freeText(parent: XMLBuilder, name: string, text: string | undefined, t: TextTranslations | undefined, mandatory: boolean): void {
  if (!translated(t)) {
    if (present(text)) parent.ele(name).ele('gco:CharacterString').txt(xmlText(text));
    else if (mandatory) nil(parent, name);
    return;
  }
  const prop = parent.ele(name, { 'xsi:type': 'gmd:PT_FreeText_PropertyType' });
  if (present(text)) prop.ele('gco:CharacterString').txt(xmlText(text));
  const ft = prop.ele('gmd:PT_FreeText');
  for (const l of LOCALES) {
    const v = t?.[l.lang];
    if (present(v)) ft.ele('gmd:textGroup').ele('gmd:LocalisedCharacterString', { locale: `#${l.id}` }).txt(xmlText(v));
  }
}
