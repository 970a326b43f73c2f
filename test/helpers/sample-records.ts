import { SERVER_FIELDS, type MetadataDoc, type MetadataRecord, type RecordServerFields } from '../../libs/catalogue/record.types';

/**
 * A varied set of records for render, export, import and CSW tests: the minimal record
 * (title only), a record with every field, edge cases (antimeridian, no extent, open time
 * ranges, XML special characters, odd values the XSDs would reject if written naively),
 * imported-Dublin-Core-like and service records. Everything is fixed data: the same
 * record always renders to the same bytes.
 */

const SERVER_DEFAULTS: RecordServerFields = {
  id: 'rec-00000000',
  status: 'PUBLISHED',
  organisationId: 'org-big',
  ownerId: 'user-produsen-1',
  reviewerId: null,
  version: 1,
  createdAt: '2024-01-15T08:00:00.000Z',
  updatedAt: '2024-03-01T09:30:15.123Z',
  publishedAt: '2024-03-01T09:30:15.123Z',
};

/** A record from a document plus server fields (id required, the rest defaulted). */
export function sampleRecord(id: string, doc: MetadataDoc, server: Partial<RecordServerFields> = {}): MetadataRecord {
  return { ...doc, ...SERVER_DEFAULTS, ...server, id, fileIdentifier: id };
}

/** The document part of a record: what a client sends and an import gives back (server fields dropped). */
export function docOf(record: MetadataRecord): MetadataDoc {
  const doc: Record<string, unknown> = { ...record };
  for (const f of SERVER_FIELDS) delete doc[f];
  return doc as unknown as MetadataDoc;
}

export const MINIMAL = sampleRecord('rec-minimal', { title: 'Peta Minimal' }, { status: 'DRAFT', publishedAt: null });

export const FULL = sampleRecord('rec-full', {
  title: 'Peta Rupabumi Indonesia Skala 1:25.000 Lembar Bogor',
  abstract: 'Peta rupabumi digital yang memuat unsur hidrografi, hipsografi, transportasi dan batas administrasi.',
  purpose: 'Acuan dasar pemetaan tematik nasional.',
  language: 'ind',
  hierarchyLevel: 'dataset',
  topicCategories: ['boundaries', 'elevation', 'inlandWaters'],
  keywords: [
    { type: 'theme', thesaurus: 'GEMET', values: ['topografi', 'hidrografi'] },
    { type: 'place', values: ['Bogor', 'Jawa Barat'] },
    { type: 'temporal', values: ['2020'] },
  ],
  contacts: [
    {
      role: 'pointOfContact', organisationName: 'Badan Informasi Geospasial', individualName: 'Siti Rahmawati',
      positionName: 'Kepala Pusat Pemetaan Rupabumi', email: 'ppr@big.go.id', phone: '+62 21 8752062',
      address: 'Jl. Raya Jakarta-Bogor KM 46, Cibinong',
    },
    { role: 'originator', organisationName: 'Pusat Pemetaan Rupabumi dan Toponim' },
    { role: 'publisher', organisationName: 'Badan Informasi Geospasial', email: 'info@big.go.id' },
    { role: 'custodian', organisationName: 'Direktorat Jaringan Informasi Geospasial' },
  ],
  dates: { creation: '2019-06-01', publication: '2020-01-15', revision: '2021-11-30T10:15:00Z' },
  progressStatus: 'completed',
  spatialRepresentationType: 'vector',
  referenceSystem: 'EPSG:4326',
  spatialResolution: { scaleDenominator: 25000, distance: 12.5, distanceUom: 'm' },
  extent: { bbox: { west: 106.5, east: 107.0, south: -6.75, north: -6.5 }, temporal: { start: '2019-01-01', end: '2019-12-31' } },
  maintenanceFrequency: 'asNeeded',
  distributions: [
    { protocol: 'OGC:WMS', url: 'https://geoservices.big.go.id/rbi/wms?service=WMS&request=GetCapabilities', name: 'RBI25K_Bogor', description: 'Layanan peta WMS' },
    { protocol: 'WWW:DOWNLOAD-1.0-http--download', url: 'https://tanahair.indonesia.go.id/unduh/rbi25k-bogor.zip', name: 'rbi25k-bogor.zip' },
  ],
  formats: ['ESRI Shapefile', 'GeoPackage'],
  constraints: { classification: 'unclassified', useLimitation: 'Tidak untuk navigasi.', license: 'CC BY 4.0' },
  dataQuality: [
    { element: 'DQ_CompletenessOmission', evaluationMethod: 'directInternal', result: 'Semua unsur tercakup.', pass: true },
    { element: 'DQ_AbsoluteExternalPositionalAccuracy', evaluationMethod: 'directExternal', result: 'CE90 = 5 m', pass: false },
  ],
  lineage: 'Dihasilkan dari foto udara tahun 2018 dan survei lapangan 2019.',
  thumbnailUrl: 'https://tanahair.indonesia.go.id/thumb/rbi25k-bogor.png',
  resourceType: 'http://purl.org/dc/dcmitype/Dataset',
  spatialCoverage: ['Kabupaten Bogor', 'ID-JB'],
  relations: ['rec-rbi-50k-bogor', 'https://doi.org/10.1234/rbi.2020'],
  sources: ['Foto udara BIG 2018', 'Survei lapangan 2019'],
}, { version: 7 });

export const ANTIMERIDIAN = sampleRecord('rec-antimeridian', {
  title: 'Batimetri Pasifik melintasi antimeridian',
  abstract: 'Kotak batas dengan barat > timur.',
  hierarchyLevel: 'dataset',
  extent: { bbox: { west: 170.25, east: -170.5, south: -20, north: -10.125 } },
}, { updatedAt: '2023-12-31T23:59:59Z' });

export const SPECIAL_CHARS = sampleRecord('rec-special-chars', {
  title: 'Sungai & Danau <Kalimantan> "Barat" \'2024\' — ñ ü 日本 🌏',
  abstract: 'Isi: a < b && c > d; tanda kutip "ganda" dan \'tunggal\'; ]]> bukan CDATA; <![CDATA[x]]>; &amp; tetap teks.',
  language: 'ind',
  keywords: [{ type: 'theme', thesaurus: 'Tesaurus "BIG" & <Mitra>', values: ['air & sungai', '<danau>', 'Ölçek'] }],
  contacts: [{ role: 'author', organisationName: 'Dinas PU & Tata Ruang <Kalbar>', individualName: 'Dr. O\'Neil "Ucok"', email: 'a&b@pu.go.id' }],
  distributions: [{ protocol: 'WWW:LINK', url: 'https://example.go.id/data?a=1&b=<2>&c="3"', name: 'Tautan & "unduh"', description: '<b>HTML</b> bukan markup' }],
  formats: ['CSV & "XLSX"'],
  constraints: { useLimitation: 'Gunakan dengan bijak <selalu> & "hati-hati"', license: 'Lisensi "Terbuka" & <bebas>' },
  lineage: 'Baris 1\nBaris 2\tdengan tab & kontrol\u0007 dibuang',
  spatialCoverage: ['Kalimantan Barat & sekitarnya'],
  relations: ['urn:x:rel?a=1&b=2'],
  sources: ['Sumber <A> & "B"'],
  extent: { bbox: { west: 108.5, east: 114.25, south: -3.1, north: 2.1 } },
});

export const DUBLIN_CORE_IMPORT = sampleRecord('rec-dc-import', {
  title: 'Citra Satelit Sentinel-2 Mosaik Jawa',
  abstract: 'Rekaman diimpor dari csw:Record.',
  resourceType: 'http://purl.org/dc/dcmitype/Image',
  spatialCoverage: ['Pulau Jawa', 'ID-JW'],
  relations: ['urn:uuid:6a3f8c5e-0000-4000-8000-000000000001'],
  sources: ['Copernicus Sentinel-2 L2A'],
  formats: ['image/tiff'],
  keywords: [{ type: 'theme', values: ['citra', 'mosaik'] }],
  dates: { publication: '2022' },
  extent: { bbox: { west: 105.1, east: 114.6, south: -8.8, north: -5.9 } },
});

export const SERVICE = sampleRecord('rec-service-wms', {
  title: 'Layanan WMS Batas Wilayah Administrasi',
  abstract: 'Layanan peta batas provinsi, kabupaten dan kecamatan.',
  language: 'ind',
  hierarchyLevel: 'service',
  topicCategories: ['boundaries'],
  keywords: [{ type: 'theme', values: ['batas administrasi'] }],
  contacts: [{ role: 'distributor', organisationName: 'Kementerian Dalam Negeri', email: 'data@kemendagri.go.id' }],
  distributions: [
    { protocol: 'OGC:WMS', url: 'https://geo.kemendagri.go.id/wms', name: 'batas_wilayah', description: 'WMS 1.3.0' },
    { protocol: 'OGC:WFS', url: 'https://geo.kemendagri.go.id/wfs', name: 'batas_wilayah' },
  ],
  extent: { bbox: { west: 95, east: 141, south: -11, north: 6 } },
  dates: { revision: '2024-02-29' },
  spatialRepresentationType: 'vector',
});

export const NO_EXTENT = sampleRecord('rec-no-extent', {
  title: 'Statistik Kependudukan Tanpa Cakupan',
  abstract: 'Tabel tanpa cakupan spasial maupun waktu.',
  hierarchyLevel: 'nonGeographicDataset',
  contacts: [{ role: 'owner', organisationName: 'Badan Pusat Statistik' }],
  formats: ['CSV'],
  dataQuality: [{ element: 'DQ_DomainConsistency', pass: true }],
});

export const OPEN_TIME = sampleRecord('rec-open-time', {
  title: 'Pemantauan Muka Air Laut (berjalan)',
  hierarchyLevel: 'series',
  extent: { temporal: { start: '2015-07-01T00:00:00+07:00' } },
  spatialResolution: { distance: 0.00025, distanceUom: 'deg' },
  maintenanceFrequency: 'continual',
});

/** Values the XSDs reject unless the builder handles them: each must still render valid XML. */
export const ODD_VALUES = sampleRecord('rec-odd-values', {
  title: '  Nilai janggal  ',
  abstract: '   ',
  language: 'eng',
  topicCategories: ['extraTerrestrial', 'disaster', 'oceans'],
  keywords: [{ type: 'theme', values: ['', '  '] }, { type: '', values: ['tanpa jenis'] }],
  contacts: [{ role: '', organisationName: 'Tanpa Peran' }],
  dates: { creation: 'bukan tanggal', publication: '2020-05', revision: '2021-03-04T05:06' },
  referenceSystem: 'urn:ogc:def:crs:EPSG::23830',
  spatialResolution: { scaleDenominator: 0.4, distance: 1e-7 },
  extent: { bbox: { west: 1e-7, east: 1.5, south: -0, north: 2 }, temporal: { end: '2030-01-01' } },
  distributions: [{ protocol: 'WWW:LINK', url: '   ' }, { protocol: '', url: 'https://example.org/x' }],
  dataQuality: [
    { element: 'DQ_UsabilityElement', result: 'Layak', pass: true },
    { element: 'DQ_NonQuantitativeAttributeCorrectness', evaluationMethod: 'indirect' },
    { element: '' },
  ],
  formats: ['', 'GeoJSON'],
  constraints: { classification: 'restricted' },
  relations: [''],
});

export const EMPTY_LISTS = sampleRecord('rec-empty-lists', {
  title: 'Daftar Kosong',
  topicCategories: [], keywords: [], contacts: [], distributions: [], formats: [], dataQuality: [],
  spatialCoverage: [], relations: [], sources: [], dates: {}, extent: {}, constraints: {},
});

export const SAMPLE_RECORDS: readonly MetadataRecord[] = [
  MINIMAL, FULL, ANTIMERIDIAN, SPECIAL_CHARS, DUBLIN_CORE_IMPORT, SERVICE, NO_EXTENT, OPEN_TIME, ODD_VALUES, EMPTY_LISTS,
];

const ROLES = ['pointOfContact', 'originator', 'publisher', 'custodian', 'author', 'distributor', 'owner'];
const TOPICS = ['boundaries', 'elevation', 'inlandWaters', 'environment', 'transportation', 'society', 'oceans'];
const LEVELS = ['dataset', 'series', 'service', 'dataset'];
const PROTOCOLS = ['OGC:WMS', 'OGC:WFS', 'WWW:LINK', 'WWW:DOWNLOAD-1.0-http--download'];

/**
 * The i-th record of a deterministic synthetic catalogue (benchmarks, load tests): full-ish
 * records of realistic size whose fields vary with i, so every code path runs.
 */
export function generateRecord(i: number): MetadataRecord {
  const pick = <T>(xs: readonly T[], k: number): T => xs[(i + k) % xs.length] as T;
  const west = ((i * 7.3) % 340) - 170;
  const south = ((i * 3.1) % 160) - 80;
  const n = String(i).padStart(6, '0');
  return sampleRecord(`gen-${n}`, {
    title: `Data Geospasial Sintetis ${n} & Lembar ${i % 97}`,
    abstract: `Rekaman sintetis nomor ${i} untuk uji beban: unsur hidrografi, transportasi dan <batas> wilayah.`.repeat(1 + (i % 3)),
    purpose: i % 2 ? 'Uji kinerja render.' : undefined,
    language: i % 5 ? 'ind' : 'eng',
    hierarchyLevel: pick(LEVELS, 0),
    topicCategories: [pick(TOPICS, 0), pick(TOPICS, 3)],
    keywords: [
      { type: 'theme', thesaurus: 'GEMET', values: [`tema-${i % 11}`, `tema-${i % 13}`, 'geospasial'] },
      { type: 'place', values: [`Provinsi ${i % 34}`] },
    ],
    contacts: [
      { role: pick(ROLES, 0), organisationName: `Instansi ${i % 50}`, individualName: `Petugas ${i % 7}`, email: `p${i % 7}@instansi${i % 50}.go.id` },
      { role: pick(ROLES, 2), organisationName: 'Badan Informasi Geospasial', phone: '+62 21 8752062' },
    ],
    dates: { creation: `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`, publication: `20${11 + (i % 13)}-06-01` },
    progressStatus: i % 4 ? 'completed' : 'onGoing',
    spatialRepresentationType: i % 3 ? 'vector' : 'grid',
    referenceSystem: 'EPSG:4326',
    spatialResolution: { scaleDenominator: [1000, 5000, 25000, 50000][i % 4] },
    extent: {
      bbox: { west, east: west + 1 + (i % 9), south, north: south + 1 + (i % 7) },
      temporal: i % 3 ? { start: '2019-01-01', end: '2020-12-31' } : { start: '2021-01-01' },
    },
    maintenanceFrequency: 'annually',
    distributions: [
      { protocol: pick(PROTOCOLS, 0), url: `https://geo.example.go.id/svc/${n}?service=WMS&request=GetCapabilities`, name: `lapisan_${n}` },
      { protocol: pick(PROTOCOLS, 1), url: `https://data.example.go.id/unduh/${n}.zip`, name: `${n}.zip`, description: 'Unduhan' },
    ],
    formats: ['GeoPackage', i % 2 ? 'GeoTIFF' : 'ESRI Shapefile'],
    constraints: { classification: 'unclassified', useLimitation: 'Bukan untuk navigasi.', license: 'CC BY 4.0' },
    dataQuality: [{ element: 'DQ_CompletenessOmission', evaluationMethod: 'directInternal', result: 'Lengkap.', pass: i % 5 !== 0 }],
    lineage: `Diturunkan dari survei ${2000 + (i % 24)}.`,
    thumbnailUrl: `https://geo.example.go.id/thumb/${n}.png`,
    spatialCoverage: i % 4 === 0 ? [`Wilayah ${i % 34}`] : undefined,
    relations: i % 6 === 0 ? [`gen-${String(i + 1).padStart(6, '0')}`] : undefined,
    sources: i % 5 === 0 ? ['Foto udara'] : undefined,
  }, { version: 1 + (i % 4), updatedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString() });
}
