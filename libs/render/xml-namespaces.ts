/**
 * Namespace URIs and code-list locations shared by the ISO 19139 builder and the tests.
 * The stylesheets in xslt/ declare the same URIs; the renderer's start-up smoke test would
 * fail if the two drifted apart.
 */
export const NS = {
  gmd: 'http://www.isotc211.org/2005/gmd',
  gco: 'http://www.isotc211.org/2005/gco',
  gml: 'http://www.opengis.net/gml',
  gmx: 'http://www.isotc211.org/2005/gmx',
  srv: 'http://www.isotc211.org/2005/srv',
  xlink: 'http://www.w3.org/1999/xlink',
  csw: 'http://www.opengis.net/cat/csw/2.0.2',
  dc: 'http://purl.org/dc/elements/1.1/',
  dct: 'http://purl.org/dc/terms/',
  ows: 'http://www.opengis.net/ows',
  gml32: 'http://www.opengis.net/gml/3.2',
} as const;

const ISO3 = 'http://standards.iso.org/iso/19115/-3/';
const ISO157 = 'http://standards.iso.org/iso/19157/-2/';

/**
 * ISO 19115-3 namespace sets. 2018: mdb/2.0 with cit, mac, mds, mdt, mrc, mrl, msr at 2.0;
 * 2016: all at 1.0. srv exists only as 2.0 in the published schemas (no srv/1.0 was ever
 * issued), so both sets use srv/2.0; gml is 3.2 in both.
 */
export function mdbNamespaces(set: 2016 | 2018): Record<string, string> {
  const v2 = (m: string): string => `${ISO3}${m}/${set === 2018 ? '2.0' : '1.0'}`;
  const v1 = (m: string): string => `${ISO3}${m}/1.0`;
  return {
    mdb: v2('mdb'), cit: v2('cit'), mac: v2('mac'), mds: v2('mds'), mdt: v2('mdt'), mrc: v2('mrc'), mrl: v2('mrl'), msr: v2('msr'),
    cat: v1('cat'), gcx: v1('gcx'), gex: v1('gex'), lan: v1('lan'), mas: v1('mas'), mcc: v1('mcc'), mco: v1('mco'), mda: v1('mda'),
    mex: v1('mex'), mmi: v1('mmi'), mpc: v1('mpc'), mrd: v1('mrd'), mri: v1('mri'), mrs: v1('mrs'), gco: v1('gco'),
    srv: `${ISO3}srv/2.0`, mdq: `${ISO157}mdq/1.0`, gml: NS.gml32, xlink: NS.xlink,
  };
}

/** ISO 19139 code lists, the location every 19139 validator and harvester recognises. */
export const GMX_CODELISTS = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml';
/** ISO 639-2 language codes. */
export const LANGUAGE_CODELIST = 'http://www.loc.gov/standards/iso639-2/';
