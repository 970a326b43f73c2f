import fc from 'fast-check';
import { createSearchStore } from '../../libs/db/search.repository';
import { DOMParser } from '@xmldom/xmldom';
import { createMemoryStore } from '../../libs/cache/memory-store';
import { createBuiltinCsw } from '../../libs/csw/csw-endpoint';
import type { CswHttpResponse, CswService } from '../../libs/csw/csw-service';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { parseConfig } from '../../libs/config';
import { completeDoc, createFixtureUser, seedRecord } from '../helpers/fixtures';
import { cswXmlBody, HOSTILE_VALUES, kvpQuery } from './fuzz-arbitraries';
import { describeError, FUZZ_TEST_TIMEOUT_MS, timedAsync } from './fuzz-timing';
import { call, serveTestApp, type ServedTestApp } from './reliability-support';
import { hasUnstorableText } from '../../services/api/http/input-guards';

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS);

/**
 * The whole CSW service — parse, filter → SQL, PostgreSQL, writers — on a sample of the fuzz
 * inputs (the parsers alone get 10,000 each in fuzz-csw-parsers.test.ts), first in process and
 * then over real HTTP. With the OWS 1.1 status mapping an internal error would be a 500, so
 * "never a 5xx" is visible; every answer must be well-formed XML with a CSW or exception root.
 */

const SERVICE_RUNS = 600;
const HTTP_RUNS = 150;

const ROOTS = new Set(['Capabilities', 'GetRecordsResponse', 'GetRecordByIdResponse', 'DescribeRecordResponse', 'GetDomainResponse', 'Acknowledgement', 'ExceptionReport']);

function rootOf(body: string): string {
  const doc = new DOMParser({
    onError: (level: string, msg: string) => {
      if (level !== 'warning') throw new Error(`respons bukan XML yang baik (${level}): ${msg}`);
    },
  }).parseFromString(body, 'application/xml');
  return doc.documentElement?.localName ?? '';
}

function check(res: Pick<CswHttpResponse, 'status' | 'body'>): void {
  const root = rootOf(res.body);
  if (!ROOTS.has(root)) throw new Error(`akar respons tidak dikenal: ${root}`);
  // ows11: 501 is only for Transaction/Harvest; anything else ≥ 500 is an internal failure
  if (res.status >= 500 && !(res.status === 501 && /OperationNotSupported/.test(res.body))) {
    throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 300)}`);
  }
  if (/NoApplicableCode/.test(res.body)) throw new Error(`kesalahan internal: ${res.body.slice(0, 300)}`);
}

describe('the CSW service on fuzz input', () => {
  let s: ServedTestApp;
  let service: CswService;
  const internalErrors: string[] = [];

  beforeAll(async () => {
    s = await serveTestApp({ CSW_EXCEPTION_HTTP_STATUS: 'ows11' });
    const db = s.runtime.db;
    const org = await createOrganisation(db, { name: 'Organisasi Uji Fuzz CSW' });
    const owner = await createFixtureUser(db, 'fuzz-produsen', 'PRODUSEN', org.id);
    // (seeded straight into the table: only values the API itself would accept and store)
    for (const [i, v] of HOSTILE_VALUES.slice(0, 30).entries()) {
      const title = v.trim() === '' || hasUnstorableText(v) ? `judul ${i}` : v.slice(0, 400);
      await seedRecord(db, { id: `fz-${i}`, owner, status: i % 5 === 0 ? 'DRAFT' : 'PUBLISHED', doc: completeDoc({ title, keywords: [{ type: 'theme', values: [title] }] }) });
    }
    const config = parseConfig({});
    service = createBuiltinCsw({
      store: createSearchStore(db),
      getIdentity: async () => config.csw.identity,
      kv: createMemoryStore(),
      baseUrl: 'https://csw.example.go.id',
      exceptionHttpStatus: 'ows11',
      identityDefaults: config.csw.identity,
      renderer: s.runtime.deps.renderer,
      logger: { warn: () => undefined, error: (obj: object) => { internalErrors.push(String((obj as { err?: Error }).err?.stack ?? JSON.stringify(obj))); } },
    }).service;
  });

  afterAll(async () => {
    await s?.close();
  });

  it(`${SERVICE_RUNS} KVP and ${SERVICE_RUNS} XML requests through handle(): no throw, no 5xx, no internal error, no hang`, async () => {
    await fc.assert(
      fc.asyncProperty(kvpQuery, async (query) => {
        const { value, error } = await timedAsync('handle GET', () => service.handle({ method: 'GET', query }));
        if (error !== undefined) throw new Error(`handle melempar: ${describeError(error)}`);
        check(value!);
      }),
      { numRuns: SERVICE_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(cswXmlBody, fc.constantFrom('application/xml', 'text/xml; charset=UTF-8', 'text/plain', ''), async (body, contentType) => {
        const { value, error } = await timedAsync('handle POST', () => service.handle({ method: 'POST', query: {}, body, contentType }));
        if (error !== undefined) throw new Error(`handle melempar: ${describeError(error)}`);
        check(value!);
      }),
      { numRuns: SERVICE_RUNS },
    );
    expect(internalErrors).toEqual([]);
  });

  it(`${HTTP_RUNS} GET and ${HTTP_RUNS} POST requests over HTTP: an XML answer below 500 every time`, async () => {
    const toSearch = (q: Record<string, string | string[]>): string => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, x);
      return p.toString();
    };
    // the URL must fit Node's 16 KB header limit to reach the app at all
    const getQuery = kvpQuery.filter((q) => toSearch(q).length < 12_000);
    await fc.assert(
      fc.asyncProperty(getQuery, async (q) => {
        const r = await call(s.base, `/metadata/csw?${toSearch(q)}`, {});
        check({ status: r.status, body: r.text });
      }),
      { numRuns: HTTP_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(cswXmlBody, async (body) => {
        const r = await call(s.base, '/metadata/csw', { method: 'POST', body, contentType: 'application/xml' });
        check({ status: r.status, body: r.text });
      }),
      { numRuns: HTTP_RUNS },
    );
    expect((await call(s.base, '/healthz')).status).toBe(200);
    const n = await s.runtime.db.query<{ n: number }>('SELECT count(*)::int AS n FROM records');
    expect(n.rows[0]!.n).toBe(30);
  });
});
