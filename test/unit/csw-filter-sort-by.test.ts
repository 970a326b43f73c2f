import { parseSortByKvp, parseSortByXml } from '../../libs/csw/sort-by';
import { compileOrderBy } from '../../libs/db/search-sql/order-by';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { cswErrorOf } from '../helpers/thrown-error';

const xml = (inner: string) =>
  parseXmlSafely(`<ogc:SortBy xmlns:ogc="http://www.opengis.net/ogc">${inner}</ogc:SortBy>`).documentElement!;

describe('SORTBY (KVP)', () => {
  it('reads property:order pairs', () => {
    expect(parseSortByKvp('dc:title:A,dct:modified:D')).toEqual([
      { property: 'dc:title', order: 'ASC' },
      { property: 'dct:modified', order: 'DESC' },
    ]);
    expect(parseSortByKvp('dc:title')).toEqual([{ property: 'dc:title', order: 'ASC' }]);
    expect(parseSortByKvp('Title:DESC, apiso:Modified:asc')).toEqual([
      { property: 'dc:title', order: 'DESC' },
      { property: 'apiso:Modified', order: 'ASC' },
    ]);
    // CITE sorts by dc:format; multi-valued properties sort by their first value
    expect(parseSortByKvp('dc:format:D')).toEqual([{ property: 'dc:format', order: 'DESC' }]);
  });

  it.each(['dc:titlei:A', 'dc:title:FOO', 'csw:AnyText:A', '', 'dc:title:A,,dc:date:D'])('rejects %s with locator sortby', (v) => {
    expect(cswErrorOf(() => parseSortByKvp(v))).toMatchObject({ code: 'InvalidParameterValue', locator: 'sortby' });
  });
});

describe('ogc:SortBy (XML)', () => {
  it('reads SortProperty elements, default ASC', () => {
    const el = xml('<ogc:SortProperty><ogc:PropertyName>dc:date</ogc:PropertyName><ogc:SortOrder>DESC</ogc:SortOrder></ogc:SortProperty><ogc:SortProperty><ogc:PropertyName>dc:title</ogc:PropertyName></ogc:SortProperty>');
    expect(parseSortByXml(el)).toEqual([
      { property: 'dc:date', order: 'DESC' },
      { property: 'dc:title', order: 'ASC' },
    ]);
  });

  it('rejects unknown properties and orders', () => {
    expect(cswErrorOf(() => parseSortByXml(xml('<ogc:SortProperty><ogc:PropertyName>dc:nope</ogc:PropertyName></ogc:SortProperty>'))).locator).toBe('sortby');
    expect(cswErrorOf(() => parseSortByXml(xml('<ogc:SortProperty><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:SortOrder>UP</ogc:SortOrder></ogc:SortProperty>'))).locator).toBe('sortby');
    expect(cswErrorOf(() => parseSortByXml(xml(''))).locator).toBe('sortby');
  });
});

describe('compileOrderBy', () => {
  it('always ends with the identifier', () => {
    expect(compileOrderBy([])).toBe('r.id ASC');
    expect(compileOrderBy([{ property: 'dc:title', order: 'DESC' }])).toBe("NULLIF(r.title, '') DESC NULLS LAST, r.id ASC");
    expect(compileOrderBy([{ property: 'dct:modified', order: 'DESC' }])).toBe('r.updated_at DESC, r.id ASC');
    expect(compileOrderBy([{ property: 'ows:BoundingBox', order: 'DESC' }, { property: 'dc:format', order: 'ASC' }])).toBe(
      'ST_Area(r.extent) DESC NULLS LAST, (r.formats)[1] ASC NULLS LAST, r.id ASC',
    );
  });
});
