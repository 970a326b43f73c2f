import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { NS } from '../../libs/csw/namespaces';
import { completeDoc, createFixtureUser, FIXTURE_PASSWORD, seedRecord } from '../helpers/fixtures';
import { call, cswQuery, HANG_MS, LEAK, login, owsExceptionCode, problemOf, serveTestApp, show, type HttpResult, type ServedTestApp } from './reliability-support';

/**
 * Hostile bodies over real HTTP: entity attacks, oversized and deeply nested documents. The
 * REST API must answer each with a 4xx problem document and CSW with an ows:ExceptionReport;
 * nothing may answer 5xx, leak a file or a stack, or hold the process: every request here must
 * be answered within the hang bound, and the process must still serve normally afterwards.
 */

const NESTING = 100_000;
const XXE = '<?xml version="1.0"?><!DOCTYPE gmd:MD_Metadata [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
  + `<gmd:MD_Metadata xmlns:gmd="${NS.gmd}"><gmd:fileIdentifier>&x;</gmd:fileIdentifier></gmd:MD_Metadata>`;
const LAUGHS = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
  + Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')
  + `]><csw:GetRecords xmlns:csw="${NS.csw}" service="CSW" version="2.0.2">&lol9;</csw:GetRecords>`;
const DEEP_XML = `<csw:GetRecords xmlns:csw="${NS.csw}" service="CSW" version="2.0.2">${'<a>'.repeat(NESTING)}${'</a>'.repeat(NESTING)}</csw:GetRecords>`;
const DEEP_UNCLOSED_XML = `<gmd:MD_Metadata xmlns:gmd="${NS.gmd}">${'<gmd:x>'.repeat(NESTING)}`;
/** one element with ~90,000 attributes, just under 1 MB */
const ATTRIBUTE_FLOOD = `<csw:GetRecords xmlns:csw="${NS.csw}" ${Array.from({ length: 90_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`;
const OVERSIZED_XML = `<csw:GetRecords xmlns:csw="${NS.csw}" service="CSW" version="2.0.2"><!-- ${'x'.repeat(1_200_000)} --></csw:GetRecords>`;
const DEEP_ARRAY = '['.repeat(NESTING) + ']'.repeat(NESTING);
const DEEP_OBJECT = (inner: string): string => '{"a":'.repeat(NESTING) + inner + '}'.repeat(NESTING);

describe('hostile input over HTTP', () => {
  let s: ServedTestApp;
  let cookie: string;
  let draft: MetadataRecord;

  beforeAll(async () => {
    s = await serveTestApp();
    const db = s.runtime.db;
    const org = await createOrganisation(db, { name: 'Organisasi Uji Masukan' });
    const owner = await createFixtureUser(db, 'hostile-produsen', 'PRODUSEN', org.id);
    draft = await seedRecord(db, { owner, status: 'DRAFT', doc: completeDoc({ title: 'Draf Sasaran' }) });
    await seedRecord(db, { owner, status: 'PUBLISHED', doc: completeDoc({ title: 'Peta Terbit' }) });
    cookie = await login(s.base, 'hostile-produsen', FIXTURE_PASSWORD);
  });

  afterAll(async () => {
    await s?.close();
  });

  const send = (method: string, urlPath: string, body: string, contentType: string, withCookie = true): Promise<HttpResult> =>
    call(s.base, urlPath, { method, body, contentType, ...(withCookie ? { cookie } : {}), timeoutMs: HANG_MS });

  function expectProblem(what: string, r: HttpResult, statuses: number[]): void {
    const p = problemOf(r);
    expect({ what, ok: statuses.includes(r.status) && p?.status === r.status, got: show(what, r) }).toMatchObject({ what, ok: true });
    expect(r.text).not.toMatch(LEAK);
    expect(r.text).not.toMatch(/root:x:0:0|lollollol/);
  }

  function expectException(what: string, r: HttpResult): void {
    expect({ what, status: r.status, code: owsExceptionCode(r.text), got: r.text.slice(0, 300) })
      .toMatchObject({ what, status: 200, code: 'InvalidParameterValue' });
    expect(r.text).not.toMatch(/root:x:0:0|lollollol/);
  }

  describe('REST', () => {
    it('XXE and billion laughs in an XML import → 400 problem, nothing expanded or read', async () => {
      expectProblem('xxe', await send('POST', '/api/metadata', XXE, 'application/xml'), [400]);
      expectProblem('laughs', await send('POST', '/api/metadata', LAUGHS, 'application/xml'), [400]);
    });

    it('bodies over 1 MB → 413 problem (JSON and XML)', async () => {
      expectProblem('json', await send('POST', '/api/metadata', JSON.stringify({ title: 'x'.repeat(1_200_000) }), 'application/json'), [413]);
      expectProblem('xml', await send('POST', '/api/metadata', OVERSIZED_XML, 'application/xml'), [413]);
      expectProblem('login', await send('POST', '/api/auth/login', JSON.stringify({ username: 'x', password: 'y'.repeat(1_200_000) }), 'application/json', false), [413]);
    });

    it(`JSON nested ${NESTING} levels deep → 4xx problem on create, patch and login`, async () => {
      expectProblem('create array', await send('POST', '/api/metadata', DEEP_ARRAY, 'application/json'), [400, 422]);
      expectProblem('create object', await send('POST', '/api/metadata', DEEP_OBJECT('1'), 'application/json'), [400, 422]);
      expectProblem('create in a field', await send('POST', '/api/metadata', `{"title":"x","keywords":${DEEP_ARRAY}}`, 'application/json'), [400, 422]);
      const target = `/api/metadata/${encodeURIComponent(draft.id)}`;
      expectProblem('patch object', await send('PATCH', target, `{"title":${DEEP_OBJECT('1')}}`, 'application/merge-patch+json'), [400, 422]);
      expectProblem('patch extent', await send('PATCH', target, `{"extent":${DEEP_OBJECT('null')}}`, 'application/merge-patch+json'), [400, 422]);
      expectProblem('patch array', await send('PATCH', target, DEEP_ARRAY, 'application/merge-patch+json'), [400, 422]);
      expectProblem('login', await send('POST', '/api/auth/login', DEEP_OBJECT('1'), 'application/json', false), [400]);
      // and the draft is untouched
      const after = await call(s.base, target, { cookie });
      expect(JSON.parse(after.text)).toMatchObject({ title: 'Draf Sasaran', version: draft.version });
    });

    it(`XML nested ${NESTING} levels deep and an element with 90,000 attributes → 400 problem`, async () => {
      expectProblem('deep', await send('POST', '/api/metadata', DEEP_UNCLOSED_XML, 'application/xml'), [400]);
      expectProblem('deep closed', await send('POST', '/api/metadata', DEEP_XML.replace(/csw:GetRecords/g, 'gmd:MD_Metadata').replace(NS.csw, NS.gmd), 'application/xml'), [400]);
      expectProblem('attributes', await send('POST', '/api/metadata', ATTRIBUTE_FLOOD, 'application/xml'), [400, 413]);
    });

    it('text PostgreSQL cannot store (NUL, lone surrogates) → 400/422 problem, not a 500 from the insert', async () => {
      for (const body of ['{"title":"a\\u0000b"}', '{"title":"a\\ud800b"}', '{"title":"ok","abstract":"\\udfff"}', '{"title":"ok","keywords":[{"type":"theme","values":["\\u0000"]}]}', '{"title":"ok","\\u0000":1}']) {
        expectProblem(`json ${body}`, await send('POST', '/api/metadata', body, 'application/json'), [400, 422]);
      }
      const target = `/api/metadata/${encodeURIComponent(draft.id)}`;
      expectProblem('patch', await send('PATCH', target, '{"purpose":"\\u0000"}', 'application/merge-patch+json'), [400, 422]);
      expectProblem('login', await send('POST', '/api/auth/login', '{"username":"a\\u0000","password":"x"}', 'application/json', false), [400, 401]);
      for (const ref of ['&#0;', '&#xD800;']) {
        const xml = `<csw:Record xmlns:csw="${NS.csw}" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier>nul-${ref.length}</dc:identifier><dc:title>a${ref}b</dc:title></csw:Record>`;
        expectProblem(`xml ${ref}`, await send('POST', '/api/metadata', xml, 'application/xml'), [400, 422]);
      }
      for (const url of ['/api/metadata?q=a%00b', '/api/metadata/a%00b', '/api/metadata?status=%00']) {
        expectProblem(`url ${url}`, await call(s.base, url, { cookie, timeoutMs: HANG_MS }), [400]);
      }
      for (const q of ['a%00b', '%ED%A0%80']) {
        const r = await call(s.base, `/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&q=${q}`, { timeoutMs: HANG_MS });
        expect({ q, status: r.status, code: owsExceptionCode(r.text) ?? 'none' }).not.toMatchObject({ code: 'NoApplicableCode' });
        expect(r.status).toBe(200);
      }
    });

    it('malformed JSON → 400 problem', async () => {
      for (const body of ['{', '{"title":', '[1,]', '\u0000', '{"title":"\\ud800"}x']) {
        expectProblem(`malformed ${JSON.stringify(body)}`, await send('POST', '/api/metadata', body, 'application/json'), [400]);
      }
    });
  });

  describe('CSW', () => {
    it('XXE, billion laughs, deep, attribute-flooded and oversized POST bodies → ExceptionReport', async () => {
      const xxe = XXE.replace(/gmd:MD_Metadata/g, 'csw:GetRecords').replace(NS.gmd, NS.csw);
      for (const [what, body] of [['xxe', xxe], ['laughs', LAUGHS], ['deep', DEEP_XML], ['attributes', ATTRIBUTE_FLOOD], ['oversized', OVERSIZED_XML]] as const) {
        expectException(what, await send('POST', '/metadata/csw', body, 'application/xml', false));
      }
    });

    it('a FILTER constraint with a DTD or nested 150 levels, or CQL nested 1,500 levels, in a GET → ExceptionReport', async () => {
      const dtd = `<!DOCTYPE f [<!ENTITY x SYSTEM "file:///etc/passwd">]><ogc:Filter xmlns:ogc="${NS.ogc}"><ogc:PropertyIsEqualTo><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:Literal>&x;</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>`;
      const deep = `<ogc:Filter xmlns:ogc="${NS.ogc}">${'<ogc:Not>'.repeat(150)}<ogc:PropertyIsNull><ogc:PropertyName>dc:title</ogc:PropertyName></ogc:PropertyIsNull>${'</ogc:Not>'.repeat(150)}</ogc:Filter>`;
      for (const [what, constraint] of [['dtd', dtd], ['deep', deep]] as const) {
        const r = await call(s.base, cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', constraintLanguage: 'FILTER', constraint_language_version: '1.1.0', constraint }), { timeoutMs: HANG_MS });
        expectException(what, r);
      }
      // (the URL must stay under Node's 16 KB header limit to reach the app at all)
      const cql = `${'('.repeat(1_500)}dc:title = 'x'${')'.repeat(1_500)}`;
      expectException('cql', await call(s.base, cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', constraintLanguage: 'CQL_TEXT', constraint: cql }), { timeoutMs: HANG_MS }));
    });

    it('a request line over the server limit is refused by Node (4xx), not by a crash', async () => {
      const r = await call(s.base, cswQuery({ request: 'GetRecords', q: 'x'.repeat(200_000) }), { timeoutMs: HANG_MS });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    });
  });

  it('the process is still up and serving normally afterwards', async () => {
    expect((await call(s.base, '/healthz')).status).toBe(200);
    expect((await call(s.base, '/api/metadata', { cookie })).status).toBe(200);
    const csw = await call(s.base, cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results' }));
    expect(csw.status).toBe(200);
    expect(csw.text).toContain('Peta Terbit');
  });
});
