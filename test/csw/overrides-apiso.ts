import type { GoldenOverrides } from './golden-runner';
import { results, SRS_LESS_ENVELOPE } from './golden-overrides-common';

/**
 * Where our answer to the apiso requests (against its 17 ISO 19139 records) must differ from
 * pycsw 2.6's recorded one. The records' boxes: twelve Greek ones around lon 19–30 /
 * lat 34–42, test.xml (437ae0a2…) lon 20–38 / lat 24–40, NS06agg a point at lon 158.22 / lat 6.96.
 */
const TEST_XML = '437ae0a2-06e2-4015-b296-a66e7f407bf2';

export const APISO_OVERRIDES: GoldenOverrides = {
  'apiso/post_DescribeRecord': {
    why: 'one csw:SchemaComponent per type: gmd:MD_Metadata is described by its gmd schema; pycsw adds the srv schema as a second component',
    patch: (e) => ({ ...e, schemaComponents: ['http://www.isotc211.org/2005/gmd'] }),
  },
  'apiso/post_GetRecords-filter-bbox': {
    why: `${SRS_LESS_ENVELOPE}: lon 35..42, lat 18..28 only meets test.xml (lon 20–38, lat 24–40)`,
    patch: (e) => results(e, { matched: 1, returned: 1, next: 0, ids: [TEST_XML] }),
  },
  'apiso/post_GetRecords-filter-bbox-csw-output': {
    why: `${SRS_LESS_ENVELOPE}: lon 35..42, lat 18..28 only meets test.xml (lon 20–38, lat 24–40)`,
    patch: (e) => results(e, { matched: 1, returned: 1, next: 0, ids: [TEST_XML] }),
  },
  'apiso/post_GetRecords-filter-and-nested-spatial-or-dateline': {
    why: `${SRS_LESS_ENVELOPE}: the two boxes (lon 5..32 and 15..32) miss NS06agg at lon 158 (pycsw, reading lat/lon, finds it east of 17.8°)`,
    patch: (e) => results(e, { matched: 0, returned: 0, next: 0, ids: [] }),
  },
};
