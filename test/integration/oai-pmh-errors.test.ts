import fc from 'fast-check';
import request from 'supertest';
import { createApp } from '../../services/api/app';
import { startApiRuntime } from '../../services/api/runtime';
import { createLogger } from '../../libs/logger';
import { deriveTokenKey, encodeToken } from '../../libs/oai/request/resumption-token';
import { useSeededApp } from '../helpers/seeded-app';
import { seedRecord } from '../helpers/fixtures';
import { harvestAll, oaiGet, oaiPost, readOai } from '../helpers/oai-client';
import { TEST_SESSION_SECRET } from '../helpers/test-app';

/**
 * Strict request parsing, the protocol's error codes (always HTTP 200, never a 5xx), POST,
 * and resumption tokens: tampering, expiry, the wrong verb, and a token that outlives the
 * app instance that issued it.
 */

describe('OAI-PMH errors and resumption tokens', () => {
  const ctx = useSeededApp({ env: { OAI_PAGE_SIZE: '2' } });

  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'PUBLISHED' });
  });

  const codes = async (args: [string, string][]) => {
    const res = await oaiGet(ctx.t.app, args);
    expect(res.status).toBe(200);
    return res;
  };

  it.each([
    ['no verb', [], 'badVerb'],
    ['an unknown verb', [['verb', 'Harvest']], 'badVerb'],
    ['a verb in the wrong case', [['verb', 'identify']], 'badVerb'],
    ['a repeated verb', [['verb', 'Identify'], ['verb', 'Identify']], 'badVerb'],
    ['an argument Identify does not take', [['verb', 'Identify'], ['metadataPrefix', 'oai_dc']], 'badArgument'],
    ['an unknown argument', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['format', 'x']], 'badArgument'],
    ['a repeated argument', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['metadataPrefix', 'oai_dc']], 'badArgument'],
    ['a missing metadataPrefix', [['verb', 'ListIdentifiers']], 'badArgument'],
    ['GetRecord without identifier', [['verb', 'GetRecord'], ['metadataPrefix', 'oai_dc']], 'badArgument'],
    ['an empty argument', [['verb', 'ListRecords'], ['metadataPrefix', '']], 'badArgument'],
    ['a resumptionToken with other arguments', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['resumptionToken', 'abc']], 'badArgument'],
    ['a malformed from', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['from', '24-01-01']], 'badArgument'],
    ['an impossible date', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['from', '2024-02-30']], 'badArgument'],
    ['a finer granularity than seconds', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['from', '2024-01-01T00:00:00.5Z']], 'badArgument'],
    ['a local time', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['from', '2024-01-01T00:00:00+07:00']], 'badArgument'],
    ['from and until of different granularity', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['from', '2024-01-01'], ['until', '2024-02-01T00:00:00Z']], 'badArgument'],
    ['from after until', [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['from', '2024-02-01'], ['until', '2024-01-01']], 'badArgument'],
    ['a control character', [['verb', 'GetRecord'], ['metadataPrefix', 'oai_dc'], ['identifier', 'a\u0001b']], 'badArgument'],
    ['an unknown metadataPrefix', [['verb', 'ListRecords'], ['metadataPrefix', 'dif']], 'cannotDisseminateFormat'],
    ['a ListSets resumptionToken', [['verb', 'ListSets'], ['resumptionToken', 'x']], 'badResumptionToken'],
    ['a made-up resumptionToken', [['verb', 'ListRecords'], ['resumptionToken', 'bukan-token']], 'badResumptionToken'],
  ].map(([name, args, code]) => ({ name, args, code })) as { name: string; args: [string, string][]; code: string }[])('$name → $code', async ({ args, code }) => {
    const res = await codes(args);
    expect(res.errors).toEqual(expect.arrayContaining([code]));
    expect(new Set(res.errors)).toEqual(new Set([code]));
    // badVerb / badArgument answers echo the base URL only, no attributes
    if (code === 'badVerb' || code === 'badArgument') expect(res.requestAttrs).toEqual({});
    else expect(res.requestAttrs.verb).toBeDefined();
  });

  it('accepts POST with a form body and refuses other bodies as badArgument', async () => {
    const ok = await oaiPost(ctx.t.app, 'verb=ListIdentifiers&metadataPrefix=oai_dc');
    expect(ok.status).toBe(200);
    expect(ok.records).toHaveLength(2);
    const resumed = await oaiPost(ctx.t.app, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(ok.token!.value)}`);
    expect(resumed.records).toHaveLength(2);
    expect((await oaiPost(ctx.t.app, '{"verb":"Identify"}', 'application/json')).errors).toEqual(['badArgument']);
    expect((await oaiPost(ctx.t.app, 'verb=Identify&verb=Identify')).errors).toEqual(['badVerb']);
  });

  it('answers other HTTP methods with 405 and an OAI-PMH document', async () => {
    const res = await request(ctx.t.app).put('/oai?verb=Identify').buffer(true).parse((r, cb) => {
      let d = '';
      r.on('data', (c: Buffer) => { d += c.toString('utf8'); });
      r.on('end', () => cb(null, d));
    });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(readOai(res.status, String(res.headers['content-type']), res.body as string).errors).toEqual(['badArgument']);
  });

  it('refuses a token whose position or query was edited', async () => {
    const first = await oaiGet(ctx.t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    const [body, mac] = first.token!.value.split('.') as [string, string];
    const wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const edited = Buffer.from(JSON.stringify({ ...wire, c: 0, p: 'iso19139' })).toString('base64url');
    expect((await oaiGet(ctx.t.app, { verb: 'ListRecords', resumptionToken: `${edited}.${mac}` })).errors).toEqual(['badResumptionToken']);
    // the same token with a ListIdentifiers request: tokens belong to their verb
    expect((await oaiGet(ctx.t.app, { verb: 'ListIdentifiers', resumptionToken: first.token!.value })).errors).toEqual(['badResumptionToken']);
  });

  it('refuses an expired token clearly', async () => {
    const key = deriveTokenKey(TEST_SESSION_SECRET);
    const base = { verb: 'ListRecords' as const, metadataPrefix: 'oai_dc', afterDatestamp: '2000-01-01T00:00:00.000000Z', afterId: '', cursor: 0 };
    const expired = encodeToken(key, { ...base, expires: Math.floor(Date.now() / 1000) - 1 });
    const res = await oaiGet(ctx.t.app, { verb: 'ListRecords', resumptionToken: expired });
    expect(res.errors).toEqual(['badResumptionToken']);
    expect(res.xml).toMatch(/kedaluwarsa/);
    // the same token with a future expiry is accepted: only the expiry made the difference
    const valid = encodeToken(key, { ...base, expires: Math.floor(Date.now() / 1000) + 3600 });
    expect((await oaiGet(ctx.t.app, { verb: 'ListRecords', resumptionToken: valid })).records).toHaveLength(2);
  });

  it('a token from one app instance continues on a new instance (restart)', async () => {
    const first = await oaiGet(ctx.t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    const expected = (await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc' }, 'ListIdentifiers')).records.map((r) => r.recordId);
    // a second runtime on the same database and configuration: nothing of the first is shared
    const runtime = await startApiRuntime(ctx.t.config, createLogger('silent'));
    try {
      const app2 = createApp(runtime.deps);
      let page = await oaiGet(app2, { verb: 'ListIdentifiers', resumptionToken: first.token!.value });
      const ids = [...first.records, ...page.records].map((r) => r.recordId);
      while (page.token?.value) {
        page = await oaiGet(app2, { verb: 'ListIdentifiers', resumptionToken: page.token.value });
        ids.push(...page.records.map((r) => r.recordId));
      }
      expect(ids).toEqual(expected);
      expect(page.token?.cursor).toBe('4');
    } finally {
      await runtime.close();
    }
  });

  it('any argument list gets a schema-valid OAI-PMH answer with HTTP 200, never a 5xx', async () => {
    const names = fc.constantFrom('verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken', 'Verb', 'x');
    const values = fc.oneof(
      fc.constantFrom('Identify', 'ListRecords', 'ListIdentifiers', 'GetRecord', 'ListSets', 'ListMetadataFormats', 'oai_dc', 'iso19139',
        '2024-01-01', '2024-01-01T00:00:00Z', 'org', 'type:dataset', "'; DROP TABLE oai_items; --", '<x>&amp;', 'oai:geokatalog.local:%FF'),
      fc.string({ maxLength: 30 }),
    );
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 6 }), async (pairs) => {
      const res = await oaiGet(ctx.t.app, pairs);
      expect(res.status).toBe(200);
    }), { numRuns: 150 });
    expect((await ctx.t.db.query('SELECT count(*)::int AS n FROM oai_items')).rows[0]).toEqual({ n: 5 });
  });

  it('a token signed with another secret is refused', async () => {
    const other = encodeToken(deriveTokenKey('another-secret-0123456789abcdef0123456789'), {
      verb: 'ListRecords', metadataPrefix: 'oai_dc', afterDatestamp: '2000-01-01T00:00:00.000000Z', afterId: '', cursor: 0, expires: Math.floor(Date.now() / 1000) + 3600,
    });
    expect((await oaiGet(ctx.t.app, { verb: 'ListRecords', resumptionToken: other })).errors).toEqual(['badResumptionToken']);
  });
});
