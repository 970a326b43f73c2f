import type { Element } from '@xmldom/xmldom';
import type { MetadataDoc, ResourceIdentifier, TextTranslations } from '../catalogue/record.types';
import { clean, first, select, textAt, textsAt, type NsPredicate } from './dom';
import { localisedText, type LocaleMap } from './rich-view-text';

/**
 * Citation-level fields of the grown model (issue 19 §4), read alike from ISO 19139 and ISO 19115-3:
 * PT_FreeText translations of title / abstract / purpose, alternate titles, edition, the
 * resource's identifiers and the parent metadata's identifier.
 */

/** `LocalisedCharacterString`s in Indonesian and English; other languages stay only in the document. */
function translationsOf(prop: Element | undefined, ns: NsPredicate, locales: LocaleMap): TextTranslations | undefined {
  const t = localisedText(prop, ns, locales)?.translations;
  if (!t) return undefined;
  const out: TextTranslations = {};
  if (t.ind) out.ind = t.ind;
  if (t.eng) out.eng = t.eng;
  return Object.keys(out).length ? out : undefined;
}

export function readTranslations(ident: Element, citation: Element | undefined, ns: NsPredicate, locales: LocaleMap): MetadataDoc['translations'] {
  const out: NonNullable<MetadataDoc['translations']> = {};
  const title = citation ? translationsOf(first(citation, 'title', ns), ns, locales) : undefined;
  const abstract = translationsOf(first(ident, 'abstract', ns), ns, locales);
  const purpose = translationsOf(first(ident, 'purpose', ns), ns, locales);
  if (title) out.title = title;
  if (abstract) out.abstract = abstract;
  if (purpose) out.purpose = purpose;
  return Object.keys(out).length ? out : undefined;
}

/** citation/identifier/(MD_Identifier | RS_Identifier): code (an Anchor's text) and codeSpace, as written. */
export function readResourceIdentifiers(citation: Element, ns: NsPredicate): ResourceIdentifier[] {
  const out: ResourceIdentifier[] = [];
  for (const id of select(citation, 'identifier/*', ns)) {
    const code = textAt(id, 'code', ns);
    if (!code) continue;
    const codeSpace = textAt(id, 'codeSpace', ns);
    if (!out.some((x) => x.code === code && x.codeSpace === codeSpace)) out.push(codeSpace ? { code, codeSpace } : { code });
  }
  return out;
}

/** gmd:parentIdentifier; 19115-3 mdb:parentMetadata: its citation's identifier code, else its uuidref. */
export function readParentIdentifier(root: Element, ns: NsPredicate): string | undefined {
  const gmd = textAt(root, 'parentIdentifier', ns);
  if (gmd) return gmd;
  const parent = first(root, 'parentMetadata', ns);
  if (!parent) return undefined;
  return textAt(parent, 'CI_Citation/identifier/*/code', ns) ?? clean(parent.getAttribute('uuidref'));
}

/** The citation's alternate titles and edition. */
export function readCitationExtras(citation: Element, ns: NsPredicate): Pick<MetadataDoc, 'alternateTitles' | 'edition'> {
  const out: Pick<MetadataDoc, 'alternateTitles' | 'edition'> = {};
  const alternates = [...new Set(textsAt(citation, 'alternateTitle', ns))];
  if (alternates.length) out.alternateTitles = alternates;
  const edition = textAt(citation, 'edition', ns);
  if (edition) out.edition = edition;
  return out;
}
