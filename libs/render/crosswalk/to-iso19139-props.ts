import type { LightElement as Element } from '../../xml/light-dom';
import { GCO139, GMD, SRV139, XLINK } from './namespaces';
import { firstNamed, firstOfName, local, named, normalizeSpace, parentElement, path, stringValue } from './to-iso19139-source';
import type { Walker } from './to-iso19139-walker';
import { element, textElement, type Frag, type Scope } from './xml-writer';

/**
 * The property templates of crosswalk-iso19115-3-to-iso19139.xsl for contacts, citations,
 * online resources, feature catalogues, media, maintenance, lineage, services and vertical
 * extents: where 19139 has one property for several, another name, or another structure.
 * `specialProperty` returns undefined for a property none of them matches.
 */
const CODELISTS = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml';

const all = (frags: Frag[][]): Frag[] => frags.flat();

function phones(w: Walker, e: Element, scope: Scope): Frag[] {
  // every phone's numbers in one CI_Telephone
  if (!firstOfName(e)) return [];
  const tel = path([parentElement(e)!], 'phone', '*');
  const fax = (t: Element): boolean => path([t], 'numberType', '*').some((c) => c.getAttribute('codeListValue') === 'facsimile' && c.hasAttribute('codeListValue'));
  return [element(scope, 'gmd', 'phone', GMD, [], (s1) => element(s1, 'gmd', 'CI_Telephone', GMD, [], (s2) => {
    let s = '';
    for (const n of path(tel.filter((t) => !fax(t)), 'number')) s += w.propOf(n, s2, 'gmd', 'voice').map((f) => f.xml).join('');
    for (const n of path(tel.filter(fax), 'number')) s += w.propOf(n, s2, 'gmd', 'facsimile').map((f) => f.xml).join('');
    return s;
  }).xml)];
}

function linkage(w: Walker, e: Element, scope: Scope): Frag[] {
  // linkages are URLs in 19139
  if (!firstOfName(e)) return [];
  const url = normalizeSpace(stringValue(e));
  return [element(scope, 'gmd', 'linkage', GMD, w.attrs(e), (inner) => (url ? textElement(inner, 'gmd', 'URL', GMD, [], url).xml : ''))];
}

function dateOfNextUpdate(e: Element, scope: Scope): Frag[] {
  const isNext = (m: Element): boolean => path([m], '*', 'dateType', '*').some((c) => c.getAttribute('codeListValue') === 'nextUpdate' && c.hasAttribute('codeListValue'));
  if (!isNext(e)) return [];
  for (let n = e.previousSibling; n; n = n.previousSibling) if (n.nodeType === 1 && local(n) === 'maintenanceDate' && isNext(n as Element)) return [];
  return [element(scope, 'gmd', 'dateOfNextUpdate', GMD, [], (inner) => {
    let s = '';
    for (const d of path([e], '*', 'date', '*')) {
      const v = stringValue(d);
      s += textElement(inner, 'gco', 'DateTime', GCO139, [], v.includes('T') ? v : `${v}T00:00:00`).xml;
    }
    return s;
  })];
}

function stepDateTime(e: Element, scope: Scope): Frag[] {
  const t = firstDescendant(e, (n) => n === 'timePosition' || n === 'beginPosition');
  const v = t ? normalizeSpace(stringValue(t)) : '';
  if (!v) return [];
  return [element(scope, 'gmd', 'dateTime', GMD, [], (inner) => textElement(inner, 'gco', 'DateTime', GCO139, [], v.includes('T') ? v : `${v}T00:00:00`).xml)];
}

/** (.//*[test(local-name())])[1] */
export function firstDescendant(e: Element, test: (name: string) => boolean): Element | undefined {
  for (let n = e.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    if (test(local(n))) return n as Element;
    const d = firstDescendant(n as Element, test);
    if (d) return d;
  }
  return undefined;
}

function mediumName(e: Element, scope: Scope): Frag[] {
  // a medium's name: a citation in 19115-1, a code in 19139
  const t = firstDescendant(e, (n) => n === 'title');
  const v = t ? normalizeSpace(stringValue(t)) : '';
  if (!v) return [];
  return [element(scope, 'gmd', 'name', GMD, [], (inner) => textElement(inner, 'gmd', 'MD_MediumNameCode', GMD, [
    { prefix: '', local: 'codeList', uri: '', value: `${CODELISTS}#MD_MediumNameCode` }, { prefix: '', local: 'codeListValue', uri: '', value: v },
  ], '').xml)];
}

function serviceType(w: Walker, e: Element, scope: Scope): Frag[] {
  return [element(scope, 'srv', 'serviceType', SRV139, w.attrs(e), (inner) => {
    let s = '';
    for (const k of path([e], '*')) s += textElement(inner, 'gco', 'LocalName', GCO139, w.attrs(k), stringValue(k)).xml;
    return s;
  })];
}

function verticalCrs(e: Element, scope: Scope): Frag[] {
  // a vertical extent's reference system named by a URI is a link to the CRS
  const c = firstDescendant(e, (n) => n === 'code');
  const code = c ? normalizeSpace(stringValue(c)) : '';
  if (!code || firstNamed(parentElement(e)!, 'verticalCRS')) return [];
  return [textElement(scope, 'gmd', 'verticalCRS', GMD, [{ prefix: 'xlink', local: 'href', uri: XLINK, value: code }], '')];
}

/** the property templates of contacts, citations … (not MD_Metadata's own: to-iso19139-metadata.ts) */
export function specialProperty(w: Walker, e: Element, scope: Scope, parentName: string): Frag[] | undefined {
  const name = local(e);
  switch (name) {
    case 'phone': return parentName === 'CI_Contact' ? phones(w, e, scope) : undefined;
    case 'address': return parentName === 'CI_Contact' ? (firstOfName(e) ? w.propOf(e, scope, 'gmd', 'address') : []) : undefined;
    case 'onlineResource':
    case 'hoursOfService': return parentName === 'CI_Contact' ? (firstOfName(e) ? w.propNext(e, scope) : []) : undefined;
    case 'otherCitationDetails': return parentName === 'CI_Citation' ? (firstOfName(e) ? w.propNext(e, scope) : []) : undefined;
    case 'linkage': return linkage(w, e, scope);
    case 'locale':
      return parentName === 'MD_FeatureCatalogueDescription' ? all(path([e], '*', 'language').filter(hasElement).map((l) => w.propOf(l, scope, 'gmd', 'language'))) : undefined;
    case 'featureTypes':
      return parentName === 'MD_FeatureCatalogueDescription' ? all(path([e], '*', 'featureTypeName').map((f) => w.propOf(f, scope, 'gmd', 'featureTypes'))) : undefined;
    case 'name': return parentName === 'MD_Medium' ? mediumName(e, scope) : undefined;
    case 'maintenanceDate': return parentName === 'MD_MaintenanceInformation' ? dateOfNextUpdate(e, scope) : undefined;
    case 'maintenanceScope':
      if (parentName !== 'MD_MaintenanceInformation') return undefined;
      return [
        ...all(path([e], '*', 'level').filter(hasElement).map((l) => w.propOf(l, scope, 'gmd', 'updateScope'))),
        ...all(path([e], '*', 'levelDescription').map((l) => w.propOf(l, scope, 'gmd', 'updateScopeDescription'))),
      ];
    case 'stepDateTime': return parentName.endsWith('ProcessStep') ? stepDateTime(e, scope) : undefined;
    case 'sourceSpatialResolution':
      return parentName.endsWith('_Source') ? all(path([e], '*', 'equivalentScale').map((s) => w.propOf(s, scope, 'gmd', 'scaleDenominator'))) : undefined;
    case 'scope':
      return parentName.endsWith('_Source') ? all(path([e], '*', 'extent').map((x) => w.propOf(x, scope, 'gmd', 'sourceExtent'))) : undefined;
    case 'serviceType': return parentName === 'SV_ServiceIdentification' ? serviceType(w, e, scope) : undefined;
    case 'resourceConstraints': return parentName === 'SV_ServiceIdentification' ? w.propOf(e, scope, 'gmd') : undefined;
    case 'verticalCRSId': return parentName === 'EX_VerticalExtent' ? verticalCrs(e, scope) : undefined;
    default: return undefined;
  }
}

/** `[*]`: has an element child */
export function hasElement(e: Element): boolean {
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) return true;
  return false;
}


