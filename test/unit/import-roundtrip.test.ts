import type { MetadataDoc, MetadataRecord } from '../../libs/catalogue/record.types';
import { importMetadataXml } from '../../libs/import';
import { buildGmd } from '../../libs/render/gmd-builder';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import {
  ANTIMERIDIAN, DUBLIN_CORE_IMPORT, FULL, MINIMAL, NO_EXTENT, OPEN_TIME, SAMPLE_RECORDS, SERVICE, SPECIAL_CHARS, docOf, generateRecord, sampleRecord,
} from '../helpers/sample-records';
import { withoutRenderDerived } from '../helpers/render-derived';

/** JSON → ISO 19139 (our gmd builder) → JSON gives back the same document, field for field. */

function roundTrip(record: MetadataRecord): { doc: MetadataDoc; warnings: string[] } {
  const r = importMetadataXml(buildGmd(record));
  expect(r.sourceFormat).toBe('gmd');
  return { ...r, doc: withoutRenderDerived(r.doc, record) };
}

/** Every field of MetadataDoc set, every nested field too, with values the 19139 form can carry. */
const EVERY_FIELD = sampleRecord('rec-every-field', {
  title: 'Peta Tutupan Lahan Provinsi Riau 2022',
  abstract: 'Klasifikasi tutupan lahan dari citra Landsat 8.\nDua paragraf.',
  purpose: 'Pemantauan deforestasi.',
  language: 'ind',
  hierarchyLevel: 'dataset',
  topicCategories: ['imageryBaseMapsEarthCover', 'environment'],
  keywords: [
    // anchors (issue 20 §5): the thesaurus title and a value as gmx:Anchor, the other value plain text
    {
      type: 'theme', thesaurus: 'GEMET - INSPIRE themes, version 1.0', thesaurusAnchor: 'http://www.eionet.europa.eu/gemet/inspire_themes',
      values: ['Tutupan lahan', 'Hutan'], anchors: [{ value: 'Tutupan lahan', uri: 'http://inspire.ec.europa.eu/theme/lc' }],
    },
    { type: 'place', values: ['Riau'] },
    { type: 'dataCentre', values: ['KLHK'] },
  ],
  contacts: [
    { role: 'originator', organisationName: 'KLHK', individualName: 'Budi', positionName: 'Analis GIS', email: 'budi@menlhk.go.id', phone: '+62 21 570', address: 'Gedung Manggala Wanabakti, Jakarta', onlineResource: 'https://www.menlhk.go.id/' },
    { role: 'pointOfContact', organisationName: 'Dinas LHK Riau' },
    { role: 'rightsHolder', organisationName: '', individualName: 'Perorangan Tanpa Organisasi' },
  ],
  dates: { creation: '2022-01-10', publication: '2022-06', revision: '2023-02-01T08:30:00+07:00' },
  progressStatus: 'onGoing',
  spatialRepresentationType: 'grid',
  referenceSystem: 'EPSG:32647',
  spatialResolution: { scaleDenominator: 250000, distance: 30, distanceUom: 'm' },
  extent: { bbox: { west: 100.0, east: 104.5, south: -1.25, north: 2.875 }, temporal: { start: '2022-01-01', end: '2022-12-31T23:59:59Z' } },
  maintenanceFrequency: 'annually',
  distributions: [
    { protocol: 'OGC:WMS', url: 'https://sigap.menlhk.go.id/wms?service=WMS', name: 'tutupan_lahan_2022', description: 'Layanan WMS' },
    { protocol: 'WWW:DOWNLOAD-1.0-http--download', url: 'https://sigap.menlhk.go.id/unduh/tl2022.zip' },
    { protocol: 'ESRI:REST', url: 'https://sigap.menlhk.go.id/arcgis/rest/services/TL/MapServer', name: 'rest' },
  ],
  formats: ['GeoTIFF', 'ESRI Shapefile'],
  constraints: { classification: 'restricted', useLimitation: 'Hanya untuk perencanaan.', license: 'CC BY-NC 4.0' },
  dataQuality: [
    { element: 'DQ_ThematicClassificationCorrectness', evaluationMethod: 'directExternal', result: 'Akurasi keseluruhan 87%', pass: true },
    { element: 'DQ_UsabilityElement', evaluationMethod: 'indirect', result: 'Layak untuk skala 1:250.000', pass: true },
    { element: 'DQ_NonQuantitativeAttributeCorrectness', pass: false },
  ],
  lineage: 'Klasifikasi terbimbing citra Landsat 8 OLI tahun 2022.',
  thumbnailUrl: 'https://sigap.menlhk.go.id/thumb/tl2022.png',
  resourceType: 'http://purl.org/dc/dcmitype/Dataset',
  spatialCoverage: ['ID-RI', 'Provinsi Riau'],
  relations: ['rec-tutupan-lahan-2021', 'urn:uuid:7d1c3a9e-0000-4000-8000-000000000002'],
  sources: ['Landsat 8 OLI/TIRS C2 L2', 'Survei lapangan 2022'],
});

describe('JSON → gmd → JSON', () => {
  it('keeps every field of a record that sets every field', () => {
    const keys = Object.keys(docOf(EVERY_FIELD)).sort();
    // guard: the fixture really covers every MetadataDoc field (update it when the model grows)
    expect(keys).toEqual([
      'abstract', 'constraints', 'contacts', 'dataQuality', 'dates', 'distributions', 'extent', 'fileIdentifier', 'formats', 'hierarchyLevel',
      'keywords', 'language', 'lineage', 'maintenanceFrequency', 'progressStatus', 'purpose', 'referenceSystem', 'relations', 'resourceType',
      'sources', 'spatialCoverage', 'spatialRepresentationType', 'spatialResolution', 'thumbnailUrl', 'title', 'topicCategories',
    ]);
    const { doc, warnings } = roundTrip(EVERY_FIELD);
    expect(doc).toEqual(docOf(EVERY_FIELD));
    expect(warnings).toEqual([]);
  });

  it.each([
    ['FULL', FULL], ['MINIMAL', MINIMAL], ['ANTIMERIDIAN', ANTIMERIDIAN], ['DUBLIN_CORE_IMPORT', DUBLIN_CORE_IMPORT],
    ['NO_EXTENT', NO_EXTENT], ['OPEN_TIME', OPEN_TIME],
  ] as const)('keeps the shared sample record %s', (_name, record) => {
    expect(roundTrip(record).doc).toEqual(docOf(record));
  });

  it('keeps the shared sample record SERVICE, but for what srv:SV_ServiceIdentification cannot hold', () => {
    // ISO 19139 gives a service no topic categories, spatial representation or resolution (issue 19 §4:
    // a service is SV_ServiceIdentification); its 19115-3 form keeps them (import-roundtrip-mdb.test.ts)
    const { topicCategories, spatialRepresentationType, spatialResolution, ...kept } = docOf(SERVICE);
    expect([topicCategories, spatialRepresentationType, spatialResolution]).toEqual([['boundaries'], 'vector', undefined]);
    expect(roundTrip(SERVICE).doc).toEqual(kept);
  });

  it('imports the gmd of every shared sample record, odd values included, into a valid document', () => {
    for (const record of [...SAMPLE_RECORDS, generateRecord(1), generateRecord(42)]) {
      const { doc } = roundTrip(record);
      expect(doc.fileIdentifier).toBe(record.id);
      expect(validateMetadataDoc(doc).ok).toBe(true);
    }
  });

  it('keeps XML special characters (the builder only drops characters XML 1.0 cannot hold)', () => {
    // the shared record's link is not a URL our schema accepts (raw <, >, "): the import percent-encodes it
    const record = { ...SPECIAL_CHARS, abstract: SPECIAL_CHARS.abstract?.replace('&amp;', '&') };
    const expected = docOf(record);
    expected.lineage = expected.lineage?.replace(/\u0007/g, '');
    expected.distributions = [{ ...expected.distributions![0]!, url: 'https://example.go.id/data?a=1&b=%3C2%3E&c=%223%22' }];
    expect(roundTrip(record).doc).toEqual(expected);
  });

  // xmlbuilder2's txt() leaves an "&" that already starts an entity reference unescaped;
  // buildGmd escapes every "&" itself, so literal entity text survives the round trip.
  it('keeps text that contains a literal entity reference', () => {
    const record = sampleRecord('rec-entity-text', { title: 'Judul', abstract: 'ditulis &amp; atau &lt;b&gt;' });
    expect(roundTrip(record).doc.abstract).toBe('ditulis &amp; atau &lt;b&gt;');
  });
});
