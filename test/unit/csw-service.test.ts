import { DOMParser, type Document } from '@xmldom/xmldom';
import { createSearchStore } from '../../libs/db/search.repository';
import * as xpath from 'xpath';
import { createCswService, type CswHttpResponse, type CswService, type CswServiceDeps } from '../../libs/csw/csw-service';
import { NS } from '../../libs/csw/namespaces';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { validateXsdMany } from '../helpers/xsd';
import { IDENTITY, PUBLISHED_IDS, renderFor, RECORDS, seedCswRecords } from './csw-service-fixtures';
import { validateWithIsoRecords } from './csw-test-support';

/**
 * createCswService against a real PostgreSQL with PUBLISHED, DRAFT and REVIEW records and
 * hand-written stored renders. Every response is also collected and checked against the
 * CSW 2.0.2 / OWS schemas at the end.
 */
const select = xpath.useNamespaces({ csw: NS.csw, ows: NS.ows, dc: NS.dc, gmd: NS.gmd, mdb: NS.mdb, ogc: NS.ogc, xlink: NS.xlink });
const parse = (xml: string): Document => new DOMParser().parseFromString(xml, 'application/xml');
const values = (doc: Document, path: string): string[] => (select(path, doc as unknown as Node) as Node[]).map((n) => n.textContent ?? '');
const BASE = 'https://data.example.go.id/geo';

let tdb: TestDatabase;
let svc: CswService;
const cswDocs: string[] = [];
const isoDocs: string[] = [];
const exceptionDocs: string[] = [];

function deps(overrides: Partial<CswServiceDeps> = {}): CswServiceDeps {
  return { store: createSearchStore(tdb.db), baseUrl: BASE, getIdentity: async () => IDENTITY, exceptionHttpStatus: 'csw202', ...overrides };
}

function keep(res: CswHttpResponse, kind: 'csw' | 'iso' = 'csw'): CswHttpResponse {
  expect(res.contentType).toBe('application/xml; charset=UTF-8');
  if (res.body.includes('ows:ExceptionReport')) exceptionDocs.push(res.body);
  else (kind === 'iso' ? isoDocs : cswDocs).push(res.body);
  return res;
}

async function get(qs: string, s: CswService = svc): Promise<Document> {
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(qs)) query[k] = v;
  const res = keep(await s.handle({ method: 'GET', query }), /gmd|19115/.test(qs) ? 'iso' : 'csw');
  return parse(res.body);
}

async function post(body: string): Promise<Document> {
  return parse(keep(await svc.handle({ method: 'POST', query: {}, body, contentType: 'application/xml' })).body);
}

const GR = 'service=CSW&version=2.0.2&request=GetRecords';
const searchResults = (d: Document) => ({
  matched: Number(values(d, '//csw:SearchResults/@numberOfRecordsMatched')[0]),
  returned: Number(values(d, '//csw:SearchResults/@numberOfRecordsReturned')[0]),
  next: Number(values(d, '//csw:SearchResults/@nextRecord')[0]),
  children: (select('//csw:SearchResults/*', d as unknown as Node) as Node[]).length,
  ids: values(d, '//csw:SearchResults/*/dc:identifier'),
});
const exception = (d: Document) => ({ code: values(d, '//ows:Exception/@exceptionCode')[0], locator: values(d, '//ows:Exception/@locator')[0] });

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedCswRecords(tdb.db);
  svc = createCswService(deps());
});

afterAll(async () => {
  await tdb?.drop();
});

describe('GetCapabilities', () => {
  it('answers with the identity and the public base URL', async () => {
    const d = await get('service=CSW&request=GetCapabilities');
    expect(values(d, '//ows:ServiceIdentification/ows:Title')).toEqual([IDENTITY.title]);
    expect(values(d, '//ows:Operation[@name="GetRecords"]//ows:Post/@xlink:href')).toEqual([`${BASE}/metadata/csw`]);
  });
  it('honours updateSequence: same → abbreviated, newer → InvalidUpdateSequence', async () => {
    const s = createCswService(deps({ getUpdateSequence: async () => '5' }));
    const same = await get('service=CSW&request=GetCapabilities&updatesequence=5', s);
    expect((select('/csw:Capabilities/*', same as unknown as Node) as Node[]).length).toBe(1);
    expect(values(same, '/csw:Capabilities/@updateSequence')).toEqual(['5']);
    expect(exception(await get('service=CSW&request=GetCapabilities&updatesequence=6', s))).toEqual({ code: 'InvalidUpdateSequence', locator: 'updatesequence' });
    const older = await get('service=CSW&request=GetCapabilities&updatesequence=4', s);
    expect((select('/csw:Capabilities/*', older as unknown as Node) as Node[]).length).toBe(4);
  });
});

describe('GetRecords', () => {
  it('a GET without parameters is an exception report, never another body', async () => {
    const res = keep(await svc.handle({ method: 'GET', query: {} }));
    expect(res.status).toBe(200);
    expect(exception(parse(res.body))).toEqual({ code: 'MissingParameterValue', locator: 'service' });
  });

  it('hits: counts only PUBLISHED records, sends no records', async () => {
    const r = searchResults(await get(`${GR}&resulttype=hits`));
    expect(r).toMatchObject({ matched: PUBLISHED_IDS.length, returned: 0, children: 0, next: 0 });
    // XML default is hits with maxRecords 10: nextRecord as a results page would give it
    const big = searchResults(await get(`${GR}&resulttype=hits&maxrecords=2`));
    expect(big.next).toBe(3);
  });

  it('results: pages in identifier order with nextRecord, and stops past the end', async () => {
    const p1 = searchResults(await get(`${GR}&elementsetname=brief&maxrecords=2`));
    expect(p1).toMatchObject({ matched: 5, returned: 2, children: 2, next: 3, ids: ['rec-a', 'rec-b'] });
    const p2 = searchResults(await get(`${GR}&elementsetname=brief&maxrecords=2&startposition=3`));
    expect(p2).toMatchObject({ returned: 2, next: 5, ids: ['rec-c', 'rec-d'] });
    const p3 = searchResults(await get(`${GR}&elementsetname=brief&maxrecords=2&startposition=5`));
    expect(p3).toMatchObject({ returned: 1, next: 0, ids: ['rec-e'] });
    const past = searchResults(await get(`${GR}&elementsetname=brief&maxrecords=2&startposition=9`));
    expect(past).toMatchObject({ matched: 5, returned: 0, children: 0, next: 0 });
    const zero = searchResults(await get(`${GR}&elementsetname=brief&maxrecords=0`));
    expect(zero).toMatchObject({ returned: 0, next: 1 });
  });

  it('views: brief/summary/full pick the matching DC render', async () => {
    const d = await get(`${GR}&elementsetname=full&maxrecords=1`);
    expect(values(d, '//csw:SearchResults/@elementSet')).toEqual(['full']);
    expect((select('//csw:SearchResults/csw:Record', d as unknown as Node) as Node[]).length).toBe(1);
    const s = await get(`${GR}&maxrecords=1`);
    expect((select('//csw:SearchResults/csw:SummaryRecord', s as unknown as Node) as Node[]).length).toBe(1);
  });

  it('q, BBOX, CQL and SORTBY filter and order', async () => {
    expect(searchResults(await get(`${GR}&q=hidrologi`)).ids.sort()).toEqual(['rec-a', 'rec-c']);
    expect(searchResults(await get(`${GR}&q=AIR`)).ids).toEqual(['rec-a']); // case-insensitive; the draft never shows
    expect(searchResults(await get(`${GR}&bbox=100,-10,120,0`)).ids).toEqual(['rec-a']);
    // across the antimeridian
    expect(searchResults(await get(`${GR}&bbox=175,-20,-175,-10`)).ids).toEqual(['rec-d']);
    const cql = encodeURIComponent("dc:title LIKE '%Papua%'");
    expect(searchResults(await get(`${GR}&constraintlanguage=CQL_TEXT&constraint=${cql}`)).ids).toEqual(['rec-c']);
    expect(searchResults(await get(`${GR}&elementsetname=brief&sortby=dc:title:D`)).ids).toEqual(['rec-e', 'rec-c', 'rec-a', 'rec-d', 'rec-b']);
  });

  it('a render that is missing is left out and counted honestly, or rendered by renderMissing', async () => {
    // rec-e has no dc-summary render
    const without = searchResults(await get(`${GR}&elementsetname=summary&startposition=4`));
    expect(without).toMatchObject({ matched: 5, returned: 1, children: 1, next: 0, ids: ['rec-d'] });
    const asked: string[][] = [];
    const rec = RECORDS.find((r) => r.id === 'rec-e')!;
    const s = createCswService(
      deps({
        renderMissing: async (ids, format) => {
          asked.push([...ids, format]);
          return new Map(ids.map((id) => [id, renderFor(format, id, rec.doc)]));
        },
      }),
    );
    const withRender = searchResults(await get(`${GR}&elementsetname=summary&startposition=4`, s));
    expect(withRender).toMatchObject({ returned: 2, children: 2, ids: ['rec-d', 'rec-e'] });
    expect(asked).toEqual([['rec-e', 'dc-summary']]);
  });

  it('ElementName builds csw:Record with only the named elements; no elementSet attribute', async () => {
    const d = await get(`${GR}&elementname=dc:title&maxrecords=2`);
    expect(values(d, '//csw:SearchResults/@elementSet')).toEqual([]);
    expect(values(d, '//csw:SearchResults/csw:Record/*')).toEqual(['Peta Air Tanah Jawa', 'Batas Administrasi Kabupaten']);
  });

  it('ISO output: gmd and mdb renders by outputSchema', async () => {
    const g = await get(`${GR}&outputschema=${encodeURIComponent(NS.gmd)}&elementsetname=full&maxrecords=3`);
    expect(values(g, '//csw:SearchResults/@recordSchema')).toEqual([NS.gmd]);
    expect(values(g, '//csw:SearchResults/gmd:MD_Metadata/gmd:fileIdentifier')).toEqual(['rec-a', 'rec-b', 'rec-c']);
    const m = await get(`${GR}&outputschema=${encodeURIComponent(NS.mdb)}&typenames=mdb:MD_Metadata&elementsetname=brief&maxrecords=1`);
    expect((select('//csw:SearchResults/mdb:MD_Metadata', m as unknown as Node) as Node[]).length).toBe(1);
  });

  it('validate answers csw:Acknowledgement with the echoed request (GET and POST)', async () => {
    const d = await get(`${GR}&resulttype=validate&q=air`);
    expect((select('/csw:Acknowledgement/csw:EchoedRequest/csw:GetRecords', d as unknown as Node) as Node[]).length).toBe(1);
    const p = await post(
      `<csw:GetRecords xmlns:csw="${NS.csw}" xmlns:ogc="${NS.ogc}" service="CSW" version="2.0.2" resultType="validate"><csw:Query typeNames="csw:Record"><csw:ElementSetName>full</csw:ElementSetName><csw:Constraint version="1.1.0"><ogc:Filter><ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="\\"><ogc:PropertyName>csw:AnyText</ogc:PropertyName><ogc:Literal>*air*</ogc:Literal></ogc:PropertyIsLike></ogc:Filter></csw:Constraint></csw:Query></csw:GetRecords>`,
    );
    expect(values(p, '//csw:EchoedRequest//ogc:Literal')).toEqual(['*air*']);
  });

  it('POST: XML defaults (hits, 10) and an ogc:Filter', async () => {
    const hits = searchResults(await post(`<csw:GetRecords xmlns:csw="${NS.csw}" service="CSW" version="2.0.2"><csw:Query typeNames="csw:Record"/></csw:GetRecords>`));
    expect(hits).toMatchObject({ matched: 5, returned: 0, next: 0 });
    const d = await post(
      `<GetRecords xmlns="${NS.csw}" xmlns:ogc="${NS.ogc}" service="CSW" version="2.0.2" resultType="results" requestId="urn:uuid:1"><Query typeNames="csw:Record"><ElementSetName>brief</ElementSetName><Constraint version="1.1.0"><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:Literal>Zona Gempa Sulawesi</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter></Constraint></Query></GetRecords>`,
    );
    expect(searchResults(d).ids).toEqual(['rec-e']);
    expect(values(d, '/csw:GetRecordsResponse/csw:RequestId')).toEqual(['urn:uuid:1']);
  });
});

describe('GetRecordById', () => {
  it('returns PUBLISHED records in request order and skips unknown and unpublished ids', async () => {
    const d = await get('service=CSW&version=2.0.2&request=GetRecordById&elementsetname=brief&id=rec-c,nope,rec-a,rec-draft,rec-review');
    expect(values(d, '/csw:GetRecordByIdResponse/csw:BriefRecord/dc:identifier')).toEqual(['rec-c', 'rec-a']);
  });
  it('an unknown id is an empty response, not an exception', async () => {
    const d = await get('service=CSW&version=2.0.2&request=GetRecordById&id=urn:uuid:nope');
    expect(d.documentElement!.localName).toBe('GetRecordByIdResponse');
    expect(d.documentElement!.childNodes.length).toBe(0);
  });
  it('serves gmd', async () => {
    const d = await get(`service=CSW&version=2.0.2&request=GetRecordById&id=rec-b&outputschema=${encodeURIComponent(NS.gmd)}&elementsetname=full`);
    expect(values(d, '//gmd:MD_Metadata/gmd:fileIdentifier')).toEqual(['rec-b']);
  });
});

describe('DescribeRecord and GetDomain', () => {
  it('DescribeRecord: all types, one type, or none', async () => {
    expect(values(await get('service=CSW&version=2.0.2&request=DescribeRecord'), '//csw:SchemaComponent/@targetNamespace')).toEqual([NS.csw, NS.gmd, NS.mdb]);
    expect(values(await get('service=CSW&version=2.0.2&request=DescribeRecord&typename=gmd:MD_Metadata'), '//csw:SchemaComponent/@targetNamespace')).toEqual([NS.gmd]);
    expect(values(await get('service=CSW&version=2.0.2&request=DescribeRecord&typename=csw:DummyRecord'), '//csw:SchemaComponent')).toEqual([]);
  });
  it('GetDomain: a parameter from the capabilities table, a property from PUBLISHED records', async () => {
    expect(values(await get('service=CSW&version=2.0.2&request=GetDomain&parametername=GetRecords.resultType'), '//csw:Value')).toEqual(['hits', 'results', 'validate']);
    const subjects = values(await get('service=CSW&version=2.0.2&request=GetDomain&propertyname=apiso:Subject'), '//csw:Value');
    expect(subjects).toEqual(['air tanah', 'batas wilayah', 'hidrologi', 'lahan']); // not the draft's "rahasia"
    const bbox = await get('service=CSW&version=2.0.2&request=GetDomain&propertyname=ows:BoundingBox');
    expect(values(bbox, '//csw:DomainValues/csw:PropertyName')).toEqual(['ows:BoundingBox']);
    expect(values(bbox, '//csw:ListOfValues')).toEqual([]);
  });
});

describe('exceptions and HTTP statuses', () => {
  it('csw202: every exception is HTTP 200', async () => {
    const res = keep(await svc.handle({ method: 'GET', query: { service: 'CSW', version: '2.0.2', request: 'Transaction' } }));
    expect(res.status).toBe(200);
    expect(exception(parse(res.body))).toEqual({ code: 'OperationNotSupported', locator: 'request' });
  });
  it('ows11: 400 for parameter errors, 501 for unsupported operations, 500 for internal errors without details', async () => {
    const s = createCswService(deps({ exceptionHttpStatus: 'ows11', getIdentity: async () => Promise.reject(new Error('secret: password=hunter2')), logger: { warn: () => undefined, error: () => undefined } }));
    expect((await s.handle({ method: 'GET', query: { service: 'CSW', request: 'GetRecords' } })).status).toBe(400);
    expect((await s.handle({ method: 'POST', query: {}, body: '<a', contentType: 'text/xml' })).status).toBe(400);
    expect((await s.handle({ method: 'POST', query: {}, body: `<Harvest xmlns="${NS.csw}" service="CSW" version="2.0.2"/>`, contentType: 'text/xml' })).status).toBe(501);
    const internal = keep(await s.handle({ method: 'GET', query: { service: 'CSW', request: 'GetCapabilities' } }));
    expect(internal.status).toBe(500);
    expect(exception(parse(internal.body)).code).toBe('NoApplicableCode');
    expect(internal.body).not.toMatch(/hunter2|Error:|at /);
  });
  it('POST with a non-XML content type is an exception', async () => {
    const res = keep(await svc.handle({ method: 'POST', query: {}, body: 'service=CSW&request=GetCapabilities', contentType: 'application/x-www-form-urlencoded' }));
    expect(exception(parse(res.body)).code).toBe('InvalidParameterValue');
  });
});

describe('schema validity of every response above', () => {
  it('CSW responses validate against CSW-discovery.xsd', () => {
    expect(cswDocs.length).toBeGreaterThan(20);
    const results = validateXsdMany(cswDocs, 'csw-discovery');
    results.forEach((r, i) => expect({ i, ...r }).toEqual({ i, valid: true, errors: '' }));
  });
  it('responses with ISO records validate against CSW-discovery + gmd + mdb', () => {
    expect(isoDocs.length).toBeGreaterThan(2);
    validateWithIsoRecords(isoDocs).forEach((r, i) => expect({ i, ...r }).toEqual({ i, valid: true, errors: '' }));
  });
  it('exception reports validate against owsExceptionReport.xsd', () => {
    expect(exceptionDocs.length).toBeGreaterThan(3);
    validateXsdMany(exceptionDocs, 'ows-exception').forEach((r, i) => expect({ i, ...r }).toEqual({ i, valid: true, errors: '' }));
  });
});
