import type { ServiceIdentity } from '../config';
import type { MetadataRecord } from '../catalogue/record.types';
import { geometryFailure, SearchError } from '../search/search-error';
import type { SearchCore } from '../search/search-core';
import type { SearchStore } from '../search/search.ports';
import type { ServiceHttpRequest, ServiceHttpResponse } from '../response-cache/response-cache';
import { FACET_LIMIT } from './item-query';
import { badParameter, exceptionJson, OarecError } from './oarec-error';
import { collectionDocument, collectionsDocument, conformanceDocument, landingDocument, queryablesDocument, sortablesDocument } from './oarec-documents';
import { itemsDocument } from './items-document';
import { MEDIA } from './oarec-links';
import { oarecOpenApi } from './oarec-openapi';
import { oarecCacheKey, oarecTtlSeconds, parseOarecRequest, type OarecRequest } from './oarec-request';
import { recordFeature } from './record-geojson';

/**
 * The OGC API – Records endpoint without HTTP: a request (path, query, Accept) → status,
 * content type and body. JSON and the stored ISO renders are answered here (and cached by
 * the search core's response cache); HTML is rendered by the routes from this JSON.
 * Every failure is an exception JSON `{code, description}` with a 4xx status; an internal
 * failure is logged and answered 503 (the store is unavailable), never with a stack.
 */
export interface OarecLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OarecServiceDeps {
  baseUrl: string;
  core: SearchCore;
  store: SearchStore;
  getIdentity(): Promise<Pick<ServiceIdentity, 'title' | 'abstract'>>;
  /** renders a record whose stored ISO render is missing or older than the record */
  renderIso?(record: MetadataRecord, format: 'gmd' | 'mdb2018'): Promise<string>;
  logger?: OarecLogger;
}

/** `path` relative to the endpoint root: `/`, `/collections/metadata/items` … */
export type OarecHttpRequest = ServiceHttpRequest;

export interface OarecService {
  parse(req: OarecHttpRequest): OarecRequest;
  handle(req: OarecHttpRequest): Promise<ServiceHttpResponse>;
  execute(parsed: OarecRequest, ctx?: { countScope?: string }): Promise<ServiceHttpResponse>;
  cacheKey(parsed: OarecRequest): string;
  ttlSeconds(parsed: OarecRequest): number;
}

const JSON_TYPE = `${MEDIA.json}; charset=utf-8`;
const GEOJSON_TYPE = `${MEDIA.geojson}; charset=utf-8`;
export const XML_TYPE = 'application/xml; charset=UTF-8';

const json = (body: unknown, contentType = JSON_TYPE): ServiceHttpResponse => ({ status: 200, contentType, body: JSON.stringify(body) });

export function oarecFailure(e: OarecError): ServiceHttpResponse {
  return { status: e.status, contentType: JSON_TYPE, body: JSON.stringify(exceptionJson(e)) };
}

export function createOarecService(deps: OarecServiceDeps): OarecService {
  const { baseUrl } = deps;

  async function iso(id: string, format: 'gmd' | 'mdb2018'): Promise<string> {
    const [row] = await deps.store.publishedWithRenders([id], format);
    if (!row) throw new OarecError(404, 'NotFound', `Rekaman "${id.slice(0, 100)}" tidak ditemukan.`);
    if (row.xml !== null && (row.renderVersion === null || row.renderVersion >= row.version)) return row.xml;
    // like CSW: a render behind its record is rendered on the spot, a stale one is better than none
    if (deps.renderIso) {
      const record = await deps.store.publishedRecord(id);
      if (record) {
        try {
          return await deps.renderIso(record, format);
        } catch (err) {
          deps.logger?.error({ err, recordId: id, format }, 'OARec: rekaman tidak dapat dirender');
        }
      }
    }
    if (row.xml !== null) return row.xml;
    throw new OarecError(404, 'NotFound', `Render ${format} rekaman ini belum tersedia; coba lagi sebentar lagi.`);
  }

  async function dispatch(req: OarecRequest, countScope: string | undefined): Promise<ServiceHttpResponse> {
    switch (req.resource) {
      case 'landing':
        return json(landingDocument(baseUrl, await deps.getIdentity()));
      case 'conformance':
        return json(conformanceDocument());
      case 'collections':
        return json(collectionsDocument(baseUrl, await deps.getIdentity()));
      case 'collection':
        return json(collectionDocument(baseUrl, await deps.getIdentity()));
      case 'queryables':
        return json(queryablesDocument(baseUrl), `${MEDIA.schema}; charset=utf-8`);
      case 'sortables':
        return json(sortablesDocument(baseUrl), `${MEDIA.schema}; charset=utf-8`);
      case 'openapi':
        return json(oarecOpenApi(baseUrl), MEDIA.openapi);
      case 'items': {
        const q = req.query;
        const [page, facets] = await Promise.all([
          deps.core.page(q.filter, q.sort, q.offset, q.limit, countScope),
          q.facets ? deps.core.facets(q.filter, FACET_LIMIT) : Promise.resolve(undefined),
        ]);
        const answer = json(itemsDocument(baseUrl, q, page, facets), GEOJSON_TYPE);
        return page.count.exact ? answer : { ...answer, provisional: true };
      }
      case 'record': {
        if (req.format === 'iso19139' || req.format === 'iso19115-3') {
          return { status: 200, contentType: XML_TYPE, body: await iso(req.id, req.format === 'iso19139' ? 'gmd' : 'mdb2018') };
        }
        const record = await deps.store.publishedRecord(req.id);
        if (!record) throw new OarecError(404, 'NotFound', `Rekaman "${req.id.slice(0, 100)}" tidak ditemukan.`);
        return json(recordFeature(record, baseUrl), GEOJSON_TYPE);
      }
    }
  }

  function failure(err: unknown): ServiceHttpResponse {
    if (err instanceof OarecError) return oarecFailure(err);
    // a query the search core cannot use (a bad date in prop=value or filter, a geometry GEOS failed on, …)
    const search = err instanceof SearchError ? err : geometryFailure(err);
    if (search) return oarecFailure(badParameter(search.locator === 'sortby' ? 'sortby' : 'filter', search.message));
    deps.logger?.error({ err }, 'OARec: kesalahan internal');
    return oarecFailure(new OarecError(503, 'ServiceUnavailable', 'Layanan katalog sedang tidak tersedia. Silakan coba lagi nanti.'));
  }

  const parse = (req: OarecHttpRequest): OarecRequest => parseOarecRequest(req.path ?? '/', req.query, req.accept);

  return {
    parse,
    cacheKey: oarecCacheKey,
    ttlSeconds: oarecTtlSeconds,
    async handle(req) {
      try {
        return await dispatch(parse(req), undefined);
      } catch (err) {
        return failure(err);
      }
    },
    async execute(parsed, ctx) {
      try {
        return await dispatch(parsed, ctx?.countScope);
      } catch (err) {
        return failure(err);
      }
    },
  };
}
