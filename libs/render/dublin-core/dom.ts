/**
 * The little of the DOM the Dublin Core writer reads, which both SaxonJS's trees (the
 * catalogue's gmd render), an @xmldom/xmldom Document and the render's light DOM of a stored
 * document (xml/light-dom.ts) provide. Paths are read as XPath reads them: child steps over lists of elements, names
 * matched by namespace and local name, never by prefix.
 */
export interface DomNode {
  nodeType: number;
  nextSibling: DomNode | null;
  firstChild: DomNode | null;
}
interface DomAttr {
  localName: string;
  namespaceURI: string | null;
  value: string;
}
export interface DomElement extends DomNode {
  localName: string;
  namespaceURI: string | null;
  attributes: { length: number; item(i: number): DomAttr };
}

const ELEMENT = 1;

export type Name = readonly [ns: string, local: string];

export const isElement = (n: DomNode, name?: Name): n is DomElement =>
  n.nodeType === ELEMENT && (!name || ((n as DomElement).localName === name[1] && (n as DomElement).namespaceURI === name[0]));

/** `$nodes/name` (or `$nodes/*` without a name), in document order: each node's children in turn. */
export function children(nodes: readonly DomNode[], name?: Name): DomElement[] {
  const out: DomElement[] = [];
  for (const n of nodes) for (let c = n.firstChild; c; c = c.nextSibling) if (isElement(c, name)) out.push(c);
  return out;
}

/** `$nodes/a/b/c`: one child step per name. */
export function path(nodes: readonly DomNode[], ...names: readonly (Name | '*')[]): DomElement[] {
  let at: DomElement[] = nodes as DomElement[];
  for (const n of names) at = children(at, n === '*' ? undefined : n);
  return at;
}

/** `$nodes/(a|b)`: children with either name, in document order. */
export function eitherChild(nodes: readonly DomNode[], a: Name, b: Name): DomElement[] {
  const out: DomElement[] = [];
  for (const n of nodes) for (let c = n.firstChild; c; c = c.nextSibling) if (isElement(c, a) || isElement(c, b)) out.push(c);
  return out;
}

/** A no-namespace attribute's value, or undefined. */
export function attribute(el: DomElement, local: string): string | undefined {
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i);
    if (a.localName === local && !a.namespaceURI) return a.value;
  }
  return undefined;
}

/** `$els/@local`, every element that has it, in order. */
export function attributes(els: readonly DomElement[], local: string): string[] {
  const out: string[] = [];
  for (const e of els) {
    const v = attribute(e, local);
    if (v !== undefined) out.push(v);
  }
  return out;
}
