import type { ServiceHttpResponse } from '../../response-cache/response-cache';
import { MEDIA } from '../oarec-links';
import type { OarecResource } from '../request/oarec-request';
import { collectionDocument, collectionsDocument, conformanceDocument, landingDocument, queryablesDocument, sortablesDocument } from '../responses/oarec-documents';
import { oarecOpenApi } from '../responses/oarec-openapi';
import { json, SCHEMA_TYPE } from '../responses/oarec-response';
import type { OarecHandlerDeps } from './handler-deps';

/** The fixed documents: landing page, conformance, collections, the collection, queryables, sortables, OpenAPI. */
export async function documentResponse(deps: OarecHandlerDeps, resource: OarecResource): Promise<ServiceHttpResponse> {
  const { baseUrl } = deps;
  switch (resource) {
    case 'landing':
      return json(landingDocument(baseUrl, await deps.getIdentity()));
    case 'conformance':
      return json(conformanceDocument());
    case 'collections':
      return json(collectionsDocument(baseUrl, await deps.getIdentity()));
    case 'collection':
      return json(collectionDocument(baseUrl, await deps.getIdentity()));
    case 'queryables':
      return json(queryablesDocument(baseUrl), SCHEMA_TYPE);
    case 'sortables':
      return json(sortablesDocument(baseUrl), SCHEMA_TYPE);
    case 'openapi':
      return json(oarecOpenApi(baseUrl), MEDIA.openapi);
  }
}
