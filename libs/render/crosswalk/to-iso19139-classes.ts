import type { LightElement as Element } from '../../xml/light-dom';
import { GCO139, GMD, GMX, GTS, SRV139, module3, ns139 } from './namespaces';
import { firstNamed, kids, local, named, normalizeSpace, parentElement, path, stringValue, xdmChildren, class139 } from './to-iso19139-source';
import type { Walker } from './to-iso19139-walker';
import { ISO139_CLASSES } from './class-tables';
import { element, join, textElement, type Frag, type OutAttr, type Scope } from './xml-writer';
import { escText } from '../xml-escape';

/**
 * The class templates of crosswalk-iso19115-3-to-iso19139.xsl that are not the generic one:
 * gco/gcx values, free text, and the classes whose 19139 form has another structure (aggregate
 * information, formats, data quality elements, coupled resources) or a property 19139 requires
 * (nilled when the 19115-3 document has nothing for it).
 */

/** gco:nilReason="…" (a literal result attribute of the stylesheet) */
export const nil = (reason: string): OutAttr => ({ prefix: 'gco', local: 'nilReason', uri: GCO139, value: reason });
export const nilled = (scope: Scope, prefix: string, name: string, reason: string): Frag =>
  textElement(scope, prefix, name, ns139(prefix), [nil(reason)], '');

/** mode "value" on a text node: 19115-1's "centre" is spelled "center" in 19115:2003 */
export function valueText(parent: Element, text: string): string {
  return local(parent) === 'MD_PixelOrientationCode' && normalizeSpace(text) === 'centre' ? 'center' : text;
}

/** gco values (mode "class" and "value") */
export function gcoValue(w: Walker, e: Element, scope: Scope): Frag {
  const name = local(e);
  if (name === 'TM_PeriodDuration') return textElement(scope, 'gts', name, GTS, [], stringValue(e));
  return element(scope, 'gco', name, GCO139, w.attrs(e), (inner) => {
    let s = '';
    for (const c of xdmChildren(e)) {
      if (c.text !== undefined) s += escText(valueText(e, c.text));
      else if (c.node.nodeType === 1) {
        const k = c.node as Element;
        s += module3(k.namespaceURI) === 'gco' ? gcoValue(w, k, inner).xml : join(w.cls(k, inner));
      }
    }
    return s;
  });
}

const joinAll = (scope: Scope, items: readonly Element[], f: (e: Element, scope: Scope) => Frag[]): string => {
  let s = '';
  for (const e of items) s += join(f(e, scope));
  return s;
};

export const gcxValue = (w: Walker, e: Element, scope: Scope): Frag => textElement(scope, 'gmx', local(e), GMX, w.attrs(e), stringValue(e));

export function freeText(w: Walker, e: Element, scope: Scope): Frag {
  return element(scope, 'gmd', 'PT_FreeText', GMD, w.attrs(e), (s1) => {
    let out = '';
    for (const g of named(e, 'textGroup')) {
      out += element(s1, 'gmd', 'textGroup', GMD, w.attrs(g), (s2) => {
        let t = '';
        for (const l of named(g, 'LocalisedCharacterString')) t += textElement(s2, 'gmd', 'LocalisedCharacterString', GMD, w.attrs(l), stringValue(l)).xml;
        return t;
      }).xml;
    }
    return out;
  });
}

export const languageCode = (w: Walker, e: Element, scope: Scope): Frag => textElement(scope, 'gmd', 'LanguageCode', GMD, w.attrs(e), stringValue(e));

/** MD_AssociatedResource → MD_AggregateInformation */
export function associatedResource(w: Walker, e: Element, scope: Scope): Frag {
  return element(scope, 'gmd', 'MD_AggregateInformation', GMD, w.attrs(e), (inner) => {
    const cit = path([e], 'name', '*');
    const nilTitle = path(cit, 'title').some((t) => hasNilReason(t) && !hasElementChild(t));
    // an untitled citation is written as its identifier alone only when that is all it holds
    const more = path(cit, '*').some((k) => local(k) !== 'title' && local(k) !== 'identifier');
    let s = '';
    if (cit.length && (!nilTitle || more)) {
      s += element(inner, 'gmd', 'aggregateDataSetName', GMD, [], (s2) => joinAll(s2, cit, (c, sc) => w.cls(c, sc))).xml;
    } else {
      // each citation's (and metadata reference's) first identifier, in document order
      const ids: Element[] = [];
      for (const k of kids(e)) {
        if (local(k) !== 'name' && local(k) !== 'metadataReference') continue;
        for (const c of kids(k)) {
          const id = firstNamed(c, 'identifier');
          if (id) ids.push(id);
        }
      }
      for (const id of ids) s += join(w.propOf(id, inner, 'gmd', 'aggregateDataSetIdentifier'));
    }
    for (const k of kids(e)) if (local(k) === 'associationType' || local(k) === 'initiativeType') s += join(w.prop(k, inner));
    return s;
  });
}

function hasElementChild(e: Element): boolean {
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) return true;
  return false;
}
function hasNilReason(e: Element): boolean {
  const attrs = e.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    if ((a.localName ?? a.name) === 'nilReason' && a.namespaceURI !== 'http://www.w3.org/2000/xmlns/') return true;
  }
  return false;
}

/** MD_Format: the format specification's citation gives name, version, specification */
export function format(w: Walker, e: Element, scope: Scope): Frag {
  return element(scope, 'gmd', 'MD_Format', GMD, w.attrs(e), (inner) => {
    const cit = path([e], 'formatSpecificationCitation', '*');
    const titles = path(cit, 'title');
    const editions = path(cit, 'edition');
    let s = '';
    for (const t of titles) s += join(w.propOf(t, inner, 'gmd', 'name'));
    if (!titles.length) s += nilled(inner, 'gmd', 'name', 'missing').xml;
    for (const t of editions) s += join(w.propOf(t, inner, 'gmd', 'version'));
    if (!editions.length) s += nilled(inner, 'gmd', 'version', 'unknown').xml;
    for (const k of named(e, 'amendmentNumber')) s += join(w.prop(k, inner));
    for (const c of cit) {
      const alt = firstNamed(c, 'alternateTitle');
      if (alt) s += join(w.propOf(alt, inner, 'gmd', 'specification'));
    }
    for (const k of kids(e)) if (local(k) === 'fileDecompressionTechnique' || local(k) === 'formatDistributor') s += join(w.prop(k, inner));
    return s;
  });
}

const RESULT_CLASSES = new Set(['DQ_ConformanceResult', 'DQ_QuantitativeResult', 'DQ_CoverageResult']);

/** a data quality element (a report's value): measure and evaluation method flattened back */
export function qualityElement(w: Walker, e: Element, scope: Scope): Frag[] {
  const as = class139(e);
  const row = ISO139_CLASSES.get(as);
  if (!row) return [];
  return [element(scope, row.module, as, ns139(row.module), w.attrs(e), (inner) => {
    const measure = path([e], 'measure', '*');
    const method = path([e], 'evaluationMethod', '*');
    const props = [
      ...path(measure, 'nameOfMeasure'), ...path(measure, 'measureIdentification'),
      ...measure.flatMap((m) => firstNamed(m, 'measureDescription') ?? []),
      ...path(method, 'evaluationMethodType'), ...path(method, 'evaluationMethodDescription'),
      ...path(method, 'evaluationProcedure'), ...path(method, 'dateTime'),
    ];
    let s = '';
    for (const p of props) s += join(w.propOf(p, inner, 'gmd'));
    for (const r of named(e, 'result')) if (kids(r).some((k) => RESULT_CLASSES.has(local(k)))) s += join(w.propOf(r, inner, 'gmd'));
    return s;
  })];
}

export const COVERAGE_CLASSES = new Set(['MD_CoverageDescription', 'MI_CoverageDescription', 'MD_ImageDescription', 'MI_ImageDescription']);

/** coverage descriptions: the first attribute group's content type, every group's attributes */
export function coverage(w: Walker, e: Element, scope: Scope): Frag[] {
  return w.generic(e, scope, (inner) => {
    const groups = path([e], 'attributeGroup', '*');
    const types = path(groups, 'contentType');
    const out: Frag[] = [];
    if (types.length) out.push(...w.propOf(types[0]!, inner, 'gmd'));
    if (groups.length && !types.length) out.push(nilled(inner, 'gmd', 'contentType', 'unknown'));
    for (const a of path(groups, 'attribute')) out.push(...w.propOf(a, inner, 'gmd', 'dimension'));
    return out;
  });
}

/**
 * The class in a contact's first address: the stylesheet adds the mail addresses of further
 * addresses that follow the contact itself (../../following-sibling), which a contact never has
 * in a valid document; kept as written.
 */
export function firstAddressClass(w: Walker, e: Element, scope: Scope): Frag[] {
  return w.generic(e, scope, (inner) => {
    const contact = parentElement(parentElement(e)!);
    const out: Frag[] = [];
    if (!contact) return out;
    for (let n = contact.nextSibling; n; n = n.nextSibling) {
      if (n.nodeType !== 1 || local(n) !== 'address') continue;
      for (const m of path([n as Element], '*', 'electronicMailAddress')) out.push(...w.propOf(m, inner));
    }
    return out;
  });
}

/** a contact's first address (`CI_Contact/address[1]/*`) */
export function inFirstAddress(e: Element): boolean {
  const addr = parentElement(e);
  if (!addr || local(addr) !== 'address') return false;
  const contact = parentElement(addr);
  return !!contact && local(contact) === 'CI_Contact' && firstNamed(contact, 'address') === addr;
}

/** a property 19139 requires, nilled when the class has none */
export function withRequired(w: Walker, e: Element, scope: Scope, prop: string, reason: string): Frag[] {
  const has = !!firstNamed(e, prop);
  return w.generic(e, scope, has ? undefined : (inner) => [nilled(inner, 'gmd', prop, reason)]);
}

export function coupledResource(w: Walker, e: Element, scope: Scope): Frag {
  return element(scope, 'srv', 'SV_CoupledResource', SRV139, w.attrs(e), (inner) => {
    let s = '';
    for (const n of path([e], 'operation', '*', 'operationName')) s += join(w.propOf(n, inner, 'srv'));
    const code = path([e], 'resourceReference', '*', 'identifier', '*', 'code')[0];
    if (code) s += join(w.propOf(code, inner, 'srv', 'identifier'));
    for (const n of path([e], 'scopedName', '*')) s += join(w.cls(n, inner));
    return s;
  });
}

