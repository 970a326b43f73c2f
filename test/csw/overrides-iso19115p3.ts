import type { GoldenOverrides } from './golden-runner';
import { exceptionOf, results, SRS_LESS_ENVELOPE } from './golden-overrides-common';

/**
 * Where our answer to the iso19115p3 requests (against its three mdb 2.0 records and one
 * ISO 19139 record) must differ from pycsw's recorded one. Boxes: auscope-3d-model lon 143–144 /
 * lat -39.4…-38.4, geoprovinces lon 106.6–171.9 / lat -49.9…-3.6, the two Walloon records in
 * Belgium.
 */
const ONE_COMPONENT = 'one csw:SchemaComponent per type (mdb:MD_Metadata → its mdb 2.0 schema); pycsw sends two';
const NO_MATCH = (e: Parameters<GoldenOverrides[string]['patch']>[0]) => results(e, { matched: 0, returned: 0, next: 0, ids: [] });

export const ISO19115P3_OVERRIDES: GoldenOverrides = {
  'iso19115p3/post_DescribeRecord': { why: ONE_COMPONENT, patch: (e) => ({ ...e, schemaComponents: ['http://standards.iso.org/iso/19115/-3/mdb/2.0'] }) },
  'iso19115p3/get_DescribeRecord': { why: ONE_COMPONENT, patch: (e) => ({ ...e, schemaComponents: ['http://standards.iso.org/iso/19115/-3/mdb/2.0'] }) },
  'iso19115p3/post_GetDomain-property': {
    why: 'metawal catchments has two topic categories (geoscientificInformation, inlandWaters); ours keeps both, pycsw only the first',
    patch: (e) => ({ ...e, domainValues: ['geoscientificInformation', 'inlandWaters'] }),
  },
  'iso19115p3/post_GetRecordById-full-dc': {
    why: 'pycsw writes the link protocol "WWW:LINK-1.0-http--link" as dc:format; the record names no distribution format, so ours has no dc:format',
    patch: (e) => ({ ...e, allowMissing: ['dc:format'] }),
  },
  'iso19115p3/post_GetRecords-all': {
    why: 'mdb:contentInfo (feature catalogue / coverage description) has no field in the record model',
    patch: (e) => ({ ...e, allowMissing: ['mdb:contentInfo'] }),
  },
  'iso19115p3/post_GetRecords-all-csw-output': {
    why: 'mdb:contentInfo (feature catalogue / coverage description) has no field in the record model',
    patch: (e) => ({ ...e, allowMissing: ['mdb:contentInfo'] }),
  },
  'iso19115p3/post_GetRecords-filter-accessconstraints': {
    why: 'mdb:AccessConstraints is not a queryable of ours (the ISO AP queryables and our additional ones are)',
    patch: exceptionOf('InvalidParameterValue', 'constraint'),
  },
  'iso19115p3/post_GetRecords-filter-bbox': { why: `${SRS_LESS_ENVELOPE}: lon -60..-5 / lat 100..175 is no place on Earth`, patch: NO_MATCH },
  'iso19115p3/post_GetRecords-filter-bbox-csw-output': { why: `${SRS_LESS_ENVELOPE}: lon -60..-5 / lat 100..175 is no place on Earth`, patch: NO_MATCH },
  'iso19115p3/post_GetRecords-filter-and-nested-spatial-or-dateline': {
    why: `${SRS_LESS_ENVELOPE}: read as x/y both boxes lie at latitudes beyond ±90, so nothing matches`,
    patch: NO_MATCH,
  },
  'iso19115p3/post_GetRecords-filter-date': {
    why: 'mdb:Modified is the catalogue\'s own date of the record (when it last changed here, also written as the date stamp), '
      + 'not the date stamp of the imported document: none of the records changed in 2022',
    patch: NO_MATCH,
  },
};
