import type { ServiceHttpResponse } from '../../response-cache/response-cache';
import { MEDIA } from '../oarec-links';
import type { OarecResource } from '../request/oarec-request';
import { collectionDocument, collectionsDocument, conformanceDocument, landingDocument, queryablesDocument, sortablesDocument } from '../responses/oarec-documents';
import { oarecOpenApi } from '../responses/oarec-openapi';
import { CATALOG_TYPE, json, SCHEMA_TYPE } from '../responses/oarec-response';
import type { OarecHandlerDeps } from './handler-deps';

/** The fixed documents: landing page, conformance, collections, the collection, queryables, sortables, OpenAPI. */
export async function documentResponse(deps: OarecHandlerDeps, resource: OarecResource, media?: 'catalog'): Promise<ServiceHttpResponse> {
  const { baseUrl } = deps;
  switch (resource) {
    case 'landing':
      return json(landingDocument(baseUrl, await deps.getIdentity()));
    case 'conformance':
      return json(conformanceDocument());
    case 'collections':
      return json(collectionsDocument(baseUrl, await deps.getIdentity()));
    case 'collection':
      // the same document; its own media type when the client asked for it (Records /req/json/catalog-response)
      return json(collectionDocument(baseUrl, await deps.getIdentity()), media === 'catalog' ? CATALOG_TYPE : undefined);
    case 'queryables':
      return json(queryablesDocument(baseUrl), SCHEMA_TYPE);
    case 'sortables':
      return json(sortablesDocument(baseUrl), SCHEMA_TYPE);
    case 'openapi':
      return json(oarecOpenApi(baseUrl), MEDIA.openapi);
  }
}
