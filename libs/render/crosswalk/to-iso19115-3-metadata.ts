import type { LightElement as Element } from '../../xml/light-dom';
import { children, childElements, hasChild, normalizeSpace, parentElement, precedingCount, stringValue } from './dom';
import { GMD } from './namespaces';
import { all, code3, el3, nil3, nilReason, type Extra, type Walk } from './to-iso19115-3-walk';
import type { Frag, OutAttr, Scope } from './xml-writer';

/**
 * The 19139 → 19115-3 templates of MD_Metadata's own properties (identifier, locales, scopes,
 * date stamp, standard, data set URI, data quality and lineage) and of locales elsewhere.
 */

const nth = <T>(xs: readonly T[], i: number): T | undefined => xs[i - 1];

/** A property of MD_Metadata / MI_Metadata (gmd); undefined: the generic property template. */
export function metadataProperty(w: Walk, el: Element, local: string, scope: Scope): Frag[] | undefined {
  const parent = parentElement(el) as Element;
  switch (local) {
    case 'fileIdentifier':
      return [el3(scope, 'mdb', 'metadataIdentifier', (s) => el3(s, 'mcc', 'MD_Identifier', (s2) => w.propOf(el, s2, 'mcc', 'code').xml).xml)];
    case 'language':
      return precedingCount(el) === 0 ? locales(w, parent, 'mdb', scope) : [];
    case 'characterSet':
      return !hasChild(parent, GMD, 'language') && precedingCount(el) === 0 ? locales(w, parent, 'mdb', scope) : [];
    case 'parentIdentifier': {
      const uuid = normalizeSpace(stringValue(el));
      const attrs: OutAttr[] = uuid ? [{ prefix: '', local: 'uuidref', uri: '', value: uuid }] : [];
      return [el3(scope, 'mdb', 'parentMetadata', (s) => el3(s, 'cit', 'CI_Citation', (s2) => nil3(s2, 'cit', 'title', 'unknown').xml
        + el3(s2, 'cit', 'identifier', (s3) => el3(s3, 'mcc', 'MD_Identifier', (s4) => w.propOf(el, s4, 'mcc', 'code').xml).xml).xml).xml, attrs)];
    }
    case 'hierarchyLevel': {
      const name = nth(children(parent, GMD, 'hierarchyLevelName'), precedingCount(el) + 1);
      return [metadataScope(scope, (s) => w.propOf(el, s, 'mdb', 'resourceScope').xml + (name ? w.propOf(name, s, 'mdb', 'name').xml : ''))];
    }
    case 'hierarchyLevelName':
      if (precedingCount(el) < children(parent, GMD, 'hierarchyLevel').length) return [];
      return [metadataScope(scope, (s) => nil3(s, 'mdb', 'resourceScope', 'unknown').xml + w.propOf(el, s, 'mdb', 'name').xml)];
    case 'dateStamp':
      return [el3(scope, 'mdb', 'dateInfo', (s) => ciDate(w, el, s, 'creation').xml)];
    case 'metadataStandardName': {
      const version = nth(children(parent, GMD, 'metadataStandardVersion'), precedingCount(el) + 1);
      return [standard(scope, (s) => w.propOf(el, s, 'cit', 'title').xml + (version ? w.propOf(version, s, 'cit', 'edition').xml : ''))];
    }
    case 'metadataStandardVersion':
      if (precedingCount(el) < children(parent, GMD, 'metadataStandardName').length) return [];
      return [standard(scope, (s) => nil3(s, 'cit', 'title', 'unknown').xml + w.propOf(el, s, 'cit', 'edition').xml)];
    case 'locale':
      return [w.propOf(el, scope, 'mdb', 'otherLocale')];
    case 'dataSetURI':
      // written into the first resource's citation when there is one (dataSetUriExtra)
      if (hasResourceCitation(parent)) return [];
      return [el3(scope, 'mdb', 'metadataLinkage', (s) => el3(s, 'cit', 'CI_OnlineResource', (s2) => w.propOf(el, s2, 'cit', 'linkage').xml).xml)];
    case 'dataQualityInfo':
      return dataQuality(w, el, scope);
    // ISO 19115-1 has no place for these (feature catalogue links of 19115:2003's MD_Metadata)
    case 'series': case 'describes': case 'propertyType': case 'featureType': case 'featureAttribute':
      return [];
    default:
      return undefined;
  }
}

const metadataScope = (scope: Scope, content: (s: Scope) => string): Frag =>
  el3(scope, 'mdb', 'metadataScope', (s) => el3(s, 'mdb', 'MD_MetadataScope', content).xml);
const standard = (scope: Scope, content: (s: Scope) => string): Frag =>
  el3(scope, 'mdb', 'metadataStandard', (s) => el3(s, 'cit', 'CI_Citation', content).xml);

/** cit:CI_Date of `el`'s value with a date type */
export const ciDate = (w: Walk, el: Element, scope: Scope, type: string): Frag =>
  el3(scope, 'cit', 'CI_Date', (s) => w.propOf(el, s, 'cit', 'date').xml + el3(s, 'cit', 'dateType', (s2) => code3(s2, 'cit', 'CI_DateTypeCode', type).xml).xml);

function hasResourceCitation(root: Element): boolean {
  for (const info of children(root, GMD, 'identificationInfo')) {
    for (const ident of childElements(info)) {
      for (const c of children(ident, GMD, 'citation')) if (hasChild(c, GMD, 'CI_Citation')) return true;
    }
  }
  return false;
}

/** The first resource's citation: the metadata's data set URIs become its online resources. */
export function dataSetUriExtra(w: Walk, citation: Element): Extra {
  // ancestor::*[local-name() = $ROOTS][1]: the pattern that chose this template puts it four levels up
  const root = parentElement(parentElement(parentElement(parentElement(citation) as Element) as Element) as Element) as Element;
  return (scope) => children(root, GMD, 'dataSetURI').map((uri) =>
    el3(scope, 'cit', 'onlineResource', (s) => el3(s, 'cit', 'CI_OnlineResource', (s2) => w.propOf(uri, s2, 'cit', 'linkage').xml).xml));
}

/** data quality: the reports stay data quality (19157), the lineage becomes resource lineage */
function dataQuality(w: Walk, el: Element, scope: Scope): Frag[] {
  const dq = children(el, GMD, 'DQ_DataQuality');
  const out: Frag[] = [];
  if (!dq.length || dq.some((q) => hasChild(q, GMD, 'report')) || !dq.some((q) => hasChild(q, GMD, 'lineage'))) {
    out.push(w.propOf(el, scope, 'mdb'));
  }
  for (const q of dq) {
    for (const lineage of children(q, GMD, 'lineage')) {
      const scopes: Extra = (s) => children(q, GMD, 'scope').map((sc) => w.propOf(sc, s, 'mrl'));
      out.push(el3(scope, 'mdb', 'resourceLineage', (s) => all(children(lineage, GMD, 'LI_Lineage').flatMap((l) => w.cls(l, s, scopes))), w.attrs(lineage)));
    }
  }
  return out;
}

// ------------------------------------------------------------------ locales

/** identification: language and character set become locales */
export function resourceLocales(w: Walk, el: Element, local: string, scope: Scope): Frag[] {
  const parent = parentElement(el) as Element;
  if (local === 'language') return precedingCount(el) === 0 ? locales(w, parent, 'mri', scope) : [];
  return !hasChild(parent, GMD, 'language') && precedingCount(el) === 0 ? locales(w, parent, 'mri', scope) : [];
}

/** a feature catalogue's language */
export const catalogueLocale = (w: Walk, el: Element, scope: Scope): Frag => el3(scope, 'mrc', 'locale', (s) => locale(w, s, el).xml);

/** a locale from a language and a character set (the metadata's, the resource's, a catalogue's) */
function locale(w: Walk, scope: Scope, language: Element | undefined, charset?: Element): Frag {
  return el3(scope, 'lan', 'PT_Locale', (s) =>
    el3(s, 'lan', 'language', (s2) => (language ? all(childElements(language).flatMap((c) => w.language(c, s2))) : ''), language ? w.attrs(language) : []).xml
    + (charset
      ? el3(s, 'lan', 'characterEncoding', (s2) => all(childElements(charset).flatMap((c) => w.cls(c, s2))), w.attrs(charset)).xml
      : el3(s, 'lan', 'characterEncoding', () => '', [nilReason('unknown')]).xml));
}

/** the default and other locales of a class (context `ctx`), in module `m` */
function locales(w: Walk, ctx: Element, m: string, scope: Scope): Frag[] {
  const languages = children(ctx, GMD, 'language');
  const charsets = children(ctx, GMD, 'characterSet');
  const out: Frag[] = languages.map((language, i) =>
    el3(scope, m, i === 0 ? 'defaultLocale' : 'otherLocale', (s) => locale(w, s, language, charsets[i]).xml));
  // character sets without a language of their own
  charsets.slice(languages.length).forEach((charset, i) => {
    out.push(el3(scope, m, !languages.length && i === 0 ? 'defaultLocale' : 'otherLocale', (s) => el3(s, 'lan', 'PT_Locale', (s2) =>
      nil3(s2, 'lan', 'language', 'unknown').xml
      + el3(s2, 'lan', 'characterEncoding', (s3) => all(childElements(charset).flatMap((c) => w.cls(c, s3))), w.attrs(charset)).xml).xml));
  });
  return out;
}

