import { escAttr, escText } from '../xml-escape';

/**
 * Writes the crosswalk output as text directly (no result tree): elements with their namespace
 * declarations where the stylesheets' serialised output had them, and text and attribute values
 * escaped the way SaxonJS's XML serialiser escaped them, so that a render is byte for byte what
 * the stylesheet wrote.
 *
 * Namespaces: an element declares the bindings its own name and its attributes need that are not
 * already in scope from its ancestors (XSLT namespace fixup, then a serialiser that writes only
 * what differs from the parent), declarations sorted by prefix and written before the attributes.
 */

/** prefix → namespace URI in scope ('' is the default namespace). Chained through the prototype. */
export type Scope = Readonly<Record<string, string>>;
export const EMPTY_SCOPE: Scope = Object.freeze(Object.create(null) as Record<string, string>);

export interface OutAttr {
  readonly prefix: string;
  readonly local: string;
  /** '' for an attribute in no namespace */
  readonly uri: string;
  readonly value: string;
}

/** An element written: its local name (what schema-order sorting looks at) and its text. */
export interface Frag {
  readonly local: string;
  readonly xml: string;
}

export const qname = (prefix: string, local: string): string => (prefix ? `${prefix}:${local}` : local);

export interface StartTag {
  /** '<p:name xmlns…="…" a="…"' without the closing '>' or '/>' */
  readonly open: string;
  readonly name: string;
  /** the scope of the element's content */
  readonly scope: Scope;
}

/**
 * The start of an element named {uri}local with `prefix`, its attributes, and the extra
 * namespace bindings it is to carry (the root's module declarations).
 */
export function startTag(
  scope: Scope, prefix: string, local: string, uri: string, attrs: readonly OutAttr[] = [], extra: readonly (readonly [string, string])[] = [],
): StartTag {
  let needed: [string, string][] | undefined;
  const need = (p: string, u: string): string => {
    if (p === 'xml') return p;
    const inScope = scope[p] ?? '';
    const mine = needed?.find((b) => b[0] === p);
    if (mine) {
      if (mine[1] === u) return p;
      // the same prefix bound twice on one element: the later binding gets a prefix of its own
      let i = 0;
      while (needed!.some((b) => b[0] === `${p}_${i}`) || (scope[`${p}_${i}`] !== undefined && scope[`${p}_${i}`] !== u)) i++;
      return need(`${p}_${i}`, u);
    }
    if (inScope !== u) (needed ??= []).push([p, u]);
    return p;
  };
  for (const [p, u] of extra) need(p, u);
  const ePrefix = need(prefix, uri);
  let attrText = '';
  let written: { key: string; name: string; value: string }[] | undefined;
  for (const a of attrs) {
    const p = a.uri ? need(a.prefix, a.uri) : '';
    const key = `${a.uri} ${a.local}`;
    const twice = written?.find((w) => w.key === key);
    // the same attribute twice: the later value in the earlier one's place and name (as XSLT
    // replaces it); the later one's prefix stays declared
    if (twice) twice.value = a.value;
    else (written ??= []).push({ key, name: qname(p, a.local), value: a.value });
  }
  if (written) for (const w of written) attrText += ` ${w.name}="${escAttr(w.value)}"`;
  const name = qname(ePrefix, local);
  if (!needed) return { open: `<${name}${attrText}`, name, scope };
  needed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const inner = Object.create(scope) as Record<string, string>;
  let decls = '';
  for (const [p, u] of needed) {
    inner[p] = u;
    decls += p ? ` xmlns:${p}="${escAttr(u)}"` : ` xmlns="${escAttr(u)}"`;
  }
  return { open: `<${name}${decls}${attrText}`, name, scope: inner };
}

/** A whole element: start tag, content (written in the element's scope), end tag; empty as `<x/>`. */
export function element(
  scope: Scope, prefix: string, local: string, uri: string, attrs: readonly OutAttr[], content: (inner: Scope) => string,
  extra?: readonly (readonly [string, string])[],
): Frag {
  const tag = startTag(scope, prefix, local, uri, attrs, extra);
  const body = content(tag.scope);
  return { local, xml: body ? `${tag.open}>${body}</${tag.name}>` : `${tag.open}/>` };
}

/** An element with text content only (or nothing). */
export function textElement(scope: Scope, prefix: string, local: string, uri: string, attrs: readonly OutAttr[], text: string): Frag {
  const tag = startTag(scope, prefix, local, uri, attrs);
  return { local, xml: text ? `${tag.open}>${escText(text)}</${tag.name}>` : `${tag.open}/>` };
}

/** The text of a list of fragments, in order. */
export function join(frags: readonly Frag[]): string {
  let s = '';
  for (const f of frags) s += f.xml;
  return s;
}
