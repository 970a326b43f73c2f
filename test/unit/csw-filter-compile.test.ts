import { SearchError as CswError } from '../../libs/search/search-error';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import { parseDateLiteral } from '../../libs/search/filter/date-value';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { envelopeWkt } from '../../libs/search/filter/geometry';
import { literalLike, toContains, toSqlLike } from '../../libs/db/search-sql/like-pattern';
import {
  ADDITIONAL_QUERYABLES, DC_QUERYABLES, DOMAIN_LIMIT, ISO_QUERYABLES, QUERYABLES, resolveQueryable,
} from '../../libs/search/queryables';
import { domainSql as domainSqlOf } from '../../libs/db/search-sql/domain-sql';

const domainSql = (q: Parameters<typeof domainSqlOf>[0]) => domainSqlOf(q, DOMAIN_LIMIT);

const compile = (node: FilterNode): { sql: string; params: unknown[] } => {
  const params: unknown[] = [];
  return { sql: compileFilter(node, params), params };
};

const failure = (fn: () => unknown): CswError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CswError) return e;
    throw e;
  }
  throw new Error('expected a CswError');
};

describe('LIKE translation', () => {
  const cite = { wildCard: '*', singleChar: '.', escapeChar: '\\' };
  it.each([
    ['*lorem*', cite, '%lorem%'],
    ['200?-10-*', { wildCard: '*', singleChar: '?', escapeChar: '\\' }, '200_-10-%'],
    ['a.b', cite, 'a_b'],
    ['a\\*b', cite, 'a*b'], // escaped wildcard is literal
    ['a\\.b', cite, 'a.b'],
    ['a\\\\b', cite, 'a\\\\b'], // escaped escape char = one literal backslash, escaped for SQL
    ['trail\\', cite, 'trail\\\\'], // trailing escape char stands for itself
    ['100%', cite, '100\\%'], // SQL metacharacters in the literal stay inert
    ['snake_case', cite, 'snake\\_case'],
    ["'; DROP TABLE records; --", cite, "'; DROP TABLE records; --"],
    ['%x%', { wildCard: '%', singleChar: '_', escapeChar: '\\' }, '%x%'],
    ['!%x!_', { wildCard: '%', singleChar: '_', escapeChar: '!' }, '\\%x\\_'],
    ['a\\b*', { wildCard: '*', singleChar: '?', escapeChar: '' }, 'a\\\\b%'], // no escape character
  ])('%s', (pattern, chars, sql) => {
    expect(toSqlLike(pattern, chars)).toBe(sql);
  });

  it('AnyText is a contains search', () => {
    expect(toContains('water')).toBe('%water%');
    expect(toContains('aerial%')).toBe('%aerial%');
    expect(toContains('%x%')).toBe('%x%');
    expect(toContains('100\\%')).toBe('%100\\%%'); // an escaped % is not a wildcard
    expect(toContains('a\\\\%')).toBe('%a\\\\%');
    expect(literalLike('50%_\\')).toBe('50\\%\\_\\\\');
  });
});

describe('compileFilter', () => {
  it('never puts a value into the SQL text', () => {
    const evil = "'; DROP TABLE records; --";
    const nodes: FilterNode[] = [
      { op: 'compare', cmp: 'eq', property: 'dc:title', value: evil, matchCase: true },
      { op: 'compare', cmp: 'ne', property: 'dc:subject', value: evil, matchCase: false },
      { op: 'compare', cmp: 'eq', property: 'csw:AnyText', value: evil, matchCase: true },
      { op: 'like', property: 'dc:format', pattern: evil, wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: true },
      { op: 'between', property: 'dc:title', lower: evil, upper: evil },
      { op: 'ids', ids: [evil] },
    ];
    for (const n of nodes) {
      const { sql, params } = compile(n);
      expect(sql.toUpperCase()).not.toContain('DROP');
      // AnyText values are lower-cased like the column they are compared with
      expect(JSON.stringify(params).toUpperCase()).toContain('DROP TABLE');
      expect(sql).toMatch(/\$1/);
    }
  });

  it('compiles the pieces as documented', () => {
    expect(compile({ op: 'all' }).sql).toBe('TRUE');
    expect(compile({ op: 'and', children: [] }).sql).toBe('TRUE');
    expect(compile({ op: 'or', children: [] }).sql).toBe('FALSE');
    expect(compile({ op: 'ids', ids: [] }).sql).toBe('FALSE');
    expect(compile({ op: 'compare', cmp: 'eq', property: 'dc:title', value: 'x', matchCase: false }).sql).toBe("(r.title <> '' AND lower(r.title) = lower($1))");
    expect(compile({ op: 'compare', cmp: 'eq', property: 'dc:format', value: 'x', matchCase: true }).sql).toBe('r.formats @> ARRAY[$1]::text[]');
    const any = compile({ op: 'like', property: 'AnyText', pattern: 'Water', wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: true });
    // anytext is stored lower-cased: the pattern is lower-cased too and matched with LIKE
    expect(any).toEqual({ sql: "r.anytext LIKE $1 ESCAPE '\\'", params: ['%water%'] });
    const bbox = compile({ op: 'spatial', spatial: 'bbox', property: 'ows:BoundingBox', geometryWkt: envelopeWkt(0, 0, 1, 1) });
    // every geometry is a typed constant, never wrapped in a repairing function (issue 22:
    // ST_MakeValid on a client's polygon crashed PostgreSQL); invalid ones never get this far
    expect(bbox).toEqual({ sql: '(r.extent IS NOT NULL AND ST_Intersects(r.extent, $1::geometry))', params: ['SRID=4326;POLYGON((0 0,1 0,1 1,0 1,0 0))'] });
    expect(compile({ op: 'spatial', spatial: 'bbox', property: 'ows:BoundingBox', geometryWkt: envelopeWkt(170, 0, -170, 1) }).sql).toBe('(r.extent IS NOT NULL AND ST_Intersects(r.extent, $1::geometry))');
    expect(compile({ op: 'spatial', spatial: 'disjoint', property: 'ows:BoundingBox', geometryWkt: 'POINT(1 2)' }).sql).toBe('(r.extent IS NULL OR ST_Disjoint(r.extent, $1::geometry))');
    expect(compile({ op: 'spatial', spatial: 'dwithin', property: 'ows:BoundingBox', geometryWkt: 'POINT(1 2)', distanceDegrees: 0.5 }).params).toEqual(['SRID=4326;POINT(1 2)', 0.5]);
    for (const wkt of ['POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,2 1,2 2,1 2,1 1))', 'POLYGON((0 0,3 0,1 2,0 0))', envelopeWkt(5, 5, 6, 5)]) {
      const c = compile({ op: 'spatial', spatial: 'intersects', property: 'ows:BoundingBox', geometryWkt: wkt });
      expect(c.sql).toBe('(r.extent IS NOT NULL AND ST_Intersects(r.extent, $1::geometry))');
      expect(c.sql).not.toContain('MakeValid');
    }
  });

  it('normalises booleans and dates, and rejects bad ones', () => {
    expect(compile({ op: 'compare', cmp: 'eq', property: 'apiso:HasSecurityConstraints', value: ' TRUE ', matchCase: true }).params).toEqual(['true']);
    expect(compile({ op: 'compare', cmp: 'eq', property: 'apiso:HasSecurityConstraints', value: '0', matchCase: true }).params).toEqual(['false']);
    expect(failure(() => compile({ op: 'compare', cmp: 'eq', property: 'apiso:HasSecurityConstraints', value: 'yes', matchCase: true })).locator).toBe('constraint');
    // only the bounds a comparison uses are bound (an unused $n has no type in PostgreSQL)
    expect(compile({ op: 'compare', cmp: 'ge', property: 'apiso:Modified', value: '2004-01-01T00:00:00Z', matchCase: true }).params).toEqual(['2004-01-01T00:00:00Z']);
    expect(compile({ op: 'compare', cmp: 'eq', property: 'apiso:Modified', value: '2004-01-01', matchCase: true }).params).toEqual(['2004-01-01T00:00:00Z', '2004-01-02T00:00:00Z']);
    expect(compile({ op: 'compare', cmp: 'gt', property: 'apiso:RevisionDate', value: '2004-01-01T00:00:00Z', matchCase: true }).params).toEqual(['2004-01-01']);
    expect(failure(() => compile({ op: 'compare', cmp: 'gt', property: 'dc:date', value: 'yesterday', matchCase: true })).code).toBe('InvalidParameterValue');
    expect(failure(() => compile({ op: 'compare', cmp: 'eq', property: 'dc:title', value: 'a\u0000b', matchCase: true })).locator).toBe('constraint');
  });

  it('refuses operators that do not fit the property', () => {
    expect(failure(() => compile({ op: 'compare', cmp: 'eq', property: 'ows:BoundingBox', value: 'x', matchCase: true })).locator).toBe('constraint');
    expect(failure(() => compile({ op: 'spatial', spatial: 'bbox', property: 'dc:title', geometryWkt: 'POINT(1 2)' })).locator).toBe('constraint');
    expect(failure(() => compile({ op: 'spatial', spatial: 'bbox', property: 'ows:BoundingBox', geometryWkt: "POINT(1 2)'); DROP" })).locator).toBe('constraint');
    expect(failure(() => compile({ op: 'spatial', spatial: 'dwithin', property: 'ows:BoundingBox', geometryWkt: 'POINT(1 2)' })).locator).toBe('constraint');
    expect(failure(() => compile({ op: 'null', property: 'nope:nothing' })).locator).toBe('constraint');
  });
});

describe('date literals', () => {
  it.each([
    ['2004', { precision: 'year', text: '2004', start: '2004-01-01T00:00:00Z', next: '2005-01-01T00:00:00Z' }],
    ['2004-02', { precision: 'month', text: '2004-02', start: '2004-02-01T00:00:00Z', next: '2004-03-01T00:00:00Z' }],
    ['2004-12-31', { precision: 'day', text: '2004-12-31', start: '2004-12-31T00:00:00Z', next: '2005-01-01T00:00:00Z' }],
    ['2004-01-01T00:00:00Z', { precision: 'day', text: '2004-01-01' }],
    ['2004-01-01T00:00:00', { precision: 'day', text: '2004-01-01' }],
    ['2004-01-01T07:00:00+07:00', { precision: 'day', text: '2004-01-01' }],
    ['2004-01-01T10:30:00Z', { precision: 'instant', text: '2004-01-01T10:30:00Z' }],
    ['2004-01-01T10:30:00.250+0100', { precision: 'instant', text: '2004-01-01T09:30:00.250Z' }],
  ])('%s', (raw, expected) => {
    expect(parseDateLiteral(raw)).toMatchObject(expected);
  });

  it.each(['2004-13-01', '2004-02-30', '04-01-01', 'now', '2004-01-01T25:00:00Z', ''])('rejects %s', (raw) => {
    expect(() => parseDateLiteral(raw)).toThrow(CswError);
  });
});

describe('queryables table', () => {
  it('resolves every spelling to one entry', () => {
    expect(resolveQueryable('AnyText')?.name).toBe('csw:AnyText');
    expect(resolveQueryable('apiso:AnyText')?.kind).toBe('anytext');
    expect(resolveQueryable('/csw:Record/dc:title')?.name).toBe('dc:title');
    expect(resolveQueryable('apiso:type')?.name).toBe('apiso:Type');
    expect(resolveQueryable('Type')?.name).toBe('dc:type');
    expect(resolveQueryable('foo:Modified')?.name).toBe('dct:modified');
    expect(resolveQueryable('apiso:TempExtent_begin')?.kind).toBe('date');
    expect(resolveQueryable('dc:titlei')).toBeUndefined();
    expect(resolveQueryable('')).toBeUndefined();
  });

  it('advertises the ISO AP, additional and Dublin Core lists', () => {
    for (const n of ['apiso:Title', 'apiso:Subject', 'apiso:TopicCategory', 'apiso:Modified', 'apiso:OrganisationName', 'apiso:HasSecurityConstraints', 'apiso:ServiceType', 'apiso:TempExtent_end', 'apiso:CRS', 'apiso:BoundingBox', 'apiso:AnyText']) {
      expect(ISO_QUERYABLES).toContain(n);
    }
    for (const n of ['csw:AnyText', 'dc:title', 'dc:subject', 'dct:abstract', 'dc:format', 'dc:identifier', 'dct:modified', 'dc:type', 'ows:BoundingBox']) {
      expect(DC_QUERYABLES).toContain(n);
    }
    expect(ADDITIONAL_QUERYABLES.length).toBeGreaterThan(0);
    expect(new Set(QUERYABLES.map((q) => q.name.toLowerCase())).size).toBe(QUERYABLES.length);
  });

  it('domain SQL unnests arrays and skips free text and geometry', () => {
    expect(domainSql(resolveQueryable('apiso:Subject')!)).toMatch(/unnest\(r\.keywords\)/);
    expect(domainSql(resolveQueryable('apiso:Subject')!)).toMatch(/status = 'PUBLISHED'.*LIMIT 1000$/);
    expect(domainSql(resolveQueryable('csw:AnyText')!)).toBeUndefined();
    expect(domainSql(resolveQueryable('ows:BoundingBox')!)).toBeUndefined();
  });
});
