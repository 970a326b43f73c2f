import { geometryFailure, SearchError } from '../search/search-error';
import type { ServiceHttpRequest, ServiceHttpResponse } from '../response-cache/response-cache';
import { badParameter, OarecError } from './oarec-error';
import { oarecCacheKey, oarecTtlSeconds, parseOarecRequest, type OarecRequest } from './request/oarec-request';
import { documentResponse } from './handlers/documents.handler';
import type { OarecHandlerDeps } from './handlers/handler-deps';
import { itemsResponse } from './handlers/items.handler';
import { recordResponse } from './handlers/record.handler';
import { oarecFailure } from './responses/oarec-response';

export type { OarecLogger } from './handlers/handler-deps';
export { oarecFailure, XML_TYPE } from './responses/oarec-response';

/**
 * The OGC API – Records endpoint without HTTP: a request (path, query, Accept) → status,
 * content type and body. It parses (request/), dispatches to the resource's handler (handlers/),
 * which builds the document (responses/). JSON and the stored ISO renders are answered here (and
 * cached by the search core's response cache); HTML is rendered by the routes from this JSON.
 * Every failure is an exception JSON `{code, description}` with a 4xx status; an internal
 * failure is logged and answered 503 (the store is unavailable), never with a stack.
 */
export type OarecServiceDeps = OarecHandlerDeps;

/** `path` relative to the endpoint root: `/`, `/collections/metadata/items` … */
export type OarecHttpRequest = ServiceHttpRequest;

export interface OarecService {
  parse(req: OarecHttpRequest): OarecRequest;
  handle(req: OarecHttpRequest): Promise<ServiceHttpResponse>;
  execute(parsed: OarecRequest, ctx?: { countScope?: string }): Promise<ServiceHttpResponse>;
  cacheKey(parsed: OarecRequest): string;
  ttlSeconds(parsed: OarecRequest): number;
}

export function createOarecService(deps: OarecServiceDeps): OarecService {
  function dispatch(req: OarecRequest, countScope: string | undefined): Promise<ServiceHttpResponse> {
    switch (req.resource) {
      case 'items':
        return itemsResponse(deps, req.query, countScope);
      case 'record':
        return recordResponse(deps, req.id, req.format);
      default:
        return documentResponse(deps, req.resource, 'media' in req ? req.media : undefined);
    }
  }

  function failure(err: unknown): ServiceHttpResponse {
    if (err instanceof OarecError) return oarecFailure(err);
    // a query the search core cannot use (a bad date in prop=value or filter, a geometry GEOS failed on, …)
    const search = err instanceof SearchError ? err : geometryFailure(err);
    if (search) return oarecFailure(badParameter(search.locator === 'sortby' || search.locator === 'cursor' ? search.locator : 'filter', search.message));
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
