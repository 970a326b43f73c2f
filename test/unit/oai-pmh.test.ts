import fc from 'fast-check';
import { parseUtcBound, toDatestamp } from '../../libs/oai/request/oai-dates';
import { oaiDcFromCswRecord } from '../../libs/oai/responses/oai-dc';
import { encodeLocal, fromOaiIdentifier, toOaiIdentifier } from '../../libs/oai/request/oai-identifiers';
import { parseOaiRequest } from '../../libs/oai/request/oai-request';
import { levelSetSpec, organisationSetSpec, resolveSet } from '../../libs/oai/oai-sets';
import { decodeToken, deriveTokenKey, encodeToken, type TokenState } from '../../libs/oai/request/resumption-token';
import { parseConfig } from '../../libs/config';
import { parseOai, childElements } from '../helpers/oai-structure';

/** The pure parts of libs/oai: dates, identifiers, sets, tokens, request parsing, oai_dc. */

describe('OAI-PMH datestamps', () => {
  it('reads day and seconds granularity as half-open intervals', () => {
    expect(parseUtcBound('2024-02-29')).toEqual({ granularity: 'day', start: '2024-02-29T00:00:00.000Z', end: '2024-03-01T00:00:00.000Z', instant: Date.parse('2024-02-29T00:00:00Z') });
    expect(parseUtcBound('2024-12-31T23:59:59Z')).toEqual({ granularity: 'seconds', start: '2024-12-31T23:59:59.000Z', end: '2025-01-01T00:00:00.000Z', instant: Date.parse('2024-12-31T23:59:59Z') });
  });

  it('reads years 0000–0099 as themselves and hands on only instants of years 0001–9999', () => {
    expect(parseUtcBound('0099-01-01')).toMatchObject({ start: '0099-01-01T00:00:00.000Z', end: '0099-01-02T00:00:00.000Z' });
    // year 0 (a leap year) exists in the syntax, not in PostgreSQL: clamped to the first instant it stores
    expect(parseUtcBound('0000-02-29')).toMatchObject({ start: '0001-01-01T00:00:00.000Z', end: '0001-01-01T00:00:00.000Z' });
    // the instant after 9999-12-31 is no upper limit at all (JavaScript would write it "+010000-…")
    const last = parseUtcBound('9999-12-31T23:59:59Z')!;
    expect(last.start).toBe('9999-12-31T23:59:59.000Z');
    expect(last).not.toHaveProperty('end');
    expect(parseUtcBound('0000-01-01')!.instant).toBeLessThan(parseUtcBound('0000-03-01')!.instant);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-01-01T24:00:00Z', '2024-01-01T00:00:60Z', '2024-1-01', '2024-01-01T00:00Z', '2024-01-01 00:00:00Z', '0001-02-29', '10000-01-01', ''])('refuses %p', (s) => {
    expect(parseUtcBound(s)).toBeUndefined();
  });

  it('writes datestamps truncated to the second', () => {
    expect(toDatestamp('2024-05-06T07:08:09.999Z')).toBe('2024-05-06T07:08:09Z');
  });
});

describe('OAI identifiers', () => {
  it('round-trips any record id through the oai-identifier scheme', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }), (id) => {
      const oai = toOaiIdentifier('katalog.contoh.go.id', id);
      expect(oai).toMatch(/^oai:katalog\.contoh\.go\.id:[a-zA-Z0-9\-_.!~*'():%]+$/);
      expect(fromOaiIdentifier('katalog.contoh.go.id', oai)).toBe(id);
    }), { numRuns: 500 });
  });

  it('names nothing for another repository, a bare id or a non-canonical spelling', () => {
    expect(fromOaiIdentifier('a.b', 'oai:c.d:x')).toBeUndefined();
    expect(fromOaiIdentifier('a.b', 'x')).toBeUndefined();
    expect(fromOaiIdentifier('a.b', 'oai:a.b:')).toBeUndefined();
    expect(fromOaiIdentifier('a.b', 'oai:a.b:%41')).toBeUndefined(); // "A" must be written as A
    expect(fromOaiIdentifier('a.b', 'oai:a.b:%E0%A4')).toBeUndefined(); // broken UTF-8
    expect(encodeLocal('50% diskon')).toBe('50%25%20diskon');
  });
});

describe('OAI sets', () => {
  it('spells organisation and level sets within the setSpec grammar and resolves them back', () => {
    const orgs = [{ id: 'a1b2' }, { id: 'org dengan spasi' }];
    expect(organisationSetSpec('a1b2')).toBe('org:a1b2');
    expect(organisationSetSpec('org dengan spasi')).toMatch(/^org:h-[0-9a-f]{24}$/);
    expect(resolveSet(organisationSetSpec('org dengan spasi'), orgs, [])).toEqual({ kind: 'organisation', organisationId: 'org dengan spasi' });
    expect(resolveSet(levelSetSpec('service'), orgs, ['dataset', 'service'])).toEqual({ kind: 'level', hierarchyLevel: 'service' });
    expect(resolveSet('org', orgs, [])).toEqual({ kind: 'all' });
    expect(resolveSet('type', orgs, [])).toEqual({ kind: 'all' });
    expect(resolveSet('org:zz', orgs, [])).toEqual({ kind: 'none' });
    expect(resolveSet('lain:a1b2', orgs, [])).toEqual({ kind: 'none' });
  });
});

describe('resumption tokens', () => {
  const key = deriveTokenKey('rahasia-sesi-0123456789abcdef0123456789');
  const state: TokenState = {
    verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2024-01-01', set: 'type:dataset',
    afterDatestamp: '2024-01-02T03:04:05.123456Z', afterId: 'id-1', cursor: 100, expires: 2_000_000_000,
  };

  it('round-trips the query and position, and expires', () => {
    const token = encodeToken(key, state);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(decodeToken(key, token, 'ListRecords', 1_999_999_999)).toEqual({ ok: true, state });
    expect(decodeToken(key, token, 'ListRecords', 2_000_000_000)).toEqual({ ok: false, reason: 'expired' });
    expect(decodeToken(key, token, 'ListIdentifiers', 0)).toEqual({ ok: false, reason: 'verb' });
    expect(decodeToken(deriveTokenKey('lain-0123456789abcdef0123456789abcdef'), token, 'ListRecords', 0)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses any altered token', () => {
    const token = encodeToken(key, state);
    fc.assert(fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCxyz019-_'), (i, ch) => {
      fc.pre(token[i] !== ch && token[i] !== '.');
      const altered = token.slice(0, i) + ch + token.slice(i + 1);
      expect(decodeToken(key, altered, 'ListRecords', 0).ok).toBe(false);
    }), { numRuns: 300 });
  });
});

describe('OAI-PMH request parsing', () => {
  it('collects every bad argument at once', () => {
    const r = parseOaiRequest([['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ['x', '1'], ['metadataPrefix', 'iso19139']]);
    expect(r).toEqual({ ok: false, errors: [{ code: 'badArgument', message: expect.stringContaining('"x"') }, { code: 'badArgument', message: expect.stringContaining('diulang') }] });
  });

  it('never throws on arbitrary argument lists', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom('verb', 'metadataPrefix', 'from', 'until', 'set', 'identifier', 'resumptionToken', 'x'), fc.string())), (pairs) => {
      const r = parseOaiRequest(pairs);
      expect(typeof r.ok).toBe('boolean');
    }), { numRuns: 2000 });
  });
});

describe('oai_dc from the csw:Record render', () => {
  it('keeps DC elements, dumbs DCMI terms down and writes the box as DCMI Box', () => {
    const xml = `<csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dct="http://purl.org/dc/terms/" xmlns:ows="http://www.opengis.net/ows">
      <dc:identifier>x1</dc:identifier><dc:title xml:lang="id">Judul &amp; &lt;lain&gt;</dc:title>
      <dc:subject scheme="urn:x">boundaries</dc:subject><dct:modified>2024-01-01</dct:modified><dct:created>2024-01-01</dct:created>
      <dct:abstract>Abstrak</dct:abstract><dct:references scheme="WWW:LINK">https://contoh.go.id/a?b=1&amp;c=2</dct:references>
      <dct:unknown>buang</dct:unknown><csw:other>buang</csw:other>
      <ows:WGS84BoundingBox><ows:LowerCorner>95 -11</ows:LowerCorner><ows:UpperCorner>141 6</ows:UpperCorner></ows:WGS84BoundingBox>
    </csw:Record>`;
    const dc = parseOai(oaiDcFromCswRecord(xml)).documentElement!;
    expect(dc.namespaceURI).toBe('http://www.openarchives.org/OAI/2.0/oai_dc/');
    const kids = childElements(dc).map((e) => [e.localName, e.textContent, e.attributes.length]);
    expect(kids).toEqual([
      ['identifier', 'x1', 0],
      ['title', 'Judul & <lain>', 1],
      ['subject', 'boundaries', 0],
      ['date', '2024-01-01', 0], // modified and created on the same day: one dc:date
      ['description', 'Abstrak', 0],
      ['relation', 'https://contoh.go.id/a?b=1&c=2', 0],
      ['coverage', 'northlimit=6; southlimit=-11; eastlimit=141; westlimit=95; projection=EPSG:4326', 0],
    ]);
  });
});

describe('OAI configuration', () => {
  it('derives the repository identifier from BASE_URL, or takes a valid one', () => {
    expect(parseConfig({ BASE_URL: 'https://katalog.contoh.go.id/' }).oai.repositoryIdentifier).toBe('katalog.contoh.go.id');
    expect(parseConfig({ BASE_URL: 'http://127.0.0.1:8080' }).oai.repositoryIdentifier).toBe('geokatalog.local');
    expect(parseConfig({ OAI_REPOSITORY_IDENTIFIER: 'simpul.prov.go.id' }).oai).toEqual({ pageSize: 100, tokenTtlSeconds: 86_400, repositoryIdentifier: 'simpul.prov.go.id' });
    expect(() => parseConfig({ OAI_REPOSITORY_IDENTIFIER: 'bukan domain', OAI_PAGE_SIZE: '0' })).toThrow(/OAI_REPOSITORY_IDENTIFIER[\s\S]*OAI_PAGE_SIZE|OAI_PAGE_SIZE[\s\S]*OAI_REPOSITORY_IDENTIFIER/);
  });
});
