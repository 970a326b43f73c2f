import type { NsPredicate } from './dom';

/** Namespace URIs the importers recognise. Root detection uses exact URIs, never prefixes. */
export const NS = {
  gmd: 'http://www.isotc211.org/2005/gmd',
  gmi: 'http://www.isotc211.org/2005/gmi',
  /** the ISO 19115-2 namespace of the 2019 XML implementation (DGIWG, NOAA records use it with gmd) */
  gmi2: 'http://standards.iso.org/iso/19115/-2/gmi/1.0',
  gco: 'http://www.isotc211.org/2005/gco',
  gmx: 'http://www.isotc211.org/2005/gmx',
  srv: 'http://www.isotc211.org/2005/srv',
  mdb2016: 'http://standards.iso.org/iso/19115/-3/mdb/1.0',
  mdb2018: 'http://standards.iso.org/iso/19115/-3/mdb/2.0',
  csw: 'http://www.opengis.net/cat/csw/2.0.2',
  dc: 'http://purl.org/dc/elements/1.1/',
  dct: 'http://purl.org/dc/terms/',
  ows: 'http://www.opengis.net/ows',
  ows11: 'http://www.opengis.net/ows/1.1',
  gml: 'http://www.opengis.net/gml',
  gml32: 'http://www.opengis.net/gml/3.2',
} as const;

const isGml = (u: string | null): boolean => u === NS.gml || u === NS.gml32;

/** ISO 19139 family: gmd/gmi/srv/gco/gmx plus GML 3.1 or 3.2 (temporal extents). */
export const ISO19139_NS: NsPredicate = (u) =>
  u === NS.gmd || u === NS.gmi || u === NS.gmi2 || u === NS.srv || u === NS.gco || u === NS.gmx || isGml(u);

// every module of ISO 19115-3 at any version (cit/1.0 and cit/2.0, srv/2.0 and pycsw's srv/2.1, …),
// the ISO 19157-2 data quality modules, and GML
const ISO19115_3 = /^https?:\/\/standards\.iso\.org\/iso\/(19115\/-3|19157\/-2)\/[a-z]{3}\/\d+\.\d+$/;
export const ISO19115_3_NS: NsPredicate = (u) => (u !== null && ISO19115_3.test(u)) || isGml(u);

export const DC_NS: NsPredicate = (u) => u === NS.dc || u === NS.dct;
export const OWS_NS: NsPredicate = (u) => u === NS.ows || u === NS.ows11;
export const GML_NS: NsPredicate = isGml;

export type SourceFormat = 'gmd' | 'gmi' | 'mdb2016' | 'mdb2018' | 'csw-record';

/** The supported record roots, by namespace URI + local name. */
export function detectFormat(ns: string | null, local: string | null): SourceFormat | undefined {
  if (ns === NS.gmd && local === 'MD_Metadata') return 'gmd';
  if ((ns === NS.gmi || ns === NS.gmi2) && local === 'MI_Metadata') return 'gmi';
  if (ns === NS.mdb2016 && local === 'MD_Metadata') return 'mdb2016';
  if (ns === NS.mdb2018 && local === 'MD_Metadata') return 'mdb2018';
  if (ns === NS.csw && (local === 'Record' || local === 'SummaryRecord' || local === 'BriefRecord')) return 'csw-record';
  return undefined;
}
