import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { projectRecord } from '../../libs/catalogue/search-projection';
import { NS } from '../../libs/csw/namespaces';
import { QUERYABLES } from '../../libs/search/queryables';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { completeDoc, createFixtureUser, FIXTURE_PASSWORD, seedRecord } from '../helpers/fixtures';
import { call, cswQuery, login, owsExceptionCode, serveTestApp, show, type ServedTestApp } from './reliability-support';

/**
 * SQL metacharacters are data, everywhere a user value reaches SQL: in every CSW queryable of a
 * filter (XML and CQL), in CSW `q`, and in the REST list's `q` and parameters. Records carry
 * the same strings in their titles and keywords, so "inert" is checked as "the answer is the
 * exactly right set of records", and afterwards every table is still there and unchanged.
 */

const SQL_VALUES = [
  "'; DROP TABLE records; --", "' OR '1'='1", '" OR 1=1 --', "'); DELETE FROM users; --", "'||pg_sleep(5)||'", '$1', '$$',
  '$$; DROP TABLE records; $$', "E'\\x00'", '::text', '/* */', '%', '_', '\\', '\\%', "%' OR 'a'='a", 'a%b_c', "x'); SELECT pg_sleep(5); --",
  '*', '?', '!', '[a-z]', '.*', '^$',
];

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const filterOf = (inner: string): string => `<ogc:Filter xmlns:ogc="${NS.ogc}" xmlns:gml="${NS.gml}">${inner}</ogc:Filter>`;
const prop = (name: string, op: string, value: string, attrs = ''): string =>
  `<ogc:${op}${attrs}><ogc:PropertyName>${name}</ogc:PropertyName><ogc:Literal>${escapeXml(value)}</ogc:Literal></ogc:${op}>`;

/** ids listed in a GetRecords response (brief dc: dc:identifier) and numberOfRecordsMatched */
function idsOf(body: string): { matched: number; ids: string[] } {
  const matched = Number(/numberOfRecordsMatched="(\d+)"/.exec(body)?.[1] ?? NaN);
  const ids = [...body.matchAll(/<dc:identifier[^>]*>([^<]*)<\/dc:identifier>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return { matched, ids: ids.sort() };
}

describe('SQL metacharacters are inert', () => {
  let s: ServedTestApp;
  let cookie: string;
  let records: MetadataRecord[] = [];
  let counts: Record<string, number>;

  const tableCounts = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const t of ['records', 'users', 'organisations', 'outbox', 'record_history']) {
      const r = await s.runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
      out[t] = r.rows[0]!.n;
    }
    return out;
  };

  beforeAll(async () => {
    s = await serveTestApp();
    const db = s.runtime.db;
    const org = await createOrganisation(db, { name: 'Organisasi Uji SQL' });
    const owner = await createFixtureUser(db, 'sql-produsen', 'PRODUSEN', org.id);
    records = [];
    for (const [i, v] of SQL_VALUES.entries()) {
      records.push(await seedRecord(db, {
        id: `sql-${i}`,
        owner,
        status: 'PUBLISHED',
        doc: completeDoc({ title: v, abstract: `Rekaman uji nomor ${i}`, keywords: [{ type: 'theme', values: [v, `kata ${i}`] }] }),
      }));
    }
    cookie = await login(s.base, 'sql-produsen', FIXTURE_PASSWORD);
    counts = await tableCounts();
  });

  afterAll(async () => {
    await s?.close();
  });

  /**
   * What a `q` search for `v` must answer since `q` searches words (issue 21): a normal answer
   * whose records are seeded ones, and — when `v` has a word that is not an English stop word —
   * the record whose title is `v`. (AnyText PropertyIsLike keeps the substring meaning below.)
   */
  const STOP = new Set(['or', 'from', 'a', 'and', 'the', 'to', 'of']);
  const checkWords = (v: string, got: { matched: number; ids: string[] }): void => {
    const seeded = new Set(records.map((r) => r.id));
    expect({ v, foreign: got.ids.filter((id) => !seeded.has(id)), matched: got.matched }).toEqual({ v, foreign: [], matched: got.ids.length });
    const words = (v.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
    const own = records.find((r) => r.title === v)?.id;
    if (words.length > 0 && own !== undefined) expect({ v, has: got.ids.includes(own) }).toEqual({ v, has: true });
  };

  it('CSW: dc:title equality finds exactly the record with that title, for every value', async () => {
    for (const v of SQL_VALUES) {
      const r = await call(s.base, cswQuery({
        request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', maxRecords: '100',
        constraintLanguage: 'FILTER', constraint_language_version: '1.1.0', constraint: filterOf(prop('dc:title', 'PropertyIsEqualTo', v)),
      }));
      const want = records.filter((x) => x.title === v).map((x) => x.id);
      expect({ v, ...idsOf(r.text) }).toEqual({ v, matched: want.length, ids: want });
    }
  });

  it('CSW: AnyText (filter, CQL and q) finds the records containing the value (q: by its words)', async () => {
    for (const v of SQL_VALUES) {
      const filter = await call(s.base, cswQuery({
        request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', maxRecords: '100',
        constraintLanguage: 'FILTER', constraint_language_version: '1.1.0',
        constraint: filterOf(prop('csw:AnyText', 'PropertyIsLike', v, ' wildCard="*" singleChar="#" escapeChar="~"').replace(/<ogc:Literal>(.*)<\/ogc:Literal>/, (_, x: string) => `<ogc:Literal>*${x.replace(/[*#~]/g, (c) => `~${c}`)}*</ogc:Literal>`)),
      }));
      const wantContains = records.filter((r) => projectRecord(r, r.id).anytext.includes(v.toLowerCase())).map((r) => r.id).sort();
      expect({ v, how: 'filter', ...idsOf(filter.text) }).toEqual({ v, how: 'filter', matched: wantContains.length, ids: wantContains });

      const q = await call(s.base, cswQuery({ request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', maxRecords: '100', q: v }));
      checkWords(v, idsOf(q.text));

      const cql = await call(s.base, cswQuery({
        request: 'GetRecords', typeNames: 'csw:Record', resultType: 'results', elementSetName: 'brief', maxRecords: '100',
        constraintLanguage: 'CQL_TEXT', constraint: `dc:title = '${v.replace(/'/g, "''")}'`,
      }));
      const wantTitle = records.filter((x) => x.title === v).map((x) => x.id);
      expect({ v, how: 'cql', ...idsOf(cql.text) }).toEqual({ v, how: 'cql', matched: wantTitle.length, ids: wantTitle });
    }
  });

  it('CSW: every queryable with every value, compared and matched, gives an answer or a client error — never an internal one', async () => {
    const ops = ['PropertyIsEqualTo', 'PropertyIsNotEqualTo', 'PropertyIsLessThan', 'PropertyIsGreaterThanOrEqualTo', 'PropertyIsLike'];
    for (const q of QUERYABLES) {
      for (const v of SQL_VALUES) {
        const inner = q.kind === 'geometry'
          ? `<ogc:BBOX><ogc:PropertyName>${q.name}</ogc:PropertyName><gml:Envelope><gml:lowerCorner>${escapeXml(v)} 0</gml:lowerCorner><gml:upperCorner>1 ${escapeXml(v)}</gml:upperCorner></gml:Envelope></ogc:BBOX>`
          : `<ogc:Or>${ops.map((op) => prop(q.name, op, v, op === 'PropertyIsLike' ? ' wildCard="*" singleChar="?" escapeChar="\\"' : '')).join('')}</ogc:Or>`;
        const r = await call(s.base, cswQuery({
          request: 'GetRecords', typeNames: 'csw:Record', resultType: 'hits',
          constraintLanguage: 'FILTER', constraint_language_version: '1.1.0', constraint: filterOf(inner),
        }));
        const code = owsExceptionCode(r.text);
        expect({ q: q.name, v, status: r.status, internal: code === 'NoApplicableCode', ok: code !== undefined || /numberOfRecordsMatched="\d+"/.test(r.text) })
          .toEqual({ q: q.name, v, status: 200, internal: false, ok: true });
      }
    }
  });

  it('REST: q finds the records by their words; status/page/pageSize refuse SQL with 400', async () => {
    for (const v of SQL_VALUES) {
      const r = await call(s.base, `/api/metadata?pageSize=100&q=${encodeURIComponent(v)}`, { cookie });
      expect({ v, s: r.status, t: show('list', r) }).toMatchObject({ v, s: 200 });
      const body = JSON.parse(r.text) as { items: { id: string }[]; total: number };
      checkWords(v, { matched: body.total, ids: body.items.map((i) => i.id).sort() });
      for (const param of ['status', 'page', 'pageSize']) {
        const bad = await call(s.base, `/api/metadata?${param}=${encodeURIComponent(v)}`, { cookie });
        expect({ v, param, s: bad.status }).toEqual({ v, param, s: 400 });
      }
      const byId = await call(s.base, `/api/metadata/${encodeURIComponent(v)}`, { cookie });
      expect({ v, s: byId.status }).toEqual({ v, s: 404 });
    }
  });

  it('REST: the values are stored and returned as they are (create and patch)', async () => {
    for (const v of SQL_VALUES) {
      const created = await call(s.base, '/api/metadata', { method: 'POST', cookie, contentType: 'application/json', body: JSON.stringify({ title: v, abstract: v }) });
      expect({ v, s: created.status, t: show('create', created) }).toMatchObject({ v, s: 201 });
      const rec = JSON.parse(created.text) as MetadataRecord;
      expect([rec.title, rec.abstract]).toEqual([v.trim(), v]);
      const patched = await call(s.base, `/api/metadata/${encodeURIComponent(rec.id)}`, { method: 'PATCH', cookie, contentType: 'application/merge-patch+json', body: JSON.stringify({ purpose: v }) });
      expect({ v, s: patched.status }).toEqual({ v, s: 200 });
      expect((JSON.parse(patched.text) as MetadataRecord).purpose).toBe(v);
    }
    counts.records! += SQL_VALUES.length;
  });

  it('every table is still there with the same rows', async () => {
    const now = await tableCounts();
    expect({ records: now.records, users: now.users, organisations: now.organisations }).toEqual({
      records: counts.records, users: counts.users, organisations: counts.organisations,
    });
    for (const r of records) {
      const row = await s.runtime.db.query<{ title: string }>('SELECT title FROM records WHERE id = $1', [r.id]);
      expect(row.rows[0]?.title).toBe(r.title);
    }
  });
});
