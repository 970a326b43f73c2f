import type { BenchCase, BenchRequest } from '../csw/cases';
import { ANYTEXT_WORD } from '../csw/cases';

/**
 * The OGC API – Records request mix of issue 8 (items with q, bbox, CQL2 filter and sortby).
 * The response cache keys on the parsed request, whose links repeat the query as sent, so an
 * uncached copy needs a spelling the parser reads as the same search: spaces around the `q`
 * term and the `sortby` key, leading zeros in the bbox numbers, extra spaces between CQL2
 * tokens. Each copy is then a cache miss that does the same work (and may reuse the exact
 * count of its filter from the count memo, as repeated searches do — and since issue 21 its facets
 * and its ranked window, libs/search/ranked-windows.ts). The cached variant repeats the
 * identical request. A *new* case is a different filter on every request (the same word with a
 * whole-world box moved by 1e-6°): nothing of it is remembered, the first request of a search.
 */
const ITEMS = '/collections/metadata/items';

/** k → (a, b): two small numbers, so copies stay short */
const split2 = (k: number): [number, number] => [k % 100, Math.floor(k / 100) % 100];
const spaces = (n: number): string => '%20'.repeat(n);
const zeros = (n: number): string => '0'.repeat(n);

const item = (name: string, query: (k: number) => string, filtered = true, uncachedOnly = false): BenchCase => {
  const request: BenchRequest = { method: 'GET', path: `${ITEMS}?${query(0)}` };
  return { name, filtered, request, uncached: (k) => ({ method: 'GET', path: `${ITEMS}?${query(k + 1)}` }), ...(uncachedOnly ? { uncachedOnly } : {}) };
};

/** a whole-world box, moved by 1e-6° per request: every request another filter */
const movedWorld = (k: number): string => `bbox=${(-180 + (k + 1) * 1e-6).toFixed(6)},-90,180,90`;

export function oarecBenchCases(html: boolean): BenchCase[] {
  const cases: BenchCase[] = [
    item('items 10 (semua)', (k) => `limit=10&sortby=${spaces(split2(k)[0])}title${spaces(split2(k)[1])}`, false),
    item(`items q=${ANYTEXT_WORD}`, (k) => `q=${spaces(split2(k)[0])}${ANYTEXT_WORD}${spaces(split2(k)[1])}&limit=10`),
    item('items bbox Indonesia', (k) => `bbox=${zeros(split2(k)[0])}95,-${zeros(split2(k)[1])}11,141,6&limit=10`),
    item('items CQL2 filter', (k) => `filter=${encodeURIComponent("type = 'dataset'")}${spaces(split2(k)[0])}AND${spaces(split2(k)[1] + 1)}${encodeURIComponent("S_INTERSECTS(geometry, BBOX(95,-11,141,6))")}&limit=10`),
    item('items sortby -updated + q', (k) => `q=${ANYTEXT_WORD}&sortby=${spaces(split2(k)[0])}-updated${spaces(split2(k)[1])}&limit=10`),
  ];
  if (!html) return cases;
  return [
    ...cases,
    item(`items q=${ANYTEXT_WORD} HTML`, (k) => `f=html&q=${spaces(split2(k)[0])}${ANYTEXT_WORD}${spaces(split2(k)[1])}&limit=10`),
    item(`items q=${ANYTEXT_WORD} · new`, (k) => `q=${ANYTEXT_WORD}&${movedWorld(k)}&limit=10`, true, true),
    item(`items q=${ANYTEXT_WORD} HTML · new`, (k) => `f=html&q=${ANYTEXT_WORD}&${movedWorld(k)}&limit=10`, true, true),
  ];
}
