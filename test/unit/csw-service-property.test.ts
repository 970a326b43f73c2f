import fc from 'fast-check';
import { createSearchStore } from '../../libs/db/search.repository';
import { createCswService, type CswHttpResponse, type CswService } from '../../libs/csw/csw-service';
import { NS } from '../../libs/csw/namespaces';
import { DOMParser } from '@xmldom/xmldom';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { IDENTITY, seedCswRecords } from './csw-service-fixtures';
import { xmlPost } from '../helpers/csw-random-requests';

/**
 * Random KVP maps and random XML bodies never make `handle` throw, never give a 500 (the
 * service runs with the ows11 status mapping, where an internal error would be a 500; 501
 * is only for Transaction/Harvest), and always answer with a well-formed XML document whose root is a CSW response or an
 * ows:ExceptionReport.
 */
let tdb: TestDatabase;
let svc: CswService;
const unexpected: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedCswRecords(tdb.db);
  svc = createCswService({
    store: createSearchStore(tdb.db),
    baseUrl: 'https://csw.example.go.id',
    getIdentity: async () => IDENTITY,
    exceptionHttpStatus: 'ows11',
    logger: { warn: () => undefined, error: (obj) => unexpected.push(String((obj as { err?: Error }).err?.stack ?? JSON.stringify(obj))) },
  });
});

afterAll(async () => {
  await tdb?.drop();
});

const ROOTS = new Set(['Capabilities', 'GetRecordsResponse', 'GetRecordByIdResponse', 'DescribeRecordResponse', 'GetDomainResponse', 'Acknowledgement', 'ExceptionReport']);

function checkResponse(res: CswHttpResponse): void {
  expect(res.contentType).toBe('application/xml; charset=UTF-8');
  // well-formed: any parser error is fatal (warnings such as a legitimate U+FFFD are not)
  const doc = new DOMParser({
    onError: (level: string, msg: string) => {
      if (level !== 'warning') throw new Error(`${level}: ${msg}`);
    },
  }).parseFromString(res.body, 'application/xml');
  const root = doc.documentElement!;
  expect(ROOTS.has(root.localName ?? '')).toBe(true);
  // the only 5xx ows11 allows for client input is 501 for Transaction/Harvest; 500 never
  if (res.status >= 500) {
    expect(res.status).toBe(501);
    expect(root.getElementsByTagNameNS(NS.ows, 'Exception')[0]?.getAttribute('exceptionCode')).toBe('OperationNotSupported');
  }
}

/** a parameter name in random letter case */
const caseOf = (name: string) =>
  fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((up) => [...name].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

const NAMES = [
  'service', 'version', 'request', 'typenames', 'typename', 'outputschema', 'outputformat', 'elementsetname', 'elementname', 'resulttype',
  'startposition', 'maxrecords', 'constraint', 'constraintlanguage', 'constraint_language_version', 'q', 'bbox', 'namespace', 'sortby', 'id',
  'sections', 'acceptversions', 'acceptformats', 'updatesequence', 'parametername', 'propertyname', 'schemalanguage', 'requestid',
];
const VALUES = [
  'CSW', '2.0.2', '3.0.0', 'GetCapabilities', 'GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain', 'Transaction', 'Harvest', 'csw:Record',
  'gmd:MD_Metadata', 'mdb:MD_Metadata', 'csw:BriefRecord', NS.csw, NS.gmd, NS.mdb, 'application/xml', 'brief', 'summary', 'full', 'hits', 'results',
  'validate', '0', '1', '-1', '500', '99999999999999999999', 'FILTER', 'CQL_TEXT', '1.1.0', "dc:title LIKE '%a%'", "AnyText = 'x' AND (", 'BBOX(ows:BoundingBox, 0, 0, 1, 1)',
  `<ogc:Filter xmlns:ogc="${NS.ogc}"/>`, `<ogc:Filter xmlns:ogc="${NS.ogc}"><ogc:Not><ogc:PropertyIsNull><ogc:PropertyName>dc:title</ogc:PropertyName></ogc:PropertyIsNull></ogc:Not></ogc:Filter>`,
  '<ogc:Filter', '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', '0,0,1,1', '170,-10,-170,10', '-200,0,0,0', 'xmlns(csw=http://www.opengis.net/cat/csw/2.0.2)', 'xmlns(',
  'dc:title:A', 'dc:title:X', 'apiso:Subject', 'GetRecords.resultType', 'rec-a,rec-b', 'rec-draft', '', ' ', '\u0000', "'; DROP TABLE records; --", '%', '_', '\\',
];
const value = fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const kvpMap = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES).chain(caseOf), fc.string({ maxLength: 12 })), fc.oneof(value, fc.array(value, { maxLength: 3 }))), { maxLength: 12 })
  .map((pairs) => Object.fromEntries(pairs) as Record<string, string | string[]>);

/** Random XML near the CSW grammar (and hostile documents): the bodies of the shared generator. */
const xmlBody = xmlPost.map(([body]) => body);

describe('handle() on random input', () => {
  it('random KVP maps: no throw, no 5xx, always an XML response', async () => {
    await fc.assert(
      fc.asyncProperty(kvpMap, async (query) => {
        checkResponse(await svc.handle({ method: 'GET', query }));
      }),
      { numRuns: 400 },
    );
    expect(unexpected).toEqual([]);
  });

  it('a valid operation with random other parameters reaches the search: still no 500', async () => {
    const op = fc.constantFrom('GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain', 'GetCapabilities');
    await fc.assert(
      fc.asyncProperty(op, kvpMap, async (request, extra) => {
        checkResponse(await svc.handle({ method: 'GET', query: { ...extra, service: 'CSW', version: '2.0.2', request } }));
      }),
      { numRuns: 400 },
    );
    expect(unexpected).toEqual([]);
  });

  it('random XML bodies: no throw, no 5xx, always an XML response', async () => {
    await fc.assert(
      fc.asyncProperty(xmlBody, fc.constantFrom('application/xml', 'text/xml', 'text/xml; charset=UTF-8', 'text/plain', ''), async (body, contentType) => {
        checkResponse(await svc.handle({ method: 'POST', query: {}, body, contentType }));
      }),
      { numRuns: 400 },
    );
    expect(unexpected).toEqual([]);
  });

  it('the records table survives the SQL-looking values', async () => {
    const r = await tdb.db.query<{ n: string }>('SELECT count(*) AS n FROM records');
    expect(Number(r.rows[0]!.n)).toBeGreaterThan(0);
  });
});
