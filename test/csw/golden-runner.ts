import request from 'supertest';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { loadSuiteRecords, type GoldenLoadResult } from '../helpers/csw-golden-loader';
import { validateCswResponses } from '../helpers/csw-xsd';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { compareMeaning, expectationFrom, type GoldenExpectation } from './golden-compare';
import { meaningOf } from './golden-meaning';
import { goldenRequests, type GoldenRequest } from './golden-requests';

/**
 * Runs shared CSW suites through the real app (server mode: PostgreSQL + Redis) against the
 * sample records of one data suite, and compares each answer by meaning with pycsw's
 * recorded answer or with an override that re-derives it for our 2.0.2 service.
 */
export interface GoldenOverride {
  /** why our answer must differ from pycsw's recorded one */
  why: string;
  /** the expectation for our service, from the one derived from pycsw's answer */
  patch(e: GoldenExpectation): GoldenExpectation;
}

export type GoldenOverrides = Record<string, GoldenOverride>;

export interface GoldenSuiteOptions {
  /** the suite whose data/*.xml records are loaded */
  dataSuite: string;
  /** the suites whose requests run against them */
  requestSuites: string[];
  overrides: GoldenOverrides;
  /** how many records the data suite must yield */
  expectedRecords: number;
}

async function send(t: TestApp, r: GoldenRequest): Promise<request.Response> {
  if (r.method === 'GET') return request(t.app).get(`/metadata/csw?${r.queryString}`);
  return request(t.app).post('/metadata/csw').set('Content-Type', 'application/xml').send(r.body!);
}

export function describeGoldenSuite(opts: GoldenSuiteOptions): void {
  let t: TestApp;
  let load: GoldenLoadResult;
  const responses: { key: string; body: string }[] = [];
  const requests = opts.requestSuites.flatMap((s) => goldenRequests(s));
  const used = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp('server');
    load = await loadSuiteRecords(t.db, t.deps.renderer, opts.dataSuite);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it(`loads the ${opts.dataSuite} records as PUBLISHED with their renders`, async () => {
    expect(load.skipped).toEqual([]);
    expect(load.loaded).toHaveLength(opts.expectedRecords);
    const renders = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM record_renders rr JOIN records r ON r.id = rr.record_id WHERE r.status = 'PUBLISHED'`,
    );
    // every stored form of every record
    expect(Number(renders.rows[0]!.n)).toBe(opts.expectedRecords * RENDER_FORMATS.length);
  });

  it.each(requests.map((r) => [`${r.suite}/${r.key}`, r] as const))('%s', async (name, r) => {
    const res = await send(t, r);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=UTF-8');
    responses.push({ key: name, body: res.text });
    const override = opts.overrides[name];
    const derived = expectationFrom(r, meaningOf(r.expectedXml));
    const actual = meaningOf(res.text);
    if (override) {
      used.add(name);
      // an override must still be needed: pycsw's answer taken as it is would fail
      expect(compareMeaning(derived, actual)).not.toEqual([]);
    }
    const expectation = override ? override.patch(derived) : derived;
    expect(compareMeaning(expectation, actual)).toEqual([]);
  });

  it('every answer validates against the CSW 2.0.2 / OWS / ISO schemas', () => {
    expect(responses.length).toBe(requests.length);
    const results = validateCswResponses(responses.map((r) => r.body));
    const invalid = responses.map((r, i) => ({ key: r.key, errors: results[i]!.errors })).filter((_, i) => !results[i]!.valid);
    expect(invalid).toEqual([]);
  });

  it('every override names a request of these suites and was used', () => {
    const names = new Set(requests.map((r) => `${r.suite}/${r.key}`));
    for (const k of Object.keys(opts.overrides)) {
      expect(names).toContain(k);
      expect(used).toContain(k);
    }
  });
}
