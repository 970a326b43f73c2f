import { CswError } from '../../libs/csw/csw-error';
import { parseCql } from '../../libs/csw/filter/parse-cql';
import { thrownError } from '../helpers/thrown-error';

const failure = (text: string): CswError => thrownError(CswError, () => parseCql(text), `expected "${text}" to be rejected`);

const like = (property: string, pattern: string) => ({
  op: 'like', property, pattern, wildCard: '%', singleChar: '_', escapeChar: '\\', matchCase: false,
});

describe('CQL grammar', () => {
  it('what CSW clients send', () => {
    expect(parseCql("AnyText LIKE '%water%'")).toEqual(like('csw:AnyText', '%water%'));
    expect(parseCql("dc:title like '%ips%' and dct:abstract like '%pharetra%'")).toEqual({
      op: 'and', children: [like('dc:title', '%ips%'), like('dct:abstract', '%pharetra%')],
    });
    expect(parseCql("apiso:TopicCategory like '%elevation%'")).toEqual(like('apiso:TopicCategory', '%elevation%'));
  });

  it('precedence: NOT > AND > OR, parentheses', () => {
    expect(parseCql("dc:title = 'x' AND (Modified >= '2004-01-01' OR NOT Subject LIKE 'a%')")).toEqual({
      op: 'and',
      children: [
        { op: 'compare', cmp: 'eq', property: 'dc:title', value: 'x', matchCase: true },
        {
          op: 'or',
          children: [
            { op: 'compare', cmp: 'ge', property: 'dct:modified', value: '2004-01-01', matchCase: true },
            { op: 'not', child: like('dc:subject', 'a%') },
          ],
        },
      ],
    });
    expect(parseCql("a:title = '1' OR b:title = '2' AND c:title = '3'")).toMatchObject({ op: 'or', children: [{ value: '1' }, { op: 'and' }] });
  });

  it('comparison operators, values and case-insensitive keywords', () => {
    const ops: [string, string][] = [['=', 'eq'], ['<>', 'ne'], ['!=', 'ne'], ['<', 'lt'], ['>', 'gt'], ['<=', 'le'], ['>=', 'ge']];
    for (const [sym, cmp] of ops) expect(parseCql(`dc:date ${sym} 2004-01-01`)).toMatchObject({ cmp, value: '2004-01-01' });
    expect(parseCql('apiso:HasSecurityConstraints = true')).toMatchObject({ value: 'true' });
    expect(parseCql('dc:title = -12.5e3')).toMatchObject({ value: '-12.5e3' });
    expect(parseCql("apiso:Modified >= '2004-01-01T00:00:00Z'")).toMatchObject({ value: '2004-01-01T00:00:00Z' });
    expect(parseCql("dc:title nOt LiKe 'a'")).toEqual({ op: 'not', child: like('dc:title', 'a') });
    expect(parseCql("dc:title ILIKE 'a'")).toEqual(like('dc:title', 'a'));
  });

  it("strings with '' and quoted identifiers", () => {
    expect(parseCql("dc:title = 'it''s'")).toMatchObject({ value: "it's" });
    expect(parseCql(`"dc:title" = 'x'`)).toMatchObject({ property: 'dc:title' });
    expect(parseCql(`"AND" = 'x'`.replace('AND', 'Title'))).toMatchObject({ property: 'dc:title' });
    expect(parseCql("dc:title = '''; DROP TABLE records; --'")).toMatchObject({ value: "'; DROP TABLE records; --" });
  });

  it('IS [NOT] NULL, BETWEEN, IN', () => {
    expect(parseCql('dct:abstract IS NULL')).toEqual({ op: 'null', property: 'dct:abstract' });
    expect(parseCql('dct:abstract is not null')).toEqual({ op: 'not', child: { op: 'null', property: 'dct:abstract' } });
    expect(parseCql("dc:date BETWEEN '2004-01-01' AND '2005-01-01'")).toEqual({ op: 'between', property: 'dc:date', lower: '2004-01-01', upper: '2005-01-01' });
    expect(parseCql("dc:date NOT BETWEEN 2004-01-01 AND 2005-01-01 AND dc:title = 'x'")).toMatchObject({ op: 'and', children: [{ op: 'not' }, { op: 'compare' }] });
    expect(parseCql("dc:identifier IN ('a', 'b')")).toEqual({ op: 'ids', ids: ['a', 'b'] });
    expect(parseCql("dc:type IN ('a', 'b')")).toMatchObject({ op: 'or', children: [{ value: 'a' }, { value: 'b' }] });
  });

  it('spatial functions, lon/lat', () => {
    expect(parseCql('BBOX(ows:BoundingBox, 95, -11, 141, 6)')).toEqual({
      op: 'spatial', spatial: 'bbox', property: 'ows:BoundingBox', geometryWkt: 'POLYGON((95 -11,141 -11,141 6,95 6,95 -11))',
    });
    expect(parseCql("bbox(BoundingBox, -11, 95, 6, 141, 'urn:ogc:def:crs:EPSG::4326')")).toMatchObject({ geometryWkt: 'POLYGON((95 -11,141 -11,141 6,95 6,95 -11))' });
    expect(parseCql('BBOX(ows:BoundingBox, 170, -10, -170, 10)')).toMatchObject({ geometryWkt: expect.stringMatching(/^MULTIPOLYGON/) });
    expect(parseCql('INTERSECTS(ows:BoundingBox, POLYGON((0 0, 1 0, 1 1, 0 0)))')).toMatchObject({ spatial: 'intersects', geometryWkt: 'POLYGON((0 0,1 0,1 1,0 0))' });
    expect(parseCql('WITHIN(ows:BoundingBox, ENVELOPE(0, 10, 5, -5))')).toMatchObject({ spatial: 'within', geometryWkt: 'POLYGON((0 -5,10 -5,10 5,0 5,0 -5))' });
    expect(parseCql('CROSSES(ows:BoundingBox, LINESTRING(0 0, 5 5))')).toMatchObject({ geometryWkt: 'LINESTRING(0 0,5 5)' });
    expect(parseCql('DWITHIN(ows:BoundingBox, POINT(106.8 -6.2), 10, kilometers)')).toMatchObject({ spatial: 'dwithin', geometryWkt: 'POINT(106.8 -6.2)' });
    expect(parseCql('BEYOND(ows:BoundingBox, POINT(1 2), 3, deg)')).toMatchObject({ spatial: 'beyond', distanceDegrees: 3 });
    expect(parseCql('DISJOINT(ows:BoundingBox, MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5))))')).toMatchObject({ spatial: 'disjoint' });
    for (const fn of ['CONTAINS', 'EQUALS', 'OVERLAPS', 'TOUCHES']) {
      expect(parseCql(`${fn}(ows:BoundingBox, POINT(1 2))`)).toMatchObject({ spatial: fn.toLowerCase() });
    }
  });
});

describe('CQL errors', () => {
  it.each([
    "dc:title = 'unterminated",
    "dc:title = 'x' AND",
    "dc:title == 'x'",
    "dc:title 'x'",
    '(dc:title IS NULL',
    "dc:title = 'x')",
    "dc:titlei = 'x'",
    "dc:title LIKE 5",
    'BBOX(dc:title, 0, 0, 1, 1)',
    "ows:BoundingBox = 'x'",
    'BBOX(ows:BoundingBox, 0, 0, 1)',
    "BBOX(ows:BoundingBox, 0, 0, 1, 1, 'EPSG:3857')",
    'INTERSECTS(ows:BoundingBox, POLYGON((0 0, 1 0, 1 1)))',
    'INTERSECTS(ows:BoundingBox, CIRCLE(0 0))',
    'DWITHIN(ows:BoundingBox, POINT(0 0), 10, furlongs)',
    "dc:title = 'x' # comment",
    '',
    '   ',
  ])('%s', (text) => {
    const e = failure(text);
    expect(e.code).toBe('InvalidParameterValue');
    expect(e.locator).toBe('constraint');
  });

  it('says where the error is', () => {
    expect(failure("dc:title = 'x' AND AND").message).toMatch(/posisi 20/);
    expect(failure("dc:title = 'x' AND").message).toMatch(/akhir teks/);
  });

  it('bounds nesting so hostile input cannot exhaust the stack', () => {
    expect(failure(`${'('.repeat(30_000)}dc:title IS NULL${')'.repeat(30_000)}`).message).toMatch(/bersarang/);
    expect(failure('('.repeat(100_000)).code).toBe('InvalidParameterValue');
    expect(failure(`${'NOT '.repeat(10_000)}dc:title IS NULL`).message).toMatch(/bersarang/);
    expect(parseCql(`${'('.repeat(60)}dc:title IS NULL${')'.repeat(60)}`)).toEqual({ op: 'null', property: 'dc:title' });
  });

  it('long flat chains are fine', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `dc:title = '${i}'`).join(' OR ');
    const n = parseCql(text);
    expect(n.op === 'or' && n.children.length).toBe(2000);
  });
});
