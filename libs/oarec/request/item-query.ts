import { NOTHING, type FilterNode } from '../../search/filter/filter-ast';
import { envelopeGeometry, toWkt } from '../../search/filter/geometry';
import { parseDateLiteral } from '../../search/filter/date-value';
import { OAREC_QUERYABLES, resolveOarecQueryable } from '../../search/queryables';
import { freeTextNode } from '../../search/free-text';
import type { SortSpec } from '../../search/sort-order';
import type { PageKey } from '../../search/search.ports';
import { decodeCursor } from './page-cursor';
import type { Cql2Expr } from '../cql2/cql2-ast';
import { MAX_CQL2_LENGTH } from '../cql2/cql2-ast';
import { parseCql2Text } from '../cql2/cql2-text';
import { cql2ToFilter } from '../cql2/cql2-to-filter';
import { temporalFilter } from '../cql2/cql2-temporal';
import { asParameter, badParameter } from '../oarec-error';

/**
 * The query parameters of `/collections/metadata/items` → one search: the filter tree (the
 * same the CSW filters become), the sort, the page. Every parameter is checked; a bad one is a
 * 400 naming it. Parameters that are not ours are refused (OGC API – Features
 * /req/core/query-param-unknown), except `f`, which the routes read.
 */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;
/**
 * The deepest `offset` a client may ask for: OFFSET walks every earlier match (seconds at
 * 1,000,000 records), so deeper pages are reached through the `next` links, whose `cursor`
 * continues by key (page-cursor.ts) at the cost of a first page. Like Elasticsearch's
 * `index.max_result_window`. A position reached by a cursor may lie deeper.
 */
export const MAX_OFFSET = 10_000;
export const FACET_LIMIT = 10;
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

export interface ItemQuery {
  filter: FilterNode;
  sort: SortSpec[];
  limit: number;
  offset: number;
  /** keyset continuation from the `cursor` parameter (page-cursor.ts); `offset` is then its position */
  after?: PageKey;
  /** facet counts requested (`facets=true`; the HTML page always asks) */
  facets: boolean;
  /** the parameters as understood, for the next/prev/self links (without limit/offset/f) */
  echo: Record<string, string>;
}

const FIXED = new Set(['f', 'bbox', 'bbox-crs', 'datetime', 'q', 'type', 'ids', 'externalids', 'limit', 'offset', 'sortby', 'filter', 'filter-lang', 'filter-crs', 'facets', 'cursor']);

export type RawQuery = Record<string, string | string[] | undefined>;

/** One value per parameter; a repeated parameter is ambiguous and refused. */
export function singleValues(query: RawQuery): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) throw badParameter(k, 'parameter hanya boleh muncul sekali.');
    if (v.includes('\u0000')) throw badParameter(k, 'nilai tidak boleh mengandung karakter NUL.');
    out.set(k, v);
  }
  return out;
}

const list = (v: string): string[] => v.split(',').map((s) => s.trim()).filter((s) => s !== '');

function integer(name: string, v: string, min: number): number {
  if (!/^\d+$/.test(v.trim())) throw badParameter(name, `harus bilangan bulat ≥ ${min}.`);
  const n = Number(v.trim());
  if (n < min) throw badParameter(name, `harus bilangan bulat ≥ ${min}.`);
  return n;
}

/** `bbox`: 4 or 6 numbers, CRS84; minx > maxx crosses the antimeridian */
export function bboxFilter(v: string, crs: string | undefined): FilterNode {
  if (crs !== undefined && crs !== CRS84) throw badParameter('bbox-crs', `hanya ${CRS84} yang didukung.`);
  const parts = v.split(',').map((s) => s.trim());
  if ((parts.length !== 4 && parts.length !== 6) || parts.some((p) => !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(p))) {
    throw badParameter('bbox', 'gunakan 4 angka (minx,miny,maxx,maxy) atau 6 (dengan z), bujur/lintang CRS84.');
  }
  const n = parts.map(Number);
  const [w, s, e, north] = parts.length === 6 ? [n[0]!, n[1]!, n[3]!, n[4]!] : [n[0]!, n[1]!, n[2]!, n[3]!];
  if (s < -90 || north > 90 || w < -180 || w > 180 || e < -180 || e > 180) throw badParameter('bbox', 'koordinat di luar rentang CRS84 (bujur ±180, lintang ±90).');
  const wkt = asParameter('bbox', () => toWkt(envelopeGeometry(w, s, e, north)));
  return { op: 'spatial', spatial: 'intersects', property: 'ows:BoundingBox', geometryWkt: wkt };
}

/** `datetime`: an instant or an interval `a/b` with `..` (or nothing) for an open end; intersects the record's time */
export function datetimeFilter(v: string): FilterNode {
  const parts = v.split('/');
  if (parts.length > 2) throw badParameter('datetime', 'gunakan satu waktu atau interval awal/akhir.');
  const ends = (parts.length === 1 ? [parts[0]!, parts[0]!] : parts).map((p) => p.trim());
  const open = (p: string) => p === '..' || p === '';
  if (ends.every(open)) {
    if (parts.length === 1) throw badParameter('datetime', 'waktu kosong.');
  }
  for (const p of ends) if (!open(p)) asParameter('datetime', () => parseDateLiteral(p));
  const literal = { begin: open(ends[0]!) ? '..' : ends[0]!, end: open(ends[1]!) ? '..' : ends[1]! };
  return temporalFilter('t_intersects', { begin: resolveOarecQueryable('timeBegin')!, end: resolveOarecQueryable('timeEnd')!, openEnds: true }, literal);
}

/**
 * `q`: terms separated by commas are alternatives (OR); the words of one term must all occur as
 * words (any Indonesian or English form, accents folded), anywhere in the record's text; a term
 * met as a phrase ranks higher (libs/search/free-text.ts). Without `sortby` the results come in
 * order of relevance.
 */
export const MAX_Q_TERMS = 16;

export function qFilter(v: string): FilterNode {
  const terms = list(v).map(freeTextNode).filter((n): n is FilterNode => n !== undefined);
  if (terms.length === 0) throw badParameter('q', 'istilah pencarian kosong.');
  // each term is a word search with its own rank: a request cannot make the statement unbounded
  if (terms.length > MAX_Q_TERMS) throw badParameter('q', `paling banyak ${MAX_Q_TERMS} istilah (dipisahkan koma).`);
  return terms.length === 1 ? terms[0]! : { op: 'or', children: terms };
}

function filterParam(v: string, lang: string | undefined, crs: string | undefined): FilterNode {
  if (crs !== undefined && crs !== CRS84) throw badParameter('filter-crs', `hanya ${CRS84} yang didukung.`);
  const l = lang ?? 'cql2-text';
  if (v.length > MAX_CQL2_LENGTH) throw badParameter('filter', `filter melebihi ${MAX_CQL2_LENGTH} karakter.`);
  let expr: Cql2Expr;
  if (l === 'cql2-text') expr = parseCql2Text(v);
  else if (l === 'cql2-json') {
    try {
      expr = JSON.parse(v) as Cql2Expr;
    } catch (err) {
      throw badParameter('filter', `JSON CQL2 tidak valid: ${(err as Error).message}`);
    }
  } else throw badParameter('filter-lang', 'gunakan cql2-text atau cql2-json.');
  return cql2ToFilter(expr);
}

/** `sortby=title,-updated` (a `+` prefix is ascending); names are the sortables */
export function parseSortby(v: string): SortSpec[] {
  const items = v.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw badParameter('sortby', 'gunakan nama properti dipisahkan koma, dengan awalan - untuk urutan turun.');
  return items.map((item) => {
    const desc = item.startsWith('-');
    const name = item.replace(/^[+-]/, '').trim();
    const q = resolveOarecQueryable(name);
    if (!q || !q.sortable) throw badParameter('sortby', `"${name.slice(0, 60)}" bukan properti yang dapat diurutkan (lihat /collections/metadata/sortables).`);
    return { property: q.name, order: desc ? 'DESC' : 'ASC' };
  });
}

export function parseItemQuery(query: RawQuery): ItemQuery {
  const p = singleValues(query);
  const parts: FilterNode[] = [];
  const echo: Record<string, string> = {};
  for (const [k, v] of p) {
    if (FIXED.has(k.toLowerCase()) && k !== k.toLowerCase() && k !== 'externalIds') throw badParameter(k, 'nama parameter peka huruf besar-kecil.');
    if (!FIXED.has(k) && k !== 'externalIds') {
      const q = OAREC_QUERYABLES.get(k);
      if (!q) throw badParameter(k, 'parameter tidak dikenal.');
      if (q.kind === 'geometry') throw badParameter(k, 'gunakan bbox atau filter untuk geometri.');
      parts.push({ op: 'compare', cmp: 'eq', property: q.name, value: v, matchCase: false });
    }
    if (k !== 'f' && k !== 'limit' && k !== 'offset' && k !== 'cursor') echo[k] = v;
  }
  const get = (k: string): string | undefined => p.get(k);
  const bbox = get('bbox');
  if (bbox !== undefined) parts.push(bboxFilter(bbox, get('bbox-crs')));
  const datetime = get('datetime');
  if (datetime !== undefined) parts.push(datetimeFilter(datetime));
  const q = get('q');
  // an empty search box (the HTML search form without JavaScript sends `q=`) means no text filter
  if (q !== undefined && q.trim() !== '') parts.push(qFilter(q));
  const type = get('type');
  if (type !== undefined) {
    const types = list(type);
    parts.push(types.length ? { op: 'or', children: types.map((t) => ({ op: 'compare', cmp: 'eq', property: 'apiso:Type', value: t, matchCase: false })) } : NOTHING);
  }
  const ids = get('ids');
  if (ids !== undefined) parts.push({ op: 'ids', ids: list(ids) });
  // the catalogue keeps no external identifiers: no record has one
  if (get('externalIds') !== undefined) parts.push(NOTHING);
  const filter = get('filter');
  if (filter !== undefined) parts.push(filterParam(filter, get('filter-lang'), get('filter-crs')));
  else if (get('filter-lang') !== undefined && !['cql2-text', 'cql2-json'].includes(get('filter-lang')!)) throw badParameter('filter-lang', 'gunakan cql2-text atau cql2-json.');
  const limitRaw = get('limit');
  const limit = limitRaw === undefined ? DEFAULT_LIMIT : Math.min(integer('limit', limitRaw, 1), MAX_LIMIT);
  const offsetRaw = get('offset');
  const cursorRaw = get('cursor');
  if (cursorRaw !== undefined && offsetRaw !== undefined) throw badParameter('cursor', 'gunakan cursor atau offset, tidak keduanya.');
  const cursor = cursorRaw === undefined ? undefined : decodeCursor(cursorRaw, echo);
  const offset = cursor ? cursor.offset : offsetRaw === undefined ? 0 : integer('offset', offsetRaw, 0);
  if (!cursor && offset > MAX_OFFSET) {
    throw badParameter('offset', `paling besar ${MAX_OFFSET}; halaman yang lebih dalam dicapai lewat tautan next (parameter cursor).`);
  }
  const sortby = get('sortby');
  const facets = get('facets');
  if (facets !== undefined && facets !== 'true' && facets !== 'false') throw badParameter('facets', 'gunakan true atau false.');
  return {
    filter: parts.length === 0 ? { op: 'all' } : parts.length === 1 ? parts[0]! : { op: 'and', children: parts },
    sort: sortby === undefined ? [] : parseSortby(sortby),
    limit,
    offset,
    ...(cursor ? { after: cursor.after } : {}),
    facets: facets === 'true',
    echo,
  };
}
