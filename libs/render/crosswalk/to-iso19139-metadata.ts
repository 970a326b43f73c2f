import type { LightElement as Element } from '../../xml/light-dom';
import { GCO139, GMD } from './namespaces';
import { nilled } from './to-iso19139-classes';
import { hasElement } from './to-iso19139-props';
import { firstOfName, local, named, path, stringValue } from './to-iso19139-source';
import type { Walker } from './to-iso19139-walker';
import { element, textElement, type Frag, type Scope } from './xml-writer';

/**
 * MD_Metadata's own properties in crosswalk-iso19115-3-to-iso19139.xsl: identifiers, locales,
 * parent, scope, date stamp and standard as 19139's flat properties; data quality and lineage
 * (separate in 19115-1) together again in one DQ_DataQuality each. `metadataProperty` returns
 * undefined for a property none of them matches.
 */
const all = (frags: Frag[][]): Frag[] => frags.flat();
const codeListValueIs = (e: Element, v: string): boolean => e.hasAttribute('codeListValue') && e.getAttribute('codeListValue') === v;

/** defaultLocale / otherLocale of MD_Metadata or a resource: language and character set */
export function localeProperties(w: Walker, e: Element, scope: Scope): Frag[] {
  return [
    ...all(path([e], '*', 'language').filter(hasElement).map((l) => w.propOf(l, scope, 'gmd', 'language'))),
    ...all(path([e], '*', 'characterEncoding').filter(hasElement).map((c) => w.propOf(c, scope, 'gmd', 'characterSet'))),
  ];
}

function parentIdentifier(w: Walker, e: Element, scope: Scope): Frag[] {
  const code = path([e], '*', 'identifier', '*', 'code')[0];
  if (code) return w.propOf(code, scope, 'gmd', 'parentIdentifier');
  if (e.hasAttribute('uuidref')) {
    return [element(scope, 'gmd', 'parentIdentifier', GMD, [], (inner) => textElement(inner, 'gco', 'CharacterString', GCO139, [], e.getAttribute('uuidref') ?? '').xml)];
  }
  const titles = path([e], '*', 'title');
  if (titles.some(hasElement)) return all(titles.map((t) => w.propOf(t, scope, 'gmd', 'parentIdentifier')));
  return [];
}

/** one date stamp: the creation date, else the first date */
function dateStamp(w: Walker, e: Element, scope: Scope, md: Element): Frag[] {
  const dates = named(md, 'dateInfo');
  const chosen = dates.find((d) => path([d], '*', 'dateType', '*').some((c) => codeListValueIs(c, 'creation'))) ?? dates[0];
  if (chosen !== e) return [];
  return all(path([e], '*', 'date').map((d) => w.propOf(d, scope, 'gmd', 'dateStamp')));
}

/** data quality and lineage: the i-th of each together again in one DQ_DataQuality */
function dataQuality(w: Walker, dq: Element | undefined, lineage: Element | undefined, scope: Scope): Frag {
  return element(scope, 'gmd', 'dataQualityInfo', GMD, [], (s1) => element(s1, 'gmd', 'DQ_DataQuality', GMD, dq ? w.attrs(dq) : [], (s2) => {
    let s = '';
    const dqScope = (dq && named(dq, 'scope')[0]) ?? (lineage && named(lineage, 'scope')[0]);
    if (dqScope) {
      s += element(s2, 'gmd', 'scope', GMD, w.attrs(dqScope), (s3) => path([dqScope], '*').map((c) => w.cls(c, s3, 'DQ_Scope').map((f) => f.xml).join('')).join('')).xml;
    } else {
      s += nilled(s2, 'gmd', 'scope', 'unknown').xml;
    }
    if (dq) for (const r of named(dq, 'report')) s += w.prop(r, s2).map((f) => f.xml).join('');
    if (lineage) s += element(s2, 'gmd', 'lineage', GMD, [], (s3) => w.cls(lineage, s3).map((f) => f.xml).join('')).xml;
    return s;
  }).xml);
}

/** MD_Metadata's property `e` (md: the MD_Metadata element) */
export function metadataProperty(w: Walker, e: Element, scope: Scope, md: Element): Frag[] | undefined {
  switch (local(e)) {
    case 'metadataIdentifier': {
      const code = path([e], '*', 'code')[0];
      return code ? w.propOf(code, scope, 'gmd', 'fileIdentifier') : [];
    }
    case 'defaultLocale': return localeProperties(w, e, scope);
    case 'otherLocale': return w.propOf(e, scope, 'gmd', 'locale');
    case 'parentMetadata': return parentIdentifier(w, e, scope);
    case 'metadataScope':
      return [
        ...all(path([e], '*', 'resourceScope').filter(hasElement).map((r) => w.propOf(r, scope, 'gmd', 'hierarchyLevel'))),
        ...all(path([e], '*', 'name').map((n) => w.propOf(n, scope, 'gmd', 'hierarchyLevelName'))),
      ];
    case 'dateInfo': return dateStamp(w, e, scope, md);
    case 'metadataStandard':
      if (!firstOfName(e)) return [];
      return [
        ...all(path([e], '*', 'title').map((t) => w.propOf(t, scope, 'gmd', 'metadataStandardName'))),
        ...all(path([e], '*', 'edition').map((t) => w.propOf(t, scope, 'gmd', 'metadataStandardVersion'))),
      ];
    case 'identificationInfo': {
      if (!firstOfName(e)) return undefined;
      // the first resource's online resource is the data set URI (19139 citations have none)
      const out = w.propNext(e, scope);
      const link = path([e], '*', 'citation', '*', 'onlineResource', '*', 'linkage')[0];
      if (link) out.push(element(scope, 'gmd', 'dataSetURI', GMD, [], (inner) => textElement(inner, 'gco', 'CharacterString', GCO139, [], stringValue(link)).xml));
      return out;
    }
    case 'dataQualityInfo': {
      const i = named(md, 'dataQualityInfo').indexOf(e);
      return [dataQuality(w, path([e], '*')[0], path(named(md, 'resourceLineage').slice(i, i + 1), '*')[0], scope)];
    }
    case 'resourceLineage': {
      const i = named(md, 'resourceLineage').indexOf(e);
      return i >= named(md, 'dataQualityInfo').length ? [dataQuality(w, undefined, path([e], '*')[0], scope)] : [];
    }
    case 'acquisitionInformation': return w.propOf(e, scope, 'gmi');
    default: return undefined;
  }
}
