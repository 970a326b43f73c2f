import type { Element, Node } from '@xmldom/xmldom';
import { parseXmlSafely } from '../../libs/xml/safe-parse';

/**
 * The values an ISO document carries, for measuring what a transform keeps (issue 19): the text
 * of every leaf element, and the attributes that carry values (codeListValue, xlink:href, uom).
 * Whitespace is collapsed; a number is compared as a number (1.0 = 1 = 1e0); a date-time at
 * midnight as its date (2020-01-01T00:00:00Z = 2020-01-01). Element names, namespaces and
 * structure do not count: the same value in another schema's element is the same value.
 */
const XLINK = 'http://www.w3.org/1999/xlink';
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/;

export function normaliseValue(raw: string): string {
  const v = raw.replace(/\s+/g, ' ').trim();
  if (NUMBER.test(v)) return String(Number(v));
  const m = MIDNIGHT.exec(v);
  return m ? (m[1] as string) : v;
}

function isElement(n: Node): n is Element {
  return n.nodeType === 1;
}

/** The document's values, one entry per occurrence, in document order. */
export function leafValues(xml: string): string[] {
  const doc = parseXmlSafely(xml, { maxElements: 500_000 });
  const out: string[] = [];
  const visit = (e: Element): void => {
    for (const a of ['codeListValue', 'uom']) {
      const v = e.getAttribute(a);
      if (v && v.trim()) out.push(normaliseValue(v));
    }
    const href = e.getAttributeNS(XLINK, 'href');
    if (href && href.trim()) out.push(normaliseValue(href));
    const kids = Array.from(e.childNodes);
    const elements = kids.filter(isElement);
    if (elements.length === 0) {
      const text = kids.filter((k) => k.nodeType === 3 || k.nodeType === 4).map((k) => k.nodeValue ?? '').join('');
      if (text.trim()) out.push(normaliseValue(text));
    }
    elements.forEach(visit);
  };
  visit(doc.documentElement as unknown as Element);
  return out;
}

/** How many of `a`'s values (counted by occurrence) are also in `b`. */
export function kept(a: readonly string[], b: readonly string[]): number {
  const left = new Map<string, number>();
  for (const v of b) left.set(v, (left.get(v) ?? 0) + 1);
  let n = 0;
  for (const v of a) {
    const c = left.get(v) ?? 0;
    if (c > 0) {
      n++;
      left.set(v, c - 1);
    }
  }
  return n;
}

/** The values of `a` that `b` does not have (by occurrence), for a test's failure message. */
export function missing(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const v of b) left.set(v, (left.get(v) ?? 0) + 1);
  const out: string[] = [];
  for (const v of a) {
    const c = left.get(v) ?? 0;
    if (c > 0) left.set(v, c - 1);
    else out.push(v);
  }
  return out;
}
