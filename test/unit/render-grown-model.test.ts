import { DOMParser, type Document } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { createRenderer, type RenderSet } from '../../libs/render';
import { NS, mdbNamespaces } from '../../libs/render/xml-namespaces';
import { GROWN_DATASET, GROWN_SERVICE } from '../helpers/grown-records';
import { validateXsdMany } from '../helpers/xsd';

/**
 * The fields the record model gained with issue 19 §4 (the model contract): each value at its
 * ISO 19139 element in the gmd form and at its ISO 19115-3 element in the mdb2018 form, both
 * valid against the official schemas; a service record as SV_ServiceIdentification in both.
 */
const GMD_NS = { gmd: NS.gmd, gco: NS.gco, gmx: NS.gmx, gml: NS.gml, srv: NS.srv, xlink: NS.xlink };
const M18 = mdbNamespaces(2018);

const parse = (xml: string): Document =>
  new DOMParser({ onError: (level: string, msg: string) => { throw new Error(`${level}: ${msg}`); } }).parseFromString(xml, 'text/xml');
function query(ns: Record<string, string>) {
  const select = xpath.useNamespaces(ns);
  return (xml: string, expr: string): string[] => (select(expr, parse(xml) as unknown as Node) as Node[]).map((n) => n.nodeValue ?? n.textContent ?? '');
}
const g = query(GMD_NS);
const m = query(M18);

let dataset: RenderSet;
let service: RenderSet;
beforeAll(async () => {
  const renderer = await createRenderer();
  dataset = renderer.renderAll(GROWN_DATASET);
  service = renderer.renderAll(GROWN_SERVICE);
}, 300_000);

it('every form of both records is valid against its official schema', () => {
  const forms = [['gmd', 'gmd-gmx'], ['gmd-summary', 'gmd-gmx'], ['gmd-brief', 'gmd-gmx'], ['mdb2018', 'mdb2018'], ['mdb2016', 'mdb2016'],
    ['mdb2018-summary', 'mdb2018'], ['mdb2018-brief', 'mdb2018'], ['dc-full', 'csw-record']] as const;
  for (const [form, schema] of forms) {
    const results = validateXsdMany([dataset[form], service[form]], schema);
    expect({ form, errors: results.map((r) => r.errors) }).toEqual({ form, errors: ['', ''] });
  }
});

describe('ISO 19139 (gmd)', () => {
  const MD = '/gmd:MD_Metadata';
  const ID = `${MD}/gmd:identificationInfo/gmd:MD_DataIdentification`;
  const CIT = `${ID}/gmd:citation/gmd:CI_Citation`;

  it('translations are PT_FreeText pointing at declared locales', () => {
    const x = dataset.gmd;
    expect(g(x, `${MD}/gmd:locale/gmd:PT_Locale/@id`)).toEqual(['ID', 'EN']);
    expect(g(x, `${MD}/gmd:locale/gmd:PT_Locale/gmd:languageCode/gmd:LanguageCode/@codeListValue`)).toEqual(['ind', 'eng']);
    expect(g(x, `${CIT}/gmd:title/@*[local-name()='type']`)).toEqual(['gmd:PT_FreeText_PropertyType']);
    expect(g(x, `${CIT}/gmd:title/gco:CharacterString`)).toEqual(['Batas Wilayah Administrasi Desa']);
    expect(g(x, `${CIT}/gmd:title/gmd:PT_FreeText/gmd:textGroup/gmd:LocalisedCharacterString[@locale='#EN']`)).toEqual(['Village administrative boundaries']);
    expect(g(x, `${ID}/gmd:abstract/gmd:PT_FreeText/gmd:textGroup/gmd:LocalisedCharacterString/@locale`)).toEqual(['#ID', '#EN']);
    expect(g(x, `${ID}/gmd:purpose/gmd:PT_FreeText/gmd:textGroup/gmd:LocalisedCharacterString[@locale='#EN']`)).toEqual(['Boundary reference.']);
  });

  it('citation: alternate titles, edition, identifiers, cited party', () => {
    const x = dataset.gmd;
    expect(g(x, `${CIT}/gmd:alternateTitle/gco:CharacterString`)).toEqual(['Batas Desa', 'BATAS_DESA_50K']);
    expect(g(x, `${CIT}/gmd:edition/gco:CharacterString`)).toEqual(['2.1']);
    expect(g(x, `${CIT}/gmd:identifier/gmd:RS_Identifier/gmd:code/gco:CharacterString`)).toEqual(['BIG-BATAS-DESA-2024']);
    expect(g(x, `${CIT}/gmd:identifier/gmd:RS_Identifier/gmd:codeSpace/gco:CharacterString`)).toEqual(['https://tanahair.indonesia.go.id']);
    expect(g(x, `${CIT}/gmd:identifier/gmd:MD_Identifier/gmd:code/gco:CharacterString`)).toEqual(['batas-desa']);
    expect(g(x, `${CIT}/gmd:citedResponsibleParty/gmd:CI_ResponsibleParty/gmd:individualName/gco:CharacterString`)).toEqual(['Sari Dewi']);
    expect(g(x, `${ID}/gmd:pointOfContact/gmd:CI_ResponsibleParty/gmd:organisationName/gco:CharacterString`)).toEqual(['Badan Informasi Geospasial']);
  });

  it('metadata: parent, metadata contact, reference systems', () => {
    const x = dataset.gmd;
    expect(g(x, `${MD}/gmd:parentIdentifier/gco:CharacterString`)).toEqual(['rec-batas-wilayah-series']);
    expect(g(x, `${MD}/gmd:contact/gmd:CI_ResponsibleParty/gmd:organisationName/gco:CharacterString`)).toEqual(['Simpul Jaringan BIG']);
    expect(g(x, `${MD}/gmd:referenceSystemInfo//gmd:RS_Identifier/gmd:code/gco:CharacterString`)).toEqual(['4326', '23830', 'SRGI2013']);
    expect(g(x, `${MD}/gmd:referenceSystemInfo//gmd:RS_Identifier/gmd:codeSpace/gco:CharacterString`)).toEqual(['EPSG', 'EPSG']);
  });

  it('identification: overviews, legal constraints, associated resources, resolutions, extents', () => {
    const x = dataset.gmd;
    expect(g(x, `${ID}/gmd:graphicOverview/gmd:MD_BrowseGraphic/gmd:fileName/gco:CharacterString`)).toHaveLength(2);
    expect(g(x, `${ID}/gmd:graphicOverview[2]/gmd:MD_BrowseGraphic/gmd:fileDescription/gco:CharacterString`)).toEqual(['Pratinjau besar']);
    const LC = `${ID}/gmd:resourceConstraints/gmd:MD_LegalConstraints`;
    expect(g(x, `${LC}/gmd:accessConstraints/gmd:MD_RestrictionCode/@codeListValue`)).toEqual(['otherRestrictions']);
    expect(g(x, `${LC}/gmd:useConstraints/gmd:MD_RestrictionCode/@codeListValue`)).toEqual(['license']);
    expect(g(x, `${LC}/gmd:otherConstraints/gmx:Anchor/@xlink:href`)).toEqual(['http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations']);
    expect(g(x, `${LC}/gmd:otherConstraints/gco:CharacterString`)).toEqual(['CC BY 4.0']);
    const AG = `${ID}/gmd:aggregationInfo/gmd:MD_AggregateInformation`;
    expect(g(x, `${AG}/gmd:aggregateDataSetName/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toEqual(['Seri Batas Wilayah', 'Peta RBI']);
    expect(g(x, `${AG}/gmd:aggregateDataSetIdentifier/gmd:MD_Identifier/gmd:code/gco:CharacterString`)).toEqual(['rec-batas-wilayah-series']);
    expect(g(x, `${AG}/gmd:associationType/gmd:DS_AssociationTypeCode/@codeListValue`)).toEqual(['largerWorkCitation', 'crossReference']);
    expect(g(x, `${ID}/gmd:spatialResolution/gmd:MD_Resolution/gmd:equivalentScale//gco:Integer`)).toEqual(['50000', '25000']);
    expect(g(x, `${ID}/gmd:spatialResolution/gmd:MD_Resolution/gmd:distance/gco:Distance`)).toEqual(['5']);
    const EX = `${ID}/gmd:extent/gmd:EX_Extent`;
    expect(g(x, `${EX}/gmd:geographicElement/gmd:EX_GeographicBoundingBox/gmd:westBoundLongitude/gco:Decimal`)).toEqual(['95', '106.5']);
    expect(g(x, `${EX}/gmd:verticalElement/gmd:EX_VerticalExtent/gmd:minimumValue/gco:Real`)).toEqual(['-100']);
    expect(g(x, `${EX}/gmd:verticalElement/gmd:EX_VerticalExtent/gmd:maximumValue/gco:Real`)).toEqual(['3800']);
    expect(g(x, `${EX}/gmd:verticalElement/gmd:EX_VerticalExtent/gmd:verticalCRS/@xlink:href`)).toEqual(['urn:ogc:def:crs:EPSG::5715']);
  });

  it('distribution: format version, distributor, online function and application profile', () => {
    const x = dataset.gmd;
    const D = `${MD}/gmd:distributionInfo/gmd:MD_Distribution`;
    expect(g(x, `${D}/gmd:distributionFormat/gmd:MD_Format[gmd:name/gco:CharacterString='GeoPackage']/gmd:version/gco:CharacterString`)).toEqual(['1.3']);
    expect(g(x, `${D}/gmd:distributionFormat/gmd:MD_Format[gmd:name/gco:CharacterString='Shapefile']/gmd:version/@gco:nilReason`)).toEqual(['unknown']);
    expect(g(x, `${D}/gmd:distributor/gmd:MD_Distributor/gmd:distributorContact/gmd:CI_ResponsibleParty/gmd:organisationName/gco:CharacterString`)).toEqual(['Ina-Geoportal']);
    expect(g(x, `${D}//gmd:CI_OnlineResource/gmd:function/gmd:CI_OnLineFunctionCode/@codeListValue`)).toEqual(['information', 'download']);
    expect(g(x, `${D}//gmd:CI_OnlineResource/gmd:applicationProfile/gco:CharacterString`)).toEqual(['INSPIRE View']);
  });

  it('quality: conformity reports with their specification, process steps', () => {
    const x = dataset.gmd;
    const DQ = `${MD}/gmd:dataQualityInfo/gmd:DQ_DataQuality`;
    const CR = `${DQ}/gmd:report/gmd:DQ_DomainConsistency/gmd:result/gmd:DQ_ConformanceResult`;
    expect(g(x, `${CR}/gmd:specification/gmd:CI_Citation/gmd:title/gmx:Anchor/@xlink:href`)).toEqual(['http://data.europa.eu/eli/reg/2010/1089']);
    expect(g(x, `${CR}/gmd:specification/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toEqual(['SNI 8202:2019']);
    expect(g(x, `${CR}/gmd:specification/gmd:CI_Citation/gmd:date/gmd:CI_Date/gmd:dateType/gmd:CI_DateTypeCode/@codeListValue`)).toEqual(['publication', 'revision']);
    expect(g(x, `${CR}/gmd:pass/gco:Boolean`)).toEqual(['true']);
    expect(g(x, `${CR}/gmd:pass/@gco:nilReason`)).toEqual(['unknown']);
    expect(g(x, `${DQ}/gmd:lineage/gmd:LI_Lineage/gmd:processStep/gmd:LI_ProcessStep/gmd:description/gco:CharacterString`)).toEqual(['Digitasi batas', 'Verifikasi lapangan']);
  });

  it('a service record is srv:SV_ServiceIdentification', () => {
    const x = service.gmd;
    const S = `${MD}/gmd:identificationInfo/srv:SV_ServiceIdentification`;
    expect(g(x, `${S}/srv:serviceType/gco:LocalName`)).toEqual(['view']);
    expect(g(x, `${S}/srv:serviceTypeVersion/gco:CharacterString`)).toEqual(['1.3.0', '1.1.1']);
    expect(g(x, `${S}/srv:extent/gmd:EX_Extent//gmd:westBoundLongitude/gco:Decimal`)).toEqual(['95']);
    expect(g(x, `${S}/srv:couplingType/srv:SV_CouplingType/@codeListValue`)).toEqual(['tight']);
    expect(g(x, `${S}/srv:containsOperations/srv:SV_OperationMetadata/srv:operationName/gco:CharacterString`)).toEqual(['GetCapabilities', 'GetMap']);
    expect(g(x, `${S}/srv:containsOperations/srv:SV_OperationMetadata/srv:DCP/srv:DCPList/@codeListValue`)).toEqual(['WebServices', 'WebServices']);
    expect(g(x, `${S}/srv:containsOperations/srv:SV_OperationMetadata/srv:connectPoint/gmd:CI_OnlineResource/gmd:linkage/gmd:URL`)[1]).toBe('https://example.big.go.id/wms');
    expect(g(x, `${S}/srv:operatesOn/@uuidref`)).toEqual(['rec-grown-dataset', 'rec-lain']);
    expect(g(x, `${S}/srv:operatesOn/@xlink:href`)).toEqual(['https://example.big.go.id/csw?id=rec-grown-dataset']);
    expect(g(x, `${S}/srv:operatesOn/@xlink:title`)).toEqual(['Batas Wilayah Administrasi Desa']);
  });
});

describe('ISO 19115-3 (mdb2018)', () => {
  const MD = '/mdb:MD_Metadata';
  const ID = `${MD}/mdb:identificationInfo/mri:MD_DataIdentification`;
  const CIT = `${ID}/mri:citation/cit:CI_Citation`;

  it('translations with otherLocale, parent, metadata contact, reference systems', () => {
    const x = dataset.mdb2018;
    expect(m(x, `${MD}/mdb:otherLocale/lan:PT_Locale/@id`)).toEqual(['ID', 'EN']);
    expect(m(x, `${MD}/mdb:otherLocale/lan:PT_Locale/lan:language/lan:LanguageCode/@codeListValue`)).toEqual(['ind', 'eng']);
    expect(m(x, `${CIT}/cit:title/@*[local-name()='type']`)).toEqual(['lan:PT_FreeText_PropertyType']);
    expect(m(x, `${CIT}/cit:title/lan:PT_FreeText/lan:textGroup/lan:LocalisedCharacterString[@locale='#EN']`)).toEqual(['Village administrative boundaries']);
    expect(m(x, `${ID}/mri:abstract/lan:PT_FreeText/lan:textGroup/lan:LocalisedCharacterString/@locale`)).toEqual(['#ID', '#EN']);
    expect(m(x, `${ID}/mri:purpose/lan:PT_FreeText/lan:textGroup/lan:LocalisedCharacterString`)).toEqual(['Boundary reference.']);
    expect(m(x, `${MD}/mdb:parentMetadata/@uuidref`)).toEqual(['rec-batas-wilayah-series']);
    expect(m(x, `${MD}/mdb:contact/cit:CI_Responsibility/cit:party/cit:CI_Organisation/cit:name/gco:CharacterString`)).toEqual(['Simpul Jaringan BIG']);
    expect(m(x, `${MD}/mdb:referenceSystemInfo//mcc:MD_Identifier/mcc:code/gco:CharacterString`)).toEqual(['4326', '23830', 'SRGI2013']);
  });

  it('citation, overviews, constraints, associated resources, extents', () => {
    const x = dataset.mdb2018;
    expect(m(x, `${CIT}/cit:alternateTitle/gco:CharacterString`)).toEqual(['Batas Desa', 'BATAS_DESA_50K']);
    expect(m(x, `${CIT}/cit:edition/gco:CharacterString`)).toEqual(['2.1']);
    expect(m(x, `${CIT}/cit:identifier/mcc:MD_Identifier/mcc:code/gco:CharacterString`)).toEqual(['BIG-BATAS-DESA-2024', 'batas-desa']);
    expect(m(x, `${CIT}/cit:identifier/mcc:MD_Identifier/mcc:codeSpace/gco:CharacterString`)).toEqual(['https://tanahair.indonesia.go.id']);
    expect(m(x, `${CIT}/cit:citedResponsibleParty/cit:CI_Responsibility/cit:role/cit:CI_RoleCode/@codeListValue`)).toEqual(['originator']);
    expect(m(x, `${ID}/mri:graphicOverview/mcc:MD_BrowseGraphic/mcc:fileDescription/gco:CharacterString`)).toEqual(['Pratinjau besar']);
    const LC = `${ID}/mri:resourceConstraints/mco:MD_LegalConstraints`;
    expect(m(x, `${LC}/mco:accessConstraints/mco:MD_RestrictionCode/@codeListValue`)).toEqual(['otherRestrictions']);
    expect(m(x, `${LC}/mco:useConstraints/mco:MD_RestrictionCode/@codeListValue`)).toEqual(['license']);
    expect(m(x, `${LC}/mco:otherConstraints/gcx:Anchor/@xlink:href`)).toEqual(['http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations']);
    const AR = `${ID}/mri:associatedResource/mri:MD_AssociatedResource`;
    expect(m(x, `${AR}/mri:name/cit:CI_Citation/cit:title/gco:CharacterString`)).toEqual(['Seri Batas Wilayah', 'Peta RBI']);
    expect(m(x, `${AR}/mri:name/cit:CI_Citation/cit:identifier/mcc:MD_Identifier/mcc:code/gco:CharacterString`)).toEqual(['rec-batas-wilayah-series']);
    expect(m(x, `${AR}/mri:associationType/mri:DS_AssociationTypeCode/@codeListValue`)).toEqual(['largerWorkCitation', 'crossReference']);
    expect(m(x, `${ID}/mri:spatialResolution/mri:MD_Resolution/mri:equivalentScale//gco:Integer`)).toEqual(['50000', '25000']);
    expect(m(x, `${ID}/mri:spatialResolution/mri:MD_Resolution/mri:distance/gco:Distance`)).toEqual(['5']);
    const EX = `${ID}/mri:extent/gex:EX_Extent`;
    expect(m(x, `${EX}/gex:geographicElement/gex:EX_GeographicBoundingBox/gex:westBoundLongitude/gco:Decimal`)).toEqual(['95', '106.5']);
    expect(m(x, `${EX}/gex:verticalElement/gex:EX_VerticalExtent/gex:minimumValue/gco:Real`)).toEqual(['-100']);
    expect(m(x, `${EX}/gex:verticalElement/gex:EX_VerticalExtent/gex:verticalCRSId//mcc:code/gco:CharacterString`)).toEqual(['urn:ogc:def:crs:EPSG::5715']);
  });

  it('distribution, conformity, process steps', () => {
    const x = dataset.mdb2018;
    const D = `${MD}/mdb:distributionInfo/mrd:MD_Distribution`;
    expect(m(x, `${D}/mrd:distributionFormat/mrd:MD_Format/mrd:formatSpecificationCitation/cit:CI_Citation[cit:title/gco:CharacterString='GeoPackage']/cit:edition/gco:CharacterString`)).toEqual(['1.3']);
    expect(m(x, `${D}/mrd:distributor/mrd:MD_Distributor/mrd:distributorContact/cit:CI_Responsibility/cit:party/cit:CI_Organisation/cit:name/gco:CharacterString`)).toEqual(['Ina-Geoportal']);
    expect(m(x, `${D}//cit:CI_OnlineResource/cit:function/cit:CI_OnLineFunctionCode/@codeListValue`)).toEqual(['information', 'download']);
    expect(m(x, `${D}//cit:CI_OnlineResource/cit:applicationProfile/gco:CharacterString`)).toEqual(['INSPIRE View']);
    const CR = `${MD}/mdb:dataQualityInfo/mdq:DQ_DataQuality/mdq:report/mdq:DQ_DomainConsistency/mdq:result/mdq:DQ_ConformanceResult`;
    expect(m(x, `${CR}/mdq:specification/cit:CI_Citation/cit:title/gcx:Anchor/@xlink:href`)).toEqual(['http://data.europa.eu/eli/reg/2010/1089']);
    expect(m(x, `${CR}/mdq:specification/cit:CI_Citation/cit:date/cit:CI_Date/cit:date/gco:Date`)).toEqual(['2010-12-08', '2019-06-01']);
    expect(m(x, `${CR}/mdq:pass/@gco:nilReason`)).toEqual(['unknown']);
    expect(m(x, `${MD}/mdb:resourceLineage/mrl:LI_Lineage/mrl:processStep/mrl:LI_ProcessStep/mrl:description/gco:CharacterString`)).toEqual(['Digitasi batas', 'Verifikasi lapangan']);
  });

  it('a service record: type, versions, coupling, operations, operatesOn', () => {
    const x = service.mdb2018;
    const S = `${MD}/mdb:identificationInfo/srv:SV_ServiceIdentification`;
    expect(m(x, `${S}/srv:serviceType/gco:ScopedName`)).toEqual(['view']);
    expect(m(x, `${S}/srv:serviceTypeVersion/gco:CharacterString`)).toEqual(['1.3.0', '1.1.1']);
    expect(m(x, `${S}/mri:extent/gex:EX_Extent//gex:westBoundLongitude/gco:Decimal`)).toEqual(['95']);
    expect(m(x, `${S}/srv:couplingType/srv:SV_CouplingType/@codeListValue`)).toEqual(['tight']);
    const OP = `${S}/srv:containsOperations/srv:SV_OperationMetadata`;
    expect(m(x, `${OP}/srv:operationName/gco:CharacterString`)).toEqual(['GetCapabilities', 'GetMap']);
    expect(m(x, `${OP}/srv:distributedComputingPlatform/srv:DCPList/@codeListValue`)).toEqual(['WebServices', 'WebServices']);
    expect(m(x, `${OP}/srv:connectPoint/cit:CI_OnlineResource/cit:linkage/gco:CharacterString`)[1]).toBe('https://example.big.go.id/wms');
    expect(m(x, `${S}/srv:operatesOn/@uuidref`)).toEqual(['rec-grown-dataset', 'rec-lain']);
    expect(m(x, `${S}/srv:operatesOn/@xlink:href`)).toEqual(['https://example.big.go.id/csw?id=rec-grown-dataset']);
    expect(m(x, `${S}/srv:operatesOn/@xlink:title`)).toEqual(['Batas Wilayah Administrasi Desa']);
  });
});
