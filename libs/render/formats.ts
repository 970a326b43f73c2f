/**
 * Every XML form the catalogue stores for a record. The render job writes all of them for
 * each record version; export and CSW read them by name. Adding a form = add it here, write
 * its stylesheet in xslt/, and the render tests validate it against its XSD.
 */
export const RENDER_FORMATS = [
  'gmd', // ISO 19139 gmd:MD_Metadata (full), built from JSON (gmd-builder.ts, gmd-tree.ts)
  'gmd-summary', // ISO AP summary element set
  'gmd-brief', // ISO AP brief element set
  'mdb2016', // ISO 19115-3, 2016 namespace set (mdb/1.0)
  'mdb2018', // ISO 19115-3, 2018 namespace set (mdb/2.0)
  'mdb2018-summary',
  'mdb2018-brief',
  'dc-full', // csw:Record
  'dc-summary', // csw:SummaryRecord
  'dc-brief', // csw:BriefRecord
] as const;

export type RenderFormat = (typeof RENDER_FORMATS)[number];

/** The formats offered by GET /api/metadata/{id}/export/xml. */
export const EXPORT_FORMATS = ['gmd', 'mdb2016', 'mdb2018'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
