import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { sampleRecord } from './sample-records';

/**
 * Records carrying every field the record model gained with issue 19 §4 (the model contract):
 * a dataset and a service. Fixed data, used by the render tests and the JSON → ISO → JSON round trip.
 */
export const GROWN_DATASET: MetadataRecord = sampleRecord('rec-grown-dataset', {
  title: 'Batas Wilayah Administrasi Desa',
  abstract: 'Batas desa hasil delineasi kartometrik.',
  purpose: 'Acuan batas wilayah.',
  translations: {
    title: { eng: 'Village administrative boundaries' },
    abstract: { eng: 'Village boundaries from cartometric delineation.', ind: 'Batas desa hasil delineasi kartometrik.' },
    purpose: { eng: 'Boundary reference.' },
  },
  alternateTitles: ['Batas Desa', 'BATAS_DESA_50K'],
  edition: '2.1',
  resourceIdentifiers: [{ code: 'BIG-BATAS-DESA-2024', codeSpace: 'https://tanahair.indonesia.go.id' }, { code: 'batas-desa' }],
  parentIdentifier: 'rec-batas-wilayah-series',
  language: 'ind',
  hierarchyLevel: 'dataset',
  topicCategories: ['boundaries'],
  keywords: [{ type: 'theme', values: ['batas desa'] }],
  contacts: [
    { role: 'pointOfContact', organisationName: 'Badan Informasi Geospasial', email: 'info@big.go.id' },
    { role: 'originator', organisationName: 'Pusat Pemetaan Batas Wilayah', individualName: 'Sari Dewi', placement: 'citation' },
  ],
  metadataContacts: [{ role: 'pointOfContact', organisationName: 'Simpul Jaringan BIG', email: 'simpul@big.go.id' }],
  distributors: [{ role: 'distributor', organisationName: 'Ina-Geoportal', onlineResource: 'https://tanahair.indonesia.go.id/' }],
  dates: { creation: '2024-01-10', publication: '2024-02-01' },
  progressStatus: 'completed',
  spatialRepresentationType: 'vector',
  referenceSystem: 'EPSG:4326',
  additionalReferenceSystems: [{ code: '23830', codeSpace: 'EPSG' }, { code: 'SRGI2013' }],
  // the first scale and the first distance are spatialResolution (as before issue 19 §4), the rest further ones
  spatialResolution: { scaleDenominator: 50000, distance: 5, distanceUom: 'm' },
  additionalResolutions: [{ scaleDenominator: 25000 }],
  extent: {
    bbox: { west: 95, east: 141, south: -11, north: 6 },
    additionalBboxes: [{ west: 106.5, east: 107, south: -6.8, north: -6.1 }],
    vertical: { minimum: -100, maximum: 3800, crs: 'urn:ogc:def:crs:EPSG::5715' },
    temporal: { start: '2023-01-01', end: '2023-12-31' },
  },
  maintenanceFrequency: 'annually',
  distributions: [
    { protocol: 'OGC:WMS', url: 'https://example.big.go.id/wms', name: 'batas_desa', function: 'information', applicationProfile: 'INSPIRE View' },
    { protocol: 'WWW:DOWNLOAD-1.0-http--download', url: 'https://example.big.go.id/batas_desa.zip', function: 'download' },
  ],
  formats: ['Shapefile', 'GeoPackage'],
  formatVersions: [{ format: 'GeoPackage', version: '1.3' }],
  constraints: {
    useLimitation: 'Tidak untuk penegasan batas.',
    license: 'CC BY 4.0',
    legal: {
      accessConstraints: ['otherRestrictions'],
      useConstraints: ['license'],
      otherConstraints: [
        { text: 'No limitations to public access', uri: 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations' },
        { text: 'CC BY 4.0' },
      ],
    },
    classification: 'unclassified',
  },
  dataQuality: [{ element: 'DQ_CompletenessOmission', result: 'Lengkap', pass: true }],
  conformity: [
    { specification: 'COMMISSION REGULATION (EU) No 1089/2010', specificationAnchor: 'http://data.europa.eu/eli/reg/2010/1089',
      specificationDate: '2010-12-08', explanation: 'Lihat spesifikasi', pass: true },
    { specification: 'SNI 8202:2019', specificationDate: '2019-06-01', specificationDateType: 'revision', explanation: 'Belum dievaluasi' },
  ],
  lineage: 'Delineasi kartometrik dari citra tegak resolusi tinggi.',
  processSteps: ['Digitasi batas', 'Verifikasi lapangan'],
  sources: ['Citra satelit 2023'],
  associatedResources: [
    { associationType: 'largerWorkCitation', identifier: 'rec-batas-wilayah-series', title: 'Seri Batas Wilayah' },
    { associationType: 'crossReference', title: 'Peta RBI' },
  ],
  thumbnailUrl: 'https://example.big.go.id/batas_desa.png',
  additionalOverviews: [{ url: 'https://example.big.go.id/batas_desa_besar.png', description: 'Pratinjau besar' }],
});

export const GROWN_SERVICE: MetadataRecord = sampleRecord('rec-grown-service', {
  title: 'Layanan WMS Batas Desa',
  abstract: 'Layanan tampilan batas desa.',
  language: 'ind',
  hierarchyLevel: 'service',
  serviceType: 'view',
  serviceTypeVersions: ['1.3.0', '1.1.1'],
  couplingType: 'tight',
  operations: [
    { name: 'GetCapabilities', dcp: 'WebServices', url: 'https://example.big.go.id/wms?request=GetCapabilities' },
    { name: 'GetMap', dcp: 'WebServices', url: 'https://example.big.go.id/wms' },
  ],
  operatesOn: [
    { uuidref: 'rec-grown-dataset', href: 'https://example.big.go.id/csw?id=rec-grown-dataset', title: 'Batas Wilayah Administrasi Desa' },
    { uuidref: 'rec-lain' },
  ],
  contacts: [{ role: 'pointOfContact', organisationName: 'Badan Informasi Geospasial' }],
  extent: { bbox: { west: 95, east: 141, south: -11, north: 6 } },
  distributions: [{ protocol: 'OGC:WMS', url: 'https://example.big.go.id/wms' }],
});
