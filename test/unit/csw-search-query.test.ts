import { createCswService, type CswService } from '../../libs/csw/csw-service';
import { parseCql } from '../../libs/csw/filter/parse-cql';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { DEFAULT_COUNT_SETTINGS } from '../../libs/search/match-count';
import type { FacetSpec, PageRow, SearchQuery, SearchStore } from '../../libs/search/search.ports';
import { IDENTITY } from './csw-service-fixtures';

/**
 * CSW's side of the search core's door, without a database: a request (KVP or XML) becomes a
 * query VALUE — the filter tree, the sort list, the page — handed to the search port, and the
 * page the port returns becomes the answer. The port here is an in-memory fake of the search
 * store (libs/search/search.ports.ts) that records what it is asked; the real store and the SQL
 * it compiles are tested on PostgreSQL (test/integration/csw-search.test.ts,
 * search-statement-reuse.test.ts, csw-http.test.ts and the golden suites).
 */
interface Asked {
  pages: { query: SearchQuery; format: string; countUpTo: number | undefined }[];
  domains: { property: string; limit: number }[];
  facets: { filter: FilterNode; facets: readonly FacetSpec[] }[];
}

/** a port over `n` published records `rec-0` … with a stored render of every format */
function fakeStore(n: number): { store: SearchStore; asked: Asked } {
  const asked: Asked = { pages: [], domains: [], facets: [] };
  const rows = Array.from({ length: n }, (_, i): PageRow => ({
    id: `rec-${i}`, version: 1, renderVersion: 1,
    xml: `<csw:BriefRecord xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier>rec-${i}</dc:identifier><dc:title>Rekaman ${i}</dc:title></csw:BriefRecord>`,
  }));
  const store: SearchStore = {
    matchKey: (filter) => JSON.stringify(filter),
    countPublished: async () => n,
    estimatePublished: async () => n,
    async pageWithRenders(query, format, countUpTo) {
      asked.pages.push({ query, format, countUpTo });
      const items = rows.slice(query.offset, query.offset + query.limit);
      return { items, more: query.offset + query.limit < n, ...(countUpTo !== undefined ? { counted: Math.min(n, countUpTo + 1) } : {}) };
    },
    pageOfRecords: async () => { throw new Error('CSW reads renders, not records'); },
    // no ranked window: every page comes from pageWithRenders, which the tests read back
    rankedWindow: async () => undefined,
    recordsByIds: async () => { throw new Error('CSW reads renders, not records'); },
    rendersByIds: async (ids) => rows.filter((r) => ids.includes(r.id)),
    publishedWithRenders: async () => [],
    publishedRecord: async () => undefined,
    recordById: async () => undefined,
    async domainValues(property, limit) {
      asked.domains.push({ property, limit });
      return ['Hidrografi', 'Sungai'];
    },
    async facetCounts(filter, facets) {
      asked.facets.push({ filter, facets });
      return { values: {} };
    },
    spellings: async () => new Map(),
    refreshSpellings: async () => undefined,
    typoQueries: async (words) => words.map(() => ''),
  };
  return { store, asked };
}

function service(n = 25): { svc: CswService; asked: Asked } {
  const { store, asked } = fakeStore(n);
  return { svc: createCswService({ store, baseUrl: 'https://katalog.example.go.id', getIdentity: async () => IDENTITY, exceptionHttpStatus: 'csw202' }), asked };
}

const GR = 'service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record';
const get = (svc: CswService, qs: string) => svc.handle({ method: 'GET', query: Object.fromEntries(new URLSearchParams(qs)) });

describe('CSW GetRecords hands the search core a query value', () => {
  it('KVP: the CQL constraint as a filter tree, SORTBY as a sort list, the page as offset and limit', async () => {
    const { svc, asked } = service();
    const cql = "dc:title LIKE 'Sungai%' AND dct:modified >= '2020-01-01'";
    const res = await get(svc, `${GR}&resultType=results&elementSetName=brief&startPosition=11&maxRecords=5&constraintLanguage=CQL_TEXT&constraint_language_version=1.1.0&constraint=${encodeURIComponent(cql)}&sortBy=dc:title:D`);
    expect(res.status).toBe(200);
    expect(asked.pages).toHaveLength(1);
    const { query, format, countUpTo } = asked.pages[0]!;
    expect(query.filter).toEqual(parseCql(cql));
    expect(query.sort).toEqual([{ property: 'dc:title', order: 'DESC' }]);
    expect([query.offset, query.limit, format]).toEqual([10, 5, 'dc-brief']);
    // no generation (no cache in front): the page counts, bounded by the count budget
    expect(countUpTo).toBe(DEFAULT_COUNT_SETTINGS.exactRows);
    // nothing SQL-like in what the port receives: values only
    expect(JSON.stringify(query)).not.toMatch(/\br\.\w+|\$\d|SELECT|WHERE/);
    // and the page it returned is the answer
    expect(res.body).toContain('numberOfRecordsMatched="25"');
    expect(res.body).toContain('numberOfRecordsReturned="5"');
    expect(res.body).toContain('nextRecord="16"');
    expect(res.body).toContain('<dc:identifier>rec-10</dc:identifier>');
  });

  it('XML: the same question asked as ogc:Filter and ogc:SortBy is the same query value', async () => {
    const { svc, asked } = service();
    await get(svc, `${GR}&resultType=results&maxRecords=3&constraintLanguage=CQL_TEXT&constraint_language_version=1.1.0&constraint=${encodeURIComponent("dc:subject = 'Sungai'")}&sortBy=dc:title:A`);
    const body = `<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" service="CSW" version="2.0.2" resultType="results" maxRecords="3">
      <csw:Query typeNames="csw:Record"><csw:ElementSetName>full</csw:ElementSetName>
        <csw:Constraint version="1.1.0"><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>dc:subject</ogc:PropertyName><ogc:Literal>Sungai</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter></csw:Constraint>
        <ogc:SortBy><ogc:SortProperty><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:SortOrder>ASC</ogc:SortOrder></ogc:SortProperty></ogc:SortBy>
      </csw:Query></csw:GetRecords>`;
    expect((await svc.handle({ method: 'POST', query: {}, body, contentType: 'application/xml' })).status).toBe(200);
    expect(asked.pages).toHaveLength(2);
    expect(asked.pages[1]!.query).toEqual(asked.pages[0]!.query);
    expect(asked.pages[1]!.query.filter).toEqual({ op: 'compare', cmp: 'eq', property: 'dc:subject', value: 'Sungai', matchCase: true });
  });

  it('hits asks for the count only; validate and a bad sort never reach the port', async () => {
    const { svc, asked } = service(7);
    const hits = await get(svc, `${GR}&resultType=hits`);
    expect(asked.pages.map((p) => [p.query.limit, p.query.filter])).toEqual([[0, { op: 'all' }]]);
    expect(hits.body).toContain('numberOfRecordsMatched="7"');
    expect((await get(svc, `${GR}&resultType=validate`)).body).toContain('csw:Acknowledgement');
    const badSort = await get(svc, `${GR}&resultType=results&sortBy=csw:AnyText:A`);
    expect(badSort.body).toContain('exceptionCode="InvalidParameterValue"');
    expect(asked.pages).toHaveLength(1);
  });
});

describe('CSW GetDomain hands the search core a property name', () => {
  it('a queryable with values: its canonical name and the domain limit, never a query', async () => {
    const { svc, asked } = service();
    const res = await get(svc, 'service=CSW&version=2.0.2&request=GetDomain&propertyName=Subject');
    expect(asked.domains).toEqual([{ property: 'dc:subject', limit: 1000 }]);
    expect(res.body).toContain('<csw:Value>Sungai</csw:Value>');
  });

  it('free text and geometry have no list of values: the port is not asked', async () => {
    const { svc, asked } = service();
    for (const p of ['csw:AnyText', 'ows:BoundingBox']) {
      const res = await get(svc, `service=CSW&version=2.0.2&request=GetDomain&propertyName=${p}`);
      expect(res.body).toContain('csw:GetDomainResponse');
      expect(res.body).not.toContain('csw:ListOfValues');
    }
    expect(asked.domains).toEqual([]);
  });
});
