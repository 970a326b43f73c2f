import type { BenchCase, BenchRequest } from '../csw/cases';
import { PLACE_COUNT, placeName } from '../fast-load/content';
import { encodeCursor } from '../../libs/oarec/request/page-cursor';

/**
 * The searches of the 1,000,000-record benchmark, over the content of bench/fast-load (whose
 * selectivity is known by construction, see content.ts). Each is a CQL constraint of a CSW
 * GetRecords (10 records, DC brief, GET) and comes in two variants:
 * - "memo": the same filter every time, on another page (startPosition 1 … matched − 4) and
 *   with 10–19 records, so every request misses the response cache (whose key is the parsed
 *   request; a requestId is only echoed and no longer makes a miss); its exact count is
 *   memoised after the first request (count-memo.ts), as for a user paging through a result;
 * - "new": a different filter of the same selectivity on every request (another place name,
 *   a box moved by 1e-4°, another id prefix, a window moved by a day), so the count is computed
 *   by PostgreSQL every time: the first request of a search.
 */
export interface MillionCase {
  name: string;
  kind: 'selective' | 'broad';
  /** the k-th filter of the "new" variant; cql(0) is the "memo" filter */
  cql(k: number): string;
}

const CSW = '/metadata/csw';
const place = (k: number): string => placeName((1234 + k * 97) % PLACE_COUNT);
const pad = (x: number, w: number): string => String(x).padStart(w, '0');
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const instant = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const DAY = 86_400_000;
// a 0.5° box in the Atlantic: only the 40 % of records spread over the whole Earth can reach it
const oceanBox = (k: number): string => {
  const w = -30 + k * 1e-4;
  return `BBOX(ows:BoundingBox, ${w.toFixed(4)}, 10, ${(w + 0.5).toFixed(4)}, 10.5)`;
};

export function millionCases(n: number): MillionCase[] {
  // 5-digit prefixes of idn-NNNNNNN select 100 ids each (fewer below 1,000,000 records)
  const prefixes = Math.max(1, Math.floor(n / 100));
  return [
    { name: 'keyword dc:subject = place', kind: 'selective', cql: (k) => `dc:subject = '${place(k)}'` },
    { name: "title LIKE '%place%'", kind: 'selective', cql: (k) => `dc:title LIKE '%${place(k).toLowerCase()}%'` },
    { name: "AnyText LIKE '%place%'", kind: 'selective', cql: (k) => `csw:AnyText LIKE '%${place(k).toLowerCase()}%'` },
    { name: "identifier LIKE 'idn-NNNNN%'", kind: 'selective', cql: (k) => `dc:identifier LIKE 'idn-${pad((123 + k * 37) % prefixes, 5)}%'` },
    {
      name: 'dct:modified 3-day range',
      kind: 'selective',
      cql: (k) => {
        // moved by 30 minutes per filter (the driver's k runs into the tens of thousands over a
        // whole run): every window distinct and inside the data (2016–2026)
        const from = Date.UTC(2019, 2, 1) + (k % 100_000) * 30 * 60_000;
        return `dct:modified BETWEEN '${instant(from)}' AND '${instant(from + 3 * DAY)}'`;
      },
    },
    {
      name: 'apiso:CreationDate 7-day range',
      kind: 'selective',
      cql: (k) => {
        // day literals: k wraps within 2010–2024 (one case never uses 5,400 in a row)
        const from = Date.UTC(2010, 0, 1) + (k % 5_400) * DAY;
        return `apiso:CreationDate BETWEEN '${day(from)}' AND '${day(from + 6 * DAY)}'`;
      },
    },
    { name: 'BBOX 0.5° (Atlantic)', kind: 'selective', cql: (k) => oceanBox(k) },
    { name: 'keyword AND dct:modified >= 2018', kind: 'selective', cql: (k) => `dc:subject = '${place(k)}' AND dct:modified >= '2018-01-01T00:00:00Z'` },
    { name: "AnyText '%peta%' AND BBOX 0.5°", kind: 'selective', cql: (k) => `csw:AnyText LIKE '%peta%' AND ${oceanBox(k)}` },
    {
      name: "AnyText LIKE '%peta%' (~40 %)",
      kind: 'broad',
      // the k-th copy adds a bound every record meets, so the filter (and its count) is new
      cql: (k) => (k === 0 ? "csw:AnyText LIKE '%peta%'" : `csw:AnyText LIKE '%peta%' AND dct:modified <= '${instant(Date.UTC(2100, 0, 1) + k * 1000)}'`),
    },
    { name: 'BBOX whole world (100 %)', kind: 'broad', cql: (k) => `BBOX(ows:BoundingBox, ${(-180 + k * 1e-6).toFixed(6)}, -90, 180, 90)` },
  ];
}

export function getRecords(cql: string, opts: { startPosition?: number; maxRecords?: number; resultType?: 'results' | 'hits' } = {}): BenchRequest {
  const q = `service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=${opts.resultType ?? 'results'}&elementSetName=brief` +
    `&maxRecords=${opts.maxRecords ?? 10}&startPosition=${opts.startPosition ?? 1}` +
    `&constraintLanguage=CQL_TEXT&constraint_language_version=1.1.0&constraint=${encodeURIComponent(cql)}`;
  return { method: 'GET', path: `${CSW}?${q}` };
}

/** how far into a result the memo copies page (cswVariants) */
const MEMO_POSITIONS = 2000;

/**
 * The two variants of a case as the CSW benchmark's driver (bench/csw/drive.ts) runs them;
 * `matched` (of the memo filter) bounds the pages the memo copies ask for.
 */
export function cswVariants(c: MillionCase, matched: number): { memo: BenchCase; fresh: BenchCase } {
  // the first MEMO_POSITIONS positions, as a person paging on: `k` is the run's request counter,
  // and positions anywhere in a broad result made the case depend on how many requests the cases
  // before it sent (an OFFSET of tens of thousands over `AnyText LIKE '%peta%'` ran into the
  // statement timeout); deep pages have their own case, by cursor (deepPageCases)
  const pages = Math.max(1, Math.min(matched - 4, MEMO_POSITIONS));
  // pages × 10 distinct requests: fewer (× 5) wrapped within a 10 s case once the first ones
  // were fast, and the rest were response-cache hits (1,504 req/s at p50 0 ms for 100 matches)
  const memoCopy = (k: number): BenchRequest => getRecords(c.cql(0), { startPosition: 1 + (k % pages), maxRecords: 10 + (Math.floor(k / pages) % 10) });
  const memo: BenchCase = { name: `${c.name} · memo`, filtered: true, request: getRecords(c.cql(0)), uncached: memoCopy };
  // k + 1: the "new" filters never repeat the memo filter (nor one another)
  const fresh: BenchCase = { name: `${c.name} · new`, filtered: true, request: getRecords(c.cql(1)), uncached: (k) => getRecords(c.cql(k + 1)), uncachedOnly: true };
  return { memo, fresh };
}

/**
 * OGC API – Records items for the same kind of searches (q = a place name, a small bbox, a
 * common word). The "memo" copies spell the same search differently (spaces around q, leading
 * zeros in bbox), which the response cache keys apart; "new" copies ask another place / box.
 */
const ITEMS = '/collections/metadata/items';
/** a place name misspelt: lower case, its last letter doubled */
const typo = (name: string): string => name.toLowerCase() + name.slice(-1).toLowerCase();
export function oarecVariants(n: number): { kind: MillionCase['kind']; memo: BenchCase; fresh: BenchCase }[] {
  void n;
  const sp = (k: number): string => '%20'.repeat(k % 50);
  const item = (name: string, path: (k: number) => string): BenchCase => ({ name, filtered: true, request: { method: 'GET', path: `${ITEMS}?${path(0)}` }, uncached: (k) => ({ method: 'GET', path: `${ITEMS}?${path(k + 1)}` }) });
  const boxAt = (k: number): string => `${(-30 + k * 1e-4).toFixed(4)},10,${(-29.5 + k * 1e-4).toFixed(4)},10.5`;
  return [
    {
      kind: 'selective',
      memo: item('items q=place · memo', (k) => `q=${sp(k)}${place(0).toLowerCase()}${sp(Math.floor(k / 50))}&limit=10`),
      fresh: { ...item('items q=place · new', (k) => `q=${place(k + 1).toLowerCase()}&limit=10`), uncachedOnly: true },
    },
    {
      kind: 'selective',
      // leading zeros after the minus sign and before 10: the same box, a different spelling
      memo: item('items bbox 0.5° · memo', (k) => `bbox=-${'0'.repeat(k % 50)}30.0000,${'0'.repeat(Math.floor(k / 50) % 50)}10,-29.5000,10.5&limit=10`),
      fresh: { ...item('items bbox 0.5° · new', (k) => `bbox=${boxAt(k + 1)}&limit=10`), uncachedOnly: true },
    },
    {
      // a typo of a place name (its last letter doubled): nothing matches exactly, so the typo-tolerant
      // fallback and the spelling suggestion answer (issue 21: this ran into the statement timeout)
      kind: 'selective',
      memo: item('items q=typo · memo', (k) => `q=${sp(k)}${typo(place(0))}${sp(Math.floor(k / 50))}&limit=10`),
      fresh: { ...item('items q=typo · new', (k) => `q=${typo(place(k + 1))}&limit=10`), uncachedOnly: true },
    },
    {
      kind: 'broad',
      memo: item('items q=peta · memo', (k) => `q=${sp(k)}peta${sp(Math.floor(k / 50))}&limit=10`),
      // with a whole-world bbox whose west edge moves: every record still matches, the filter is new
      fresh: { ...item('items q=peta · new', (k) => `q=peta&bbox=${(-180 + (k + 1) * 1e-6).toFixed(6)},-90,180,90&limit=10`), uncachedOnly: true },
    },
  ];
}

/**
 * Facet counts (issue 21): items with `facets=true` for a new filter on every request, so the
 * facet memo never answers — a selective search (exact counts) and broad ones (counted over a
 * bounded sample, marked approximate).
 */
export function facetCases(): { kind: MillionCase['kind']; case: BenchCase }[] {
  const item = (name: string, path: (k: number) => string): BenchCase => ({
    name, filtered: true, request: { method: 'GET', path: `${ITEMS}?${path(0)}` }, uncached: (k) => ({ method: 'GET', path: `${ITEMS}?${path(k + 1)}` }), uncachedOnly: true,
  });
  return [
    { kind: 'selective', case: item('items facets q=place · new', (k) => `q=${place(k + 1).toLowerCase()}&limit=10&facets=true`) },
    { kind: 'broad', case: item('items facets q=peta · new', (k) => `q=peta&bbox=${(-180 + (k + 1) * 1e-6).toFixed(6)},-90,180,90&limit=10&facets=true`) },
    { kind: 'broad', case: item('items facets all · new', (k) => `bbox=${(-180 + (k + 1) * 1e-6).toFixed(6)},-90,180,90&limit=10&facets=true`) },
  ];
}

/**
 * The HTML search page uncached (issue 21: ≥ 200 req/s with p99 < 200 ms at 100,000 records):
 * what a person's browser asks — `f=html`, the page's facets, footprints and page numbers — for
 * a new search on every request (another place word, a moved whole-world box, an unfiltered
 * page further on), so neither the response cache nor the facet memo answers.
 */
export function htmlCases(): { kind: MillionCase['kind']; case: BenchCase }[] {
  const item = (name: string, path: (k: number) => string): BenchCase => ({
    name, filtered: true, request: { method: 'GET', path: `${ITEMS}?${path(0)}` }, uncached: (k) => ({ method: 'GET', path: `${ITEMS}?${path(k + 1)}` }), uncachedOnly: true,
  });
  return [
    // as the search form sends it (no `limit`): the JSON the page is made from then differs from
    // the facet cases' `…&limit=10&facets=true` — the place names are only PLACE_COUNT and the
    // request counter runs on across cases, so with `limit=10` a full run met the facet case's
    // answers in the response cache (hits, not new searches)
    { kind: 'selective', case: item('HTML search page q=place · new', (k) => `f=html&q=${place(k + 1 + PLACE_COUNT / 2).toLowerCase()}`) },
    { kind: 'broad', case: item('HTML search page q=peta · new', (k) => `f=html&q=peta&bbox=${(-180 + (k + 1) * 1e-6).toFixed(6)},-90,180,90`) },
    { kind: 'broad', case: item('HTML search page all · new', (k) => `f=html&bbox=${(-180 + (k + 1) * 1e-6).toFixed(6)},-90,180,90`) },
  ];
}

/**
 * Deep pages (issue 21: 2.9–3.1 s at 1,000,000 records with OFFSET): OGC API – Records pages
 * at positions spread through the whole result, each reached by the cursor a `next` link would
 * carry (keyset: the identifier of the record before the page). CSW's startPosition reaches
 * the same cost only right after the previous page was asked (libs/search/page-boundaries.ts):
 * the harvest sample below measures its spread pages.
 */
export function deepPageCases(keys: readonly { id: string; position: number }[]): { protocol: 'OARec' | 'CSW'; case: BenchCase }[] {
  if (keys.length === 0) return [];
  const at = (k: number) => keys[k % keys.length]!;
  const cursor = (k: number): string => encodeCursor({}, at(k).position, [at(k).id]);
  const oarec: BenchCase = {
    name: 'items deep page by cursor (whole result)', filtered: false,
    request: { method: 'GET', path: `${ITEMS}?limit=10&cursor=${cursor(0)}` },
    uncached: (k) => ({ method: 'GET', path: `${ITEMS}?limit=${10 + (Math.floor(k / keys.length) % 10)}&cursor=${cursor(k)}` }),
    uncachedOnly: true,
  };
  return [{ protocol: 'OARec', case: oarec }];
}
