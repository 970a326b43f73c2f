import { readFileSync } from 'node:fs';
import type { Element } from '@xmldom/xmldom';
import { childElements } from '../../libs/import/dom';
import { createCswClient } from '../../libs/harvest/csw-client';
import { mapItem } from '../../libs/harvest/map-items';
import { createOaiClient } from '../../libs/harvest/oai-client';
import { PagingError, type HttpClient, type ListedPage } from '../../libs/harvest/protocol-client';
import { recordIdentity } from '../../libs/harvest/record-identity';
import { scanXml } from '../../libs/harvest/xml-scan';
import { parseXmlSafely, XmlInputError } from '../../libs/xml/safe-parse';
import { suiteDataFiles } from '../helpers/csw-golden-loader';

/*
 * The DOM-free page scanner of the harvest clients (libs/harvest/xml-scan.ts, raw-records.ts):
 * on every golden record it reads the same identifier and date as the DOM reader and maps to the
 * same document; its hash moves with any change of the record's text or inherited namespaces;
 * and it refuses what parseXmlSafely refuses (DOCTYPE, truncation, unbalanced tags, undeclared
 * prefixes, unknown entities). The pages come from a function standing in for the source's HTTP
 * answer: this is the parser alone; the integration tests harvest real servers.
 */

const CSW = 'http://www.opengis.net/cat/csw/2.0.2';
const stripDecl = (xml: string): string => xml.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '');
const goldenRecords = (): string[] =>
  ['apiso', 'cite', 'iso19115p3'].flatMap((s) => suiteDataFiles(s)).map((f) => stripDecl(readFileSync(f, 'utf8')))
    .filter((x) => /^<([\w-]+:)?(MD_Metadata|MI_Metadata|Record)\b/.test(x));

const cswPage = (records: string[], extraNs = ''): string => `<?xml version="1.0"?>
<csw:GetRecordsResponse xmlns:csw="${CSW}" ${extraNs} version="2.0.2"><csw:SearchStatus timestamp="2024-01-01T00:00:00Z"/>
<csw:SearchResults numberOfRecordsMatched="${records.length}" numberOfRecordsReturned="${records.length}" nextRecord="0" elementSet="full">
${records.join('\n')}
</csw:SearchResults></csw:GetRecordsResponse>`;

const answer = (text: string): HttpClient => async () => ({ status: 200, contentType: 'application/xml', text, bytes: Buffer.byteLength(text), url: 'http://127.0.0.1/' });

async function cswListing(text: string): Promise<ListedPage> {
  const client = createCswClient({ url: 'http://127.0.0.1/csw', http: answer(text), pageSize: 100, constraint: null });
  const pages: ListedPage[] = [];
  for await (const p of client.pages({})) pages.push(p);
  expect(pages).toHaveLength(1);
  return pages[0]!;
}

const domRecords = (page: string): Element[] => {
  const root = parseXmlSafely(page, { maxBytes: 64 * 1024 * 1024, maxElements: 10_000_000 }).documentElement!;
  return childElements(childElements(root).find((e) => e.localName === 'SearchResults')!);
};

describe('CSW page scanner on the golden records', () => {
  const records = goldenRecords();

  it('reads the same identifiers and dates as the DOM reader, and maps each record to the same document', async () => {
    expect(records.length).toBeGreaterThan(25);
    const page = cswPage(records);
    const listed = await cswListing(page);
    const dom = domRecords(page).map((el) => ({ el, ...recordIdentity(el) }));
    const withId = dom.filter((d) => d.identifier);
    expect(listed.items.map((i) => [i.identifier, i.modified])).toEqual(withId.map((d) => [d.identifier, d.modified]));
    expect(listed.broken).toHaveLength(dom.length - withId.length);
    for (const [k, item] of listed.items.entries()) {
      const viaScan = mapItem({ ...item, identifier: item.identifier! });
      const viaDom = mapItem({ identifier: item.identifier!, hash: item.hash, modified: item.modified, element: withId[k]!.el });
      expect(viaScan).toEqual(viaDom);
    }
    expect(listed.items.filter((i) => mapItem({ ...i, identifier: i.identifier! }).ok).length).toBeGreaterThan(25);
  });

  it('the hash is stable for the same text and moves with any change, deep or shallow, and with the inherited namespaces', async () => {
    const base = records.slice(0, 3);
    const a = (await cswListing(cswPage(base))).items.map((i) => i.hash);
    expect((await cswListing(cswPage(base))).items.map((i) => i.hash)).toEqual(a);
    expect(new Set(a).size).toBe(3);
    // one character of the last (deepest-nested, far from the identifier) string of the first record
    const at = base[0]!.lastIndexOf('</gco:CharacterString>');
    const edited = `${base[0]!.slice(0, at)}x${base[0]!.slice(at)}`;
    expect(edited).not.toBe(base[0]);
    const b = (await cswListing(cswPage([edited, ...base.slice(1)]))).items.map((i) => i.hash);
    expect(b[0]).not.toBe(a[0]);
    expect(b.slice(1)).toEqual(a.slice(1));
    // the same text under another inherited binding is another record
    const c = (await cswListing(cswPage(base, 'xmlns:x="urn:lain"'))).items.map((i) => i.hash);
    expect(c[0]).not.toBe(a[0]);
  });
});

describe('CSW page scanner: what it reads and what it refuses', () => {
  const rec = (id: string, extra = ''): string => `<gmd:MD_Metadata xmlns:gco="http://www.isotc211.org/2005/gco">${extra}`
    + `<gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier>`
    + '<gmd:dateStamp><gco:DateTime>2025-01-02T03:04:05Z</gco:DateTime></gmd:dateStamp></gmd:MD_Metadata>';
  const gmdNs = 'xmlns:gmd="http://www.isotc211.org/2005/gmd"';

  it('inherited prefixes, entities, CDATA, comments; the first fileIdentifier wins', async () => {
    const listed = await cswListing(cswPage([
      rec('a&amp;b&#x41;'),
      rec('<![CDATA[c<d]]>'),
      `<!-- x --><gmd:MD_Metadata xmlns:gco="http://www.isotc211.org/2005/gco"><gmd:fileIdentifier><gco:CharacterString> satu </gco:CharacterString></gmd:fileIdentifier>`
        + '<gmd:fileIdentifier><gco:CharacterString>dua</gco:CharacterString></gmd:fileIdentifier></gmd:MD_Metadata>',
    ], gmdNs));
    expect(listed.items.map((i) => [i.identifier, i.modified])).toEqual([['a&bA', '2025-01-02T03:04:05Z'], ['c<d', '2025-01-02T03:04:05Z'], ['satu', null]]);
    // parsed alone, the record still knows the gmd prefix it inherited from the page
    expect(listed.items[0]!.parse!().namespaceURI).toBe('http://www.isotc211.org/2005/gmd');
  });

  it('a record broken deep inside (below the scanned depth) is listed under its identifier; only its own parse fails', async () => {
    const listed = await cswListing(cswPage([rec('baik'), rec('rusak', '<gmd:contact><gmd:a><gmd:b><gmd:c><gmd:d><gco:Date x="1" x="2">&nbsp;</gco:Date></gmd:d></gmd:c></gmd:b></gmd:a></gmd:contact>')], gmdNs));
    expect(listed.items.map((i) => i.identifier)).toEqual(['baik', 'rusak']);
    expect(() => listed.items[1]!.parse!()).toThrow(XmlInputError);
    const m = mapItem({ ...listed.items[1]!, identifier: 'rusak' });
    expect(m).toEqual({ ok: false, reason: expect.stringContaining('XML ditolak') });
  });

  it.each([
    ['DOCTYPE', `<!DOCTYPE x [<!ENTITY e "boom">]>${cswPage([])}`, 'DOCTYPE'],
    ['a truncated page', cswPage([rec('a')], gmdNs).slice(0, -40), 'XML tidak valid'],
    ['unbalanced tags', cswPage([rec('a').replace('</gmd:dateStamp>', '</gmd:dateStempel>')], gmdNs), 'XML tidak valid'],
    ['an undeclared prefix', cswPage([rec('a')]), 'tidak dideklarasikan'],
    ['an unknown entity in an identifier', cswPage([rec('a&boom;')], gmdNs), 'entitas'],
    ['two roots', `${cswPage([])}<lagi/>`, 'lebih dari satu elemen akar'],
    ['an ExceptionReport', '<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows"><ows:Exception><ows:ExceptionText>rusak total</ows:ExceptionText></ows:Exception></ows:ExceptionReport>', 'rusak total'],
  ])('refuses %s as a page error; the report line names the kind of answer, the log detail the reason', async (_what, text, detail) => {
    const err = await cswListing(text).then(() => undefined, (e: unknown) => e as PagingError);
    expect(err).toBeInstanceOf(PagingError);
    // the message (the run report) quotes nothing of the answer: a source pointed at some other service learns nothing
    expect(err!.message).toMatch(/^halaman mulai 1: (bukan jawaban CSW \(XML tidak valid\)|sumber menjawab ExceptionReport)$/);
    expect(err!.detail).toContain(detail);
  });

  it('nesting is bounded', () => {
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    expect(() => scanXml(deep, { onStart: () => undefined, onEnd: () => undefined }, { nsDepth: 2 })).toThrow(/bersarang/);
  });
});

describe('OAI-PMH page scanner', () => {
  const OAI = 'http://www.openarchives.org/OAI/2.0/';
  const page = `<?xml version="1.0"?><OAI-PMH xmlns="${OAI}"><responseDate>2025-01-01T00:00:00Z</responseDate><request verb="ListRecords">x</request>
<ListRecords>
<record><header><identifier>oai:x:satu</identifier><datestamp>2025-01-01T00:00:00Z</datestamp><setSpec>org</setSpec></header>
<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Satu</dc:title><dc:identifier>satu</dc:identifier></oai_dc:dc></metadata>
<about><x:a xmlns:x="urn:x"><x:b/></x:a></about></record>
<record><header status="deleted"><identifier>oai:x:dua</identifier><datestamp>2025-01-02T00:00:00Z</datestamp></header></record>
<record><header><identifier>oai:x:tiga</identifier><datestamp>2025-01-03T00:00:00Z</datestamp></header></record>
<resumptionToken completeListSize="9" cursor="0">tok-1</resumptionToken>
</ListRecords></OAI-PMH>`;

  it('reads headers, deleted headers, records without metadata, the token and completeListSize; oai_dc becomes a csw:Record', async () => {
    const texts = [page, page.replace('tok-1', 'tok-2'), page.replace('<resumptionToken completeListSize="9" cursor="0">tok-1</resumptionToken>', '')];
    let call = 0;
    const urls: string[] = [];
    const http: HttpClient = async (req) => {
      urls.push(req.url);
      return answer(texts[call++]!)(req);
    };
    const client = createOaiClient({ url: 'http://127.0.0.1/oai', http, constraint: null });
    const pages: ListedPage[] = [];
    for await (const p of client.pages({})) pages.push(p);
    expect(pages).toHaveLength(3);
    expect(urls[1]).toContain('resumptionToken=tok-1');
    expect(client.matched()).toBe(9);
    const [first] = pages;
    expect(first!.items.map((i) => [i.identifier, i.sourceIdentifier, i.modified, !!i.deleted])).toEqual([
      ['satu', 'oai:x:satu', '2025-01-01T00:00:00Z', false],
      ['oai:x:dua', undefined, '2025-01-02T00:00:00Z', true],
    ]);
    expect(first!.broken).toEqual([{ identifier: 'oai:x:tiga', reason: 'rekaman tanpa metadata' }]);
    const el = first!.items[0]!.parse!();
    expect([el.namespaceURI, el.localName]).toEqual([CSW, 'Record']);
    expect(mapItem({ ...first!.items[0]!, identifier: 'satu' })).toMatchObject({ ok: true });
  });

  it('a repeated token stops paging; an OAI error is a page error, noRecordsMatch an empty listing', async () => {
    const loop = createOaiClient({ url: 'http://127.0.0.1/oai', http: answer(page), constraint: null });
    const seen: ListedPage[] = [];
    await expect((async () => { for await (const p of loop.pages({})) seen.push(p); })()).rejects.toThrow('berulang');
    expect(seen).toHaveLength(2);
    const err = (code: string) => `<OAI-PMH xmlns="${OAI}"><responseDate>x</responseDate><error code="${code}">pesan &amp; alasan</error></OAI-PMH>`;
    const bad = createOaiClient({ url: 'http://127.0.0.1/oai', http: answer(err('badArgument')), constraint: null });
    await expect((async () => { for await (const _p of bad.pages({})) { /* none */ } })()).rejects.toMatchObject({
      message: 'ListRecords halaman 1: sumber menjawab badArgument', detail: 'badArgument: pesan & alasan',
    });
    // a code OAI-PMH does not define is the peer's text: not repeated in the report
    const odd = createOaiClient({ url: 'http://127.0.0.1/oai', http: answer(err('redis-6379-terbuka')), constraint: null });
    await expect((async () => { for await (const _p of odd.pages({})) { /* none */ } })()).rejects.toMatchObject({
      message: 'ListRecords halaman 1: sumber menjawab galat OAI-PMH',
    });
    const none = createOaiClient({ url: 'http://127.0.0.1/oai', http: answer(err('noRecordsMatch')), constraint: null });
    const got: ListedPage[] = [];
    for await (const p of none.pages({})) got.push(p);
    expect(got).toEqual([]);
  });
});
