import type { Element, Node } from '@xmldom/xmldom';
import { invalid } from '../csw-error';

/** Namespaces the filter parser reads; elements are matched by URI + local name, never by prefix. */
export const OGC_NS = 'http://www.opengis.net/ogc';
export const GML_NS = 'http://www.opengis.net/gml';
export const GML32_NS = 'http://www.opengis.net/gml/3.2';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;

export const isGml = (el: Element): boolean => el.namespaceURI === GML_NS || el.namespaceURI === GML32_NS;
export const isOgc = (el: Element, local?: string): boolean =>
  el.namespaceURI === OGC_NS && (local === undefined || el.localName === local);

export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let c: Node | null = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE) out.push(c as Element);
  }
  return out;
}

/** text of an element; child elements inside it are an error (a Literal holds text only) */
export function textOf(el: Element): string {
  let s = '';
  for (let c: Node | null = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE) throw invalid('constraint', `Elemen ${el.localName} hanya boleh berisi teks.`);
    if (c.nodeType === TEXT_NODE || c.nodeType === CDATA_NODE) s += c.nodeValue ?? ''; // not comments
  }
  return s;
}

/** an attribute, or undefined when it is absent (xmldom returns null or '' depending on version) */
export function attr(el: Element, name: string): string | undefined {
  return el.hasAttribute(name) ? (el.getAttribute(name) ?? '') : undefined;
}


export const display = (el: Element): string => el.tagName ?? el.localName ?? '?';
