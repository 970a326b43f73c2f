/** The URLs and media types of the OGC API – Records endpoint (mounted at the root of BASE_URL). */
export const CATALOG_ID = 'metadata';
export const COLLECTION_PATH = `/collections/${CATALOG_ID}`;
export const ITEMS_PATH = `${COLLECTION_PATH}/items`;

export const MEDIA = {
  json: 'application/json',
  geojson: 'application/geo+json',
  html: 'text/html',
  schema: 'application/schema+json',
  /** the catalogue (a collection of records) in JSON: OGC API – Records /req/json/catalog-response */
  catalog: 'application/ogc-catalog+json',
  openapi: 'application/vnd.oai.openapi+json;version=3.0',
  xml: 'application/xml',
} as const;

export const CONF = 'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf';
export const PROFILE_CATALOG = 'http://www.opengis.net/def/profile/OGC/0/ogc-catalog';
export const REL_CATALOG = 'http://www.opengis.net/def/rel/ogc/1.0/ogc-catalog';
export const REL_QUERYABLES = 'http://www.opengis.net/def/rel/ogc/1.0/queryables';
export const REL_SORTABLES = 'http://www.opengis.net/def/rel/ogc/1.0/sortables';
export const REL_CONFORMANCE = 'http://www.opengis.net/def/rel/ogc/1.0/conformance';
export const REL_DATA = 'http://www.opengis.net/def/rel/ogc/1.0/data';

export interface Link {
  href: string;
  rel: string;
  type?: string;
  title?: string;
  hreflang?: string;
  /** non-standard member for distributions: the protocol of the link (OGC:WMS, WWW:LINK …) */
  protocol?: string;
}

export const link = (href: string, rel: string, type?: string, title?: string): Link => ({
  href, rel, ...(type ? { type } : {}), ...(title ? { title } : {}),
});

/** `href` with `f=<format>` added (or replaced) */
export function withFormat(href: string, f: string): string {
  const u = new URL(href);
  u.searchParams.set('f', f);
  return u.toString();
}
