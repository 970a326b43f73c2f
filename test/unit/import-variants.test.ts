import { importMetadataXml } from '../../libs/import';

/** Hand-written documents for each supported root and namespace variant. */

const GMD_NS = 'xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco" xmlns:gmx="http://www.isotc211.org/2005/gmx" xmlns:xlink="http://www.w3.org/1999/xlink"';
const cs = (s: string): string => `<gco:CharacterString>${s}</gco:CharacterString>`;
const box = (w: number, e: number, s: number, n: number): string => `<gmd:geographicElement><gmd:EX_GeographicBoundingBox>
  <gmd:westBoundLongitude><gco:Decimal>${w}</gco:Decimal></gmd:westBoundLongitude><gmd:eastBoundLongitude><gco:Decimal>${e}</gco:Decimal></gmd:eastBoundLongitude>
  <gmd:southBoundLatitude><gco:Decimal>${s}</gco:Decimal></gmd:southBoundLatitude><gmd:northBoundLatitude><gco:Decimal>${n}</gco:Decimal></gmd:northBoundLatitude>
  </gmd:EX_GeographicBoundingBox></gmd:geographicElement>`;

function gmdDoc(ident: string, top = ''): string {
  return `<gmd:MD_Metadata ${GMD_NS}><gmd:fileIdentifier>${cs('abc-1')}</gmd:fileIdentifier>${top}
    <gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('Judul')}</gmd:title></gmd:CI_Citation></gmd:citation>
    ${ident}</gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;
}

describe('ISO 19139 variants', () => {
  it('reads gmx:Anchor values and matches by namespace, whatever the prefixes', () => {
    const xml = `<MD_Metadata xmlns="http://www.isotc211.org/2005/gmd" xmlns:c="http://www.isotc211.org/2005/gco" xmlns:a="http://www.isotc211.org/2005/gmx">
      <fileIdentifier><c:CharacterString>x-1</c:CharacterString></fileIdentifier>
      <language><c:CharacterString>id</c:CharacterString></language>
      <identificationInfo><MD_DataIdentification><citation><CI_Citation><title><a:Anchor>Peta Dasar</a:Anchor></title></CI_Citation></citation>
      <abstract><c:CharacterString> Abstrak </c:CharacterString></abstract>
      <descriptiveKeywords><MD_Keywords><keyword><a:Anchor>Batas</a:Anchor></keyword><keyword><c:CharacterString>Wilayah</c:CharacterString></keyword>
      <type><MD_KeywordTypeCode codeListValue="Place"/></type></MD_Keywords></descriptiveKeywords>
      </MD_DataIdentification></identificationInfo></MD_Metadata>`;
    const r = importMetadataXml(xml);
    expect(r.sourceFormat).toBe('gmd');
    expect(r.doc).toEqual({
      fileIdentifier: 'x-1', title: 'Peta Dasar', abstract: 'Abstrak', language: 'ind',
      keywords: [{ type: 'place', values: ['Batas', 'Wilayah'] }],
    });
  });

  it('unions several boxes and keeps an antimeridian crossing', () => {
    const plain = importMetadataXml(gmdDoc(`<gmd:extent><gmd:EX_Extent>${box(100, 110, -5, 2)}${box(95, 105, -11, 6)}</gmd:EX_Extent></gmd:extent>
      <gmd:extent><gmd:EX_Extent>${box(120, 141, -9, 1)}</gmd:EX_Extent></gmd:extent>`));
    expect(plain.doc.extent?.bbox).toEqual({ west: 95, east: 141, south: -11, north: 6 });
    const crossing = importMetadataXml(gmdDoc(`<gmd:extent><gmd:EX_Extent>${box(170, -170, -20, -10)}${box(160, 175, -15, -5)}</gmd:EX_Extent></gmd:extent>`));
    expect(crossing.doc.extent?.bbox).toEqual({ west: 160, east: -170, south: -20, north: -5 });
    const zeroTo360 = importMetadataXml(gmdDoc(`<gmd:extent><gmd:EX_Extent>${box(150, 200, 0, 10)}</gmd:EX_Extent></gmd:extent>`));
    expect(zeroTo360.doc.extent?.bbox).toEqual({ west: 150, east: -160, south: 0, north: 10 });
    expect(zeroTo360.warnings.join(' ')).toMatch(/0–360/);
  });

  it('reads GML 3.1 and 3.2 time periods and time instants', () => {
    const period = (ns: string, body: string): string => `<gmd:extent><gmd:EX_Extent><gmd:temporalElement><gmd:EX_TemporalExtent><gmd:extent>
      <gml:TimePeriod xmlns:gml="${ns}" gml:id="t1">${body}</gml:TimePeriod></gmd:extent></gmd:EX_TemporalExtent></gmd:temporalElement></gmd:EX_Extent></gmd:extent>`;
    const g31 = importMetadataXml(gmdDoc(period('http://www.opengis.net/gml', '<gml:beginPosition>2020-01-01</gml:beginPosition><gml:endPosition indeterminatePosition="now"/>')));
    expect(g31.doc.extent?.temporal).toEqual({ start: '2020-01-01' });
    const g32 = importMetadataXml(gmdDoc(period('http://www.opengis.net/gml/3.2',
      '<gml:begin><gml:TimeInstant gml:id="b"><gml:timePosition>2019-05-01T08:00:00+0700</gml:timePosition></gml:TimeInstant></gml:begin><gml:endPosition>2021</gml:endPosition>')));
    expect(g32.doc.extent?.temporal).toEqual({ start: '2019-05-01T08:00:00+07:00', end: '2021' });
  });

  it('normalises reference systems, protocols and codes, and drops what the schema would refuse with warnings', () => {
    const r = importMetadataXml(gmdDoc(`
      <gmd:pointOfContact><gmd:CI_ResponsibleParty><gmd:organisationName>${cs('BIG')}</gmd:organisationName>
        <gmd:contactInfo><gmd:CI_Contact><gmd:address><gmd:CI_Address><gmd:electronicMailAddress>${cs('not an email')}</gmd:electronicMailAddress></gmd:CI_Address></gmd:address></gmd:CI_Contact></gmd:contactInfo>
        <gmd:role><gmd:CI_RoleCode codeList="x#CI_RoleCode" codeListValue="PointOfContact"/></gmd:role></gmd:CI_ResponsibleParty></gmd:pointOfContact>
      <gmd:graphicOverview><gmd:MD_BrowseGraphic><gmd:fileName>${cs('thumb.png')}</gmd:fileName></gmd:MD_BrowseGraphic></gmd:graphicOverview>
      <gmd:spatialResolution><gmd:MD_Resolution><gmd:distance><gco:Distance uom="km">2.5</gco:Distance></gmd:distance></gmd:MD_Resolution></gmd:spatialResolution>
      <gmd:status><gmd:MD_ProgressCode codeListValue="onGoing">onGoing</gmd:MD_ProgressCode></gmd:status>`,
    `<gmd:referenceSystemInfo><gmd:MD_ReferenceSystem><gmd:referenceSystemIdentifier><gmd:RS_Identifier><gmd:code>${cs('WGS 84 / UTM 49S')}</gmd:code></gmd:RS_Identifier></gmd:referenceSystemIdentifier></gmd:MD_ReferenceSystem></gmd:referenceSystemInfo>
     <gmd:referenceSystemInfo><gmd:MD_ReferenceSystem><gmd:referenceSystemIdentifier><gmd:RS_Identifier><gmd:code>${cs('urn:ogc:def:crs:EPSG::23889')}</gmd:code></gmd:RS_Identifier></gmd:referenceSystemIdentifier></gmd:MD_ReferenceSystem></gmd:referenceSystemInfo>
     <gmd:distributionInfo><gmd:MD_Distribution><gmd:transferOptions><gmd:MD_DigitalTransferOptions>
       <gmd:onLine><gmd:CI_OnlineResource><gmd:linkage><gmd:URL>https://x.id/wfs</gmd:URL></gmd:linkage><gmd:protocol>${cs('OGC:WFS-2.0.0-http-get-feature')}</gmd:protocol></gmd:CI_OnlineResource></gmd:onLine>
       <gmd:onLine><gmd:CI_OnlineResource><gmd:linkage><gmd:URL>https://x.id/data.zip</gmd:URL></gmd:linkage><gmd:protocol>${cs('WWW:DOWNLOAD-1.0-http--download')}</gmd:protocol></gmd:CI_OnlineResource></gmd:onLine>
       <gmd:onLine><gmd:CI_OnlineResource><gmd:linkage><gmd:URL>https://x.id/file.zip</gmd:URL></gmd:linkage><gmd:protocol>${cs('www:download')}</gmd:protocol></gmd:CI_OnlineResource></gmd:onLine>
       <gmd:onLine><gmd:CI_OnlineResource><gmd:linkage><gmd:URL>https://x.id/odd</gmd:URL></gmd:linkage><gmd:protocol>${cs('GLG:KML-2.0-http-get-map')}</gmd:protocol></gmd:CI_OnlineResource></gmd:onLine>
       <gmd:onLine><gmd:CI_OnlineResource><gmd:linkage><gmd:URL>data/local.shp</gmd:URL></gmd:linkage></gmd:CI_OnlineResource></gmd:onLine>
     </gmd:MD_DigitalTransferOptions></gmd:transferOptions></gmd:MD_Distribution></gmd:distributionInfo>`));
    expect(r.doc.referenceSystem).toBe('EPSG:23889');
    expect(r.doc.distributions).toEqual([
      { protocol: 'OGC:WFS', url: 'https://x.id/wfs' },
      { protocol: 'WWW:DOWNLOAD-1.0-http--download', url: 'https://x.id/data.zip' },
      { protocol: 'WWW:DOWNLOAD', url: 'https://x.id/file.zip' },
      { protocol: 'WWW:LINK', url: 'https://x.id/odd' },
    ]);
    expect(r.doc.contacts).toEqual([{ role: 'pointOfContact', organisationName: 'BIG' }]);
    expect(r.doc.progressStatus).toBe('onGoing');
    expect(r.doc.spatialResolution).toEqual({ distance: 2.5, distanceUom: 'km' });
    expect(r.doc.thumbnailUrl).toBeUndefined();
    // issue 19 §4: a reference system that is not an EPSG code is kept as written, no longer dropped
    expect(r.doc.additionalReferenceSystems).toEqual([{ code: 'WGS 84 / UTM 49S' }]);
    const w = r.warnings.join('\n');
    for (const expected of [/GLG:KML/, /data\/local\.shp/, /not an email/, /thumb\.png/]) expect(w).toMatch(expected);
  });

  it('reads gmi:MI_Metadata as ISO 19139', () => {
    const xml = `<gmi:MI_Metadata xmlns:gmi="http://www.isotc211.org/2005/gmi" ${GMD_NS}>
      <gmd:fileIdentifier>${cs('gmi-1')}</gmd:fileIdentifier><gmd:language><gmd:LanguageCode codeList="x" codeListValue="ger">ger</gmd:LanguageCode></gmd:language>
      <gmd:hierarchyLevel><gmd:MD_ScopeCode codeList="x" codeListValue="dataset">dataset</gmd:MD_ScopeCode></gmd:hierarchyLevel>
      <gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('Citra')}</gmd:title></gmd:CI_Citation></gmd:citation>
      <gmd:topicCategory><gmd:MD_TopicCategoryCode>imageryBaseMapsEarthCover</gmd:MD_TopicCategoryCode></gmd:topicCategory></gmd:MD_DataIdentification></gmd:identificationInfo>
      <gmi:acquisitionInformation/></gmi:MI_Metadata>`;
    const r = importMetadataXml(xml);
    expect(r.sourceFormat).toBe('gmi');
    expect(r.doc).toEqual({ fileIdentifier: 'gmi-1', title: 'Citra', language: 'deu', hierarchyLevel: 'dataset', topicCategories: ['imageryBaseMapsEarthCover'] });
  });
});

/** An ISO 19115-3 document; `v` picks the namespace versions of mdb and of cit/mrd/mrl…, srv separately. */
function mdbDoc(mdb: '1.0' | '2.0', cit: '1.0' | '2.0', ident: string, srv = '2.0'): string {
  const base = 'http://standards.iso.org/iso/19115/-3';
  return `<mdb:MD_Metadata xmlns:mdb="${base}/mdb/${mdb}" xmlns:cit="${base}/cit/${cit}" xmlns:mcc="${base}/mcc/1.0" xmlns:mri="${base}/mri/1.0"
    xmlns:gco="${base}/gco/1.0" xmlns:gcx="${base}/gcx/1.0" xmlns:gex="${base}/gex/1.0" xmlns:lan="${base}/lan/1.0" xmlns:mco="${base}/mco/1.0"
    xmlns:mrd="${base}/mrd/1.0" xmlns:mrl="${base}/mrl/${cit}" xmlns:mrs="${base}/mrs/1.0" xmlns:mmi="${base}/mmi/1.0" xmlns:srv="${base}/srv/${srv}"
    xmlns:mdq="http://standards.iso.org/iso/19157/-2/mdq/1.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink">
    <mdb:metadataIdentifier><mcc:MD_Identifier><mcc:code><gco:CharacterString>mdb-${mdb}</gco:CharacterString></mcc:code></mcc:MD_Identifier></mdb:metadataIdentifier>
    <mdb:defaultLocale><lan:PT_Locale><lan:language><lan:LanguageCode codeList="x" codeListValue="ind"/></lan:language></lan:PT_Locale></mdb:defaultLocale>
    <mdb:metadataScope><mdb:MD_MetadataScope><mdb:resourceScope><mcc:MD_ScopeCode codeList="x" codeListValue="${ident.includes('SV_Service') ? 'service' : 'dataset'}"/></mdb:resourceScope>
      <mdb:name><gco:CharacterString>http://purl.org/dc/dcmitype/Dataset</gco:CharacterString></mdb:name></mdb:MD_MetadataScope></mdb:metadataScope>
    <mdb:contact><cit:CI_Responsibility><cit:role><cit:CI_RoleCode codeList="x" codeListValue="pointOfContact"/></cit:role>
      <cit:party><cit:CI_Organisation><cit:name><gco:CharacterString>Metadata Org</gco:CharacterString></cit:name></cit:CI_Organisation></cit:party></cit:CI_Responsibility></mdb:contact>
    <mdb:referenceSystemInfo><mrs:MD_ReferenceSystem><mrs:referenceSystemIdentifier><mcc:MD_Identifier><mcc:code><gcx:Anchor xlink:href="http://www.opengis.net/def/crs/EPSG/0/4326">WGS 84</gcx:Anchor></mcc:code></mcc:MD_Identifier></mrs:referenceSystemIdentifier></mrs:MD_ReferenceSystem></mdb:referenceSystemInfo>
    <mdb:identificationInfo>${ident}</mdb:identificationInfo>
    <mdb:distributionInfo><mrd:MD_Distribution>
      <mrd:distributionFormat><mrd:MD_Format><mrd:formatSpecificationCitation><cit:CI_Citation><cit:title><gco:CharacterString>GeoTIFF</gco:CharacterString></cit:title></cit:CI_Citation></mrd:formatSpecificationCitation></mrd:MD_Format></mrd:distributionFormat>
      <mrd:transferOptions><mrd:MD_DigitalTransferOptions><mrd:onLine><cit:CI_OnlineResource><cit:linkage><gco:CharacterString>https://peta.id/wms</gco:CharacterString></cit:linkage>
        <cit:protocol><gco:CharacterString>OGC:WMS</gco:CharacterString></cit:protocol><cit:name><gco:CharacterString>lapisan</gco:CharacterString></cit:name></cit:CI_OnlineResource></mrd:onLine></mrd:MD_DigitalTransferOptions></mrd:transferOptions>
    </mrd:MD_Distribution></mdb:distributionInfo>
    <mdb:dataQualityInfo><mdq:DQ_DataQuality><mdq:report><mdq:DQ_CompletenessOmission>
      <mdq:evaluationMethod><mdq:DQ_FullInspection><mdq:evaluationMethodType><mdq:DQ_EvaluationMethodTypeCode codeList="x" codeListValue="directInternal"/></mdq:evaluationMethodType></mdq:DQ_FullInspection></mdq:evaluationMethod>
      <mdq:result><mdq:DQ_ConformanceResult><mdq:explanation><gco:CharacterString>lengkap</gco:CharacterString></mdq:explanation><mdq:pass><gco:Boolean>false</gco:Boolean></mdq:pass></mdq:DQ_ConformanceResult></mdq:result>
    </mdq:DQ_CompletenessOmission></mdq:report></mdq:DQ_DataQuality></mdb:dataQualityInfo>
    <mdb:resourceLineage><mrl:LI_Lineage><mrl:statement><gco:CharacterString>Digitasi</gco:CharacterString></mrl:statement>
      <mrl:source><mrl:LI_Source><mrl:description><gco:CharacterString>Citra SPOT</gco:CharacterString></mrl:description></mrl:LI_Source></mrl:source></mrl:LI_Lineage></mdb:resourceLineage>
  </mdb:MD_Metadata>`;
}

const MRI_BODY = `<mri:citation><cit:CI_Citation><cit:title><gco:CharacterString>Tutupan Lahan</gco:CharacterString></cit:title>
    <cit:date><cit:CI_Date><cit:date><gco:DateTime>2023-02-01T10:00:00Z</gco:DateTime></cit:date><cit:dateType><cit:CI_DateTypeCode codeList="x" codeListValue="publication"/></cit:dateType></cit:CI_Date></cit:date>
    <cit:citedResponsibleParty><cit:CI_Responsibility><cit:role><cit:CI_RoleCode codeList="x" codeListValue="originator"/></cit:role>
      <cit:party><cit:CI_Organisation><cit:name><gco:CharacterString>KLHK</gco:CharacterString></cit:name>
        <cit:contactInfo><cit:CI_Contact><cit:phone><cit:CI_Telephone><cit:number><gco:CharacterString>021-1</gco:CharacterString></cit:number><cit:numberType><cit:CI_TelephoneTypeCode codeList="x" codeListValue="voice"/></cit:numberType></cit:CI_Telephone></cit:phone>
        <cit:address><cit:CI_Address><cit:city><gco:CharacterString>Jakarta</gco:CharacterString></cit:city><cit:electronicMailAddress><gco:CharacterString>info@klhk.go.id</gco:CharacterString></cit:electronicMailAddress></cit:CI_Address></cit:address></cit:CI_Contact></cit:contactInfo>
        <cit:individual><cit:CI_Individual><cit:name><gco:CharacterString>Sari</gco:CharacterString></cit:name><cit:positionName><gco:CharacterString>Analis</gco:CharacterString></cit:positionName></cit:CI_Individual></cit:individual>
      </cit:CI_Organisation></cit:party></cit:CI_Responsibility></cit:citedResponsibleParty>
  </cit:CI_Citation></mri:citation>
  <mri:abstract><gco:CharacterString>Abstrak tutupan lahan</gco:CharacterString></mri:abstract>
  <mri:status><mcc:MD_ProgressCode codeList="x" codeListValue="completed"/></mri:status>
  <mri:spatialRepresentationType><mcc:MD_SpatialRepresentationTypeCode codeList="x" codeListValue="grid"/></mri:spatialRepresentationType>
  <mri:topicCategory><mri:MD_TopicCategoryCode>environment</mri:MD_TopicCategoryCode></mri:topicCategory>
  <mri:extent><gex:EX_Extent><gex:geographicElement><gex:EX_GeographicBoundingBox><gex:westBoundLongitude><gco:Decimal>95</gco:Decimal></gex:westBoundLongitude>
    <gex:eastBoundLongitude><gco:Decimal>141</gco:Decimal></gex:eastBoundLongitude><gex:southBoundLatitude><gco:Decimal>-11</gco:Decimal></gex:southBoundLatitude>
    <gex:northBoundLatitude><gco:Decimal>6</gco:Decimal></gex:northBoundLatitude></gex:EX_GeographicBoundingBox></gex:geographicElement>
    <gex:geographicElement><gex:EX_GeographicDescription><gex:geographicIdentifier><mcc:MD_Identifier><mcc:code><gco:CharacterString>ID</gco:CharacterString></mcc:code></mcc:MD_Identifier></gex:geographicIdentifier></gex:EX_GeographicDescription></gex:geographicElement>
    <gex:temporalElement><gex:EX_TemporalExtent><gex:extent><gml:TimePeriod gml:id="t"><gml:beginPosition>2020-01-01</gml:beginPosition><gml:endPosition>2020-12-31</gml:endPosition></gml:TimePeriod></gex:extent></gex:EX_TemporalExtent></gex:temporalElement>
  </gex:EX_Extent></mri:extent>
  <mri:resourceMaintenance><mmi:MD_MaintenanceInformation><mmi:maintenanceAndUpdateFrequency><mmi:MD_MaintenanceFrequencyCode codeList="x" codeListValue="annually"/></mmi:maintenanceAndUpdateFrequency></mmi:MD_MaintenanceInformation></mri:resourceMaintenance>
  <mri:descriptiveKeywords><mri:MD_Keywords><mri:keyword><gco:CharacterString>hutan</gco:CharacterString></mri:keyword>
    <mri:type><mri:MD_KeywordTypeCode codeList="x" codeListValue="theme"/></mri:type><mri:thesaurusName><cit:CI_Citation><cit:title><gco:CharacterString>GEMET</gco:CharacterString></cit:title></cit:CI_Citation></mri:thesaurusName></mri:MD_Keywords></mri:descriptiveKeywords>
  <mri:resourceConstraints><mco:MD_LegalConstraints><mco:useLimitation><gco:CharacterString>Bebas</gco:CharacterString></mco:useLimitation>
    <mco:useConstraints><mco:MD_RestrictionCode codeList="x" codeListValue="license"/></mco:useConstraints><mco:otherConstraints><gco:CharacterString>CC-BY 4.0</gco:CharacterString></mco:otherConstraints></mco:MD_LegalConstraints></mri:resourceConstraints>
  <mri:resourceConstraints><mco:MD_SecurityConstraints><mco:classification><mco:MD_ClassificationCode codeList="x" codeListValue="restricted"/></mco:classification></mco:MD_SecurityConstraints></mri:resourceConstraints>`;

const EXPECTED_DATA = {
  title: 'Tutupan Lahan', abstract: 'Abstrak tutupan lahan', language: 'ind', hierarchyLevel: 'dataset',
  resourceType: 'http://purl.org/dc/dcmitype/Dataset', referenceSystem: 'EPSG:4326', progressStatus: 'completed',
  spatialRepresentationType: 'grid', topicCategories: ['environment'], maintenanceFrequency: 'annually',
  dates: { publication: '2023-02-01T10:00:00Z' },
  contacts: [{ role: 'originator', organisationName: 'KLHK', individualName: 'Sari', positionName: 'Analis', email: 'info@klhk.go.id', phone: '021-1', address: 'Jakarta', placement: 'citation' }],
  metadataContacts: [{ role: 'pointOfContact', organisationName: 'Metadata Org' }],
  keywords: [{ type: 'theme', thesaurus: 'GEMET', values: ['hutan'] }],
  constraints: {
    classification: 'restricted', useLimitation: 'Bebas', license: 'CC-BY 4.0',
    legal: { useConstraints: ['license'], otherConstraints: [{ text: 'CC-BY 4.0' }] },
  },
  extent: { bbox: { west: 95, east: 141, south: -11, north: 6 }, temporal: { start: '2020-01-01', end: '2020-12-31' } },
  spatialCoverage: ['ID'], formats: ['GeoTIFF'],
  distributions: [{ protocol: 'OGC:WMS', url: 'https://peta.id/wms', name: 'lapisan' }],
  dataQuality: [{ element: 'DQ_CompletenessOmission', evaluationMethod: 'directInternal', result: 'lengkap', pass: false }],
  lineage: 'Digitasi', sources: ['Citra SPOT'],
};

describe('ISO 19115-3 variants', () => {
  it.each([
    ['mdb 1.0 with every module at 1.0', '1.0', '1.0', 'mdb2016'],
    ['mdb 2.0 with cit/mrl at 2.0', '2.0', '2.0', 'mdb2018'],
    ['mdb 2.0 with cit at 1.0 (mixed sets seen in the wild)', '2.0', '1.0', 'mdb2018'],
  ] as const)('%s', (_name, mdb, cit, format) => {
    const r = importMetadataXml(mdbDoc(mdb, cit, `<mri:MD_DataIdentification>${MRI_BODY}</mri:MD_DataIdentification>`));
    expect(r.sourceFormat).toBe(format);
    expect(r.doc).toEqual({ fileIdentifier: `mdb-${mdb}`, ...EXPECTED_DATA });
  });

  it.each(['2.0', '2.1'])('a service identification in srv/%s', (srv) => {
    const ident = `<srv:SV_ServiceIdentification>${MRI_BODY}
      <srv:serviceType><gco:ScopedName>view</gco:ScopedName></srv:serviceType>
      <srv:containsOperations><srv:SV_OperationMetadata><srv:operationName><gco:CharacterString>GetCapabilities</gco:CharacterString></srv:operationName>
        <srv:connectPoint><cit:CI_OnlineResource><cit:linkage><gco:CharacterString>https://peta.id/ows?service=WMS</gco:CharacterString></cit:linkage>
        <cit:protocol><gco:CharacterString>OGC:WMS-1.3.0-http-get-capabilities</gco:CharacterString></cit:protocol></cit:CI_OnlineResource></srv:connectPoint></srv:SV_OperationMetadata></srv:containsOperations>
      <srv:operatesOn uuidref="data-1"/></srv:SV_ServiceIdentification>`;
    const r = importMetadataXml(mdbDoc('2.0', '2.0', ident, srv));
    expect(r.doc).toMatchObject({ hierarchyLevel: 'service', title: 'Tutupan Lahan', relations: ['data-1'] });
    // issue 19 §4: the operation and the dataset served, in srv 2.0 and pycsw's 2.1 alike
    expect(r.doc.operations).toEqual([{ name: 'GetCapabilities', url: 'https://peta.id/ows?service=WMS' }]);
    expect(r.doc.operatesOn).toEqual([{ uuidref: 'data-1' }]);
    expect(r.doc.distributions).toEqual([
      { protocol: 'OGC:WMS', url: 'https://peta.id/wms', name: 'lapisan' },
      { protocol: 'OGC:WMS-1.3.0-http-get-capabilities', url: 'https://peta.id/ows?service=WMS', operation: true },
    ]);
  });

  it('uses the metadata contact only when the resource names nobody', () => {
    const bare = `<mri:MD_DataIdentification><mri:citation><cit:CI_Citation><cit:title><gco:CharacterString>T</gco:CharacterString></cit:title></cit:CI_Citation></mri:citation></mri:MD_DataIdentification>`;
    expect(importMetadataXml(mdbDoc('2.0', '2.0', bare)).doc.contacts).toEqual([{ role: 'pointOfContact', organisationName: 'Metadata Org' }]);
  });
});

const CSW = 'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dct="http://purl.org/dc/terms/" xmlns:ows="http://www.opengis.net/ows"';
const dcRecord = (body: string): string => `<csw:Record ${CSW}><dc:identifier>rec-1</dc:identifier><dc:title>Rekaman</dc:title>${body}</csw:Record>`;

describe('Dublin Core variants', () => {
  it.each([
    ['ows:WGS84BoundingBox', '<ows:WGS84BoundingBox><ows:LowerCorner>95 -11</ows:LowerCorner><ows:UpperCorner>141 6</ows:UpperCorner></ows:WGS84BoundingBox>'],
    ['ows:BoundingBox without crs', '<ows:BoundingBox><ows:LowerCorner>95 -11</ows:LowerCorner><ows:UpperCorner>141 6</ows:UpperCorner></ows:BoundingBox>'],
    ['ows:BoundingBox crs EPSG:4326', '<ows:BoundingBox crs="EPSG:4326"><ows:LowerCorner>95 -11</ows:LowerCorner><ows:UpperCorner>141 6</ows:UpperCorner></ows:BoundingBox>'],
    ['ows:BoundingBox crs CRS84', '<ows:BoundingBox crs="urn:ogc:def:crs:OGC:1.3:CRS84"><ows:LowerCorner>95 -11</ows:LowerCorner><ows:UpperCorner>141 6</ows:UpperCorner></ows:BoundingBox>'],
    ['ows:BoundingBox crs urn:ogc:def:crs:EPSG::4326', '<ows:BoundingBox crs="urn:ogc:def:crs:EPSG::4326"><ows:LowerCorner>-11 95</ows:LowerCorner><ows:UpperCorner>6 141</ows:UpperCorner></ows:BoundingBox>'],
    ['ows:BoundingBox crs http EPSG/0/4326', '<ows:BoundingBox crs="http://www.opengis.net/def/crs/EPSG/0/4326"><ows:LowerCorner>-11 95</ows:LowerCorner><ows:UpperCorner>6 141</ows:UpperCorner></ows:BoundingBox>'],
  ])('%s gets the right axis order', (_name, xml) => {
    expect(importMetadataXml(dcRecord(xml)).doc.extent?.bbox).toEqual({ west: 95, east: 141, south: -11, north: 6 });
  });

  it('skips a box in a projected CRS with a warning', () => {
    const r = importMetadataXml(dcRecord('<ows:BoundingBox crs="EPSG:3857"><ows:LowerCorner>1 2</ows:LowerCorner><ows:UpperCorner>3 4</ows:UpperCorner></ows:BoundingBox>'));
    expect(r.doc.extent).toBeUndefined();
    expect(r.warnings.join(' ')).toMatch(/EPSG:3857/);
  });

  it('maps every Dublin Core element', () => {
    const r = importMetadataXml(dcRecord(`<dc:type>dataset</dc:type><dc:subject>hutan</dc:subject><dc:subject scheme="GEMET">air</dc:subject><dc:subject scheme="GEMET">tanah</dc:subject>
      <dc:format>GeoTIFF</dc:format><dct:spatial>Jawa Barat</dct:spatial><dc:relation>rec-0</dc:relation><dc:source>Peta RBI</dc:source><dc:rights>CC-BY 4.0</dc:rights>
      <dc:creator>BIG</dc:creator><dc:publisher>Geoportal</dc:publisher><dc:contributor>Univ</dc:contributor>
      <dc:date>2021-03-04</dc:date><dct:modified>2022-01-02T03:04:05Z</dct:modified><dct:created>2020</dct:created><dc:language>Bahasa Indonesia</dc:language>
      <dc:description>Deskripsi</dc:description><dct:references scheme="OGC:WMS-1.1.0-http-get-map">https://peta.id/wms</dct:references><dct:references>https://peta.id</dct:references>`));
    expect(r.doc).toEqual({
      fileIdentifier: 'rec-1', title: 'Rekaman', abstract: 'Deskripsi', hierarchyLevel: 'dataset',
      keywords: [{ type: 'theme', values: ['hutan'] }, { type: 'theme', thesaurus: 'GEMET', values: ['air', 'tanah'] }],
      formats: ['GeoTIFF'], spatialCoverage: ['Jawa Barat'], relations: ['rec-0'], sources: ['Peta RBI'], constraints: { license: 'CC-BY 4.0' },
      contacts: [{ role: 'originator', organisationName: 'BIG' }, { role: 'publisher', organisationName: 'Geoportal' }, { role: 'contributor', organisationName: 'Univ' }],
      dates: { publication: '2021-03-04', revision: '2022-01-02T03:04:05Z', creation: '2020' }, language: 'ind',
      distributions: [{ protocol: 'OGC:WMS', url: 'https://peta.id/wms' }, { protocol: 'WWW:LINK', url: 'https://peta.id' }],
    });
    expect(r.warnings).toEqual([]);
  });

  it('unwraps a GetRecordByIdResponse or GetRecordsResponse holding one record', () => {
    const byId = importMetadataXml(`<csw:GetRecordByIdResponse ${CSW}>${dcRecord('')}</csw:GetRecordByIdResponse>`);
    expect(byId).toMatchObject({ sourceFormat: 'csw-record', doc: { fileIdentifier: 'rec-1' } });
    const gmdInside = importMetadataXml(`<csw:GetRecordsResponse ${CSW}><csw:SearchStatus timestamp="2024-01-01T00:00:00Z"/>
      <csw:SearchResults numberOfRecordsMatched="1" numberOfRecordsReturned="1" nextRecord="0">${gmdDoc('')}</csw:SearchResults></csw:GetRecordsResponse>`);
    expect(gmdInside).toMatchObject({ sourceFormat: 'gmd', doc: { fileIdentifier: 'abc-1', title: 'Judul' } });
  });
});
