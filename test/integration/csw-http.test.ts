import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import request from 'supertest';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { kvpQueryString, operationQueryString, xmlPost } from '../helpers/csw-random-requests';
import { completeDoc, createFixtureUser, seedRecord } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The CSW endpoint as HTTP (server mode, default csw202 status mapping): random KVP and XML
 * never produce a 5xx and always an XML answer with a CSW or OWS root; bodies over 1 MB,
 * DTDs, entity bombs, odd methods and content types are ExceptionReports; with
 * CSW_EXCEPTION_HTTP_STATUS=ows11 errors carry 400/501 instead.
 */
let t: TestApp;
const ROOTS = new Set(['Capabilities', 'GetRecordsResponse', 'GetRecordByIdResponse', 'DescribeRecordResponse', 'GetDomainResponse', 'Acknowledgement', 'ExceptionReport']);

function rootOf(xml: string): { root: string; code?: string } {
  const doc = new DOMParser({ onError: (level: string, msg: string) => { if (level !== 'warning') throw new Error(`${level}: ${msg}`); } })
    .parseFromString(xml, 'application/xml');
  const root = doc.documentElement!;
  const ex = root.getElementsByTagNameNS('http://www.opengis.net/ows', 'Exception')[0];
  return { root: root.localName ?? '', ...(ex ? { code: ex.getAttribute('exceptionCode') ?? '' } : {}) };
}

function expectCswAnswer(res: request.Response): { root: string; code?: string } {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=UTF-8');
  const r = rootOf(res.text);
  expect(ROOTS.has(r.root)).toBe(true);
  return r;
}

beforeAll(async () => {
  t = await startTestApp('server');
  const org = await createOrganisation(t.db, { name: 'Organisasi HTTP CSW' });
  const owner = await createFixtureUser(t.db, 'csw-http-admin', 'ADMIN', org.id);
  for (const title of ['Peta Air Tanah', 'Batas Desa', 'Tutupan Lahan']) {
    const rec = await seedRecord(t.db, { owner, status: 'PUBLISHED', doc: completeDoc({ title }) });
    await upsertRenders(t.db, rec.id, rec.version, await t.deps.renderer.renderAll(rec));
  }
});

afterAll(async () => {
  await t?.close();
});

describe('random requests over HTTP (fast-check)', () => {
  it('random KVP query strings: never a 5xx, always a CSW/OWS XML answer', async () => {
    await fc.assert(
      fc.asyncProperty(kvpQueryString, async (qs) => {
        expectCswAnswer(await request(t.app).get(`/metadata/csw?${qs}`));
      }),
      { numRuns: 250 },
    );
  });

  it('a valid operation with random other parameters: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(operationQueryString, async (qs) => {
        const r = expectCswAnswer(await request(t.app).get(`/metadata/csw?${qs}`));
        expect(r.code).not.toBe('NoApplicableCode');
      }),
      { numRuns: 250 },
    );
  });

  it('random XML bodies with any content type: never a 5xx, never NoApplicableCode', async () => {
    await fc.assert(
      fc.asyncProperty(xmlPost, async ([body, contentType]) => {
        const r = expectCswAnswer(await request(t.app).post('/metadata/csw').set('Content-Type', contentType).send(body));
        expect(r.code).not.toBe('NoApplicableCode');
      }),
      { numRuns: 250 },
    );
  });

  it('a character XML forbids in a value is InvalidParameterValue naming the parameter (a case the property test found)', async () => {
    for (const qs of ['request=GetRecordById&id=%00&%', 'request=GetRecords&q=%00', 'request=GetRecords&constraintlanguage=CQL_TEXT&constraint=dc:title%3D%27%01%27']) {
      const res = await request(t.app).get(`/metadata/csw?service=CSW&version=2.0.2&${qs}`);
      expect(expectCswAnswer(res).code).toBe('InvalidParameterValue');
    }
    const body = `<csw:GetRecordById xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2"><csw:Id>&#0;</csw:Id></csw:GetRecordById>`;
    expect(expectCswAnswer(await request(t.app).post('/metadata/csw').set('Content-Type', 'application/xml').send(body)).code).toBe('InvalidParameterValue');
  });

  it('still has its records afterwards', async () => {
    const res = await request(t.app).get('/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&resultType=hits');
    expect(res.text).toContain('numberOfRecordsMatched="3"');
  });
});

describe('hostile and odd HTTP', () => {
  const post = (body: string | Buffer, type = 'application/xml') => request(t.app).post('/metadata/csw').set('Content-Type', type).send(body);

  it('refuses a body over 1 MB with an ExceptionReport', async () => {
    const res = await post(`<csw:GetCapabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW"><!--${'x'.repeat(1024 * 1024)}--></csw:GetCapabilities>`);
    expect(expectCswAnswer(res)).toEqual({ root: 'ExceptionReport', code: 'InvalidParameterValue' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never expands entities: external entity and entity bomb are refused', async () => {
    const xxe = await post('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><csw:GetCapabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW">&x;</csw:GetCapabilities>');
    expect(expectCswAnswer(xxe).root).toBe('ExceptionReport');
    expect(xxe.text).not.toContain('root:');
    const bomb = await post('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><l>&d;</l>');
    expect(expectCswAnswer(bomb).root).toBe('ExceptionReport');
  });

  it('answers malformed XML, an empty body and a non-XML content type with an ExceptionReport', async () => {
    expect(expectCswAnswer(await post('<csw:GetRecords')).root).toBe('ExceptionReport');
    expect(expectCswAnswer(await post('')).root).toBe('ExceptionReport');
    expect(expectCswAnswer(await post('{"request":"GetRecords"}', 'application/json')).code).toBe('InvalidParameterValue');
  });

  it('answers other HTTP methods with OperationNotSupported and an Allow header; HEAD like GET without a body', async () => {
    const put = await request(t.app).put('/metadata/csw').send('x');
    expect(expectCswAnswer(put).code).toBe('OperationNotSupported');
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    const del = await request(t.app).delete('/metadata/csw');
    expect(expectCswAnswer(del).code).toBe('OperationNotSupported');
    const head = await request(t.app).head('/metadata/csw?service=CSW&request=GetCapabilities');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });

  it('needs no session and sets no cookie', async () => {
    const res = await request(t.app).get('/metadata/csw?service=CSW&request=GetCapabilities');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('CSW_EXCEPTION_HTTP_STATUS=ows11', () => {
  let ows: TestApp;
  beforeAll(async () => {
    ows = await startTestApp('server', { CSW_EXCEPTION_HTTP_STATUS: 'ows11' });
  });
  afterAll(async () => {
    await ows?.close();
  });

  it('maps parameter errors to 400 and Transaction to 501, success stays 200', async () => {
    expect((await request(ows.app).get('/metadata/csw?request=GetCapabilities')).status).toBe(400);
    expect((await request(ows.app).get('/metadata/csw?service=CSW&version=2.0.2&request=GetRecords&outputSchema=urn:x')).status).toBe(400);
    const tx = await request(ows.app).post('/metadata/csw').set('Content-Type', 'application/xml')
      .send('<csw:Transaction xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2"/>');
    expect(tx.status).toBe(501);
    expect(rootOf(tx.text).code).toBe('OperationNotSupported');
    expect((await request(ows.app).get('/metadata/csw?service=CSW&request=GetCapabilities')).status).toBe(200);
  });
});
