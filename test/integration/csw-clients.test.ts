import type { Server } from 'node:http';
import { loadSuiteRecords } from '../helpers/csw-golden-loader';
import { checkGdalCsw, checkOwslib, ogrinfo, owslibSession, type ClientCheck, type OwslibSession } from '../helpers/csw-clients';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { freePort } from '../helpers/private-servers';

/**
 * The endpoint as real clients see it, on a real port: OWSLib (QGIS MetaSearch's library) and
 * GDAL's CSW driver, run as child processes against the CITE (12 DC records) and apiso
 * (17 ISO 19139 records) samples, 29 PUBLISHED records in all. A client that is not installed
 * fails the test with the command that installs it — never a silent pass.
 */
let t: TestApp;
let server: Server;
let url: string;
let owslib: ClientCheck;
let gdal: ClientCheck;

const GREEK = [
  '0173e0d7-6ea9-4407-b846-f29d6bfa9903', '0dc824a6-b555-46c1-bd7b-bc66cb91a70f', '366f6257-19eb-4f20-ba78-0698ac4aae77',
  '3e9a8c05', '42c8e55a-2bf6-476d-a7c9-be3bcd697f13', '437ae0a2-06e2-4015-b296-a66e7f407bf2', '4a5109d7-9ce5-4197-a423-b5fa8c426dee',
  '5f37e0f8-4fb1-4637-b959-b415058bdb68', '75a7eb5e-336e-453d-ab06-209b1070d396', 'a2744b0c-becd-426a-95a8-46e9850ccc6d',
  'a7308c0a-b748-48e2-bab7-0a608a51d416', 'ae200a05-2800-40b8-b85d-8f8d007b9e30', 'b8cc2388-5d0a-43d8-9473-0e86dd0396da',
  'c3bf29d4-d60a-4959-a415-2c03fb0d4aef', 'de53e931-778a-4792-94ad-9fe507aca483', 'f99cc358-f379-4e79-ab1e-cb2f7709f594',
].sort();

function requireClient(check: ClientCheck, name: string): void {
  if (!check.ok) throw new Error(`${name}: ${check.problem}`);
}

beforeAll(async () => {
  [owslib, gdal] = await Promise.all([checkOwslib(), checkGdalCsw()]);
  // the capabilities must name the URL the clients reach: clients POST to exactly that URL
  const port = await freePort();
  t = await startTestApp('server', { BASE_URL: `http://127.0.0.1:${port}`, CSW_TITLE: 'Katalog Uji Klien Nyata' });
  await loadSuiteRecords(t.db, t.deps.renderer, 'cite');
  await loadSuiteRecords(t.db, t.deps.renderer, 'apiso');
  server = await new Promise<Server>((resolve) => {
    const s = t.app.listen(port, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${port}/metadata/csw`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await t?.close();
});

describe('OWSLib (python3-owslib)', () => {
  let session: OwslibSession;

  beforeAll(async () => {
    if (owslib.ok) session = await owslibSession(url, 'lorem', 2);
  }, 300_000);

  it('reads the capabilities: CSW 2.0.2, our title, the five operations', () => {
    requireClient(owslib, 'OWSLib');
    expect(session.version).toBe('2.0.2');
    expect(session.title).toBe('Katalog Uji Klien Nyata');
    expect(session.operations).toEqual(['DescribeRecord', 'GetCapabilities', 'GetDomain', 'GetRecordById', 'GetRecords']);
  });

  it('pages through an AnyText LIKE search in DC full until nextRecord is 0', () => {
    requireClient(owslib, 'OWSLib');
    // five CITE records mention "lorem" (the CITE test suite asks for ≥ 5)
    expect(session.anytext.pages).toEqual([[5, 2, 3], [5, 2, 5], [5, 1, 0]]);
    expect(session.anytext.ids).toHaveLength(5);
    expect(new Set(session.anytext.ids).size).toBe(5);
    expect(session.anytext.titles).toContain('Lorem ipsum');
  });

  it('parses the same search as ISO 19139 (outputSchema gmd), with titles and boxes', () => {
    requireClient(owslib, 'OWSLib');
    expect(session.iso.matches).toBe(5);
    expect(session.iso.records.map((r) => r.id).sort()).toEqual([...session.anytext.ids].sort());
    const mauris = session.iso.records.find((r) => r.title === 'Mauris sed neque');
    expect(mauris?.bbox).toEqual([-4.097, 47.595, 0.889, 51.217]);
  });

  it('gets a record by id, in DC and in ISO 19139', () => {
    requireClient(owslib, 'OWSLib');
    expect(session.byId).toEqual([[session.anytext.ids[0], session.anytext.titles[0]]]);
    expect(session.byIdIso).toEqual([session.anytext.ids[0]]);
  });

  it('searches by bounding box: lat/lon with the EPSG:4326 URN (as QGIS sends it) and x/y without a CRS', () => {
    requireClient(owslib, 'OWSLib');
    expect(session.bboxUrn).toEqual({ matches: 16, ids: GREEK });
    expect(session.bboxXy).toEqual({ matches: 16, ids: GREEK });
  });
});

describe('GDAL CSW driver (ogrinfo)', () => {
  it('lists every published record as one layer with their common extent', async () => {
    requireClient(gdal, 'GDAL');
    const out = await ogrinfo(url);
    expect(out).toContain("using driver `CSW' successful");
    expect(out).toContain('Layer name: records');
    expect(out).toMatch(/Feature Count: 29\b/);
    // lon -6.171 (CITE, France) … 158.224 (NS06agg), lat 6.955 (NS06agg) … 68.41 (CITE, Sweden)
    expect(out).toContain('Extent: (-6.171000, 6.955227) - (158.224030, 68.410000)');
  }, 300_000);

  it('applies a spatial filter (-spat): the 16 records around Greece', async () => {
    requireClient(gdal, 'GDAL');
    const out = await ogrinfo(url, ['-spat', '19', '34', '30', '42']);
    expect(out).toMatch(/Feature Count: 16\b/);
    expect(out).toContain('Extent: (19.000000, 24.000000) - (38.000000, 42.000000)');
  }, 300_000);
});
