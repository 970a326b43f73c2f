/**
 * XPath's string value and normalize-space(), which the TypeScript writers that replaced the
 * stylesheets (crosswalk/, dublin-core/) read their source with, over the little of the DOM that
 * SaxonJS's trees, an @xmldom/xmldom Document and the light DOM (xml/light-dom.ts) provide.
 */
export interface StringNode {
  nodeType: number;
  firstChild: StringNode | null;
  nextSibling: StringNode | null;
  nodeValue?: string | null;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** The string value of a node: an element's descendant text and CDATA in order (comments and PIs left out). */
export function stringValue(n: StringNode): string {
  if (n.nodeType === TEXT || n.nodeType === CDATA) return (n as unknown as { data: string }).data;
  if (n.nodeType !== ELEMENT) return n.nodeValue ?? '';
  let s = '';
  for (let c = n.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) s += (c as unknown as { data: string }).data;
    else if (c.nodeType === ELEMENT) s += stringValue(c);
  }
  return s;
}

/** normalize-space(): XML white space trimmed and collapsed. */
export const normalizeSpace = (s: string): string => s.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
