import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import { importMetadataXml, type ImportResult } from '../../libs/import';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/**
 * Issue 19 §4: the import maps the grown record model — checked on real records of the ISO corpus
 * (test/data/iso-corpus) that carry each element, in ISO 19139 and ISO 19115-3, and on small
 * documents for what no corpus record has. Every mapped JSON of the corpus passes the validator.
 */
const DIRS = ['iso19139', 'iso19115-2', 'iso19115-3'];
const FILES = DIRS.flatMap((d) => readdirSync(path.join(ISO_CORPUS_DIR, d)).filter((f) => f.endsWith('.xml')).sort().map((f) => `${d}/${f}`));
const cache = new Map<string, ImportResult>();
const get = (file: string): ImportResult => {
  let r = cache.get(file);
  if (!r) {
    r = importMetadataXml(readFileSync(path.join(ISO_CORPUS_DIR, file), 'utf8'));
    cache.set(file, r);
  }
  return r;
};

describe('the grown model from corpus records', () => {
  it('INSPIRE view service (19139): conformity with an anchored specification, anchored otherConstraints, operations, operatesOn, coupling', () => {
    const { doc } = get('iso19139/owslib__inspire-getrecords-response__rec01.xml');
    expect(doc.conformity).toEqual([{
      specification: 'COMMISSION REGULATION (EU) No 976/2009 of 19 October 2009 implementing Directive 2007/2/EC of the European Parliament and of the Council as regards the Network Services',
      specificationAnchor: 'http://data.europa.eu/eli/reg/2009/976', specificationDate: '2009-08-19', specificationDateType: 'publication',
      explanation: 'The service described meets the technical requirements as defined by the Commission Regulation (EC) No 976/2009 of 19 October 2009',
      pass: true,
    }]);
    // the conformity report is no longer a data quality entry
    expect(doc.dataQuality).toBeUndefined();
    expect(doc.constraints?.legal?.accessConstraints).toEqual(['otherRestrictions']);
    expect(doc.constraints?.legal?.useConstraints).toEqual(['otherRestrictions']);
    expect(doc.constraints?.legal?.otherConstraints?.[0]).toEqual({
      text: 'No limitations on public access', uri: 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations',
    });
    // the licence text stays what it was: every otherConstraints text joined
    expect(doc.constraints?.license).toMatch(/^No limitations on public access\n•The custodian/);
    expect(doc).toMatchObject({
      couplingType: 'tight',
      operations: [{ name: 'GetCapabilities', dcp: 'WebServices', url: 'https://wms.ngi.be/inspire/aeronomie/service' }],
      operatesOn: [{
        uuidref: '59129f4b-a61b-467c-9b41-1f92e4338151',
        href: 'https://csw.geo.be/eng/csw?service=CSW&request=GetRecordById&version=2.0.2&outputSchema=http://www.isotc211.org/2005/gmd&elementSetName=full&id=59129f4b-a61b-467c-9b41-1f92e4338151',
      }],
      resourceIdentifiers: [{ code: '4f8bbdee-f02a-4050-9309-8aa6538ec8cc', codeSpace: 'BE.BIRA-IASB' }],
      referenceSystem: 'EPSG:3035',
      additionalReferenceSystems: [{ code: 'EPSG:4258' }, { code: 'EPSG:3857' }, { code: 'EPSG:4326' }, { code: 'EPSG:3812' }],
    });
    expect(doc.metadataContacts).toEqual([{
      role: 'pointOfContact', organisationName: 'National Geographic Institute', individualName: 'Floor Van Damme', email: 'metadata@ngi.be',
      address: 'Kortenberglaan 115, Brussels, 1000, Belgium', onlineResource: 'http://www.ngi.be',
    }]);
    expect(doc.distributions?.map((d) => d.applicationProfile)).toEqual(['view', undefined]);
  });

  it('WFS service (19139): serviceTypeVersion and three operations', () => {
    const { doc } = get('iso19139/geonetwork-ui__geo2france.iso19139.service-eaux-usees.xml');
    expect(doc.serviceTypeVersions).toEqual(['2.0.0']);
    expect(doc.operations?.map((o) => o.name)).toEqual(['GetCapabilities', 'GetFeature', 'DescribeFeatureType']);
    expect(doc.operatesOn?.[0]?.uuidref).toBe('ebef2115-bee5-40bb-b5cc-4593d82ba334');
  });

  it('GeoNorge dataset (19139): PT_FreeText translations, distributor, format version, further browse graphics, anchored licence', () => {
    const { doc } = get('iso19139/geonorge-api__keywords-english.xml');
    expect(doc.translations?.title).toEqual({ eng: 'Administrative units municipalities' });
    expect(doc.translations?.purpose).toEqual({ eng: 'The dataset consists of the official county boundaries.' });
    expect(doc.translations?.abstract?.eng).toMatch(/^The dataset shows national, county and municipal divisions/);
    // 19115-3 (lan:PT_FreeText, mdb:otherLocale) alike
    expect(get('iso19115-3/geonetwork-ui__sextant.iso19115-3.dataset.xml').doc.translations?.title)
      .toEqual({ eng: 'Position of the Antarctic Circumpolar Current fronts' });
    expect(doc.distributors).toEqual([{
      role: 'distributor', organisationName: 'Kartverket', email: 'post@kartverket.no', phone: '+47 08700', address: 'Hønefoss, 3511 Hønefoss, Norge',
    }]);
    expect(doc.formatVersions).toEqual([{ format: 'SOSI', version: '4.5' }]);
    expect(doc.additionalOverviews?.map((o) => o.description)).toEqual(['miniatyrbilde', 'medium']);
    expect(doc.constraints?.legal?.otherConstraints).toEqual([
      { text: 'Åpne data', uri: 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations' },
      { text: 'Creative Commons BY 4.0 (CC BY 4.0)', uri: 'https://creativecommons.org/licenses/by/4.0/' },
    ]);
    expect(doc.conformity).toHaveLength(4);
    // the two completeness reports stay data quality entries
    expect(doc.dataQuality).toEqual([{ element: 'DQ_CompletenessOmission', result: '100' }, { element: 'DQ_CompletenessOmission', result: '96' }]);
  });

  it('GeoNorge dataset (19139): alternate titles, edition, format versions as written, parent identifier', () => {
    const { doc } = get('iso19139/geonorge-api__unnecessary.xml');
    expect(doc.alternateTitles).toEqual(['Berggrunnsgeologi N250', 'Nasjonal berggrunnsdatabase']);
    expect(doc.edition).toBe('Juni 2014');
    expect(doc.formatVersions).toContainEqual({ format: 'SOSI', version: '4.0' });
    expect(doc.additionalReferenceSystems).toEqual([{ code: 'WGS_1984_UTM_Zone_33N' }]);
    expect(get('iso19139/geonorge-api__mets__rec01.xml').doc.parentIdentifier).toBe('no.met:64db6102-14ce-41e9-b93b-61dbb2cb8b4e');
  });

  it('deegree dataset (19139): vertical extent with an inline GML CRS, conformity not passed', () => {
    const { doc } = get('iso19139/deegree__csw202apIso10_dataset_Schutzgebiete_Muensterland.xml');
    expect(doc.extent?.vertical).toEqual({ minimum: 34, maximum: 256.2, crs: '5730' });
    expect(doc.conformity).toEqual([{
      specification: 'INSPIRE Data Specification on Protected Sites', specificationDate: '2009-09-07', specificationDateType: 'publication',
      explanation: 'See the referenced specification', pass: false,
    }]);
    expect(doc.alternateTitles).toEqual(['Landschaftsschutzgebiete (kurz LSG) des Münsterlandes']);
  });

  it('SINP record (19139): process steps', () => {
    expect(get('iso19139/sinp___reseau261800.iso.xml').doc.processSteps).toEqual([
      'au 10/10/2010 : 1ere mission entomologique sur le site de la roche Bénitier', 'au 01/06/2012 : 2nde mission entomologique sur le site',
    ]);
  });

  it('Walloon view service (19115-3): operatesOn, coupling, metadata contact and distributor apart, link function', () => {
    const { doc } = get('iso19115-3/geonetwork-ui__metawal.iso19115-3.service.xml');
    expect(doc.operatesOn).toEqual([{
      uuidref: 'd7bc3dab-e1a6-4e51-8b52-ebde41895e7b', href: 'https://metawal.wallonie.be/geonetwork/srv/api/records/d7bc3dab-e1a6-4e51-8b52-ebde41895e7b',
    }]);
    expect(doc.couplingType).toBe('tight');
    expect(doc.resourceIdentifiers).toEqual([{ code: '6d2b6fdb-f1ea-4d48-8697-a0c05512f1dc', codeSpace: 'http://geodata.wallonie.be/id/' }]);
    expect(doc.distributors).toEqual([{ role: 'distributor', organisationName: 'Service public de Wallonie (SPW)', email: 'helpdesk.carto@spw.wallonie.be' }]);
    expect(doc.metadataContacts?.[0]?.email).toBe('helpdesk.carto@spw.wallonie.be');
    expect(doc.distributions?.[0]?.function).toBe('browsing');
    expect(doc.constraints?.legal).toMatchObject({ accessConstraints: ['license'], useConstraints: ['license'] });
  });

  it('AODN dataset (19115-3): parent metadata by uuidref, vertical extent, further boxes, cited contact placement', () => {
    const { doc } = get('iso19115-3/aodn-es-indexer__self.xml');
    expect(doc.parentIdentifier).toBe('a35d02d7-3bd2-40f8-b982-a0e30b64dc40');
    expect(doc.extent?.vertical).toEqual({ minimum: 0, maximum: 150, crs: 'vertical coordinate reference system not used' });
    // `bbox` stays the union (the footprint search uses); the boxes after the first are kept as written
    expect(doc.extent?.bbox).toEqual({ west: -180, east: 180, south: -80, north: -30 });
    expect(doc.extent?.additionalBboxes).toEqual([{ west: -180, east: -130, south: -80, north: -30 }]);
    expect(doc.contacts?.[0]?.placement).toBe('citation');
    expect(doc.contacts?.slice(1).every((c) => c.placement === undefined)).toBe(true);
    expect(doc.formatVersions).toEqual([{ format: 'NetCDF', version: '3.5' }]);
    expect(doc.additionalReferenceSystems).toEqual([{ code: 'WGS84' }]);
  });

  it('associated resources (19115-3) and their association types outside the code list (19139) with a warning', () => {
    expect(get('iso19115-3/owslib__metawal.wallonie.be-catchments.xml').doc.associatedResources)
      .toEqual([{ associationType: 'crossReference', identifier: '0f8ad59d-d3e5-4144-acd2-9153d0adce74' }]);
    const odd = get('iso19139/pygeometa__707a02ac-9240-4a2d-afbd-395b69756534.xml');
    expect(odd.warnings.filter((w) => /associationType: kode "IsDerivedFrom"/.test(w))).toHaveLength(1);
    expect(odd.doc.associatedResources?.some((a) => (a.associationType as string) === 'IsDerivedFrom')).toBeFalsy();
  });

  it(`every one of the ${FILES.length} corpus records maps to a JSON the validator accepts`, () => {
    expect(FILES.length).toBe(177);
    const refused = FILES.map((f) => ({ f, v: validateMetadataDoc(get(f).doc) })).filter((x) => !x.v.ok).map((x) => ({ file: x.f, errors: x.v.ok ? [] : x.v.errors }));
    expect(refused).toEqual([]);
  });

  it('the corpus carries each new field somewhere (so the checks above are not vacuous)', () => {
    const seen = new Set<string>();
    for (const f of FILES) {
      const d = get(f).doc;
      for (const k of Object.keys(d)) seen.add(k);
      if (d.extent?.vertical) seen.add('extent.vertical');
      if (d.extent?.additionalBboxes) seen.add('extent.additionalBboxes');
      if (d.constraints?.legal) seen.add('constraints.legal');
      if (d.distributions?.some((x) => x.function)) seen.add('distributions.function');
      if (d.distributions?.some((x) => x.applicationProfile)) seen.add('distributions.applicationProfile');
      if (d.contacts?.some((x) => x.placement)) seen.add('contacts.placement');
    }
    const grown = [
      'translations', 'alternateTitles', 'edition', 'resourceIdentifiers', 'parentIdentifier', 'serviceTypeVersions', 'couplingType', 'operations',
      'operatesOn', 'metadataContacts', 'distributors', 'additionalReferenceSystems', 'formatVersions', 'conformity', 'processSteps',
      'associatedResources', 'additionalOverviews', 'extent.vertical', 'extent.additionalBboxes', 'constraints.legal', 'distributions.function',
      'distributions.applicationProfile', 'contacts.placement',
    ];
    expect(grown.filter((g) => !seen.has(g))).toEqual([]);
  });
});

const GMD = 'xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco" xmlns:srv="http://www.isotc211.org/2005/srv"';
const cs = (s: string): string => `<gco:CharacterString>${s}</gco:CharacterString>`;
const res = (inner: string): string => `<gmd:spatialResolution><gmd:MD_Resolution>${inner}</gmd:MD_Resolution></gmd:spatialResolution>`;
const scale = (n: number): string => res(`<gmd:equivalentScale><gmd:MD_RepresentativeFraction><gmd:denominator><gco:Integer>${n}</gco:Integer></gmd:denominator></gmd:MD_RepresentativeFraction></gmd:equivalentScale>`);
const dist = (n: number, uom: string): string => res(`<gmd:distance><gco:Distance uom="${uom}">${n}</gco:Distance></gmd:distance>`);
const gmdDoc = (ident: string): string => `<gmd:MD_Metadata ${GMD}><gmd:fileIdentifier>${cs('grown-1')}</gmd:fileIdentifier>
  <gmd:identificationInfo>${ident}</gmd:identificationInfo></gmd:MD_Metadata>`;

describe('the grown model from small documents (what no corpus record carries)', () => {
  it('further resolutions: the first scale and distance make spatialResolution, each other value is one entry', () => {
    const { doc } = importMetadataXml(gmdDoc(`<gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('T')}</gmd:title></gmd:CI_Citation></gmd:citation>
      ${scale(25000)}${dist(10, 'm')}${scale(50000)}${dist(2, 'km')}</gmd:MD_DataIdentification>`));
    expect(doc.spatialResolution).toEqual({ scaleDenominator: 25000, distance: 10, distanceUom: 'm' });
    expect(doc.additionalResolutions).toEqual([{ scaleDenominator: 50000 }, { distance: 2, distanceUom: 'km' }]);
  });

  it('a coupling type outside the code list is left out with a warning; a nilled conformance degree is no degree', () => {
    const r = importMetadataXml(`<gmd:MD_Metadata ${GMD}><gmd:fileIdentifier>${cs('grown-2')}</gmd:fileIdentifier>
      <gmd:identificationInfo><srv:SV_ServiceIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('S')}</gmd:title></gmd:CI_Citation></gmd:citation>
        <srv:couplingType><srv:SV_CouplingType codeList="x" codeListValue="Tight"/></srv:couplingType></srv:SV_ServiceIdentification></gmd:identificationInfo>
      <gmd:dataQualityInfo><gmd:DQ_DataQuality><gmd:report><gmd:DQ_DomainConsistency><gmd:result><gmd:DQ_ConformanceResult>
        <gmd:specification><gmd:CI_Citation><gmd:title>${cs('Spesifikasi')}</gmd:title></gmd:CI_Citation></gmd:specification>
        <gmd:explanation>${cs('belum dinilai')}</gmd:explanation><gmd:pass gco:nilReason="unknown"/>
      </gmd:DQ_ConformanceResult></gmd:result></gmd:DQ_DomainConsistency></gmd:report></gmd:DQ_DataQuality></gmd:dataQualityInfo></gmd:MD_Metadata>`);
    // the same leniency as the reference lists: another case of a known code is that code
    expect(r.doc.couplingType).toBe('tight');
    expect(r.doc.conformity).toEqual([{ specification: 'Spesifikasi', explanation: 'belum dinilai' }]);
    const odd = importMetadataXml(`<gmd:MD_Metadata ${GMD}><gmd:identificationInfo><srv:SV_ServiceIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('S')}</gmd:title></gmd:CI_Citation></gmd:citation>
        <srv:couplingType><srv:SV_CouplingType codeList="x" codeListValue="strict"/></srv:couplingType></srv:SV_ServiceIdentification></gmd:identificationInfo></gmd:MD_Metadata>`);
    expect(odd.doc.couplingType).toBeUndefined();
    expect(odd.warnings.join('\n')).toMatch(/kode "strict" bukan nilai yang dikenal untuk \/couplingType/);
  });

  it('an alternate title longer than the schema allows is cut with a warning, not a refused record', () => {
    const long = 'x'.repeat(700);
    const r = importMetadataXml(gmdDoc(`<gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('T')}</gmd:title>
      <gmd:alternateTitle>${cs(long)}</gmd:alternateTitle></gmd:CI_Citation></gmd:citation></gmd:MD_DataIdentification>`));
    expect(r.doc.alternateTitles).toEqual(['x'.repeat(500)]);
    expect(r.warnings.join('\n')).toMatch(/\/alternateTitles\/0 dipotong menjadi 500 karakter/);
  });
});
