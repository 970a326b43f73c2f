import { createHash } from 'node:crypto';
import { badParameter, OarecError } from '../oarec-error';
import { parseItemQuery, singleValues, type ItemQuery, type RawQuery } from './item-query';
import { COLLECTION_PATH, ITEMS_PATH, MEDIA } from '../oarec-links';

/**
 * An OGC API – Records request as the service understands it: which resource, which encoding,
 * and for items the parsed query. The response cache keys on a digest of this object, so two
 * spellings of one search share an entry.
 */
export type OarecFormat = 'json' | 'html' | 'iso19139' | 'iso19115-3';

export type OarecResource = 'landing' | 'conformance' | 'collections' | 'collection' | 'queryables' | 'sortables' | 'openapi';

export type OarecRequest =
  /** `media: 'catalog'`: the collection asked for as `application/ogc-catalog+json` (Records /req/json/catalog-response) */
  | { resource: OarecResource; format: OarecFormat; media?: 'catalog' }
  | { resource: 'items'; format: OarecFormat; query: ItemQuery }
  | { resource: 'record'; format: OarecFormat; id: string };

const FORMATS: readonly OarecFormat[] = ['json', 'html', 'iso19139', 'iso19115-3'];

export const CATALOG_MEDIA_TYPE = MEDIA.catalog;

/** Accept ranges, best first (q=0 dropped; equal q keep the client's order) */
function acceptRanges(accept: string): { type: string; q: number; i: number }[] {
  return accept.split(',').map((part, i) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qp ? Number(qp.slice(2)) : 1;
    return { type: type!.trim(), q: Number.isFinite(q) ? q : 0, i };
  }).filter((r) => r.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
}

/**
 * Whether the client's preferred JSON type is the catalogue media type: only then does the
 * collection answer `application/ogc-catalog+json` (a plain JSON client keeps application/json).
 */
export function prefersCatalogMedia(f: string | undefined, accept: string | undefined): boolean {
  if (f !== undefined || !accept) return false;
  const first = acceptRanges(accept).find((r) => r.type === CATALOG_MEDIA_TYPE || r.type === 'text/html' || r.type === 'application/json');
  return first?.type === CATALOG_MEDIA_TYPE;
}

/** `f` wins; otherwise the Accept header (HTML only when the client prefers it to JSON, as browsers do) */
export function negotiateFormat(f: string | undefined, accept: string | undefined, allowed: readonly OarecFormat[], extraJson: readonly string[] = []): OarecFormat {
  if (f !== undefined) {
    const v = f.trim().toLowerCase() as OarecFormat;
    if (!FORMATS.includes(v)) throw badParameter('f', `gunakan salah satu dari ${allowed.join(', ')}.`);
    if (!allowed.includes(v)) throw new OarecError(406, 'NotAcceptable', `Encoding "${v}" tidak tersedia untuk sumber daya ini (tersedia: ${allowed.join(', ')}).`);
    return v;
  }
  if (!accept || accept.trim() === '') return 'json';
  const ranges = acceptRanges(accept);
  for (const r of ranges) {
    if (r.type === 'text/html' && allowed.includes('html')) return 'html';
    if (['application/json', 'application/geo+json', 'application/schema+json', 'application/vnd.oai.openapi+json', '*/*', 'application/*', ...extraJson].includes(r.type)) return 'json';
    if ((r.type === 'application/xml' || r.type === 'text/xml') && allowed.includes('iso19139')) return 'iso19139';
  }
  if (ranges.length === 0) return 'json';
  throw new OarecError(406, 'NotAcceptable', `Tidak ada encoding yang cocok dengan Accept "${accept.slice(0, 100)}" (tersedia: ${allowed.join(', ')}).`);
}

const JSON_HTML: readonly OarecFormat[] = ['json', 'html'];

/**
 * Whether a request (even one that cannot be parsed) came from a client that wants HTML: `f=html`,
 * or no `f` and an Accept header that prefers text/html to JSON (a browser). Its errors are then
 * pages; every other client keeps the exception JSON.
 */
export function asksForHtml(f: unknown, accept: string | undefined): boolean {
  if (typeof f === 'string') return f.trim().toLowerCase() === 'html';
  if (f !== undefined) return false;
  try {
    return negotiateFormat(undefined, accept, JSON_HTML) === 'html';
  } catch {
    return false;
  }
}
const RECORD_FORMATS: readonly OarecFormat[] = ['json', 'html', 'iso19139', 'iso19115-3'];

/** Only `f` is accepted on the fixed documents (unknown parameters are refused, as on items). */
function onlyF(query: RawQuery): string | undefined {
  const p = singleValues(query);
  for (const k of p.keys()) if (k !== 'f') throw badParameter(k, 'parameter tidak dikenal.');
  return p.get('f');
}

export const PAGE_LANGUAGES = ['id', 'en'] as const;

/**
 * A record takes `f` and `lang`, the language of its HTML page (`id`, the default, or `en`:
 * libs/oarec/html/page-language.ts). `lang` does not change the JSON (which carries every
 * translation), so it is not part of the request value and JSON answers share a cache entry.
 */
function recordF(query: RawQuery): string | undefined {
  const p = singleValues(query);
  for (const k of p.keys()) if (k !== 'f' && k !== 'lang') throw badParameter(k, 'parameter tidak dikenal.');
  const lang = p.get('lang');
  if (lang !== undefined && !(PAGE_LANGUAGES as readonly string[]).includes(lang)) throw badParameter('lang', `gunakan salah satu dari ${PAGE_LANGUAGES.join(', ')}.`);
  return p.get('f');
}

export const MAX_RECORD_ID_LENGTH = 512;

/** path (relative to the endpoint root) + query + Accept → the request, or an OarecError */
export function parseOarecRequest(path: string, query: RawQuery, accept: string | undefined): OarecRequest {
  const fixed: Record<string, OarecResource> = {
    '/': 'landing', '/conformance': 'conformance', '/collections': 'collections', [COLLECTION_PATH]: 'collection',
    [`${COLLECTION_PATH}/queryables`]: 'queryables', [`${COLLECTION_PATH}/sortables`]: 'sortables', '/openapi': 'openapi',
  };
  const resource = fixed[path];
  if (resource === 'collection') {
    const f = onlyF(query);
    const format = negotiateFormat(f, accept, JSON_HTML, [CATALOG_MEDIA_TYPE]);
    return format === 'json' && prefersCatalogMedia(f, accept) ? { resource, format, media: 'catalog' } : { resource, format };
  }
  if (resource) return { resource, format: negotiateFormat(onlyF(query), accept, JSON_HTML) };
  if (path === ITEMS_PATH) {
    const q = parseItemQuery(query);
    return { resource: 'items', format: negotiateFormat(singleValues(query).get('f'), accept, JSON_HTML), query: q };
  }
  if (path.startsWith(`${ITEMS_PATH}/`)) {
    const raw = path.slice(ITEMS_PATH.length + 1);
    let id: string;
    try {
      id = decodeURIComponent(raw);
    } catch {
      throw new OarecError(404, 'NotFound', 'Rekaman tidak ditemukan.');
    }
    if (id === '' || id.length > MAX_RECORD_ID_LENGTH || id.includes('\u0000')) throw new OarecError(404, 'NotFound', 'Rekaman tidak ditemukan.');
    return { resource: 'record', format: negotiateFormat(recordF(query), accept, RECORD_FORMATS), id };
  }
  throw new OarecError(404, 'NotFound', 'Sumber daya tidak ditemukan.');
}

export function oarecCacheKey(req: OarecRequest): string {
  // the links of an items page repeat the query (echo), so it is part of the key, in name order
  const canonical = req.resource === 'items'
    ? { ...req, query: { ...req.query, echo: Object.entries(req.query.echo).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) } }
    : req;
  return `oarec:resp:${createHash('sha256').update(JSON.stringify(canonical)).digest('base64url')}`;
}

/** items and records follow the catalogue (60 s, like CSW GetRecords); the fixed documents 10 minutes */
export const oarecTtlSeconds = (req: OarecRequest): number => (req.resource === 'items' || req.resource === 'record' ? 60 : 600);
