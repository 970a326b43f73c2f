import type { LightElement as Element, LightNode as Node } from '../../xml/light-dom';

/**
 * The few XPath steps the crosswalks take on the light DOM of the document (xml/trusted-parse.ts):
 * child elements by name, sibling positions, string values.
 */
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

export const localName = (n: Node): string => (n as Element).localName ?? n.nodeName;

/** The element children of `el` (node()/* ). */
export function childElements(el: Node): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT) out.push(n as Element);
  return out;
}

/** `ns:local` children of `el`. */
export function children(el: Node, ns: string, local: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === ELEMENT && (n as Element).localName === local && (n as Element).namespaceURI === ns) out.push(n as Element);
  }
  return out;
}

export function firstChild(el: Node, ns: string, local: string): Element | undefined {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === ELEMENT && (n as Element).localName === local && (n as Element).namespaceURI === ns) return n as Element;
  }
  return undefined;
}

export const hasChild = (el: Node, ns: string, local: string): boolean => firstChild(el, ns, local) !== undefined;

export const is = (n: Node | null | undefined, ns: string, local: string): n is Element =>
  !!n && n.nodeType === ELEMENT && (n as Element).localName === local && (n as Element).namespaceURI === ns;

/** The parent element, if the parent is one. */
export function parentElement(n: Node): Element | undefined {
  const p = n.parentNode;
  return p && p.nodeType === ELEMENT ? (p as Element) : undefined;
}

/** count(preceding-sibling::ns:local) */
export function precedingCount(el: Element): number {
  let i = 0;
  for (let n = el.previousSibling; n; n = n.previousSibling) {
    if (n.nodeType === ELEMENT && (n as Element).localName === el.localName && (n as Element).namespaceURI === el.namespaceURI) i++;
  }
  return i;
}

export { normalizeSpace, stringValue } from '../xpath-strings';
export const isBlank = (s: string): boolean => !/[^ \t\r\n]/.test(s);

/**
 * The text nodes of `el` as XPath sees them: adjacent text and CDATA sections are one node
 * (the DOM keeps them apart).
 */
export function textNodes(el: Node): string[] {
  const out: string[] = [];
  let run: string | undefined;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === TEXT || n.nodeType === CDATA) run = (run ?? '') + (n as unknown as { data: string }).data;
    else if (run !== undefined) {
      out.push(run);
      run = undefined;
    }
  }
  if (run !== undefined) out.push(run);
  return out;
}
