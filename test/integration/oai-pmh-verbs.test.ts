import { XMLSerializer } from '@xmldom/xmldom';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { saveServiceIdentity } from '../../libs/db/service-identity.repository';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { useSeededApp } from '../helpers/seeded-app';
import { completeDoc, createFixtureUser, seedRecord } from '../helpers/fixtures';
import { harvestAll, oaiGet } from '../helpers/oai-client';
import { childElements } from '../helpers/oai-structure';
import { validateXsdMany } from '../helpers/xsd';
import { toOaiIdentifier } from '../../libs/oai/request/oai-identifiers';

/**
 * The six verbs against the real app on PostgreSQL, page size 3 so lists need resumption
 * tokens. Errors and tokens: oai-pmh-errors.test.ts; withdrawals and the change tracking:
 * oai-pmh-feed.test.ts.
 */

const DC = 'http://purl.org/dc/elements/1.1/';
const GMD = 'http://www.isotc211.org/2005/gmd';
const MDB = 'http://standards.iso.org/iso/19115/-3/mdb/2.0';

describe('OAI-PMH verbs', () => {
  const ctx = useSeededApp({ env: { OAI_PAGE_SIZE: '3' } });
  const pubA: MetadataRecord[] = [];
  const pubB: MetadataRecord[] = [];
  let service: MetadataRecord;
  let draft: MetadataRecord;
  let tricky: MetadataRecord;
  let trickyOrgId: string;

  beforeAll(async () => {
    const { db } = ctx.t;
    for (let i = 0; i < 3; i += 1) pubA.push(await seedRecord(db, { owner: ctx.w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: `Peta A${i}` }) }));
    service = await seedRecord(db, { owner: ctx.w.a.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: 'Layanan WMS Batas', hierarchyLevel: 'service' }) });
    pubA.push(service);
    for (let i = 0; i < 2; i += 1) pubB.push(await seedRecord(db, { owner: ctx.w.b.produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: `Peta B${i}` }) }));
    draft = await seedRecord(db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    await seedRecord(db, { owner: ctx.w.a.produsen.user, status: 'REVIEW' });
    const org = await createOrganisation(db, { name: 'Dinas <Tata> & "Ruang"', id: 'org dengan spasi' });
    trickyOrgId = org.id;
    const owner = await createFixtureUser(db, 'tricky-produsen', 'PRODUSEN', org.id);
    tricky = await seedRecord(db, { owner, status: 'PUBLISHED', id: 'id<&>"x', doc: completeDoc({ title: 'Judul <b> & "kutip" \'apos\'' }) });
  });

  const oaiId = (id: string) => toOaiIdentifier(ctx.t.config.oai.repositoryIdentifier, id);
  const allPublished = () => [...pubA, ...pubB, tricky].map((r) => r.id).sort();

  it('Identify names the repository, its base URL, deleted-record support and granularity', async () => {
    const res = await oaiGet(ctx.t.app, { verb: 'Identify' });
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/xml/);
    const v = res.verbElement!;
    const field = (n: string) => childElements(v).find((e) => e.localName === n)?.textContent;
    expect(field('repositoryName')).toBe(ctx.t.config.csw.identity.title);
    expect(field('baseURL')).toBe(`${ctx.t.config.baseUrl}/oai`);
    expect(field('protocolVersion')).toBe('2.0');
    expect(field('deletedRecord')).toBe('persistent');
    expect(field('granularity')).toBe('YYYY-MM-DDThh:mm:ssZ');
    const { records } = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc' }, 'ListIdentifiers');
    const earliest = field('earliestDatestamp')!;
    for (const r of records) expect(r.datestamp >= earliest).toBe(true);
    expect(res.requestAttrs).toEqual({ verb: 'Identify' });
  });

  it('Identify follows the CSW identity an administrator set', async () => {
    await saveServiceIdentity(ctx.t.db, { ...ctx.t.config.csw.identity, title: 'Simpul Jaringan Provinsi', electronicMailAddress: 'simpul@prov.example.go.id' });
    const v = (await oaiGet(ctx.t.app, { verb: 'Identify' })).verbElement!;
    const field = (n: string) => childElements(v).find((e) => e.localName === n)?.textContent;
    expect(field('repositoryName')).toBe('Simpul Jaringan Provinsi');
    expect(field('adminEmail')).toBe('simpul@prov.example.go.id');
  });

  it('ListMetadataFormats offers oai_dc, iso19139 and iso19115-3, for the repository and per item', async () => {
    const prefixes = (xml: { verbElement: unknown; xml: string }) => [...xml.xml.matchAll(/<metadataPrefix>([^<]+)</g)].map((m) => m[1]);
    expect(prefixes(await oaiGet(ctx.t.app, { verb: 'ListMetadataFormats' }))).toEqual(['oai_dc', 'iso19139', 'iso19115-3']);
    expect(prefixes(await oaiGet(ctx.t.app, { verb: 'ListMetadataFormats', identifier: oaiId(pubA[0]!.id) }))).toEqual(['oai_dc', 'iso19139', 'iso19115-3']);
    expect((await oaiGet(ctx.t.app, { verb: 'ListMetadataFormats', identifier: 'tidak-ada' })).errors).toEqual(['idDoesNotExist']);
    // never published: not in the repository at all
    expect((await oaiGet(ctx.t.app, { verb: 'ListMetadataFormats', identifier: oaiId(draft.id) })).errors).toEqual(['idDoesNotExist']);
  });

  it('ListSets lists one set per organisation and per hierarchy level, under their parents', async () => {
    const res = await oaiGet(ctx.t.app, { verb: 'ListSets' });
    const sets = new Map([...res.xml.matchAll(/<setSpec>([^<]+)<\/setSpec><setName>([^<]*)<\/setName>/g)].map((m) => [m[1], m[2]]));
    expect(sets.get('org')).toBeDefined();
    expect(sets.get(`org:${ctx.w.a.org.id}`)).toBe(ctx.w.a.org.name);
    expect(sets.get(`org:${ctx.w.b.org.id}`)).toBe(ctx.w.b.org.name);
    expect(sets.get('type')).toBeDefined();
    expect(sets.get('type:dataset')).toBe('Dataset');
    expect(sets.get('type:service')).toBe('Layanan');
    // an id a setSpec cannot hold gets a stable stand-in; its name is escaped, not broken
    const trickySpec = [...sets.entries()].find(([, name]) => name === 'Dinas &lt;Tata&gt; &amp; "Ruang"')?.[0];
    expect(trickySpec).toMatch(/^org:h-[0-9a-f]{24}$/);
    const inSet = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', set: trickySpec! }, 'ListIdentifiers');
    expect(inSet.records.map((r) => r.recordId)).toEqual([tricky.id]);
    expect(trickyOrgId).toBe('org dengan spasi');
  });

  it('GetRecord serves oai_dc built from the Dublin Core render, with only the fifteen DC elements', async () => {
    const res = await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(pubA[0]!.id), metadataPrefix: 'oai_dc' });
    const [rec] = res.records;
    expect(rec!.id).toBe(oaiId(pubA[0]!.id));
    expect(rec!.recordId).toBe(pubA[0]!.id);
    expect(rec!.setSpecs).toEqual([`org:${ctx.w.a.org.id}`, 'type:dataset']);
    const dc = rec!.metadata!;
    expect(dc.namespaceURI).toBe('http://www.openarchives.org/OAI/2.0/oai_dc/');
    expect(dc.localName).toBe('dc');
    const kids = childElements(dc);
    for (const k of kids) expect(k.namespaceURI).toBe(DC);
    const values = (n: string) => kids.filter((k) => k.localName === n).map((k) => k.textContent);
    expect(values('title')).toEqual(['Peta A0']);
    expect(values('identifier')).toEqual([pubA[0]!.id]);
    expect(values('description')).toEqual([completeDoc().abstract]);
    expect(values('subject')).toEqual(expect.arrayContaining(['batas wilayah', 'desa', 'boundaries']));
    expect(values('coverage')).toEqual(['northlimit=-6.1; southlimit=-6.3; eastlimit=106.9; westlimit=106.7; projection=EPSG:4326']);
    expect(values('date').length).toBeGreaterThan(0);
  });

  it('GetRecord serves ISO 19139 and ISO 19115-3 from the stored renders, valid against their XSDs', async () => {
    const gmd = (await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(service.id), metadataPrefix: 'iso19139' })).records[0]!.metadata!;
    expect([gmd.namespaceURI, gmd.localName]).toEqual([GMD, 'MD_Metadata']);
    const mdb = (await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(service.id), metadataPrefix: 'iso19115-3' })).records[0]!.metadata!;
    expect([mdb.namespaceURI, mdb.localName]).toEqual([MDB, 'MD_Metadata']);
    const ser = new XMLSerializer();
    const [g] = validateXsdMany([ser.serializeToString(gmd)], 'gmd');
    const [m] = validateXsdMany([ser.serializeToString(mdb)], 'mdb2018');
    expect(g!.errors).toBe('');
    expect(m!.errors).toBe('');
    expect(g!.valid && m!.valid).toBe(true);
  });

  it('GetRecord answers cannotDisseminateFormat and idDoesNotExist (never-published records included)', async () => {
    expect((await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(pubA[0]!.id), metadataPrefix: 'marc21' })).errors).toEqual(['cannotDisseminateFormat']);
    expect((await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(draft.id), metadataPrefix: 'oai_dc' })).errors).toEqual(['idDoesNotExist']);
    const echo = await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: '<script>&', metadataPrefix: 'oai_dc' });
    expect(echo.errors).toEqual(['idDoesNotExist']);
    expect(echo.requestAttrs).toEqual({ verb: 'GetRecord', identifier: '<script>&', metadataPrefix: 'oai_dc' });
  });

  it('escapes identifiers and text in headers and metadata', async () => {
    const res = await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(tricky.id), metadataPrefix: 'oai_dc' });
    expect(res.records[0]!.id).toBe('oai:geokatalog.local:id%3C%26%3E%22x');
    expect(res.records[0]!.recordId).toBe('id<&>"x');
    const title = childElements(res.records[0]!.metadata!).find((e) => e.localName === 'title')!.textContent;
    expect(title).toBe('Judul <b> & "kutip" \'apos\'');
  });

  it('ListRecords pages through every published record with tokens, cursor and completeListSize', async () => {
    const { records, pages } = await harvestAll(ctx.t.app, { metadataPrefix: 'iso19139' });
    expect(records.map((r) => r.recordId).sort()).toEqual(allPublished());
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.records.length)).toEqual([3, 3, 1]);
    expect(pages.map((p) => [p.token?.cursor, p.token?.completeListSize])).toEqual([['0', '7'], ['3', '7'], ['6', '7']]);
    expect(pages[0]!.token!.expirationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // the last page ends the list with an empty token
    expect(pages[2]!.token!.value).toBe('');
    for (const r of records) expect(r.metadata?.localName).toBe('MD_Metadata');
    // datestamp order (the keyset the tokens carry)
    const stamps = records.map((r) => r.datestamp);
    expect([...stamps].sort()).toEqual(stamps);
    // the resumed request echoes only its token
    expect(Object.keys(pages[1]!.requestAttrs).sort()).toEqual(['resumptionToken', 'verb']);
  });

  it('ListIdentifiers sends headers only, and a list that fits one page has no token', async () => {
    const { records, pages } = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', set: `org:${ctx.w.b.org.id}` }, 'ListIdentifiers');
    expect(records.map((r) => r.recordId).sort()).toEqual(pubB.map((r) => r.id).sort());
    expect(pages).toHaveLength(1);
    expect(pages[0]!.token).toBeUndefined();
    expect(records.every((r) => r.metadata === undefined)).toBe(true);
  });

  it('selects by set: organisation, hierarchy level, the parents, and unknown sets', async () => {
    const ids = async (set: string) => (await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', set }, 'ListIdentifiers')).records.map((r) => r.recordId).sort();
    expect(await ids(`org:${ctx.w.a.org.id}`)).toEqual(pubA.map((r) => r.id).sort());
    expect(await ids('type:service')).toEqual([service.id]);
    expect(await ids('type:dataset')).toEqual(allPublished().filter((id) => id !== service.id));
    expect(await ids('org')).toEqual(allPublished());
    expect(await ids('type')).toEqual(allPublished());
    for (const set of ['org:tidak-ada', 'type:model', 'lain']) {
      expect((await oaiGet(ctx.t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set })).errors).toEqual(['noRecordsMatch']);
    }
  });

  it('selects by from/until in seconds and day granularity, bounds inclusive', async () => {
    const { records } = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc' }, 'ListIdentifiers');
    const first = records[0]!.datestamp;
    const last = records[records.length - 1]!.datestamp;
    const ids = async (args: Record<string, string>) => (await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', ...args }, 'ListIdentifiers')).records.map((r) => r.recordId).sort();
    expect(await ids({ from: first, until: last })).toEqual(allPublished());
    expect(await ids({ from: last })).toEqual(records.filter((r) => r.datestamp === last).map((r) => r.recordId).sort());
    expect(await ids({ until: first })).toEqual(records.filter((r) => r.datestamp === first).map((r) => r.recordId).sort());
    expect(await ids({ from: first.slice(0, 10), until: last.slice(0, 10) })).toEqual(allPublished());
    expect((await oaiGet(ctx.t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2100-01-01' })).errors).toEqual(['noRecordsMatch']);
    expect((await oaiGet(ctx.t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc', until: '2000-01-01T00:00:00Z' })).errors).toEqual(['noRecordsMatch']);
  });

  it('never lists records that were never published', async () => {
    const { records } = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc' }, 'ListIdentifiers');
    expect(records.map((r) => r.recordId)).not.toContain(draft.id);
    expect(records).toHaveLength(allPublished().length);
  });
});
