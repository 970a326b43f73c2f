import fc from 'fast-check';
import { parseCql2Text } from '../../libs/oarec/cql2/cql2-text';
import { cql2ToFilter } from '../../libs/oarec/cql2/cql2-to-filter';
import { OarecError } from '../../libs/oarec/oarec-error';
import { parseItemQuery } from '../../libs/oarec/request/item-query';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import { SearchError } from '../../libs/search/search-error';
import { thrownError } from '../helpers/thrown-error';

/**
 * CQL2 text and CQL2 JSON become the same filter tree (the one OGC Filter and CQL_TEXT become
 * in CSW); errors are OarecErrors naming `filter` and, for syntax, the position.
 */
const fromText = (s: string) => cql2ToFilter(parseCql2Text(s));
const fromJson = (j: unknown) => cql2ToFilter(j as never);

describe('CQL2 text = CQL2 JSON', () => {
  const cases: [string, unknown][] = [
    ["title = 'Peta'", { op: '=', args: [{ property: 'title' }, 'Peta'] }],
    ["'Peta' = title", { op: '=', args: ['Peta', { property: 'title' }] }],
    ["CASEI(title) <> CASEI('peta')", { op: '<>', args: [{ op: 'casei', args: [{ property: 'title' }] }, { op: 'casei', args: ['peta'] }] }],
    ["title LIKE 'Pet_%' AND NOT keywords IN ('a', 'b')", { op: 'and', args: [
      { op: 'like', args: [{ property: 'title' }, 'Pet_%'] },
      { op: 'not', args: [{ op: 'in', args: [{ property: 'keywords' }, ['a', 'b']] }] }] }],
    ['updated BETWEEN TIMESTAMP(\'2020-01-01T00:00:00Z\') AND DATE(\'2021-01-01\')', { op: 'between', args: [{ property: 'updated' }, { timestamp: '2020-01-01T00:00:00Z' }, { date: '2021-01-01' }] }],
    ['description IS NOT NULL OR format IS NULL', { op: 'or', args: [{ op: 'not', args: [{ op: 'isNull', args: [{ property: 'description' }] }] }, { op: 'isNull', args: [{ property: 'format' }] }] }],
    ['S_INTERSECTS(geometry, POLYGON((0 0, 10 0, 10 10, 0 10, 0 0)))', { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]] }] }],
    ['S_WITHIN(geometry, BBOX(170, -20, -170, 10))', { op: 's_within', args: [{ property: 'geometry' }, { bbox: [170, -20, -170, 10] }] }],
    ['S_CONTAINS(POINT(106.8 -6.2), geometry)', { op: 's_contains', args: [{ type: 'Point', coordinates: [106.8, -6.2] }, { property: 'geometry' }] }],
    ["T_INTERSECTS(time, INTERVAL('2020-01-01', '..'))", { op: 't_intersects', args: [{ property: 'time' }, { interval: ['2020-01-01', '..'] }] }],
    ["T_BEFORE(updated, TIMESTAMP('2024-01-01T00:00:00Z'))", { op: 't_before', args: [{ property: 'updated' }, { timestamp: '2024-01-01T00:00:00Z' }] }],
    ["T_AFTER(DATE('2020-01-01'), created)", { op: 't_after', args: [{ date: '2020-01-01' }, { property: 'created' }] }],
    ["A_CONTAINS(keywords, ('topografi', 'hidrografi'))", { op: 'a_contains', args: [{ property: 'keywords' }, ['topografi', 'hidrografi']] }],
  ];
  it.each(cases)('%s', (text, json) => {
    const a = fromText(text);
    expect(a).toEqual(fromJson(json));
    // and it compiles to SQL over the same queryables as CSW
    expect(compileFilter(a, [])).toMatch(/r\./);
  });

  it('flips comparisons with the literal first and maps temporal relations to the converse', () => {
    expect(fromText("'2020-01-01' < updated")).toEqual(fromText("updated > '2020-01-01'"));
    expect(fromText("T_AFTER(DATE('2020-01-01'), created)")).toEqual(fromText("T_BEFORE(created, DATE('2020-01-01'))"));
  });
});

describe('CQL2 errors', () => {
  const failure = (text: string) => thrownError(OarecError, () => fromText(text), `expected "${text}" to be rejected`);
  it.each([
    ["title = 'a' AND (", 18],
    ["title = 'a", 9],
    ['title @ 1', 7],
    ['title', 1],
    ["S_INTERSECTS(geometry, POINT(1))", 31],
  ])('%s → 400 at position %i', (text, pos) => {
    const e = failure(text);
    expect(e.status).toBe(400);
    expect(e.message).toContain('"filter"');
    if (!/geometri|koordinat|predikat/.test(e.message)) expect(e.message).toContain(`posisi ${pos}`);
  });

  it('refuses unknown properties, spatial operators on text and comparisons on geometry', () => {
    expect(failure("nope = 'a'").message).toMatch(/queryable/);
    expect(failure("S_INTERSECTS(title, POINT(0 0))").message).toMatch(/geometri/);
    expect(failure("geometry = 'x'").message).toMatch(/spasial/);
  });

  it('bounds nesting', () => {
    const deep = `${'('.repeat(200)}title = 'a'${')'.repeat(200)}`;
    expect(failure(deep).message).toMatch(/bersarang/);
  });
});

describe('fast-check: random CQL2 text and query strings', () => {
  const tokens = fc.constantFrom(
    'title', 'updated', 'geometry', 'keywords', 'time', "'a'", "'%x%'", '1', '-2.5', '(', ')', ',', '=', '<>', '<', 'AND', 'OR', 'NOT', 'LIKE',
    'IN', 'BETWEEN', 'IS', 'NULL', 'S_INTERSECTS', 'T_INTERSECTS', 'A_CONTAINS', 'BBOX', 'POINT', 'POLYGON', "DATE('2020-01-01')",
    "TIMESTAMP('x')", "INTERVAL('..','2020')", 'CASEI', '"title"', 'TRUE', 'FALSE', '\u0000', "'",
  );
  it('a random CQL2 text is a filter tree or an OarecError, nothing else', () => {
    fc.assert(fc.property(fc.array(tokens, { maxLength: 25 }), (ts) => {
      try {
        const f = fromText(ts.join(' '));
        compileFilter(f, []);
      } catch (e) {
        if (!(e instanceof OarecError) && !(e instanceof SearchError)) throw e;
      }
    }), { numRuns: 3000 });
  });

  it('random query parameters are a query or an OarecError, nothing else', () => {
    const key = fc.constantFrom('bbox', 'datetime', 'q', 'type', 'ids', 'limit', 'offset', 'sortby', 'filter', 'filter-lang', 'title', 'updated', 'f', 'zzz');
    fc.assert(fc.property(fc.dictionary(key, fc.string({ maxLength: 30 })), (query) => {
      try {
        const q = parseItemQuery(query);
        compileFilter(q.filter, []);
      } catch (e) {
        if (!(e instanceof OarecError) && !(e instanceof SearchError)) throw e;
      }
    }), { numRuns: 3000 });
  });
});
