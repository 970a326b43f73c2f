/**
 * The namespaces both crosswalk directions use (crosswalk-common.xsl's cw:ns3, cw:module3,
 * cw:ns139 and its lists), so that the TypeScript crosswalk names elements exactly as the
 * stylesheets did.
 */
export const ISO3 = 'http://standards.iso.org/iso/19115/-3/';
export const GML32 = 'http://www.opengis.net/gml/3.2';
export const GML = 'http://www.opengis.net/gml';
export const XLINK = 'http://www.w3.org/1999/xlink';
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
export const MDQ = 'http://standards.iso.org/iso/19157/-2/mdq/1.0';

/** The 19115-3 namespace set written or read: 2018 (mdb/2.0 …) or 2016 (mdb/1.0). */
export type MdbSet = '2018' | '2016';

/** The modules that have a 2.0 version in the 2018 set. */
export const V2_MODULES: ReadonlySet<string> = new Set(['mdb', 'cit', 'mac', 'mds', 'mdt', 'mrc', 'mrl', 'msr']);

/** 19139 namespaces, 19115-2 gmi in both of its namespaces included (cw:ISO139-NS). */
export const ISO139_NAMESPACES: ReadonlySet<string> = new Set([
  'http://www.isotc211.org/2005/gmd', 'http://www.isotc211.org/2005/gco', 'http://www.isotc211.org/2005/gmx',
  'http://www.isotc211.org/2005/srv', 'http://www.isotc211.org/2005/gts', 'http://www.isotc211.org/2005/gmi',
  'http://standards.iso.org/iso/19115/-2/gmi/1.0',
]);
export const GMD = 'http://www.isotc211.org/2005/gmd';
export const GCO139 = 'http://www.isotc211.org/2005/gco';
export const GMX = 'http://www.isotc211.org/2005/gmx';
export const SRV139 = 'http://www.isotc211.org/2005/srv';
export const GTS = 'http://www.isotc211.org/2005/gts';

/** The 19115-3 module prefixes in the stylesheets' order (cw:ISO3-MODULES). */
export const ISO3_MODULES: readonly string[] = ['mdb', 'cit', 'mac', 'mrc', 'mrl', 'msr', 'gco', 'gcx', 'gex', 'lan', 'mas', 'mcc',
  'mco', 'mex', 'mmi', 'mpc', 'mrd', 'mri', 'mrs', 'srv', 'mdq', 'gml', 'xlink', 'gmw'];

/** cw:ns3: a 19115-3 module prefix → its namespace URI in the chosen set. */
export function ns3(m: string, set: MdbSet = '2018'): string {
  if (m === 'srv') return `${ISO3}srv/2.0`;
  if (m === 'mdq') return MDQ;
  if (m === 'gml') return GML32;
  if (m === 'xlink') return XLINK;
  return `${ISO3}${m}${V2_MODULES.has(m) && set === '2018' ? '/2.0' : '/1.0'}`;
}

/** cw:module3: the module prefix of a 19115-3 namespace URI (either set), or ''. */
export function module3(uri: string | null | undefined): string {
  if (!uri) return '';
  if (uri.startsWith(ISO3)) {
    const rest = uri.slice(ISO3.length);
    // replace(…, '/.*$', ''): '.' does not match a newline, which a namespace URI never holds
    const slash = rest.indexOf('/');
    return slash < 0 ? rest : rest.slice(0, slash);
  }
  return uri.includes('19157/-2/mdq') ? 'mdq' : '';
}

/** cw:ns139: a 19139 module prefix → its namespace URI (gmi: the 2005 namespace, which 19139 tools read). */
export function ns139(m: string): string {
  if (m === 'gml') return GML32;
  if (m === 'xlink') return XLINK;
  return `http://www.isotc211.org/2005/${m}`;
}

/** A namespace URI that 19139 (with 19115-2) uses. */
export const isIso139Namespace = (uri: string | null | undefined): boolean => !!uri && ISO139_NAMESPACES.has(uri);
export const isGmlNamespace = (uri: string | null | undefined): boolean => uri === GML || uri === GML32;
