import fc from 'fast-check';
import type { MetadataDoc, RecordStatus } from '../../libs/catalogue/record.types';
import { projectRecord } from '../../libs/catalogue/search-projection';
import { SearchError as CswError } from '../../libs/search/search-error';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import { COMPARISON_OPS, SPATIAL_OPS, type FilterNode } from '../../libs/search/filter/filter-ast';
import { checkGeometry, envelopeWkt, toWkt, type Geometry, type Pos } from '../../libs/search/filter/geometry';
import { parseCql } from '../../libs/csw/filter/parse-cql';
import { DOMAIN_LIMIT, QUERYABLES, resolveQueryable } from '../../libs/search/queryables';
import type { SortSpec } from '../../libs/csw/sort-by';
import { countPublished, domainValues, estimatePublished, publishedWithRenders, searchPublished, searchPublishedPage } from '../../libs/db/search.repository';
import type { Database } from '../../libs/db/database';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// ---- random filter trees for the property test: any queryable spelling, hostile strings,
// odd wildcard characters, random geometries (including degenerate and self-intersecting ones)
const nameArb = fc.constantFrom(...QUERYABLES.map((q) => q.name), 'AnyText', 'title', '/csw:Record/dc:subject', 'apiso:modified', 'DC:DATE', 'BoundingBox');
const valueArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('2004', '2004-02', '2004-02-29', '2004-01-01T00:00:00Z', '2004-01-01T10:30:00+07:00', '1', 'false'),
  fc.constantFrom("'", "''", '%', '_', '\\', ';', "'; DROP TABLE records; --", '\u0000', '2004-01-01', '2004', '2021-05-01T10:00:00Z', 'true', '0', '', 'Lorem'),
);
const charArb = fc.constantFrom('*', '%', '?', '.', '_', '\\', '!', "'", '');
const lonArb = fc.double({ min: -180, max: 180, noNaN: true });
const latArb = fc.double({ min: -90, max: 90, noNaN: true });
const posArb = fc.tuple(lonArb, latArb).map(([x, y]): Pos => [x, y]);
const isValidGeometry = (g: Geometry): boolean => {
  try {
    checkGeometry(g);
    return true;
  } catch {
    return false;
  }
};
const geometryArb = fc.oneof(
  fc.tuple(lonArb, latArb, lonArb, latArb).map(([w, s, e, n]) => envelopeWkt(w, Math.min(s, n), e, Math.max(s, n))),
  posArb.map((p) => toWkt({ type: 'Point', coords: p })),
  fc.array(posArb, { minLength: 2, maxLength: 5 }).map((coords) => toWkt({ type: 'LineString', coords })),
  // polygons as a parser hands them on: checked valid (an invalid one is refused before any SQL, issue 22)
  fc.array(posArb, { minLength: 3, maxLength: 6 }).map((pts): Geometry => ({ type: 'Polygon', rings: [[...pts, pts[0]!]] }))
    .filter(isValidGeometry).map(toWkt),
);
const leafArb: fc.Arbitrary<FilterNode> = fc.oneof(
  fc.constant<FilterNode>({ op: 'all' }),
  fc.record({ op: fc.constant('compare' as const), cmp: fc.constantFrom(...COMPARISON_OPS), property: nameArb, value: valueArb, matchCase: fc.boolean() }),
  fc.record({ op: fc.constant('like' as const), property: nameArb, pattern: valueArb, wildCard: charArb, singleChar: charArb, escapeChar: charArb, matchCase: fc.boolean() }),
  fc.record({ op: fc.constant('null' as const), property: nameArb }),
  fc.record({ op: fc.constant('between' as const), property: nameArb, lower: valueArb, upper: valueArb }),
  fc.record({ op: fc.constant('ids' as const), ids: fc.array(valueArb, { maxLength: 4 }) }),
  fc.record({
    op: fc.constant('spatial' as const),
    spatial: fc.constantFrom(...SPATIAL_OPS),
    property: fc.oneof({ weight: 4, arbitrary: fc.constant('ows:BoundingBox') }, { weight: 1, arbitrary: nameArb }),
    geometryWkt: geometryArb,
    distanceDegrees: fc.double({ min: 0, max: 50, noNaN: true }),
  }),
);
const filterNodeArb: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.record({ op: fc.constantFrom('and' as const, 'or' as const), children: fc.array(tie('node'), { maxLength: 4 }) }),
    fc.record({ op: fc.constant('not' as const), child: tie('node') }),
  ),
})).node;

let t: TestDatabase;
let db: Database;

interface Seed {
  id: string;
  status?: RecordStatus;
  updatedAt: string;
  doc: MetadataDoc;
}

const java = { west: 105, east: 115, south: -9, north: -5 };
const SEEDS: Seed[] = [
  {
    id: 'r01',
    updatedAt: '2021-05-01T10:00:00Z',
    doc: {
      title: 'Peta Sungai Jawa',
      abstract: 'Jaringan 1000 sungai utama di Pulau Jawa.',
      language: 'ind',
      hierarchyLevel: 'dataset',
      topicCategories: ['inlandWaters'],
      keywords: [{ type: 'theme', values: ['Hidrografi', 'Sungai'] }],
      contacts: [{ role: 'pointOfContact', organisationName: 'Badan Informasi Geospasial' }],
      formats: ['GeoTIFF'],
      distributions: [{ protocol: 'OGC:WMS', url: 'https://example.test/wms' }],
      referenceSystem: 'EPSG:4326',
      dates: { creation: '2004-01-01', revision: '2006-03-26' },
      extent: { bbox: java, temporal: { start: '2000-01-01', end: '2005-12-31' } },
      constraints: { classification: 'unclassified' },
      relations: ['urn:rel:1'],
      sources: ['Survei 2003'],
      spatialCoverage: ['ID-JB'],
    },
  },
  {
    id: 'r02',
    updatedAt: '2022-02-02T00:00:00Z',
    doc: {
      title: 'Lorem ipsum',
      abstract: 'Cakupan 100% wilayah, kode snake_case.',
      keywords: [{ type: 'place', values: ['Tourism--Greece'] }],
      formats: ['image/svg+xml'],
      resourceType: 'http://purl.org/dc/dcmitype/Image',
    },
  },
  {
    id: 'r03',
    updatedAt: '2020-01-15T08:00:00Z',
    doc: {
      title: 'Lorem ipsum dolor',
      abstract: 'Quisque lacus diam.',
      hierarchyLevel: 'dataset',
      keywords: [{ type: 'theme', values: ['Physiography'] }],
      formats: ['application/xml'],
      dates: { publication: '2005-10-24' },
      extent: { bbox: { west: -4.5, east: 1, south: 47, north: 52 } },
    },
  },
  {
    id: 'r04',
    updatedAt: '2019-07-07T00:00:00Z',
    doc: { title: 'Fiji', hierarchyLevel: 'dataset', extent: { bbox: { west: 170, east: -170, south: -20, north: -15 } } },
  },
  {
    id: 'r05',
    updatedAt: '2023-03-03T00:00:00Z',
    doc: {
      title: '',
      hierarchyLevel: 'service',
      serviceType: 'download',
      distributions: [{ protocol: 'OGC:WFS', url: 'https://example.test/wfs' }],
      constraints: { license: 'CC-BY 4.0' },
      extent: { bbox: { west: 107.5, east: 107.7, south: -7, north: -6.8 } },
    },
  },
  {
    id: 'r06',
    updatedAt: '2018-01-01T00:00:00Z',
    doc: { title: 'Samudra Hindia', hierarchyLevel: 'dataset', extent: { bbox: { west: 40, east: 110, south: -40, north: 10 } } },
  },
  { id: 'r07', updatedAt: '2018-01-02T00:00:00Z', doc: { title: 'Duplikat', keywords: [{ type: 'theme', values: ['Sungai'] }] } },
  { id: 'r08', updatedAt: '2018-01-02T00:00:00Z', doc: { title: 'Duplikat' } },
  // never visible: they match many of the filters below
  { id: 'n01', status: 'DRAFT', updatedAt: '2021-05-01T10:00:00Z', doc: { title: 'Lorem ipsum', keywords: [{ type: 'theme', values: ['Rahasia'] }], extent: { bbox: java } } },
  { id: 'n02', status: 'REVIEW', updatedAt: '2022-02-02T00:00:00Z', doc: { title: 'Peta Sungai Jawa', extent: { bbox: { west: 170, east: -170, south: -20, north: -15 } } } },
  { id: 'n03', status: 'PRIVATE', updatedAt: '2020-01-15T08:00:00Z', doc: { title: 'Duplikat', formats: ['GeoTIFF'] } },
  { id: 'n04', status: 'REJECTED', updatedAt: '2020-01-15T08:00:00Z', doc: { title: '', abstract: 'Lorem' } },
];
const PUBLISHED = SEEDS.filter((s) => !s.status).map((s) => s.id);

async function insert(s: Seed): Promise<void> {
  const p = projectRecord(s.doc, s.id);
  const { extent_wkt, ...cols } = p;
  const names = Object.keys(cols);
  const values = Object.values(cols);
  const base = ['id', 'status', 'organisation_id', 'owner_id', 'doc', 'updated_at'];
  const placeholders = [...base, ...names].map((_, i) => `$${i + 1}`);
  await db.query(
    `INSERT INTO records (${[...base, ...names, 'extent'].join(', ')})
     VALUES (${placeholders.join(', ')}, ST_GeomFromText($${placeholders.length + 1}, 4326))`,
    [s.id, s.status ?? 'PUBLISHED', 'org1', 'usr1', JSON.stringify(s.doc), s.updatedAt, ...values, extent_wkt],
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  await db.query(`INSERT INTO organisations (id, name) VALUES ('org1', 'Organisasi Uji')`);
  await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('usr1', 'uji', 'x', 'ADMIN', 'org1')`);
  for (const s of SEEDS) await insert(s);
});

afterAll(async () => {
  await t?.drop();
});

async function ids(node: FilterNode, sort: SortSpec[] = []): Promise<string[]> {
  const res = await searchPublished(db, { filter: node, sort, offset: 0, limit: 100 });
  expect(res.matched).toBe(res.ids.length);
  for (const id of res.ids) expect(PUBLISHED).toContain(id);
  return res.ids;
}

const cmp = (property: string, c: 'eq' | 'ne' | 'lt' | 'gt' | 'le' | 'ge', value: string, matchCase = true): FilterNode => ({
  op: 'compare', cmp: c, property, value, matchCase,
});
const like = (property: string, pattern: string, matchCase = true, chars = { wildCard: '*', singleChar: '.', escapeChar: '\\' }): FilterNode => ({
  op: 'like', property, pattern, matchCase, ...chars,
});
const spatial = (op: Extract<FilterNode, { op: 'spatial' }>['spatial'], geometryWkt: string, distanceDegrees?: number): FilterNode =>
  distanceDegrees === undefined
    ? { op: 'spatial', spatial: op, property: 'ows:BoundingBox', geometryWkt }
    : { op: 'spatial', spatial: op, property: 'ows:BoundingBox', geometryWkt, distanceDegrees };

describe('comparisons', () => {
  it('equality is case-sensitive unless matchCase="false"', async () => {
    expect(await ids(cmp('dc:title', 'eq', 'Lorem ipsum'))).toEqual(['r02']);
    expect(await ids(cmp('dc:title', 'eq', 'lorem IPSUM'))).toEqual([]);
    expect(await ids(cmp('dc:title', 'eq', 'lorem IPSUM', false))).toEqual(['r02']);
  });

  it('NotEqualTo needs a value: a record without a title is not "different"', async () => {
    expect(await ids(cmp('dc:title', 'ne', 'Lorem ipsum'))).toEqual(['r01', 'r03', 'r04', 'r06', 'r07', 'r08']);
    // Not is the exact complement
    expect(await ids({ op: 'not', child: cmp('dc:title', 'eq', 'Lorem ipsum') })).toEqual(PUBLISHED.filter((i) => i !== 'r02'));
  });

  it('multi-valued properties match when any value matches', async () => {
    expect(await ids(cmp('dc:subject', 'eq', 'Sungai'))).toEqual(['r01', 'r07']);
    expect(await ids(cmp('dc:subject', 'eq', 'pHYSIOGRAPHy', false))).toEqual(['r03']);
    expect(await ids(cmp('dc:subject', 'ne', 'Sungai'))).toEqual(['r02', 'r03']);
    expect(await ids(cmp('apiso:OrganisationName', 'eq', 'Badan Informasi Geospasial'))).toEqual(['r01']);
    expect(await ids(cmp('apiso:TopicCategory', 'eq', 'inlandWaters'))).toEqual(['r01']);
    expect(await ids(cmp('dc:relation', 'eq', 'urn:rel:1'))).toEqual(['r01']);
    expect(await ids(cmp('dct:spatial', 'eq', 'ID-JB'))).toEqual(['r01']);
  });

  it('dc:type is the DCMI type or the hierarchy level; apiso:Type the hierarchy level', async () => {
    expect(await ids(cmp('dc:type', 'eq', 'http://purl.org/dc/dcmitype/Image'))).toEqual(['r02']);
    expect(await ids(cmp('dc:type', 'eq', 'service'))).toEqual(['r05']);
    expect(await ids(cmp('apiso:Type', 'eq', 'DATASET', false))).toEqual(['r01', 'r03', 'r04', 'r06']);
  });

  it('apiso:ServiceType is srv:serviceType (service_type), not the distribution protocol', async () => {
    expect(await ids(cmp('apiso:ServiceType', 'eq', 'download'))).toEqual(['r05']);
    expect(await ids(cmp('apiso:ServiceType', 'eq', 'DOWNLOAD', false))).toEqual(['r05']);
    expect(await ids(like('apiso:ServiceType', 'down*'))).toEqual(['r05']);
    expect(await ids(cmp('apiso:ServiceType', 'eq', 'OGC:WFS'))).toEqual([]);
    expect(await ids({ op: 'null', property: 'apiso:ServiceType' })).toEqual(PUBLISHED.filter((i) => i !== 'r05'));
  });

  it('booleans accept true/false/1/0', async () => {
    expect(await ids(cmp('apiso:HasSecurityConstraints', 'eq', 'true'))).toEqual(['r01', 'r05']);
    expect(await ids(cmp('apiso:HasSecurityConstraints', 'eq', '0'))).toEqual(['r02', 'r03', 'r04', 'r06', 'r07', 'r08']);
  });
});

describe('LIKE and AnyText', () => {
  it('honours the request wildcard, single-character and escape characters', async () => {
    expect(await ids(like('dc:title', 'Lorem*'))).toEqual(['r02', 'r03']);
    expect(await ids(like('dc:title', 'L.rem ipsum'))).toEqual(['r02']);
    expect(await ids(like('dc:title', 'Lorem\\*'))).toEqual([]);
    expect(await ids(like('dc:title', 'lorem*'))).toEqual([]);
    expect(await ids(like('dc:title', 'lorem*', false))).toEqual(['r02', 'r03']);
    expect(await ids(like('dc:format', 'image/*'))).toEqual(['r02']);
    expect(await ids(like('dc:date', '200?-10-*', true, { wildCard: '*', singleChar: '?', escapeChar: '\\' }))).toEqual(['r03']);
    expect(await ids(like('dct:modified', '2021-05*'))).toEqual(['r01']);
  });

  it("keeps SQL's own % _ \\ literal", async () => {
    expect(await ids(like('dct:abstract', '*100%*'))).toEqual(['r02']);
    expect(await ids(like('dct:abstract', '*e_c*'))).toEqual(['r02']);
    expect(await ids(like('dct:abstract', '*10_0*'))).toEqual([]);
  });

  it('csw:AnyText is a case-insensitive contains search', async () => {
    expect(await ids(like('csw:AnyText', 'SUNGAI'))).toEqual(['r01', 'r07']);
    expect(await ids(like('AnyText', 'lorem*'))).toEqual(['r02', 'r03']);
    expect(await ids(cmp('apiso:AnyText', 'eq', 'Lor'))).toEqual(['r02', 'r03']);
    expect(await ids(cmp('csw:AnyText', 'ne', 'Lor'))).toEqual(['r01', 'r04', 'r05', 'r06', 'r07', 'r08']);
    expect(await ids(parseCql("AnyText LIKE '%badan informasi%'"))).toEqual(['r01']);
  });
});

describe('dates, null, between, logic, identifiers', () => {
  it('compares ISO dates at the precision of the literal', async () => {
    expect(await ids(cmp('dc:date', 'ge', '2006-01-01'))).toEqual(['r01']);
    expect(await ids(cmp('dc:date', 'le', '2005-10-24'))).toEqual(['r03']);
    expect(await ids(cmp('dc:date', 'eq', '2005'))).toEqual(['r03']);
    expect(await ids(cmp('apiso:CreationDate', 'eq', '2004-01-01T00:00:00Z'))).toEqual(['r01']);
    expect(await ids(cmp('apiso:TempExtent_end', 'lt', '2006'))).toEqual(['r01']);
    expect(await ids(cmp('dct:modified', 'eq', '2021-05-01'))).toEqual(['r01']);
    expect(await ids(cmp('dct:modified', 'gt', '2021-05-01T09:59:59Z'))).toEqual(['r01', 'r02', 'r05']);
    expect(await ids(cmp('apiso:Modified', 'lt', '2018-01-02'))).toEqual(['r06']);
    expect(await ids(cmp('apiso:Modified', 'le', '2018-01-02'))).toEqual(['r06', 'r07', 'r08']);
  });

  it('PropertyIsNull matches records without a value', async () => {
    expect(await ids({ op: 'null', property: 'dct:abstract' })).toEqual(['r04', 'r05', 'r06', 'r07', 'r08']);
    expect(await ids({ op: 'null', property: 'dc:title' })).toEqual(['r05']);
    expect(await ids({ op: 'null', property: 'ows:BoundingBox' })).toEqual(['r02', 'r07', 'r08']);
    expect(await ids({ op: 'null', property: 'dc:subject' })).toEqual(['r04', 'r05', 'r06', 'r08']);
  });

  it('between', async () => {
    expect(await ids({ op: 'between', property: 'dc:title', lower: 'Duplikat', upper: 'Lorem ipsum' })).toEqual(['r02', 'r04', 'r07', 'r08']);
    expect(await ids({ op: 'between', property: 'dct:modified', lower: '2020', upper: '2021-05-01' })).toEqual(['r01', 'r03']);
  });

  it('and / or / not nest', async () => {
    const n: FilterNode = {
      op: 'or',
      children: [
        { op: 'and', children: [like('dc:title', 'Lorem*'), { op: 'not', child: cmp('dc:subject', 'eq', 'Physiography') }] },
        cmp('dc:title', 'eq', 'Fiji'),
      ],
    };
    expect(await ids(n)).toEqual(['r02', 'r04']);
    expect(await ids({ op: 'all' })).toEqual(PUBLISHED);
  });

  it('FeatureId finds published records only', async () => {
    expect(await ids({ op: 'ids', ids: ['r03', 'n01', 'nope'] })).toEqual(['r03']);
  });
});

describe('spatial operators', () => {
  const jakarta = 'POINT(107.6 -6.9)';
  it('BBOX and Intersects', async () => {
    expect(await ids(spatial('bbox', envelopeWkt(106, -8, 110, -6)))).toEqual(['r01', 'r05', 'r06']);
    expect(await ids(spatial('intersects', 'LINESTRING(-10 50,5 50)'))).toEqual(['r03']);
    expect(await ids(spatial('bbox', envelopeWkt(0, 0, 1, 1)))).toEqual([]);
  });

  it('an antimeridian-crossing query box and record', async () => {
    expect(await ids(spatial('bbox', envelopeWkt(175, -18, -175, -16)))).toEqual(['r04']);
    expect(await ids(spatial('bbox', envelopeWkt(-179, -18, -178, -17)))).toEqual(['r04']);
    expect(await ids(spatial('bbox', envelopeWkt(178, -18, 179, -17)))).toEqual(['r04']);
    expect(await ids(spatial('bbox', envelopeWkt(-169, -18, 169, -17)))).toEqual(['r06']);
    expect(await ids(parseCql('BBOX(ows:BoundingBox, 160, -30, -160, 0)'))).toEqual(['r04']);
  });

  it('Within, Contains, Equals, Disjoint', async () => {
    expect(await ids(spatial('within', envelopeWkt(100, -10, 120, 0)))).toEqual(['r01', 'r05']);
    expect(await ids(spatial('within', envelopeWkt(160, -25, -160, -10)))).toEqual(['r04']);
    expect(await ids(spatial('contains', jakarta))).toEqual(['r01', 'r05', 'r06']);
    expect(await ids(spatial('equals', envelopeWkt(-4.5, 47, 1, 52)))).toEqual(['r03']);
    expect(await ids(spatial('equals', envelopeWkt(170, -20, -170, -15)))).toEqual(['r04']);
    // records without an extent are disjoint from everything
    expect(await ids(spatial('disjoint', envelopeWkt(-10, 40, 10, 60)))).toEqual(['r01', 'r02', 'r04', 'r05', 'r06', 'r07', 'r08']);
    expect(await ids({ op: 'not', child: spatial('bbox', envelopeWkt(-10, 40, 10, 60)) })).toEqual(['r01', 'r02', 'r04', 'r05', 'r06', 'r07', 'r08']);
  });

  it('Overlaps, Touches, Crosses', async () => {
    expect(await ids(spatial('overlaps', envelopeWkt(110, -8, 120, -6)))).toEqual(['r01']);
    expect(await ids(spatial('touches', envelopeWkt(110, -8, 120, -6)))).toEqual(['r06']);
    expect(await ids(spatial('crosses', 'LINESTRING(-10 50,5 50)'))).toEqual(['r03']);
  });

  it('DWithin and Beyond (degrees; km converted at 111.32 km per degree)', async () => {
    expect(await ids(spatial('dwithin', 'POINT(100 -7)', 6))).toEqual(['r01', 'r06']);
    expect(await ids(spatial('dwithin', 'POINT(100 -7)', 4))).toEqual(['r06']);
    expect(await ids(parseCql('DWITHIN(ows:BoundingBox, POINT(100 -7), 600, km)'))).toEqual(['r01', 'r06']);
    expect(await ids(parseCql('BEYOND(ows:BoundingBox, POINT(100 -7), 600, km)'))).toEqual(['r03', 'r04', 'r05']);
  });
});

describe('sorting and paging', () => {
  it('ties are broken by the identifier, missing values last', async () => {
    expect(await ids({ op: 'all' }, [{ property: 'dc:title', order: 'ASC' }])).toEqual(['r07', 'r08', 'r04', 'r02', 'r03', 'r01', 'r06', 'r05']);
    expect(await ids({ op: 'all' }, [{ property: 'dc:title', order: 'DESC' }])).toEqual(['r06', 'r01', 'r03', 'r02', 'r04', 'r07', 'r08', 'r05']);
    expect(await ids({ op: 'all' }, [{ property: 'dct:modified', order: 'DESC' }])).toEqual(['r05', 'r02', 'r01', 'r03', 'r04', 'r07', 'r08', 'r06']);
    // by area: Samudra Hindia, Fiji (two halves), Jawa, Eropa, Bandung, then records without extent
    expect(await ids({ op: 'all' }, [{ property: 'ows:BoundingBox', order: 'DESC' }])).toEqual(['r06', 'r04', 'r01', 'r03', 'r05', 'r02', 'r07', 'r08']);
  });

  it('pages are disjoint and complete; limit 0 counts only', async () => {
    const sort: SortSpec[] = [{ property: 'dc:title', order: 'ASC' }];
    const seen: string[] = [];
    for (let offset = 0; offset < 10; offset += 3) {
      const page = await searchPublished(db, { filter: { op: 'all' }, sort, offset, limit: 3 });
      expect(page.matched).toBe(8);
      seen.push(...page.ids);
    }
    expect(seen).toEqual(['r07', 'r08', 'r04', 'r02', 'r03', 'r01', 'r06', 'r05']);
    expect(await searchPublished(db, { filter: { op: 'all' }, sort, offset: 0, limit: 0 })).toEqual({ matched: 8, ids: [] });
    expect(await searchPublished(db, { filter: { op: 'all' }, sort, offset: 50, limit: 5 })).toEqual({ matched: 8, ids: [] });
  });
});

describe('hostile values', () => {
  it('SQL metacharacters in values are inert', async () => {
    const evil = "'; DROP TABLE records; --";
    expect(await ids(cmp('dc:title', 'eq', evil))).toEqual([]);
    expect(await ids(like('csw:AnyText', evil))).toEqual([]);
    expect(await ids(parseCql(`dc:title = '''; DROP TABLE records; --' OR dc:title LIKE '%\\'`))).toEqual([]);
    expect(await ids({ op: 'ids', ids: [evil, "r01'--"] })).toEqual([]);
    const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM records');
    expect(Number(count.rows[0]!.n)).toBe(SEEDS.length);
  });

  it('random filter trees always compile to SQL that PostgreSQL accepts', async () => {
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(filterNodeArb, async (node) => {
        try {
          compileFilter(node, []);
        } catch (e) {
          // a value the filter cannot use (bad date, NUL, …) is the client's error, never a crash
          expect(e).toBeInstanceOf(CswError);
          return;
        }
        const res = await searchPublished(db, { filter: node, sort: [], offset: 0, limit: 20 });
        for (const id of res.ids) expect(PUBLISHED).toContain(id);
        ran++;
      }),
      { numRuns: 300 },
    );
    expect(ran).toBeGreaterThan(150);
  });
});

describe('renders, versions and domains', () => {
  beforeAll(async () => {
    await db.query(`INSERT INTO record_renders (record_id, format, version, xml) VALUES ('r01', 'dc-full', 1, '<csw:Record/>'), ('n01', 'dc-full', 1, '<secret/>'), ('r03', 'gmd', 1, '<gmd:MD_Metadata/>')`);
  });

  it('a page comes in order with the version and render of each record (null when missing), whether more follow, and a bounded count, in one statement', async () => {
    const sort: SortSpec[] = [{ property: 'dc:title', order: 'ASC' }];
    const { counted, items: rows, more } = await searchPublishedPage(db, { filter: { op: 'all' }, sort, offset: 3, limit: 4 }, 'dc-full', 100);
    expect([counted, more]).toEqual([8, true]);
    expect(rows.map((r) => r.id)).toEqual(['r02', 'r03', 'r01', 'r06']);
    expect(rows.find((r) => r.id === 'r01')).toEqual({ id: 'r01', version: 1, xml: '<csw:Record/>', renderVersion: 1 });
    expect(rows.find((r) => r.id === 'r03')).toEqual({ id: 'r03', version: 1, xml: null, renderVersion: null });
    // the last page: nothing more follows
    expect((await searchPublishedPage(db, { filter: { op: 'all' }, sort, offset: 4, limit: 4 }, 'dc-full')).more).toBe(false);
    // past the end: no rows, the count still comes
    expect(await searchPublishedPage(db, { filter: { op: 'all' }, sort, offset: 50, limit: 4 }, 'dc-full', 100)).toEqual({ counted: 8, items: [], more: false });
    // the count stops one past its bound: 8 matches counted up to 5 say "6", i.e. more than 5
    expect((await searchPublishedPage(db, { filter: { op: 'all' }, sort, offset: 0, limit: 2 }, 'dc-full', 5)).counted).toBe(6);
    // filter parameters and the paging parameters do not collide
    const filter = like('dc:title', 'Lorem*');
    const params: unknown[] = [];
    const where = compileFilter(filter, params);
    const page = await searchPublishedPage(db, { filter, sort: [], offset: 0, limit: 10 }, 'gmd', 100);
    expect([page.counted, page.more, page.items.map((r) => [r.id, r.xml])]).toEqual([2, false, [['r02', null], ['r03', '<gmd:MD_Metadata/>']]]);
    // no bound: the caller knows the count (count memo), none is made
    const known = await searchPublishedPage(db, { filter, sort: [], offset: 1, limit: 10 }, 'gmd');
    expect([known.counted, known.items.map((r) => r.id)]).toEqual([undefined, ['r03']]);
    expect(await searchPublishedPage(db, { filter, sort: [], offset: 0, limit: 0 }, 'gmd', 100)).toEqual({ counted: 2, items: [], more: false });
    expect(await countPublished(db, where, params)).toBe(2);
    // in its own transaction with a statement timeout of its own (a background count)
    expect(await countPublished(db, where, params, { timeoutMs: 60_000 })).toBe(2);
    // the planner's estimate: a number, no rows read
    expect(await estimatePublished(db, where, params)).toBeGreaterThanOrEqual(0);
  });

  it('publishedWithRenders (GetRecordById) sees published records only, never another status\'s render', async () => {
    const rows = await publishedWithRenders(db, ['r01', 'n01', 'r03', 'nope'], 'dc-full');
    expect(rows.map((r) => [r.id, r.xml]).sort()).toEqual([['r01', '<csw:Record/>'], ['r03', null]]);
    expect(await publishedWithRenders(db, [], 'dc-full')).toEqual([]);
  });

  it('domainValues lists distinct published values', async () => {
    expect(await domainValues(db, resolveQueryable('apiso:Subject')!.name, DOMAIN_LIMIT)).toEqual(['Hidrografi', 'Physiography', 'Sungai', 'Tourism--Greece']);
    expect(await domainValues(db, resolveQueryable('apiso:Type')!.name, DOMAIN_LIMIT)).toEqual(['dataset', 'service']);
    expect(await domainValues(db, resolveQueryable('apiso:HasSecurityConstraints')!.name, DOMAIN_LIMIT)).toEqual(['false', 'true']);
    expect((await domainValues(db, resolveQueryable('dct:modified')!.name, DOMAIN_LIMIT))[0]).toBe('2018-01-01T00:00:00Z');
  });
});
