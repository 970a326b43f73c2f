import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { parseOgcFilter } from '../../libs/csw/filter/parse-ogc-filter';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { cswErrorOf } from '../helpers/thrown-error';

const NS = 'xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" xmlns:gml32="http://www.opengis.net/gml/3.2"';

function parse(inner: string, attrs = ''): FilterNode {
  const doc = parseXmlSafely(`<ogc:Filter ${NS} ${attrs}>${inner}</ogc:Filter>`);
  return parseOgcFilter(doc.documentElement!);
}

const prop = (name: string): string => `<ogc:PropertyName>${name}</ogc:PropertyName>`;
const lit = (v: string): string => `<ogc:Literal>${v}</ogc:Literal>`;
const env = (lower: string, upper: string, srs?: string): string =>
  `<gml:Envelope${srs ? ` srsName="${srs}"` : ''}><gml:lowerCorner>${lower}</gml:lowerCorner><gml:upperCorner>${upper}</gml:upperCorner></gml:Envelope>`;
const bbox = (envelope: string): FilterNode => parse(`<ogc:BBOX>${prop('ows:BoundingBox')}${envelope}</ogc:BBOX>`);
const wktOf = (n: FilterNode): string => (n.op === 'spatial' ? n.geometryWkt : 'not spatial');

describe('comparison operators', () => {
  it.each([
    ['PropertyIsEqualTo', 'eq'],
    ['PropertyIsNotEqualTo', 'ne'],
    ['PropertyIsLessThan', 'lt'],
    ['PropertyIsGreaterThan', 'gt'],
    ['PropertyIsLessThanOrEqualTo', 'le'],
    ['PropertyIsGreaterThanOrEqualTo', 'ge'],
  ])('%s', (el, cmp) => {
    expect(parse(`<ogc:${el}>${prop('dc:title')}${lit('Lorem')}</ogc:${el}>`)).toEqual({
      op: 'compare', cmp, property: 'dc:title', value: 'Lorem', matchCase: true,
    });
  });

  it('honours matchCase="false" and flips the operator when the literal comes first', () => {
    expect(parse(`<ogc:PropertyIsEqualTo matchCase="false">${prop('dc:subject')}${lit('pHYSIOGRAPHy')}</ogc:PropertyIsEqualTo>`)).toMatchObject({ matchCase: false, property: 'dc:subject' });
    expect(parse(`<ogc:PropertyIsLessThan>${lit('2004-01-01')}${prop('dct:modified')}</ogc:PropertyIsLessThan>`)).toMatchObject({ cmp: 'gt', property: 'dct:modified', value: '2004-01-01' });
  });

  it('resolves names with or without prefix, XPath-like and case-insensitively', () => {
    for (const name of ['dc:title', 'DC:TITLE', 'Title', 'apiso:Title', '/csw:Record/dc:title', 'mdb:Title']) {
      expect(parse(`<ogc:PropertyIsEqualTo>${prop(name)}${lit('x')}</ogc:PropertyIsEqualTo>`)).toMatchObject({ property: expect.stringMatching(/title/i) });
    }
    for (const name of ['AnyText', 'csw:AnyText', 'apiso:AnyText', 'anytext']) {
      expect(parse(`<ogc:PropertyIsLike wildCard="*" singleChar="?" escapeChar="\\">${prop(name)}${lit('x')}</ogc:PropertyIsLike>`)).toMatchObject({ property: expect.stringMatching(/anytext/i) });
    }
  });

  it('reads literal text and CDATA, not comments', () => {
    expect(parse(`<ogc:PropertyIsEqualTo>${prop('dc:title')}<ogc:Literal>a<!-- b --><![CDATA[<c>]]></ogc:Literal></ogc:PropertyIsEqualTo>`)).toMatchObject({ value: 'a<c>' });
  });

  it('keeps the literal exactly, including SQL metacharacters', () => {
    const value = `'; DROP TABLE records; -- %_\\`;
    expect(parse(`<ogc:PropertyIsEqualTo>${prop('dc:title')}${lit(value.replace('<', '&lt;'))}</ogc:PropertyIsEqualTo>`)).toMatchObject({ value });
  });
});

describe('PropertyIsLike, PropertyIsNull, PropertyIsBetween', () => {
  it('reads the wildcard characters, with `escape` as an alias and an empty escapeChar', () => {
    expect(parse(`<ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="\\">${prop('csw:AnyText')}${lit('*lorem*')}</ogc:PropertyIsLike>`)).toEqual({
      op: 'like', property: 'csw:AnyText', pattern: '*lorem*', wildCard: '*', singleChar: '.', escapeChar: '\\', matchCase: true,
    });
    expect(parse(`<ogc:PropertyIsLike wildCard="%" singleChar="_" escape="!" matchCase="false">${prop('dc:title')}${lit('a!%')}</ogc:PropertyIsLike>`)).toMatchObject({ escapeChar: '!', matchCase: false });
    expect(parse(`<ogc:PropertyIsLike wildCard="*" singleChar="?" escapeChar="">${prop('dc:title')}${lit('a')}</ogc:PropertyIsLike>`)).toMatchObject({ escapeChar: '' });
  });

  it('rejects ambiguous wildcard characters', () => {
    expect(cswErrorOf(() => parse(`<ogc:PropertyIsLike wildCard="*" singleChar="*" escapeChar="\\">${prop('dc:title')}${lit('a')}</ogc:PropertyIsLike>`)).locator).toBe('constraint');
    expect(cswErrorOf(() => parse(`<ogc:PropertyIsLike wildCard="**" singleChar="?" escapeChar="\\">${prop('dc:title')}${lit('a')}</ogc:PropertyIsLike>`)).code).toBe('InvalidParameterValue');
  });

  it('null and between', () => {
    expect(parse(`<ogc:PropertyIsNull>${prop('dct:abstract')}</ogc:PropertyIsNull>`)).toEqual({ op: 'null', property: 'dct:abstract' });
    expect(parse(`<ogc:PropertyIsNull>${prop('ows:BoundingBox')}</ogc:PropertyIsNull>`)).toEqual({ op: 'null', property: 'ows:BoundingBox' });
    expect(
      parse(`<ogc:PropertyIsBetween>${prop('apiso:Modified')}<ogc:LowerBoundary>${lit('2004-01-01')}</ogc:LowerBoundary><ogc:UpperBoundary>${lit('2005-01-01')}</ogc:UpperBoundary></ogc:PropertyIsBetween>`),
    ).toEqual({ op: 'between', property: 'apiso:Modified', lower: '2004-01-01', upper: '2005-01-01' });
  });
});

describe('logical operators and identifiers', () => {
  it('nests And / Or / Not', () => {
    const n = parse(`<ogc:And><ogc:Not><ogc:PropertyIsNull>${prop('dc:title')}</ogc:PropertyIsNull></ogc:Not><ogc:Or><ogc:PropertyIsEqualTo>${prop('dc:type')}${lit('a')}</ogc:PropertyIsEqualTo><ogc:PropertyIsEqualTo>${prop('dc:type')}${lit('b')}</ogc:PropertyIsEqualTo></ogc:Or></ogc:And>`);
    expect(n).toMatchObject({ op: 'and', children: [{ op: 'not', child: { op: 'null' } }, { op: 'or', children: [{ value: 'a' }, { value: 'b' }] }] });
  });

  it('an empty filter matches everything', () => {
    expect(parse('')).toEqual({ op: 'all' });
    expect(parseOgcFilter(parseXmlSafely('<Filter xmlns="http://www.opengis.net/ogc"/>').documentElement!)).toEqual({ op: 'all' });
  });

  it('FeatureId and GmlObjectId (3.1.1 and 3.2)', () => {
    expect(parse('<ogc:FeatureId fid="a"/><ogc:FeatureId fid="b"/>')).toEqual({ op: 'ids', ids: ['a', 'b'] });
    expect(parse('<ogc:GmlObjectId gml:id="x"/><ogc:GmlObjectId gml32:id="y"/>')).toEqual({ op: 'ids', ids: ['x', 'y'] });
  });

  it('matches by namespace URI, not by prefix', () => {
    const other = parseXmlSafely(`<f:Filter xmlns:f="http://www.opengis.net/ogc"><f:PropertyIsEqualTo><f:PropertyName>dc:title</f:PropertyName><f:Literal>x</f:Literal></f:PropertyIsEqualTo></f:Filter>`);
    expect(parseOgcFilter(other.documentElement!)).toMatchObject({ op: 'compare', value: 'x' });
    const wrongNs = parseXmlSafely(`<ogc:Filter xmlns:ogc="http://www.opengis.net/foo"><ogc:PropertyIsEqualTo><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:Literal>x</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>`);
    expect(cswErrorOf(() => parseOgcFilter(wrongNs.documentElement!))).toMatchObject({ code: 'InvalidParameterValue', locator: 'constraint' });
    const innerWrong = `<x:PropertyIsEqualTo xmlns:x="urn:x">${prop('dc:title')}${lit('x')}</x:PropertyIsEqualTo>`;
    expect(cswErrorOf(() => parse(innerWrong)).locator).toBe('constraint');
  });

  it('bounds nesting depth', () => {
    const deep = '<ogc:Not>'.repeat(70) + `<ogc:PropertyIsNull>${prop('dc:title')}</ogc:PropertyIsNull>` + '</ogc:Not>'.repeat(70);
    expect(cswErrorOf(() => parse(deep)).code).toBe('InvalidParameterValue');
  });
});

describe('errors', () => {
  it.each([
    ['unknown property', `<ogc:PropertyIsEqualTo>${prop('dc:titlei')}${lit('x')}</ogc:PropertyIsEqualTo>`],
    ['unknown operator', `<ogc:PropertyIsSimilarTo>${prop('dc:title')}${lit('x')}</ogc:PropertyIsSimilarTo>`],
    ['unknown function', `<ogc:PropertyIsEqualTo><ogc:Function name="foo">${prop('dc:title')}</ogc:Function>${lit('x')}</ogc:PropertyIsEqualTo>`],
    ['function as operator', `<ogc:Function name="upper">${prop('dc:title')}</ogc:Function>`],
    ['spatial on text', `<ogc:BBOX>${prop('dct:spatial')}${env('47 -4.5', '52 1')}</ogc:BBOX>`],
    ['comparison on geometry', `<ogc:PropertyIsEqualTo>${prop('ows:BoundingBox')}${lit('x')}</ogc:PropertyIsEqualTo>`],
    ['two properties', `<ogc:PropertyIsEqualTo>${prop('dc:title')}${prop('dc:title')}</ogc:PropertyIsEqualTo>`],
    ['other CRS', `<ogc:BBOX>${prop('ows:BoundingBox')}${env('0 0', '1 1', 'EPSG:3857')}</ogc:BBOX>`],
    ['open ring', `<ogc:Intersects>${prop('ows:BoundingBox')}<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>11 16 49 17 10 10</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></ogc:Intersects>`],
    ['not a number', `<ogc:BBOX>${prop('ows:BoundingBox')}${env('a 0', '1 1')}</ogc:BBOX>`],
    ['unsupported geometry', `<ogc:Intersects>${prop('ows:BoundingBox')}<gml:MultiCurve/></ogc:Intersects>`],
    ['DWithin without distance', `<ogc:DWithin>${prop('ows:BoundingBox')}<gml:Point><gml:pos>1 2</gml:pos></gml:Point></ogc:DWithin>`],
    ['unknown unit', `<ogc:DWithin>${prop('ows:BoundingBox')}<gml:Point><gml:pos>1 2</gml:pos></gml:Point><ogc:Distance units="furlong">3</ogc:Distance></ogc:DWithin>`],
    ['two operators', `<ogc:PropertyIsNull>${prop('dc:title')}</ogc:PropertyIsNull><ogc:PropertyIsNull>${prop('dc:title')}</ogc:PropertyIsNull>`],
  ])('%s → InvalidParameterValue / constraint', (_name, inner) => {
    expect(cswErrorOf(() => parse(inner))).toMatchObject({ code: 'InvalidParameterValue', locator: 'constraint' });
  });

  it('upper()/lower() fold case or match nothing', () => {
    expect(parse(`<ogc:PropertyIsEqualTo><ogc:Function name="upper">${prop('dc:title')}</ogc:Function>${lit('LOREM IPSUM')}</ogc:PropertyIsEqualTo>`)).toMatchObject({ op: 'compare', matchCase: false, value: 'LOREM IPSUM' });
    expect(parse(`<ogc:PropertyIsEqualTo><ogc:Function name="lower">${prop('dc:title')}</ogc:Function>${lit('Lorem')}</ogc:PropertyIsEqualTo>`)).toEqual({ op: 'not', child: { op: 'all' } });
  });
});

describe('spatial operators and geometries', () => {
  it.each(['BBOX', 'Intersects', 'Within', 'Contains', 'Disjoint', 'Equals', 'Overlaps', 'Touches', 'Crosses'])('%s', (el) => {
    const n = parse(`<ogc:${el}>${prop('ows:BoundingBox')}${env('0 0', '10 5')}</ogc:${el}>`);
    expect(n).toEqual({ op: 'spatial', spatial: el.toLowerCase(), property: 'ows:BoundingBox', geometryWkt: 'POLYGON((0 0,10 0,10 5,0 5,0 0))' });
  });

  it('DWithin and Beyond convert the distance to degrees', () => {
    const point = '<gml:Point><gml:pos>106.8 -6.2</gml:pos></gml:Point>';
    const km = parse(`<ogc:DWithin>${prop('ows:BoundingBox')}${point}<ogc:Distance units="km">111.32</ogc:Distance></ogc:DWithin>`);
    expect(km).toMatchObject({ spatial: 'dwithin', geometryWkt: 'POINT(106.8 -6.2)' });
    expect(km.op === 'spatial' && km.distanceDegrees).toBeCloseTo(1, 9);
    expect(parse(`<ogc:Beyond>${prop('ows:BoundingBox')}${point}<ogc:Distance units="deg">2.5</ogc:Distance></ogc:Beyond>`)).toMatchObject({ spatial: 'beyond', distanceDegrees: 2.5 });
    const m = parse(`<ogc:DWithin>${prop('ows:BoundingBox')}${point}<ogc:Distance units="m">55660</ogc:Distance></ogc:DWithin>`);
    expect(m.op === 'spatial' && m.distanceDegrees).toBeCloseTo(0.5, 6);
  });

  it('BBOX without PropertyName means the bounding box', () => {
    expect(parse(`<ogc:BBOX>${env('0 0', '1 1')}</ogc:BBOX>`)).toMatchObject({ property: 'ows:BoundingBox' });
  });

  it.each([
    ['urn:x-ogc:def:crs:EPSG:6.11:4326', 'latlon'],
    ['urn:ogc:def:crs:EPSG::4326', 'latlon'],
    ['urn:ogc:def:crs:EPSG:6.6:4326', 'latlon'],
    ['http://www.opengis.net/def/crs/EPSG/0/4326', 'latlon'],
    ['urn:ogc:def:crs:OGC:1.3:CRS84', 'lonlat'],
    ['EPSG:4326', 'lonlat'],
    ['http://www.opengis.net/gml/srs/epsg.xml#4326', 'lonlat'],
    [undefined, 'lonlat'],
  ])('axis order of srsName %s is %s', (srs, order) => {
    // lower corner (a, b) = (47, -4.5), upper (52, 1)
    const wkt = wktOf(bbox(env('47 -4.5', '52 1', srs)));
    expect(wkt).toBe(order === 'latlon' ? 'POLYGON((-4.5 47,1 47,1 52,-4.5 52,-4.5 47))' : 'POLYGON((47 -4.5,52 -4.5,52 1,47 1,47 -4.5))');
  });

  it('inherits srsName from the enclosing geometry', () => {
    const n = parse(`<ogc:Intersects>${prop('ows:BoundingBox')}<gml:Polygon srsName="urn:ogc:def:crs:EPSG::4326"><gml:exterior><gml:LinearRing><gml:posList>0 10 0 20 5 20 5 10 0 10</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></ogc:Intersects>`);
    expect(wktOf(n)).toBe('POLYGON((10 0,20 0,20 5,10 5,10 0))');
  });

  it('splits an envelope crossing the antimeridian', () => {
    expect(wktOf(bbox(env('170 -10', '-170 10')))).toBe('MULTIPOLYGON(((170 -10,180 -10,180 10,170 10,170 -10)),((-180 -10,-170 -10,-170 10,-180 10,-180 -10)))');
    // lat/lon order: the same box
    expect(wktOf(bbox(env('-10 170', '10 -170', 'urn:ogc:def:crs:EPSG::4326')))).toBe('MULTIPOLYGON(((170 -10,180 -10,180 10,170 10,170 -10)),((-180 -10,-170 -10,-170 10,-180 10,-180 -10)))');
    // longitudes beyond 180 wrap, a box ≥ 360° wide is the world, latitudes clamp
    expect(wktOf(bbox(env('170 -10', '190 10')))).toMatch(/^MULTIPOLYGON\(\(\(170 -10,180 -10.*\(\(-180 -10,-170 -10/);
    expect(wktOf(bbox(env('-200 -100', '200 100')))).toBe('POLYGON((-180 -90,180 -90,180 90,-180 90,-180 -90))');
  });

  it('reads Polygon with holes, pos lists, GML 2 coordinates, Point, LineString and GML 3.2', () => {
    const holes = parse(`<ogc:Within>${prop('ows:BoundingBox')}<gml:Polygon><gml:exterior><gml:LinearRing><gml:pos>0 0</gml:pos><gml:pos>10 0</gml:pos><gml:pos>10 10</gml:pos><gml:pos>0 10</gml:pos><gml:pos>0 0</gml:pos></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>2 2 3 2 3 3 2 2</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></ogc:Within>`);
    expect(wktOf(holes)).toBe('POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,3 2,3 3,2 2))');
    const gml2 = parse(`<ogc:Intersects>${prop('ows:BoundingBox')}<gml:Polygon><gml:outerBoundaryIs><gml:LinearRing><gml:coordinates>0,0 1,0 1,1 0,0</gml:coordinates></gml:LinearRing></gml:outerBoundaryIs></gml:Polygon></ogc:Intersects>`);
    expect(wktOf(gml2)).toBe('POLYGON((0 0,1 0,1 1,0 0))');
    const box = parse(`<ogc:BBOX>${prop('ows:BoundingBox')}<gml:Box><gml:coordinates>1,2 3,4</gml:coordinates></gml:Box></ogc:BBOX>`);
    expect(wktOf(box)).toBe('POLYGON((1 2,3 2,3 4,1 4,1 2))');
    const line = parse(`<ogc:Crosses>${prop('ows:BoundingBox')}<gml32:LineString srsName="urn:ogc:def:crs:EPSG::4326"><gml32:posList>1 2 3 4</gml32:posList></gml32:LineString></ogc:Crosses>`);
    expect(wktOf(line)).toBe('LINESTRING(2 1,4 3)');
    const point3d = parse(`<ogc:Contains>${prop('ows:BoundingBox')}<gml:Point srsDimension="3"><gml:pos>1 2 3</gml:pos></gml:Point></ogc:Contains>`);
    expect(wktOf(point3d)).toBe('POINT(1 2)');
  });
});
