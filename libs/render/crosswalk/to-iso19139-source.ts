import type { LightElement as Element, LightNode as Node } from '../../xml/light-dom';
import { parentElement } from './dom';
import { module3 } from './namespaces';

export { isBlank, normalizeSpace, parentElement, stringValue } from './dom';

/**
 * How crosswalk-iso19115-3-to-iso19139.xsl reads its source: by local name whatever the
 * namespace (so that both 19115-3 namespace sets, and documents that mix them, are read alike),
 * with the class and property renames 19115:2003 / 19115-2 need (cw:class139, cw:prop139).
 */
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

export const local = (n: Node): string => (n as Element).localName ?? n.nodeName;

/** cw:is-iso3: an element of a 19115-3 module (either set). */
export const isIso3 = (e: Element): boolean => module3(e.namespaceURI) !== '';

/** `*`: the element children. */
export function kids(e: Node): Element[] {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT) out.push(n as Element);
  return out;
}

/** `*[local-name() = name]` */
export function named(e: Node, name: string): Element[] {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT && local(n) === name) out.push(n as Element);
  return out;
}

export function firstNamed(e: Node, name: string): Element | undefined {
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT && local(n) === name) return n as Element;
  return undefined;
}

/**
 * A path of child steps from `from` (in document order, none inside another), each step a local
 * name or '*': the result is in document order as XPath gives it.
 */
export function path(from: readonly Element[], ...steps: string[]): Element[] {
  let cur: Element[] = from as Element[];
  for (const s of steps) {
    const next: Element[] = [];
    for (const e of cur) for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT && (s === '*' || local(n) === s)) next.push(n as Element);
    cur = next;
  }
  return cur;
}

/** not(preceding-sibling::*[local-name() = local-name(.)]): the first of its name among its siblings. */
export function firstOfName(e: Element): boolean {
  const name = local(e);
  for (let n = e.previousSibling; n; n = n.previousSibling) if (n.nodeType === ELEMENT && local(n) === name) return false;
  return true;
}

/**
 * The children of `e` as XPath sees them: adjacent text and CDATA sections are one text node
 * (the DOM keeps them apart); comments and processing instructions as they are.
 */
export type XdmChild = { text: string; node?: undefined } | { text?: undefined; node: Node };
export function xdmChildren(e: Node): XdmChild[] {
  const out: XdmChild[] = [];
  let run: string | undefined;
  for (let n = e.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === TEXT || n.nodeType === CDATA) {
      run = (run ?? '') + (n as unknown as { data: string }).data;
      continue;
    }
    if (run !== undefined) out.push({ text: run });
    run = undefined;
    out.push({ node: n });
  }
  if (run !== undefined) out.push({ text: run });
  return out;
}

/** ISO 19115-1 class names that 19115:2003 / 19115-2 name otherwise. */
export const CLASS_RENAMES: Readonly<Record<string, string>> = {
  CountryCode: 'Country', DQ_NonQuantitativeAttributeCorrectness: 'DQ_NonQuantitativeAttributeAccuracy',
  DQ_UsabilityElement: 'QE_Usability', MD_SampleDimension: 'MD_Band', MD_AssociatedResource: 'MD_AggregateInformation',
  CI_Responsibility: 'CI_ResponsibleParty', DQ_CoverageResult: 'QE_CoverageResult',
};
export const renamed = (n: string): string => (Object.hasOwn(CLASS_RENAMES, n) ? CLASS_RENAMES[n]! : n);

/** cw:class139: the 19139 class an element is written as. */
export function class139(e: Element): string {
  const n = local(e);
  const p = parentElement(e);
  if (n === 'MD_Identifier') {
    if (p && (local(p) === 'referenceSystemIdentifier' || local(p) === 'verticalCRSId')) return 'RS_Identifier';
    if (kids(e).some((k) => local(k) === 'codeSpace' || local(k) === 'version')) return 'RS_Identifier';
  }
  if (n === 'MD_Scope' && p && local(p) === 'scope') {
    const gp = parentElement(p);
    if (gp && (local(gp) === 'DQ_DataQuality' || local(gp) === 'LI_Lineage')) return 'DQ_Scope';
  }
  return renamed(n);
}

const BAND_CLASSES = new Set(['MD_RangeDimension', 'MD_Band', 'MI_Band', 'MD_SampleDimension']);

/** cw:prop139: the 19139 name of a property element. */
export function prop139(p: Element): string {
  const parent = parentElement(p);
  const c = parent ? local(parent) : '';
  const n = local(p);
  if (n === 'language' && c === 'PT_Locale') return 'languageCode';
  if (n === 'description' && BAND_CLASSES.has(c)) return 'descriptor';
  if (n === 'distributedComputingPlatform') return 'DCP';
  if (n === 'parameter' && c === 'SV_OperationMetadata') return 'parameters';
  if (n === 'valueRecordType') return 'valueType';
  if (n === 'associatedResource') return 'aggregationInfo';
  return n;
}
