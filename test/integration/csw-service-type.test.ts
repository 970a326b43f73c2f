import { readdirSync, readFileSync } from 'node:fs';
import { createSearchStore } from '../../libs/db/search.repository';
import path from 'node:path';
import { DOMParser, type Document } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { createCswService, type CswService } from '../../libs/csw/csw-service';
import { NS } from '../../libs/csw/namespaces';
import { insertRecord } from '../../libs/db/record.repository';
import { importMetadataXml } from '../../libs/import';
import { createRenderer } from '../../libs/render';
import { CSW_SUITES_DIR } from '../helpers/test-data';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * The apiso suite's ServiceType request against the apiso records, imported through
 * libs/import (srv:serviceType → serviceType), written through the record repository
 * (projection → service_type) with real renders, and answered by the CSW service. The
 * expected answer is pycsw's (suites/apiso/expected), compared by meaning.
 */
const APISO = path.join(CSW_SUITES_DIR, 'apiso');
const select = xpath.useNamespaces({ csw: NS.csw, gmd: NS.gmd, gco: 'http://www.isotc211.org/2005/gco', dc: NS.dc });
const parse = (xml: string): Document => new DOMParser().parseFromString(xml, 'application/xml');
const texts = (d: Document, p: string): string[] => (select(p, d as unknown as Node) as Node[]).map((n) => (n.textContent ?? '').trim());

const summary = (d: Document) => ({
  matched: texts(d, '//csw:SearchResults/@numberOfRecordsMatched')[0],
  returned: texts(d, '//csw:SearchResults/@numberOfRecordsReturned')[0],
  next: texts(d, '//csw:SearchResults/@nextRecord')[0],
  elementSet: texts(d, '//csw:SearchResults/@elementSet')[0],
  ids: texts(d, '//csw:SearchResults/gmd:MD_Metadata/gmd:fileIdentifier/gco:CharacterString'),
});

let t: TestDatabase;
let svc: CswService;
const loaded: { id: string; serviceType?: string }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.query(`INSERT INTO organisations (id, name) VALUES ('org1', 'Organisasi Uji')`);
  await t.db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('usr1', 'uji', 'x', 'ADMIN', 'org1')`);
  const renderer = await createRenderer();
  for (const file of readdirSync(path.join(APISO, 'data')).filter((f) => f.endsWith('.xml')).sort()) {
    const { doc } = importMetadataXml(readFileSync(path.join(APISO, 'data', file), 'utf8'));
    const id = doc.fileIdentifier!;
    const rec = await insertRecord(t.db, { id, status: 'PUBLISHED', organisationId: 'org1', ownerId: 'usr1', reviewerId: null, doc, publishedAt: '2024-01-01T00:00:00Z' });
    const full: MetadataRecord = rec!;
    const renders = renderer.renderAll(full);
    for (const [format, xml] of Object.entries(renders)) {
      await t.db.query('INSERT INTO record_renders (record_id, format, version, xml) VALUES ($1, $2, $3, $4)', [id, format, full.version, xml]);
    }
    loaded.push({ id, serviceType: doc.serviceType });
  }
  svc = createCswService({ store: createSearchStore(t.db), baseUrl: 'https://katalog.test', getIdentity: async () => { throw new Error('not used'); }, exceptionHttpStatus: 'csw202' });
}, 300_000);

afterAll(async () => {
  await t?.drop();
});

it('loaded every apiso record; only the one service record has a service type', () => {
  expect(loaded.length).toBeGreaterThanOrEqual(17);
  expect(loaded.filter((r) => r.serviceType)).toEqual([{ id: '3e9a8c05', serviceType: 'view' }]);
});

it('GetRecords-filter-servicetype answers what pycsw answers', async () => {
  const request = readFileSync(path.join(APISO, 'post/GetRecords-filter-servicetype.xml'), 'utf8');
  const expected = summary(parse(readFileSync(path.join(APISO, 'expected/post_GetRecords-filter-servicetype.xml'), 'utf8')));
  const res = await svc.handle({ method: 'POST', query: {}, body: request, contentType: 'application/xml' });
  expect(res.status).toBe(200);
  const got = summary(parse(res.body));
  expect(expected).toEqual({ matched: '1', returned: '1', next: '0', elementSet: 'brief', ids: ['3e9a8c05'] });
  expect(got).toEqual(expected);
});

it('the same filter as CQL on GET, and a miss for another type', async () => {
  const q = (cql: string) => svc.handle({
    method: 'GET',
    query: { service: 'CSW', version: '2.0.2', request: 'GetRecords', typeNames: 'gmd:MD_Metadata', outputSchema: NS.gmd, resultType: 'results', constraintLanguage: 'CQL_TEXT', constraint_language_version: '1.1.0', constraint: cql },
  });
  expect(summary(parse((await q("apiso:ServiceType = 'view'")).body)).ids).toEqual(['3e9a8c05']);
  expect(summary(parse((await q("ServiceType LIKE 'vi%'")).body)).ids).toEqual(['3e9a8c05']);
  expect(summary(parse((await q("apiso:ServiceType = 'download'")).body)).matched).toBe('0');
});

it('GetDomain lists the service types', async () => {
  const res = await svc.handle({ method: 'GET', query: { service: 'CSW', version: '2.0.2', request: 'GetDomain', propertyName: 'apiso:ServiceType' } });
  expect(texts(parse(res.body), '//csw:ListOfValues/csw:Value')).toEqual(['view']);
});
