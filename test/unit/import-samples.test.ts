import * as fs from 'fs';
import * as path from 'path';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import { importMetadataXml, type ImportResult } from '../../libs/import';
import { CSW_SUITES_DIR as SUITES } from '../helpers/test-data';

/**
 * Every sample record of the CSW test suites imports, and the values the CSW queries depend on
 * (identifiers, titles, boxes and their axis order, dates, codes) come out right.
 */

function sampleFiles(): { suite: string; file: string; full: string }[] {
  return fs.readdirSync(SUITES).flatMap((suite) => {
    const dir = path.join(SUITES, suite, 'data');
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((file) => ({ suite, file, full: path.join(dir, file) }));
  });
}

const files = sampleFiles();
// imported once; a failure is kept and rethrown by the tests that need that record
const results = new Map<string, ImportResult | unknown>();
beforeAll(() => {
  for (const f of files) {
    try {
      results.set(`${f.suite}/${f.file}`, importMetadataXml(fs.readFileSync(f.full, 'utf8')));
    } catch (e) {
      results.set(`${f.suite}/${f.file}`, e);
    }
  }
});
const get = (key: string): ImportResult => {
  const r = results.get(key);
  if (!r) throw new Error(`sample ${key} not found`);
  if (r instanceof Error || !(typeof r === 'object' && 'doc' in r)) throw r;
  return r as ImportResult;
};

describe('every CSW suite sample record', () => {
  // the apiso folder holds 16 records plus pycsw's test.xml: 17 files
  it('finds the 12 CITE, 17 apiso and 4 ISO 19115-3 suite records', () => {
    const count = (suite: string): number => files.filter((f) => f.suite === suite).length;
    expect([count('cite'), count('apiso'), count('iso19115p3')]).toEqual([12, 17, 4]);
  });

  it.each(files.map((f) => [`${f.suite}/${f.file}`]))('%s imports into a schema-valid document', (key) => {
    const r = get(key);
    expect((r.doc.title ?? '').trim() !== '' || r.warnings.some((w) => w.includes('tanpa judul'))).toBe(true);
    expect(r.doc.fileIdentifier).toBeTruthy();
    expect(validateMetadataDoc(r.doc)).toEqual({ ok: true, doc: r.doc });
  });

  it('detects the format of each by its root', () => {
    const formats = Object.fromEntries(files.map((f) => `${f.suite}/${f.file}`).map((k) => [k, get(k).sourceFormat]));
    for (const [k, f] of Object.entries(formats)) {
      if (k.startsWith('cite/')) expect(f).toBe('csw-record');
    }
    expect(formats['apiso/pacioos-NS06agg.xml']).toBe('gmi');
    expect(formats['apiso/test.xml']).toBe('gmd');
    expect(formats['iso19115p3/auscope-iso19139-geoprovinces.xml']).toBe('gmd');
    expect(formats['iso19115p3/auscope-3d-model.xml']).toBe('mdb2018');
    expect(formats['iso19115p3/metawal.wallonie.be-srv.xml']).toBe('mdb2018');
  });
});

describe('CITE Dublin Core records', () => {
  it('reads an EPSG:4326 URN box as latitude longitude', () => {
    const { doc } = get('cite/Record_9a669547-b69b-469f-a11f-2d875366bbdc.xml');
    expect(doc.fileIdentifier).toBe('urn:uuid:9a669547-b69b-469f-a11f-2d875366bbdc');
    expect(doc.title).toBe('Ñunç elementum');
    expect(doc.extent?.bbox).toEqual({ west: -6.171, south: 44.792, east: -2.228, north: 51.126 });
    expect(doc.dates).toEqual({ publication: '2005-10-24' });
    expect(doc.resourceType).toBe('http://purl.org/dc/dcmitype/Dataset');
    expect(doc.hierarchyLevel).toBe('dataset');
    expect(doc.keywords).toEqual([{ type: 'theme', thesaurus: 'http://www.digest.org/2.1', values: ['Hydrography-Oceanographic'] }]);
  });

  it('reads the other two boxes the same way', () => {
    expect(get('cite/Record_1ef30a8b-876d-4828-9246-c37ab4510bbd.xml').doc.extent?.bbox)
      .toEqual({ west: 13.754, south: 60.042, east: 17.92, north: 68.41 });
    expect(get('cite/Record_94bc9c83-97f6-4b40-9eb8-a8e8787a5c63.xml').doc.extent?.bbox)
      .toEqual({ west: -4.097, south: 47.595, east: 0.889, north: 51.217 });
  });

  it('keeps no title, with a warning, when dc:title is missing (issue 19: the identifier is not a title)', () => {
    for (const id of ['1ef30a8b-876d-4828-9246-c37ab4510bbd', '88247b56-4cbc-4df9-9860-db3f8042e357', 'ab42a8c4-95e8-4630-bf79-33e59241605a']) {
      const r = get(`cite/Record_${id}.xml`);
      expect(r.doc.title).toBeUndefined();
      expect(r.doc.fileIdentifier).toBe(`urn:uuid:${id}`);
      expect(r.warnings.join(' ')).toMatch(/dc:title/);
    }
  });

  it('maps type, format, spatial, subject, relation, abstract and dates', () => {
    const a = get('cite/Record_19887a8a-f6b0-4a63-ae56-7fba0e17801f.xml').doc;
    expect(a).toMatchObject({
      title: 'Lorem ipsum', resourceType: 'http://purl.org/dc/dcmitype/Image', formats: ['image/svg+xml'],
      spatialCoverage: ['GR-22'], keywords: [{ type: 'theme', values: ['Tourism--Greece'] }],
      abstract: 'Quisque lacus diam, placerat mollis, pharetra in, commodo sed, augue. Duis iaculis arcu vel arcu.',
    });
    expect(a.hierarchyLevel).toBeUndefined();
    expect(get('cite/Record_6a3de50b-fa66-4b58-a0e6-ca146fdd18d4.xml').doc).toMatchObject({
      hierarchyLevel: 'service', resourceType: 'http://purl.org/dc/dcmitype/Service',
      relations: ['urn:uuid:94bc9c83-97f6-4b40-9eb8-a8e8787a5c63'],
    });
    expect(get('cite/Record_784e2afd-a9fd-44a6-9a92-a3848371c8ec.xml').doc).toMatchObject({
      dates: { publication: '2006-05-12' }, formats: ['application/pdf'], resourceType: 'http://purl.org/dc/dcmitype/Text',
    });
    expect(get('cite/Record_e9330592-0932-474b-be34-c3a3bb67c7db.xml').doc.title).toBe('Fuscé vitae ligulä');
  });
});

describe('apiso ISO 19139 records', () => {
  it('maps a Greek INSPIRE dataset record', () => {
    const r = get('apiso/T_aerfo_RAS_1991_GR800P001800000012.xml');
    expect(r.warnings).toEqual([]);
    expect(r.doc).toEqual({
      fileIdentifier: '366f6257-19eb-4f20-ba78-0698ac4aae77',
      title: 'Aerial Photos',
      abstract: 'Aerial Photos',
      language: 'eng',
      hierarchyLevel: 'dataset',
      topicCategories: ['geoscientificInformation'],
      keywords: [{ type: 'theme', thesaurus: 'GEMET - INSPIRE themes, version 1.0', values: ['Orthoimagery'] }],
      contacts: [{ role: 'owner', organisationName: 'YPAAT', email: 'ypaat@ypaat.gr' }],
      dates: { creation: '2009-10-09' },
      extent: { bbox: { west: 20, east: 24, south: 38, north: 40 }, temporal: { start: '2009-10-09', end: '2009-10-09' } },
      distributions: [{ protocol: 'WWW:LINK', url: 'http://www.ypaat.gr' }],
      constraints: {
        useLimitation: 'no conditions apply', license: 'no limitations',
        legal: { accessConstraints: ['otherRestrictions'], otherConstraints: [{ text: 'no limitations' }] },
      },
      // issue 19 §4: the INSPIRE conformity report moved from dataQuality to conformity
      conformity: [{
        specification: 'INSPIRE', specificationDate: '2008-05-15', specificationDateType: 'publication',
        explanation: 'See the referenced specification', pass: true,
      }],
      lineage: 'test',
      metadataContacts: [{ role: 'pointOfContact', organisationName: 'YPAAT', email: 'ypaat@ypaat.gr' }],
      resourceIdentifiers: [{ code: '366f6257-19eb-4f20-ba78-0698ac4aae77' }, { code: 'T_aerfo_RAS_1991_GR800P001800000012.tif' }],
    });
  });

  it('keeps every resource contact and the scale of the ortho and DTM records', () => {
    expect(get('apiso/test.xml').doc.contacts).toEqual([
      { role: 'owner', organisationName: 'YPAAT', email: 'ypaat@ypaat.gr' },
      { role: 'user', organisationName: 'NTUA', email: 'tzotsos@hotmail.com' },
    ]);
    expect(get('apiso/test.xml').doc.extent?.bbox).toEqual({ west: 20, east: 38, south: 24, north: 40 });
    expect(get('apiso/T_ortho_RAS_1998_284404.xml').doc.spatialResolution).toEqual({ scaleDenominator: 5000 });
    expect(get('apiso/T_pmoed_DTM_1996_276395.xml').doc.topicCategories).toEqual(['elevation']);
  });

  it('maps the service record', () => {
    const { doc } = get('apiso/3e9a8c05.xml');
    expect(doc).toMatchObject({
      fileIdentifier: '3e9a8c05', title: 'test Title', hierarchyLevel: 'service',
      extent: { bbox: { west: 19.37, east: 29.61, south: 34.8, north: 41.75 }, temporal: { start: '2011-04-18', end: '2011-04-20' } },
      distributions: [{ protocol: 'WWW:LINK', url: 'http://aiolos.survey.ntua.gr/geoserver/wms' }],
    });
    expect(doc.keywords).toEqual([
      { type: 'theme', values: ['Geographic viewer (humanGeographicViewer)'] },
      { type: 'theme', thesaurus: 'GEMET Themes, version 2.3', values: ['administration'] },
    ]);
  });

  it('maps the NOAA gmi:MI_Metadata record (first identificationInfo, GML 3.2, dataCenter keywords)', () => {
    const r = get('apiso/pacioos-NS06agg.xml');
    expect(r.doc).toMatchObject({
      fileIdentifier: 'NS06agg', title: 'PacIOOS Nearshore Sensor 06: Pohnpei, Micronesia', hierarchyLevel: 'dataset',
      dates: { creation: '2011-04-12', revision: '2014-03-18' },
      extent: { temporal: { start: '2010-05-07T00:00:00Z', end: '2014-03-17T23:56:00Z' } },
      thumbnailUrl: 'http://pacioos.org/metadata/browse/NS06agg.png', formats: ['OPeNDAP'],
      topicCategories: ['climatologyMeteorologyAtmosphere'],
    });
    expect(r.doc.extent?.bbox).toEqual({ west: 158.22402954101562, east: 158.22402954101562, south: 6.955227375030518, north: 6.955227375030518 });
    expect(r.doc.keywords?.map((k) => k.type)).toContain('dataCentre');
    expect(r.doc.contacts?.[1]).toEqual({ role: 'distributor', organisationName: '', individualName: 'Jim Potemra', placement: 'citation' });
    expect(r.warnings.join(' ')).toMatch(/identificationInfo/);
  });
});

describe('ISO 19115-3 suite records', () => {
  it('maps the GeoNetwork ISO 19139 record (EPSG code, legacy WMS protocol kept, zone-less date-time)', () => {
    const { doc, warnings } = get('iso19115p3/auscope-iso19139-geoprovinces.xml');
    expect(doc).toMatchObject({
      fileIdentifier: '09a7c1d4c97ccdd7e34306deb91320ab95d51bb8', title: 'ProvinceFullExtent', referenceSystem: 'EPSG:4283',
      progressStatus: 'completed', dates: { revision: '2018-02-08' }, language: 'eng',
    });
    expect(doc.abstract).toBeUndefined();
    expect(doc.distributions?.map((d) => d.protocol)).toEqual(['OGC:WMS-1.1.1-http-get-map', 'WWW:LINK']);
    expect(warnings.join(' ')).toMatch(/image\/png/);
  });

  it('maps an mdb 2.0 record with CI_Responsibility parties and 2014 role codes', () => {
    const { doc } = get('iso19115p3/auscope-3d-model.xml');
    expect(doc.fileIdentifier).toBe('5ebc3cb7-a3b5-4760-a8ff-851d5d5beb32');
    expect(doc.language).toBe('eng');
    expect(doc.extent?.bbox).toEqual({ west: 143, east: 144, south: -39.4, north: -38.4 });
    expect(doc.contacts?.map((c) => c.role)).toEqual(['funder', 'publisher', 'author', 'coAuthor', 'collaborator', 'contributor']);
    expect(doc.contacts?.[1]).toEqual({
      role: 'publisher', organisationName: 'Earth Resources Victoria', email: 'customer.service@ecodev.vic.gov.au',
      phone: '1300 366 356', address: 'GPO Box 2392, Melbourne, Victoria, 3001, Australia', placement: 'citation',
    });
    expect(doc.contacts?.[2]).toEqual({ role: 'author', organisationName: '', individualName: 'P.B. SKLADZIEN', placement: 'citation' });
    expect(doc.constraints).toEqual({
      classification: 'unclassified', useLimitation: 'https://creativecommons.org/licenses/by/4.0/',
      legal: { accessConstraints: ['license'], useConstraints: ['license'] },
    });
    expect(doc.keywords).toEqual([
      { type: 'place', values: ['Victoria', 'Otway Basin', 'Torquay Basin'] },
      { type: 'theme', values: ['3D Geological Models'] },
    ]);
  });

  it('maps the Walloon series record (French, Anchors, formats, ESRI REST, scale, thumbnail)', () => {
    const { doc } = get('iso19115p3/metawal.wallonie.be-catchments.xml');
    expect(doc).toMatchObject({
      fileIdentifier: '74f81503-8d39-4ec8-a49a-c76e0cd74946', title: 'Protection des captages - Série', language: 'fra',
      hierarchyLevel: 'series', referenceSystem: 'EPSG:31370', spatialRepresentationType: 'vector',
      spatialResolution: { scaleDenominator: 10000 }, topicCategories: ['geoscientificInformation', 'inlandWaters'],
      formats: ['ESRI Shapefile (.shp)', 'ESRI File Geodatabase (.fgdb)'],
      extent: { bbox: { west: 2.75, east: 6.5, south: 49.45, north: 50.85 } },
      dates: { creation: '2000-01-01', revision: '2023-07-31', publication: '2022-11-08' },
      relations: ['0f8ad59d-d3e5-4144-acd2-9153d0adce74'],
      thumbnailUrl: 'https://metawal.wallonie.be/geonetwork/srv/api/records/74f81503-8d39-4ec8-a49a-c76e0cd74946/attachments/PROTECT_CAPT.png',
    });
    expect(doc.distributions?.map((d) => d.protocol)).toEqual(['WWW:LINK', 'WWW:LINK', 'ESRI:REST', 'OGC:WMS', 'WWW:LINK']);
    expect(doc.keywords?.find((k) => k.thesaurus === 'GEMET themes')?.values).toEqual(['eau', 'politique environnementale']);
    expect(doc.constraints?.license).toContain("Les conditions générales d'accès s’appliquent.");
    expect(doc.lineage).toMatch(/^Pour les zones arrêtées/);
  });

  it('maps the Walloon service record (srv 2.1, several CRS, data quality)', () => {
    const { doc, warnings } = get('iso19115p3/metawal.wallonie.be-srv.xml');
    expect(doc).toMatchObject({ fileIdentifier: '1714cd1e-6685-4dea-a6f4-b51612a15ed0', hierarchyLevel: 'service', referenceSystem: 'EPSG:31370' });
    // issue 19 §4: the conformity reports moved from dataQuality to conformity; the further
    // reference systems are kept as written instead of dropped with a warning
    expect(doc.dataQuality).toBeUndefined();
    expect(doc.conformity?.map((c) => ({ ...c, specification: c.specification.slice(0, 30) }))).toEqual([
      {
        specification: 'Règlement (CE) n o 976/2009 de', specificationAnchor: 'http://data.europa.eu/eli/reg/2009/976',
        specificationDate: '2009-10-19', specificationDateType: 'publication', explanation: 'Voir la spécification référencée', pass: true,
      },
      {
        specification: 'RÈGLEMENT (UE) N o 1089/2010 D', specificationAnchor: 'http://data.europa.eu/eli/reg/2010/1089',
        specificationDate: '2010-12-08', specificationDateType: 'publication', explanation: 'Voir la spécification référencée', pass: true,
      },
    ]);
    expect(doc.relations).toHaveLength(11);
    expect(doc.operatesOn).toHaveLength(11);
    expect(doc.additionalReferenceSystems).toHaveLength(5);
    expect(warnings.filter((w) => /Sistem referensi/.test(w))).toEqual([]);
  });
});
