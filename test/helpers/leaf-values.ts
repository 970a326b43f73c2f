import type { Element, Node } from '@xmldom/xmldom';
import { parseXmlSafely } from '../../libs/xml/safe-parse';

/**
 * "How much of a record came back": the leaf values of an ISO document as a multiset, and the
 * share of one document's values another one still holds (issue 19's measure, also for the
 * crosswalk tests). Counted:
 * - the text of every element without child elements (whitespace-trimmed, non-empty);
 * - the attributes `codeListValue`, `xlink:href` and `uom`.
 * Values are normalised so that equal content compares equal: numbers as numbers (`20.00` =
 * `20`), a date-time at midnight as its date (`2020-01-01T00:00:00Z` = `2020-01-01`), runs of
 * whitespace as one space. Each value is counted by occurrence: a value written twice in the
 * source must come back twice.
 */
const XLINK = 'http://www.w3.org/1999/xlink';
const ELEMENT = 1;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/;

export function normaliseLeaf(raw: string): string {
  const v = raw.trim().replace(/\s+/g, ' ');
  if (NUMBER.test(v)) return `#${Number(v)}`;
  const m = MIDNIGHT.exec(v);
  if (m) return m[1]!;
  return v;
}

function walk(el: Element, out: Map<string, number>): void {
  const add = (kind: string, raw: string | null) => {
    if (raw === null || raw.trim() === '') return;
    const key = `${kind}\u0000${normaliseLeaf(raw)}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  };
  add('codeListValue', el.getAttribute('codeListValue'));
  add('href', el.getAttributeNS(XLINK, 'href'));
  add('uom', el.getAttribute('uom'));
  let hasChildElement = false;
  for (let c: Node | null = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT) {
      hasChildElement = true;
      walk(c as Element, out);
    }
  }
  if (!hasChildElement) add('text', el.textContent);
}

/** The leaf-value multiset of an element (a record inside a response) or of a whole document's text. */
export function leafValues(source: string | Element): Map<string, number> {
  const root = typeof source === 'string' ? parseXmlSafely(source.replace(/^\uFEFF/, '')).documentElement! : source;
  const out = new Map<string, number>();
  walk(root, out);
  return out;
}

export interface LeafComparison {
  /** leaf values in the source (by occurrence) */
  total: number;
  /** of those, how many the result holds (by occurrence: min of both counts per value) */
  kept: number;
  /** kept / total (1 for a source without values) */
  ratio: number;
  /** a few values that were lost, for the failure message */
  lost: string[];
}

export function compareLeafValues(source: Map<string, number>, result: Map<string, number>): LeafComparison {
  let total = 0;
  let kept = 0;
  const lost: string[] = [];
  for (const [key, n] of source) {
    total += n;
    const m = Math.min(n, result.get(key) ?? 0);
    kept += m;
    if (m < n && lost.length < 10) lost.push(`${key.replace('\u0000', ': ')} (${n - m}×)`);
  }
  return { total, kept, ratio: total === 0 ? 1 : kept / total, lost };
}

/** Several records at once: the corpus-wide figure is kept over total of all of them, not a mean of ratios. */
export function sumComparisons(items: readonly LeafComparison[]): { total: number; kept: number; ratio: number } {
  const total = items.reduce((s, c) => s + c.total, 0);
  const kept = items.reduce((s, c) => s + c.kept, 0);
  return { total, kept, ratio: total === 0 ? 1 : kept / total };
}
