import fc from 'fast-check';
import { METADATA_SCHEMA, METADATA_SCHEMA_ID } from '../../libs/catalogue/metadata.schema';
import { type MetadataDoc, SERVER_FIELDS } from '../../libs/catalogue/record.types';
import { getReferenceList, type ReferenceListName } from '../../libs/catalogue/reference-lists';
import {
  CODE_LIST_FIELDS, findCodeListErrors, MAX_REPORTED_ERRORS, validateMetadataDoc,
} from '../../libs/catalogue/validate-record';
import type { FieldError } from '../../libs/errors';

const fullDoc = (): MetadataDoc => ({
  fileIdentifier: 'big-rbi-25k.2024_v1:jawa',
  title: 'Peta Rupa Bumi Indonesia 1:25.000 Pulau Jawa',
  abstract: 'Peta dasar topografi skala 1:25.000 yang mencakup seluruh Pulau Jawa.',
  purpose: 'Acuan pemetaan tematik nasional.',
  language: 'ind',
  hierarchyLevel: 'dataset',
  topicCategories: ['imageryBaseMapsEarthCover', 'elevation'],
  keywords: [
    { type: 'theme', thesaurus: 'GEMET', values: ['topografi', 'peta dasar'] },
    { type: 'place', values: ['Jawa'] },
  ],
  contacts: [
    {
      role: 'custodian', organisationName: 'Badan Informasi Geospasial', individualName: 'Siti Aminah',
      positionName: 'Kepala Pusat', email: 'info@big.go.id', phone: '+62 21 875 2062', address: 'Jl. Raya Jakarta-Bogor KM 46, Cibinong',
    },
    { role: 'originator', organisationName: 'Pusat Pemetaan Rupabumi' },
  ],
  dates: { creation: '2020-03-01', publication: '2021-01-15T09:30:00+07:00', revision: '2024' },
  progressStatus: 'completed',
  spatialRepresentationType: 'vector',
  referenceSystem: 'EPSG:4326',
  spatialResolution: { scaleDenominator: 25000, distance: 2.5, distanceUom: 'm' },
  extent: { bbox: { west: 105.1, east: 114.6, south: -8.8, north: -5.9 }, temporal: { start: '2019-01', end: '2020-12-31' } },
  maintenanceFrequency: 'asNeeded',
  distributions: [
    { protocol: 'OGC:WMS', url: 'https://geoservices.big.go.id/wms', name: 'rbi:jawa', description: 'Layanan peta' },
    { protocol: 'WWW:DOWNLOAD', url: 'ftp://ftp.big.go.id/rbi/jawa.zip' },
  ],
  formats: ['Shapefile', 'GeoPackage'],
  constraints: { classification: 'unclassified', useLimitation: 'Cantumkan sumber.', license: 'CC-BY-4.0' },
  dataQuality: [
    { element: 'DQ_CompletenessOmission', evaluationMethod: 'directInternal', result: '99% lengkap', pass: true },
    { element: 'DQ_AbsoluteExternalPositionalAccuracy' },
  ],
  lineage: 'Digitasi dari citra satelit resolusi tinggi dan survei lapangan.',
  thumbnailUrl: 'https://tanahair.indonesia.go.id/thumb/rbi.png',
  resourceType: 'http://purl.org/dc/dcmitype/Dataset',
  spatialCoverage: ['Jawa', 'ID-JB'],
  relations: ['rbi-sumatra'],
  sources: ['Citra SPOT 6'],
});

/** Sets a value at a JSON Pointer (no escapes needed for our field names), creating objects on the way. */
function withValue(doc: unknown, pointer: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(doc) as Record<string, unknown>;
  const keys = pointer.split('/').slice(1);
  let cur: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((k) => {
    cur[k] ??= {};
    cur = cur[k] as Record<string, unknown>;
  });
  cur[keys[keys.length - 1]!] = value;
  return copy;
}

function errorsOf(input: unknown): FieldError[] {
  const r = validateMetadataDoc(input);
  if (r.ok) throw new Error(`expected errors for ${JSON.stringify(input).slice(0, 200)}`);
  return r.errors;
}

const pathsOf = (input: unknown): string[] => errorsOf(input).map((e) => e.path);
const expectOk = (input: unknown): MetadataDoc => {
  const r = validateMetadataDoc(input);
  if (!r.ok) throw new Error(`unexpected errors: ${JSON.stringify(r.errors)}`);
  return r.doc;
};

describe('METADATA_SCHEMA', () => {
  it('is a plain draft 2020-12 JSON document with an $id', () => {
    expect(METADATA_SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(METADATA_SCHEMA.$id).toBe(METADATA_SCHEMA_ID);
    expect(JSON.parse(JSON.stringify(METADATA_SCHEMA))).toEqual(METADATA_SCHEMA);
    // no property is required by the schema: an imported or harvested document may lack a title
    // (issue 19: nothing is invented); a record written in the editor needs one (records.service)
    expect(METADATA_SCHEMA.required).toBeUndefined();
    expect(METADATA_SCHEMA.additionalProperties).toBe(false);
  });

  it('names exactly the fields of MetadataDoc and none of the server fields', () => {
    // a compile error here means record.types.ts and this list disagree
    const docKeys: Record<keyof MetadataDoc, true> = {
      fileIdentifier: true, title: true, abstract: true, purpose: true, language: true, hierarchyLevel: true, serviceType: true,
      topicCategories: true, keywords: true, contacts: true, dates: true, progressStatus: true,
      spatialRepresentationType: true, referenceSystem: true, spatialResolution: true, extent: true,
      maintenanceFrequency: true, distributions: true, formats: true, constraints: true, dataQuality: true, lineage: true,
      thumbnailUrl: true, resourceType: true, spatialCoverage: true, relations: true, sources: true,
      // issue 19 §4: what an SDI producer must be able to write
      translations: true, alternateTitles: true, edition: true, resourceIdentifiers: true, parentIdentifier: true,
      serviceTypeVersions: true, couplingType: true, operations: true, operatesOn: true, metadataContacts: true,
      distributors: true, additionalReferenceSystems: true, additionalResolutions: true, formatVersions: true,
      conformity: true, processSteps: true, associatedResources: true, additionalOverviews: true,
    };
    const props = Object.keys(METADATA_SCHEMA.properties as object);
    expect(new Set(props)).toEqual(new Set(Object.keys(docKeys)));
    for (const f of SERVER_FIELDS) expect(props).not.toContain(f);
  });

  it('declares additionalProperties: false on every object', () => {
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as Record<string, unknown>;
      if (n.type === 'object') expect({ at, ap: n.additionalProperties }).toEqual({ at, ap: false });
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(METADATA_SCHEMA, '');
  });
});

describe('validateMetadataDoc: valid documents', () => {
  it('accepts a full document and returns it unchanged', () => {
    const input = fullDoc();
    expect(expectOk(input)).toEqual(fullDoc());
  });

  it('accepts a minimal {title} and trims the title without touching the input', () => {
    const input = { title: '  Judul saja \n' };
    expect(expectOk(input)).toEqual({ title: 'Judul saja' });
    expect(input.title).toBe('  Judul saja \n');
  });

  it('accepts a bbox crossing the antimeridian (west > east) and a degenerate point bbox', () => {
    expectOk(withValue(fullDoc(), '/extent/bbox', { west: 170, east: -170, south: -10, north: 10 }));
    expectOk(withValue(fullDoc(), '/extent/bbox', { west: 106.8, east: 106.8, south: -6.2, north: -6.2 }));
    expectOk(withValue(fullDoc(), '/extent/bbox', { west: -180, east: 180, south: -90, north: 90 }));
  });

  it.each(['2024', '2024-02', '2024-02-29', '2024-02-29T23:59:59Z', '2024-02-29T23:59:59.123+07:00', '2024-02-29t00:00:00z'])(
    'accepts the date %s',
    (d) => {
      expectOk(withValue(fullDoc(), '/dates/creation', d));
    },
  );

  it.each(['a', 'A1', 'uuid:8f1c6a9e-3b9f-4c44-9d3e-0e1f2a3b4c5d', 'rbi_25k.v2', 'x'.repeat(200)])(
    'accepts the fileIdentifier %s',
    (id) => {
      expectOk({ title: 't', fileIdentifier: id });
    },
  );

  it('accepts equal temporal bounds and partial dates in any order of precision', () => {
    expectOk(withValue(fullDoc(), '/extent/temporal', { start: '2020-01-01', end: '2020-01-01' }));
    expectOk(withValue(fullDoc(), '/extent/temporal', { start: '2021', end: '2020-06-01' }));
    expectOk(withValue(fullDoc(), '/extent/temporal', { start: '2020-01-01T10:00:00+07:00', end: '2020-01-01T04:00:00Z' }));
    expectOk(withValue(fullDoc(), '/extent/temporal', { start: '2020-01-01' }));
  });

  it('accepts the limits themselves', () => {
    expectOk({ title: 'x'.repeat(500), abstract: 'a'.repeat(10_000), lineage: 'l'.repeat(10_000), purpose: 'p'.repeat(10_000) });
    expectOk({ title: 't', formats: Array.from({ length: 200 }, (_, i) => `f${i}`) });
  });
});

describe('validateMetadataDoc: errors', () => {
  it('rejects non-objects at the document root', () => {
    for (const v of [null, [], 'judul', 42, true, undefined]) {
      expect(errorsOf(v)).toEqual([{ path: '', message: 'Harus berupa objek' }]);
    }
  });

  it('accepts a missing title and reports a blank one', () => {
    expect(validateMetadataDoc({}).ok).toBe(true);
    expect(errorsOf({ title: '   ' })).toEqual([{ path: '/title', message: 'Tidak boleh kosong' }]);
    expect(errorsOf({ title: 'x'.repeat(501) })).toEqual([{ path: '/title', message: 'Maksimal 500 karakter' }]);
  });

  it('names an unknown property by its own path, also nested and with escaped characters', () => {
    expect(errorsOf({ title: 't', colour: 'merah' })).toEqual([
      { path: '/colour', message: 'Properti "colour" tidak dikenal dalam skema metadata' },
    ]);
    expect(pathsOf(withValue(fullDoc(), '/contacts/0/fax', '123'))).toEqual(['/contacts/0/fax']);
    expect(pathsOf(withValue(fullDoc(), '/extent/bbox/crs', 'EPSG:4326'))).toEqual(['/extent/bbox/crs']);
    expect(pathsOf({ title: 't', 'a/b~c': 1 })).toEqual(['/a~1b~0c']);
  });

  it.each(SERVER_FIELDS)('rejects the server-managed field %s', (field) => {
    expect(errorsOf({ title: 't', [field]: 'x' })).toEqual([
      { path: `/${field}`, message: `Properti "${field}" dikelola oleh server dan tidak boleh dikirim` },
    ]);
  });

  it('reports missing required members of nested objects', () => {
    expect(pathsOf({ title: 't', contacts: [{}] })).toEqual(['/contacts/0/role', '/contacts/0/organisationName']);
    expect(pathsOf({ title: 't', keywords: [{ type: 'theme' }] })).toEqual(['/keywords/0/values']);
    expect(pathsOf({ title: 't', keywords: [{ type: 'theme', values: [] }] })).toEqual(['/keywords/0/values']);
    expect(pathsOf({ title: 't', distributions: [{ protocol: 'OGC:WMS' }] })).toEqual(['/distributions/0/url']);
    expect(pathsOf({ title: 't', dataQuality: [{ pass: true }] })).toEqual(['/dataQuality/0/element']);
    expect(pathsOf(withValue(fullDoc(), '/extent/bbox', { west: 1, east: 2, south: 3 }))).toEqual(['/extent/bbox/north']);
  });

  describe.each(CODE_LIST_FIELDS.map((f) => [f.pointer, f.list] as const))('code-list field %s', (pointer, list) => {
    const at = pointer.replace('*', '0');
    it(`rejects a code that is not in ${list}`, () => {
      expect(errorsOf(withValue(fullDoc(), at, 'xyz'))).toEqual([
        { path: at, message: `Kode "xyz" tidak ada dalam daftar ${list}` },
      ]);
    });
    it(`accepts every code of ${list}`, () => {
      // one-element arrays, so a code never duplicates another entry (topicCategories are unique)
      const base = { ...fullDoc(), topicCategories: ['farming'] };
      for (const { kode } of getReferenceList(list as ReferenceListName)) expectOk(withValue(base, at, kode));
    });
  });

  it('reports every bad code of an array with its index', () => {
    const doc = { title: 't', topicCategories: ['farming', 'Farming', 'laut'], contacts: [
      { role: 'pointOfContact', organisationName: 'A' }, { role: 'boss', organisationName: 'B' },
    ] };
    expect(errorsOf(doc)).toEqual([
      { path: '/topicCategories/1', message: 'Kode "Farming" tidak ada dalam daftar TOPIK_KATEGORI' },
      { path: '/topicCategories/2', message: 'Kode "laut" tidak ada dalam daftar TOPIK_KATEGORI' },
      { path: '/contacts/1/role', message: 'Kode "boss" tidak ada dalam daftar PERAN_KONTAK' },
    ]);
  });

  it('reports a bad email', () => {
    for (const e of ['bukan-email', 'a@', '@b.id', 'a b@c.id']) {
      expect(errorsOf(withValue(fullDoc(), '/contacts/0/email', e))).toEqual([
        { path: '/contacts/0/email', message: 'Alamat email tidak valid' },
      ]);
    }
  });

  it('reports URLs that are not absolute http, https or ftp, once per field', () => {
    const URL_MESSAGE = 'URL tidak valid: harus alamat lengkap yang diawali http://, https:// atau ftp://';
    expect(errorsOf(withValue(fullDoc(), '/thumbnailUrl', 'javascript:alert(1)'))).toEqual([
      { path: '/thumbnailUrl', message: URL_MESSAGE },
    ]);
    expect(errorsOf(withValue(fullDoc(), '/distributions/1/url', '/relatif/saja'))).toEqual([
      { path: '/distributions/1/url', message: URL_MESSAGE },
    ]);
    expect(errorsOf(withValue(fullDoc(), '/distributions/0/url', 'https://contoh.id/a b'))).toEqual([
      { path: '/distributions/0/url', message: URL_MESSAGE },
    ]);
    expect(errorsOf(withValue(fullDoc(), '/distributions/0/url', 'mailto:a@b.id'))).toEqual([
      { path: '/distributions/0/url', message: URL_MESSAGE },
    ]);
  });

  it('reports bbox values out of range and south > north', () => {
    expect(errorsOf(withValue(fullDoc(), '/extent/bbox', { west: -181, east: 180.5, south: -91, north: 90 }))).toEqual([
      { path: '/extent/bbox/west', message: 'Nilai minimal -180' },
      { path: '/extent/bbox/east', message: 'Nilai maksimal 180' },
      { path: '/extent/bbox/south', message: 'Nilai minimal -90' },
    ]);
    expect(errorsOf(withValue(fullDoc(), '/extent/bbox', { west: 100, east: 110, south: 5, north: -5 }))).toEqual([
      { path: '/extent/bbox/south', message: 'Batas selatan (south) tidak boleh lebih besar dari batas utara (north)' },
    ]);
    expect(errorsOf(withValue(fullDoc(), '/extent/bbox/west', '105'))).toEqual([
      { path: '/extent/bbox/west', message: 'Harus berupa angka' },
    ]);
    expect(pathsOf(withValue(fullDoc(), '/extent/bbox/north', Number.NaN))).toEqual(['/extent/bbox/north']);
  });

  it.each(['2020-13-01', '20-01-01', '01-02-2020', '2020/01/01', '2020-1-5', '2020-01-01T25:00:00Z', '2020-01-01T10:00:00', '2020-01-01 10:00:00Z', ''])(
    'reports the malformed date %j',
    (d) => {
      const errs = errorsOf(withValue(fullDoc(), '/dates/revision', d));
      expect(errs).toHaveLength(1);
      expect(errs[0]!.path).toBe('/dates/revision');
      expect(errs[0]!.message).toMatch(/^Tanggal harus berformat YYYY/);
    },
  );

  it.each(['2023-02-29', '2024-04-31', '2100-02-29T00:00:00Z'])('reports the impossible day %s', (d) => {
    expect(errorsOf(withValue(fullDoc(), '/extent/temporal/start', d))).toEqual([
      { path: '/extent/temporal/start', message: `Tanggal "${d}" tidak ada di kalender` },
    ]);
  });

  it('reports a temporal extent that ends before it starts', () => {
    const msg = { path: '/extent/temporal/end', message: 'Akhir rentang waktu tidak boleh sebelum awalnya' };
    expect(errorsOf(withValue(fullDoc(), '/extent/temporal', { start: '2021-01-01', end: '2020-12-31' }))).toEqual([msg]);
    expect(errorsOf(withValue(fullDoc(), '/extent/temporal', { start: '2020-01-01T04:00:00Z', end: '2020-01-01T10:00:00+07:00' }))).toEqual([msg]);
    expect(errorsOf(withValue(fullDoc(), '/extent/temporal', { start: '2020-01-02T00:00:00Z', end: '2020-01-01' }))).toEqual([msg]);
  });

  it.each([' abc', 'abc ', '\tabc', 'abc\n', '', ' ', 'x'.repeat(2_001)])(
    'reports the bad fileIdentifier %j',
    (id) => {
      const errs = errorsOf({ title: 't', fileIdentifier: id });
      expect(errs.map((e) => e.path)).toEqual(['/fileIdentifier']);
      expect(errs[0]!.message).toMatch(/^(Pengenal tidak boleh kosong|Maksimal 2000 karakter)/);
    },
  );

  // what real catalogues publish (issue 19): URLs, paths, spaces, `..`, any letter
  it.each(['a/b', 'https://ioos.noaa.gov/stations/BRJASL', 'hello/i/am/a/path', 'abc def', '..', '-abc', 'ab#c', 'ä', 'x'.repeat(2_000)])(
    'accepts the fileIdentifier %j',
    (id) => {
      const r = validateMetadataDoc({ title: 't', fileIdentifier: id });
      expect(r.ok && r.doc.fileIdentifier).toBe(id);
    },
  );

  it('reports a bad reference system', () => {
    for (const crs of ['epsg:4326', 'WGS84', 'EPSG:43', 'EPSG:4326 ', 'urn:ogc:def:crs:EPSG::4326']) {
      expect(errorsOf({ title: 't', referenceSystem: crs })).toEqual([
        { path: '/referenceSystem', message: 'Sistem referensi harus berformat EPSG:kode, mis. EPSG:4326' },
      ]);
    }
  });

  it('reports wrong types with the expected type in Indonesian', () => {
    expect(errorsOf({ title: 5 })).toEqual([{ path: '/title', message: 'Harus berupa teks' }]);
    expect(errorsOf({ title: 't', topicCategories: 'farming' })).toEqual([{ path: '/topicCategories', message: 'Harus berupa larik (array)' }]);
    expect(errorsOf({ title: 't', dates: '2020-01-01' })).toEqual([{ path: '/dates', message: 'Harus berupa objek' }]);
    expect(errorsOf({ title: 't', dataQuality: [{ element: 'DQ_TemporalValidity', pass: 'ya' }] })).toEqual([
      { path: '/dataQuality/0/pass', message: 'Harus berupa boolean (true/false)' },
    ]);
    expect(errorsOf({ title: 't', keywords: [{ type: 'theme', values: ['a', 7] }] })).toEqual([
      { path: '/keywords/0/values/1', message: 'Harus berupa teks' },
    ]);
    expect(errorsOf({ title: 't', language: null })).toEqual([{ path: '/language', message: 'Harus berupa teks' }]);
  });

  it('reports spatial resolution rules', () => {
    expect(errorsOf({ title: 't', spatialResolution: { scaleDenominator: 1.5 } })).toEqual([
      { path: '/spatialResolution/scaleDenominator', message: 'Harus berupa bilangan bulat' },
    ]);
    expect(errorsOf({ title: 't', spatialResolution: { scaleDenominator: 0, distance: 0 } })).toEqual([
      { path: '/spatialResolution/scaleDenominator', message: 'Nilai minimal 1' },
      { path: '/spatialResolution/distance', message: 'Harus lebih besar dari 0' },
    ]);
  });

  it('reports strings and arrays that are too long', () => {
    expect(errorsOf({ title: 't', abstract: 'a'.repeat(10_001), purpose: 'p'.repeat(10_001), lineage: 'l'.repeat(10_001) })).toEqual([
      { path: '/abstract', message: 'Maksimal 10000 karakter' },
      { path: '/purpose', message: 'Maksimal 10000 karakter' },
      { path: '/lineage', message: 'Maksimal 10000 karakter' },
    ]);
    expect(errorsOf(withValue(fullDoc(), '/contacts/0/organisationName', 'o'.repeat(2_001)))).toEqual([
      { path: '/contacts/0/organisationName', message: 'Maksimal 2000 karakter' },
    ]);
    expect(errorsOf({ title: 't', formats: Array.from({ length: 201 }, (_, i) => `f${i}`) })).toEqual([
      { path: '/formats', message: 'Maksimal 200 butir' },
    ]);
    expect(pathsOf({ title: 't', topicCategories: ['farming', 'farming'] })).toEqual(['/topicCategories']);
  });

  it('reports every problem of a document at once', () => {
    const bad = {
      ...fullDoc(), title: '', status: 'PUBLISHED', language: 'indonesia', referenceSystem: '4326',
      contacts: [{ role: 'originator', organisationName: 'X', email: 'x' }],
      extent: { bbox: { west: 0, east: 1, south: 2, north: 1 } },
    };
    expect(new Set(pathsOf(bad))).toEqual(new Set([
      '/title', '/status', '/language', '/referenceSystem', '/contacts/0/email', '/extent/bbox/south',
    ]));
  });

  it(`caps the number of reported errors at ${MAX_REPORTED_ERRORS}`, () => {
    const doc: Record<string, unknown> = { title: 't' };
    for (let i = 0; i < 1_000; i++) doc[`x${i}`] = i;
    expect(errorsOf(doc)).toHaveLength(MAX_REPORTED_ERRORS);
  });

  it('findCodeListErrors tolerates any shape', () => {
    expect(findCodeListErrors(null)).toEqual([]);
    expect(findCodeListErrors({ contacts: 'x', keywords: [null, 3, { type: 'foo' }] })).toEqual([
      { path: '/keywords/2/type', message: 'Kode "foo" tidak ada dalam daftar JENIS_KATAKUNCI' },
    ]);
  });
});

describe('validateMetadataDoc: properties', () => {
  const errorShape = (errors: FieldError[]): void => {
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(MAX_REPORTED_ERRORS);
    for (const e of errors) {
      expect(e.path === '' || e.path.startsWith('/')).toBe(true);
      expect(typeof e.message).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
    }
  };

  it('never throws on any value and returns either a doc or well-formed errors', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true, maxDepth: 4 }), (v) => {
        const r = validateMetadataDoc(v);
        if (r.ok) expect(['string', 'undefined']).toContain(typeof r.doc.title);
        else errorShape(r.errors);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on documents with random values in the real fields', () => {
    const anyValue = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
    const keys = Object.keys(METADATA_SCHEMA.properties as object);
    const doc = fc.dictionary(fc.constantFrom(...keys, 'status', 'extra'), anyValue);
    fc.assert(
      fc.property(doc, (v) => {
        const r = validateMetadataDoc(v);
        if (!r.ok) errorShape(r.errors);
      }),
      { numRuns: 500 },
    );
  });

  const codeOf = (list: ReferenceListName) => fc.constantFrom(...getReferenceList(list).map((i) => i.kode));
  const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
  const date = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10), d.toISOString().slice(0, 7), d.toISOString().slice(0, 4)));
  const validDoc = fc.record(
    {
      title: text,
      fileIdentifier: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,30}$/),
      language: codeOf('BAHASA'),
      hierarchyLevel: codeOf('LEVEL_HIERARKI'),
      topicCategories: fc.uniqueArray(codeOf('TOPIK_KATEGORI'), { maxLength: 5 }),
      keywords: fc.array(fc.record({ type: codeOf('JENIS_KATAKUNCI'), values: fc.array(text, { minLength: 1, maxLength: 3 }) }), { maxLength: 3 }),
      contacts: fc.array(fc.record({ role: codeOf('PERAN_KONTAK'), organisationName: fc.string({ maxLength: 30 }) }), { maxLength: 3 }),
      dates: fc.record({ creation: date, revision: date }, { requiredKeys: [] }),
      extent: fc.record({
        bbox: fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }),
          fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }))
          .map(([w, e, a, b]) => ({ west: w, east: e, south: Math.min(a, b), north: Math.max(a, b) })),
      }, { requiredKeys: [] }),
      distributions: fc.array(fc.record({ protocol: codeOf('PROTOKOL_DISTRIBUSI'), url: fc.webUrl() }), { maxLength: 2 }),
      constraints: fc.record({ classification: codeOf('KLASIFIKASI_KEAMANAN') }),
      dataQuality: fc.array(fc.record({ element: codeOf('DQ_ELEMEN'), evaluationMethod: codeOf('METOD_EVALUASI'), pass: fc.boolean() }), { maxLength: 2 }),
    },
    { requiredKeys: ['title'] },
  );

  it('accepts every generated valid document, and validating the result again is a fixed point', () => {
    fc.assert(
      fc.property(validDoc, (d) => {
        const first = expectOk(d);
        expect(first.title).toBe(d.title.trim());
        expect(expectOk(first)).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });
});
