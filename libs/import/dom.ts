import type { Element, Node } from '@xmldom/xmldom';

/**
 * Small DOM walking helpers for the importers. Elements are matched by namespace URI (through a
 * predicate, so one mapper serves every version of a namespace) and local name — never by prefix.
 * Paths are local names joined by `/`; `*` matches any element of the accepted namespaces.
 */
export type NsPredicate = (uri: string | null) => boolean;

const ELEMENT_NODE = 1;

export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let c: Node | null = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE) out.push(c as Element);
  }
  return out;
}

/** Every element reached from `el` by `path` (document order). */
export function select(el: Element, path: string, ns: NsPredicate): Element[] {
  let current: Element[] = [el];
  for (const step of path.split('/')) {
    if (step === '') continue;
    const next: Element[] = [];
    for (const c of current) {
      for (const k of childElements(c)) {
        if (ns(k.namespaceURI) && (step === '*' || k.localName === step)) next.push(k);
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

export function first(el: Element, path: string, ns: NsPredicate): Element | undefined {
  return select(el, path, ns)[0];
}

/** Whitespace-trimmed text; empty → undefined. */
export function clean(s: string | null | undefined): string | undefined {
  if (s == null) return undefined;
  const t = s.trim();
  return t === '' ? undefined : t;
}

/**
 * The value of an ISO property element: its gco:CharacterString / gmx:Anchor / gcx:Anchor /
 * gco:Decimal / gmd:URL … child (whatever its namespace), else its own text. nilReason
 * properties and empty wrappers give undefined.
 */
export function propText(prop: Element | undefined): string | undefined {
  if (!prop) return undefined;
  const kids = childElements(prop);
  if (kids.length === 0) return clean(prop.textContent);
  const preferred = kids.find((k) => k.localName === 'CharacterString' || k.localName === 'Anchor') ?? kids[0];
  return clean(preferred?.textContent);
}

/** A code-list property: the codeListValue attribute of its child, else the child's text. */
export function propCode(prop: Element | undefined): string | undefined {
  if (!prop) return undefined;
  const kid = childElements(prop)[0];
  if (!kid) return clean(prop.textContent);
  return clean(kid.getAttribute('codeListValue')) ?? clean(kid.textContent);
}

export function textAt(el: Element, path: string, ns: NsPredicate): string | undefined {
  return propText(first(el, path, ns));
}

export function textsAt(el: Element, path: string, ns: NsPredicate): string[] {
  return select(el, path, ns).map(propText).filter((t): t is string => t !== undefined);
}

export function codeAt(el: Element, path: string, ns: NsPredicate): string | undefined {
  return propCode(first(el, path, ns));
}

/** `prefix:local` as written in the document (for error messages naming the element). */
export const qname = (el: Element): string => el.nodeName;

/** The element's qualified path from the document root, e.g. `gmd:MD_Metadata/gmd:identificationInfo`. */
export function qpath(el: Element): string {
  const parts: string[] = [];
  for (let n: Node | null = el; n && n.nodeType === ELEMENT_NODE; n = n.parentNode) parts.unshift(n.nodeName);
  return parts.join('/');
}
