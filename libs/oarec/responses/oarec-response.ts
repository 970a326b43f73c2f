import type { ServiceHttpResponse } from '../../response-cache/response-cache';
import { exceptionJson, type OarecError } from '../oarec-error';
import { MEDIA } from '../oarec-links';

/** The content types the endpoint answers with (HTML is the routes' business). */
export const JSON_TYPE = `${MEDIA.json}; charset=utf-8`;
export const GEOJSON_TYPE = `${MEDIA.geojson}; charset=utf-8`;
export const SCHEMA_TYPE = `${MEDIA.schema}; charset=utf-8`;
export const CATALOG_TYPE = `${MEDIA.catalog}; charset=utf-8`;
export const XML_TYPE = 'application/xml; charset=UTF-8';

/** A 200 answer with a JSON body (and the value itself, for the HTML page of the same answer). */
export const json = (body: unknown, contentType = JSON_TYPE): ServiceHttpResponse => ({ status: 200, contentType, body: JSON.stringify(body), document: body });

/** An OARec error as the exception JSON `{code, description}` with its status. */
export function oarecFailure(e: OarecError): ServiceHttpResponse {
  return { status: e.status, contentType: JSON_TYPE, body: JSON.stringify(exceptionJson(e)) };
}
