/**
 * Namespace URIs the CSW layer reads and writes. Requests are matched by URI, never by
 * prefix; the prefixes here are only the ones we write and the fallbacks used when a
 * client names `csw:Record` without declaring `csw` (KVP without NAMESPACE, sloppy XML).
 */
export const NS = {
  csw: 'http://www.opengis.net/cat/csw/2.0.2',
  ogc: 'http://www.opengis.net/ogc',
  ows: 'http://www.opengis.net/ows',
  gml: 'http://www.opengis.net/gml',
  xlink: 'http://www.w3.org/1999/xlink',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  dc: 'http://purl.org/dc/elements/1.1/',
  dct: 'http://purl.org/dc/terms/',
  gmd: 'http://www.isotc211.org/2005/gmd',
  mdb: 'http://standards.iso.org/iso/19115/-3/mdb/2.0',
  apiso: 'http://www.opengis.net/cat/csw/apiso/1.0',
} as const;

/** Prefix → URI used when a request does not bind the prefix itself. */
export const STANDARD_PREFIXES: Readonly<Record<string, string>> = {
  csw: NS.csw,
  ogc: NS.ogc,
  ows: NS.ows,
  gml: NS.gml,
  dc: NS.dc,
  dct: NS.dct,
  gmd: NS.gmd,
  mdb: NS.mdb,
  apiso: NS.apiso,
};

export const CSW_SCHEMA_LOCATION = 'http://www.opengis.net/cat/csw/2.0.2 http://schemas.opengis.net/csw/2.0.2/CSW-discovery.xsd';
export const OWS_EXCEPTION_SCHEMA_LOCATION = 'http://www.opengis.net/ows http://schemas.opengis.net/ows/1.0.0/owsExceptionReport.xsd';

/** A namespace-resolved XML name. `prefix` is kept only to echo what the client wrote. */
export interface QName {
  ns: string;
  local: string;
  prefix?: string;
}

export const qnameEquals = (a: QName, b: QName): boolean => a.ns === b.ns && a.local === b.local;
