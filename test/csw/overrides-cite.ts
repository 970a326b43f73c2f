import type { GoldenOverrides } from './golden-runner';
import { exceptionOf, results, SRS_LESS_ENVELOPE, withIds } from './golden-overrides-common';

/**
 * Where our answer to the cite, default and utf-8 requests (against the 12 CITE records)
 * must differ from pycsw 2.6's recorded one, re-derived for our CSW 2.0.2 service.
 */
const U = (short: string): string => `urn:uuid:${short}`;
const ID = {
  lorem: U('19887a8a-f6b0-4a63-ae56-7fba0e17801f'),
  noTitle1: U('1ef30a8b-876d-4828-9246-c37ab4510bbd'),
  maecenas: U('66ae76b7-54ba-489b-a582-0f0633d96493'),
  utFacilisis: U('6a3de50b-fa66-4b58-a0e6-ca146fdd18d4'),
  aliquam: U('784e2afd-a9fd-44a6-9a92-a3848371c8ec'),
  vestibulum: U('829babb0-b2f1-49e1-8cd5-7b489fe71a1e'),
  noTitle2: U('88247b56-4cbc-4df9-9860-db3f8042e357'),
  mauris: U('94bc9c83-97f6-4b40-9eb8-a8e8787a5c63'),
  nunc: U('9a669547-b69b-469f-a11f-2d875366bbdc'),
  loremDolor: U('a06af396-3105-442d-8b40-22b57a90d2f2'),
  noTitle3: U('ab42a8c4-95e8-4630-bf79-33e59241605a'),
  fusce: U('e9330592-0932-474b-be34-c3a3bb67c7db'),
};
const ALL_IDS = Object.values(ID);

/**
 * The three CITE records without dc:title keep no title (issue 19: nothing is invented), as in
 * pycsw. Sorting differs: a record without the sort value sorts last in both directions here
 * (NULLS LAST, ties by identifier), first in pycsw's SQLite ascending order. Code point order,
 * like pycsw's SQLite, puts "Ñunç…" after every ASCII-capital title.
 */
const NO_TITLE_LAST = 'records without dc:title sort last in both directions (ties by identifier); pycsw sorts its NULL titles first when ascending';
const TITLED = [ID.aliquam, ID.fusce, ID.lorem, ID.loremDolor, ID.maecenas, ID.mauris, ID.utFacilisis, ID.vestibulum, ID.nunc];
const UNTITLED = [ID.noTitle1, ID.noTitle2, ID.noTitle3];

const GET_DEFAULTS = 'on GET the product specification makes RESULTTYPE default to results and MAXRECORDS to 100 (pycsw: hits, 10)';
const CSW3 = 'without a version pycsw answers as CSW 3.0 (ows20:Languages, fes20:Filter_Capabilities); ours always answers CSW 2.0.2';

export const CITE_OVERRIDES: GoldenOverrides = {
  // ---- cite ---------------------------------------------------------------------------------
  'cite/post_19d2a6ed-be28-4866-ae15-e3bb634486cb': {
    why: 'dc:title <> \'Fuscé vitae ligulä\' matches pycsw\'s 8 (the three untitled records have no title to compare, issue 19); '
      + 'sorted by dc:format DESC, records without a format last: ours breaks the ties by identifier, pycsw by its row order',
    patch: (e) => results(e, {
      matched: 8, returned: 8, next: 0, idOrder: 'ordered',
      ids: [ID.lorem, ID.loremDolor, ID.vestibulum, ID.maecenas, ID.aliquam, ID.utFacilisis, ID.mauris, ID.nunc],
    }),
  },
  'cite/post_2102a460-5d62-465f-9668-d70b3faafbfa': {
    why: 'PropertyIsNotEqualTo matchCase="false" dc:subject "pHYSIOGRAPHy": pycsw 2.6 answers with the one record whose subject IS "Physiography"; '
      + 'by Filter 1.1 the answer is the 8 records with another subject (records without a subject have no value to compare)',
    patch: (e) => results(e, {
      matched: 8, returned: 8, next: 0,
      ids: [ID.lorem, ID.maecenas, ID.utFacilisis, ID.aliquam, ID.noTitle2, ID.mauris, ID.nunc, ID.fusce],
    }),
  },
  'cite/post_948b39d5-bb4f-45b8-a8f2-4ff9501aaedd': {
    why: 'SortBy dc:date DESC: the eight records without a date tie; ours breaks every tie by identifier ascending (stable paging), pycsw by its row order',
    patch: (e) => withIds(e, [ID.aliquam, ID.mauris, ID.nunc, ID.fusce, ID.lorem, ID.noTitle1, ID.maecenas, ID.utFacilisis, ID.vestibulum, ID.noTitle2]),
  },
  'cite/post_1c97fc1a-61cd-4c1d-8054-933e17a6c5ee': {
    why: 'csw:BriefRecord is an element set, not a type name: InvalidParameterValue on typeNames (csw-notes)',
    patch: exceptionOf('InvalidParameterValue', 'typenames'),
  },
  'cite/post_da228d4c-e1be-43d7-9ccb-c3f27ee32541': {
    why: 'csw:SummaryRecord is an element set, not a type name: InvalidParameterValue on typeNames (csw-notes)',
    patch: exceptionOf('InvalidParameterValue', 'typenames'),
  },
  'cite/post_78297c88-4850-4927-adc6-511cd9a3d539': {
    why: 'DescribeRecord without TypeName describes every supported type (csw:Record, gmd:MD_Metadata, mdb:MD_Metadata); pycsw only csw:Record',
    patch: (e) => ({ ...e, schemaComponents: ['http://www.opengis.net/cat/csw/2.0.2', 'http://www.isotc211.org/2005/gmd', 'http://standards.iso.org/iso/19115/-3/mdb/2.0'] }),
  },
  'cite/post_7c89cdf5-0def-4cfb-8c55-2b8ffea5d92f': {
    why: 'Atom is not one of our output schemas (Dublin Core, ISO 19139, ISO 19115-3)',
    patch: exceptionOf('InvalidParameterValue', 'outputschema'),
  },
  'cite/get_6c375703-9c00-4aef-bec7-d2e964f849eb': {
    why: 'Atom is not one of our output schemas',
    patch: exceptionOf('InvalidParameterValue', 'outputschema'),
  },
  'cite/post_ad61686c-d304-42d1-b845-8c1f3070c83e': {
    why: 'a filter in a foreign namespace is a client error: InvalidParameterValue on the constraint (pycsw: NoApplicableCode from its XSD check)',
    patch: exceptionOf('InvalidParameterValue', 'constraint'),
  },
  'cite/get_477b23a3-baa9-47c8-9541-5fe27735ed49': {
    why: `an empty Sections= asks for the abbreviated document: only the mandatory Filter_Capabilities (csw-notes). ${CSW3}`,
    patch: (e) => ({ ...e, sections: ['Filter_Capabilities'] }),
  },
  'cite/get_55c38f00-2553-42c1-99ab-33edbb561ad7': {
    why: 'ogc:Filter_Capabilities is mandatory in csw:Capabilities (CSW-discovery.xsd), so it is sent whatever Sections asks for',
    patch: (e) => ({ ...e, sections: [...e.sections!, 'Filter_Capabilities'] }),
  },
  'cite/get_80f31def-4185-48b9-983a-960566918eae': { why: CSW3, patch: (e) => ({ ...e, sections: e.sections!.filter((s) => s !== 'Languages') }) },
  'cite/get_9697f0aa-3b6a-4125-83a5-61e8826127c4': { why: CSW3, patch: (e) => ({ ...e, sections: e.sections!.filter((s) => s !== 'Languages') }) },

  // ---- default ------------------------------------------------------------------------------
  'default/post_DescribeRecord-json': { why: 'no JSON output: outputFormat application/xml only', patch: exceptionOf('InvalidParameterValue', 'outputformat') },
  'default/post_GetRecordById-json': { why: 'no JSON output', patch: exceptionOf('InvalidParameterValue', 'outputformat') },
  'default/post_GetRecords-all-json': { why: 'no JSON output', patch: exceptionOf('InvalidParameterValue', 'outputformat') },
  'default/post_GetCapabilities-SOAP': { why: 'PostEncoding is XML only (no SOAP)', patch: exceptionOf('InvalidParameterValue', 'request') },
  'default/post_Exception-GetRecords-invalid-xml': {
    why: 'an unknown element in csw:Query is a client error: InvalidParameterValue on the query, not NoApplicableCode',
    patch: exceptionOf('InvalidParameterValue', 'query'),
  },
  'default/post_Transaction-delete': { why: 'Transaction is refused before its filter is read', patch: exceptionOf('OperationNotSupported', 'request') },
  'default/post_GetRecords-all-resulttype-hits': {
    why: 'numberOfRecordsReturned always equals the records sent: 0 for hits (pycsw says 5)',
    patch: (e) => ({ ...e, results: { ...e.results!, returned: 0 } }),
  },
  'default/post_GetRecords-distributedsearch': {
    why: 'no distributed search: csw:DistributedSearch is ignored and only our records are searched; none is titled "Aquifers"',
    patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }),
  },
  'default/post_GetRecords-filter-bbox': { why: `${SRS_LESS_ENVELOPE}: lon 47..55, lat -5..20 holds no CITE record`, patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }) },
  'default/post_GetRecords-filter-bbox-sortby': { why: SRS_LESS_ENVELOPE, patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }) },
  'default/post_GetRecords-filter-and-bbox-freetext': { why: SRS_LESS_ENVELOPE, patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }) },
  'default/post_GetRecords-filter-or-bbox-freetext': {
    why: `${SRS_LESS_ENVELOPE}; no title is like "foo" either`,
    patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }),
  },
  'default/post_GetRecords-filter-not-bbox': {
    why: `${SRS_LESS_ENVELOPE}: no record is inside, so Not(BBOX) holds for all 12`,
    patch: (e) => results(e, { matched: 12, returned: 5, next: 6 }),
  },
  'default/post_GetRecords-filter-bbox-poslist': {
    why: 'srsName http://www.opengis.net/gml/srs/epsg.xml#4326 is the GML 2 longitude/latitude form (pycsw reads it lat/lon): lon 47..55, lat -5..20 holds no CITE record',
    patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }),
  },
  'default/post_GetRecords-filter-bbox-reproject': {
    why: 'no reprojection: only EPSG:4326 / CRS84 geometries are accepted (EPSG:2192 is refused)',
    patch: exceptionOf('InvalidParameterValue', 'constraint'),
  },
  'default/get_GetRecords-all': { why: GET_DEFAULTS, patch: (e) => results(e, { matched: 12, returned: 12, next: 0, ids: ALL_IDS, recordName: 'csw:Record' }) },
  'default/get_GetRecords-empty-maxrecords': {
    why: `${GET_DEFAULTS}; an empty MAXRECORDS is the default`,
    patch: (e) => results(e, { matched: 12, returned: 12, next: 0, ids: ALL_IDS, recordName: 'csw:Record' }),
  },
  'default/get_GetRecords-sortby-asc': {
    why: `${GET_DEFAULTS}; ${NO_TITLE_LAST}`,
    patch: (e) => results(e, { matched: 12, returned: 12, next: 0, ids: [...TITLED, ...UNTITLED], idOrder: 'ordered' }),
  },
  'default/get_GetRecords-sortby-desc': {
    why: `${GET_DEFAULTS}; ${NO_TITLE_LAST}`,
    patch: (e) => results(e, { matched: 12, returned: 12, next: 0, ids: [...[...TITLED].reverse(), ...UNTITLED], idOrder: 'ordered' }),
  },
  'default/get_GetRepositoryItem': { why: 'GetRepositoryItem is a CSW 3.0 operation', patch: exceptionOf('InvalidParameterValue', 'request') },
  'default/get_Exception-GetRepositoryItem-notfound': { why: 'GetRepositoryItem is a CSW 3.0 operation', patch: exceptionOf('InvalidParameterValue', 'request') },
  'default/get_Exception-GetRepositoryItem-version-invalid': {
    why: 'parameters are checked in the order service, request, version: the unknown operation is reported first',
    patch: exceptionOf('InvalidParameterValue', 'request'),
  },
};
