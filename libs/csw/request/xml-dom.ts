import type { Element } from '@xmldom/xmldom';
import type { PrefixResolver } from './request-values';
import { STANDARD_PREFIXES } from '../namespaces';

/** Small DOM helpers for request parsing: always by namespace URI + local name. */
export function elementChildren(el: Element): Element[] {
  const out: Element[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
}

export const isElement = (el: Element, ns: string, local: string): boolean => el.namespaceURI === ns && el.localName === local;

export function childrenNamed(el: Element, ns: string, local: string): Element[] {
  return elementChildren(el).filter((c) => isElement(c, ns, local));
}

export function textOf(el: Element): string {
  return (el.textContent ?? '').trim();
}

/** An attribute value, or undefined when absent or blank. */
export function attr(el: Element, name: string): string | undefined {
  if (!el.hasAttribute(name)) return undefined;
  const v = el.getAttribute(name) ?? '';
  return v.trim() === '' ? undefined : v;
}

/** Prefixes in scope at `el` (XML QName content), falling back to the standard prefixes. */
export function inScopeResolver(el: Element): PrefixResolver {
  return (prefix) => el.lookupNamespaceURI(prefix) ?? STANDARD_PREFIXES[prefix];
}

/** Every xmlns declaration from the root down to `el`, inner ones winning. */
export function inScopeDeclarations(el: Element): Record<string, string> {
  const chain: Element[] = [];
  for (let n: Element | null = el; n && n.nodeType === 1; n = n.parentNode as Element | null) chain.unshift(n);
  const out: Record<string, string> = {};
  for (const n of chain) {
    for (let i = 0; i < n.attributes.length; i++) {
      const a = n.attributes.item(i)!;
      if (a.name === 'xmlns') out[''] = a.value;
      else if (a.name.startsWith('xmlns:')) out[a.name.slice(6)] = a.value;
    }
  }
  return out;
}
