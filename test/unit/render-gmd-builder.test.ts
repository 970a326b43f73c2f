import { DOMParser, type Document } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { buildGmd } from '../../libs/render/gmd-builder';
import { GMX_CODELISTS, NS } from '../../libs/render/xml-namespaces';
import {
  ANTIMERIDIAN, DUBLIN_CORE_IMPORT, EMPTY_LISTS, FULL, MINIMAL, NO_EXTENT, ODD_VALUES, OPEN_TIME, SAMPLE_RECORDS, SERVICE, SPECIAL_CHARS, sampleRecord,
} from '../helpers/sample-records';

/** JSON → ISO 19139: every field lands in its ISO element (checked with XPath), whatever is missing. */

const select = xpath.useNamespaces({ gmd: NS.gmd, gco: NS.gco, gml: NS.gml, srv: NS.srv });
const parse = (xml: string): Document =>
  new DOMParser({ onError: (level: string, msg: string) => { throw new Error(`${level}: ${msg}`); } }).parseFromString(xml, 'text/xml');
const texts = (xml: string, expr: string): string[] =>
  (select(expr, parse(xml) as unknown as Node) as Node[]).map((n) => n.nodeValue ?? n.textContent ?? '');
const text = (xml: string, expr: string): string | undefined => texts(xml, expr)[0];

const ID = '/gmd:MD_Metadata/gmd:identificationInfo/gmd:MD_DataIdentification';
const full = buildGmd(FULL);

describe('metadata level', () => {
  it('fileIdentifier is the record id and dateStamp the update time (UTC, seconds)', () => {
    expect(text(full, '/gmd:MD_Metadata/gmd:fileIdentifier/gco:CharacterString')).toBe('rec-full');
    expect(text(full, '/gmd:MD_Metadata/gmd:dateStamp/gco:DateTime')).toBe('2024-03-01T09:30:15Z');
  });

  it('language, character set, hierarchy level, resource type, standard, reference system', () => {
    expect(text(full, '/gmd:MD_Metadata/gmd:language/gmd:LanguageCode/@codeListValue')).toBe('ind');
    expect(text(full, '/gmd:MD_Metadata/gmd:characterSet/gmd:MD_CharacterSetCode/@codeListValue')).toBe('utf8');
    expect(text(full, '/gmd:MD_Metadata/gmd:hierarchyLevel/gmd:MD_ScopeCode/@codeListValue')).toBe('dataset');
    expect(text(full, '/gmd:MD_Metadata/gmd:hierarchyLevel/gmd:MD_ScopeCode/@codeList')).toBe(`${GMX_CODELISTS}#MD_ScopeCode`);
    expect(text(full, '/gmd:MD_Metadata/gmd:hierarchyLevelName/gco:CharacterString')).toBe('http://purl.org/dc/dcmitype/Dataset');
    expect(text(full, '/gmd:MD_Metadata/gmd:metadataStandardName/gco:CharacterString')).toBe('ISO 19115:2003/19139');
    const rs = '/gmd:MD_Metadata/gmd:referenceSystemInfo/gmd:MD_ReferenceSystem/gmd:referenceSystemIdentifier/gmd:RS_Identifier';
    expect(text(full, `${rs}/gmd:code/gco:CharacterString`)).toBe('4326');
    expect(text(full, `${rs}/gmd:codeSpace/gco:CharacterString`)).toBe('EPSG');
  });

  it('the metadata contact is the first pointOfContact; every contact is a resource pointOfContact with its role', () => {
    expect(text(full, '/gmd:MD_Metadata/gmd:contact/gmd:CI_ResponsibleParty/gmd:individualName/gco:CharacterString')).toBe('Siti Rahmawati');
    expect(texts(full, `${ID}/gmd:pointOfContact/gmd:CI_ResponsibleParty/gmd:role/gmd:CI_RoleCode/@codeListValue`))
      .toEqual(['pointOfContact', 'originator', 'publisher', 'custodian']);
    expect(text(full, `${ID}/gmd:pointOfContact/gmd:CI_ResponsibleParty/gmd:role/gmd:CI_RoleCode/@codeList`)).toBe(`${GMX_CODELISTS}#CI_RoleCode`);
    const rp = `${ID}/gmd:pointOfContact[1]/gmd:CI_ResponsibleParty`;
    expect(text(full, `${rp}/gmd:organisationName/gco:CharacterString`)).toBe('Badan Informasi Geospasial');
    expect(text(full, `${rp}/gmd:positionName/gco:CharacterString`)).toBe('Kepala Pusat Pemetaan Rupabumi');
    expect(text(full, `${rp}/gmd:contactInfo/gmd:CI_Contact/gmd:phone/gmd:CI_Telephone/gmd:voice/gco:CharacterString`)).toBe('+62 21 8752062');
    expect(text(full, `${rp}/gmd:contactInfo/gmd:CI_Contact/gmd:address/gmd:CI_Address/gmd:electronicMailAddress/gco:CharacterString`)).toBe('ppr@big.go.id');
    expect(text(full, `${rp}/gmd:contactInfo/gmd:CI_Contact/gmd:address/gmd:CI_Address/gmd:deliveryPoint/gco:CharacterString`))
      .toBe('Jl. Raya Jakarta-Bogor KM 46, Cibinong');
  });
});

describe('identification', () => {
  it('citation title and dates as CI_Date with their date types', () => {
    expect(text(full, `${ID}/gmd:citation/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toBe(FULL.title);
    const dates = `${ID}/gmd:citation/gmd:CI_Citation/gmd:date/gmd:CI_Date`;
    expect(texts(full, `${dates}/gmd:dateType/gmd:CI_DateTypeCode/@codeListValue`)).toEqual(['creation', 'publication', 'revision']);
    expect(texts(full, `${dates}/gmd:date/gco:Date`)).toEqual(['2019-06-01', '2020-01-15']);
    expect(texts(full, `${dates}/gmd:date/gco:DateTime`)).toEqual(['2021-11-30T10:15:00Z']);
  });

  it('abstract, purpose, status, maintenance, overview, representation, resolution, language, topics', () => {
    expect(text(full, `${ID}/gmd:abstract/gco:CharacterString`)).toBe(FULL.abstract);
    expect(text(full, `${ID}/gmd:purpose/gco:CharacterString`)).toBe(FULL.purpose);
    expect(text(full, `${ID}/gmd:status/gmd:MD_ProgressCode/@codeListValue`)).toBe('completed');
    expect(text(full, `${ID}/gmd:resourceMaintenance/gmd:MD_MaintenanceInformation/gmd:maintenanceAndUpdateFrequency/gmd:MD_MaintenanceFrequencyCode/@codeListValue`)).toBe('asNeeded');
    expect(text(full, `${ID}/gmd:graphicOverview/gmd:MD_BrowseGraphic/gmd:fileName/gco:CharacterString`)).toBe(FULL.thumbnailUrl);
    expect(text(full, `${ID}/gmd:spatialRepresentationType/gmd:MD_SpatialRepresentationTypeCode/@codeListValue`)).toBe('vector');
    expect(text(full, `${ID}/gmd:spatialResolution/gmd:MD_Resolution/gmd:equivalentScale/gmd:MD_RepresentativeFraction/gmd:denominator/gco:Integer`)).toBe('25000');
    expect(text(full, `${ID}/gmd:spatialResolution/gmd:MD_Resolution/gmd:distance/gco:Distance`)).toBe('12.5');
    expect(text(full, `${ID}/gmd:spatialResolution/gmd:MD_Resolution/gmd:distance/gco:Distance/@uom`)).toBe('m');
    expect(text(full, `${ID}/gmd:language/gmd:LanguageCode/@codeListValue`)).toBe('ind');
    expect(texts(full, `${ID}/gmd:topicCategory/gmd:MD_TopicCategoryCode`)).toEqual(['boundaries', 'elevation', 'inlandWaters']);
  });

  it('keywords per group with their type and thesaurus', () => {
    const kw = (i: number): string => `(${ID}/gmd:descriptiveKeywords)[${i}]/gmd:MD_Keywords`;
    expect(texts(full, `${kw(1)}/gmd:keyword/gco:CharacterString`)).toEqual(['topografi', 'hidrografi']);
    expect(text(full, `${kw(1)}/gmd:type/gmd:MD_KeywordTypeCode/@codeListValue`)).toBe('theme');
    expect(text(full, `${kw(1)}/gmd:thesaurusName/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toBe('GEMET');
    expect(texts(full, `${kw(2)}/gmd:keyword/gco:CharacterString`)).toEqual(['Bogor', 'Jawa Barat']);
    expect(texts(full, `${kw(2)}/gmd:thesaurusName`)).toEqual([]);
  });

  it('legal constraints (use limitation, licence) and security classification', () => {
    const legal = `${ID}/gmd:resourceConstraints/gmd:MD_LegalConstraints`;
    expect(text(full, `${legal}/gmd:useLimitation/gco:CharacterString`)).toBe('Tidak untuk navigasi.');
    expect(text(full, `${legal}/gmd:useConstraints/gmd:MD_RestrictionCode/@codeListValue`)).toBe('otherRestrictions');
    expect(text(full, `${legal}/gmd:otherConstraints/gco:CharacterString`)).toBe('CC BY 4.0');
    expect(text(full, `${ID}/gmd:resourceConstraints/gmd:MD_SecurityConstraints/gmd:classification/gmd:MD_ClassificationCode/@codeListValue`)).toBe('unclassified');
  });

  it('relations as aggregation identifiers', () => {
    expect(texts(full, `${ID}/gmd:aggregationInfo/gmd:MD_AggregateInformation/gmd:aggregateDataSetIdentifier/gmd:MD_Identifier/gmd:code/gco:CharacterString`))
      .toEqual(FULL.relations);
  });

  it('extent: bounding box numbers, place codes, temporal extent as gml:TimePeriod', () => {
    const ex = `${ID}/gmd:extent/gmd:EX_Extent`;
    const bb = `${ex}/gmd:geographicElement/gmd:EX_GeographicBoundingBox`;
    expect(['west', 'east'].map((s) => text(full, `${bb}/gmd:${s}BoundLongitude/gco:Decimal`))).toEqual(['106.5', '107']);
    expect(['south', 'north'].map((s) => text(full, `${bb}/gmd:${s}BoundLatitude/gco:Decimal`))).toEqual(['-6.75', '-6.5']);
    expect(texts(full, `${ex}/gmd:geographicElement/gmd:EX_GeographicDescription/gmd:geographicIdentifier/gmd:MD_Identifier/gmd:code/gco:CharacterString`))
      .toEqual(['Kabupaten Bogor', 'ID-JB']);
    const tp = `${ex}/gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/gml:TimePeriod`;
    expect(text(full, `${tp}/gml:beginPosition`)).toBe('2019-01-01');
    expect(text(full, `${tp}/gml:endPosition`)).toBe('2019-12-31');
    expect(text(full, `${tp}/@gml:id`)).toBe('temporal-extent');
  });

  it('an antimeridian box keeps west > east; an open time range is indeterminate', () => {
    const bb = `${ID}/gmd:extent/gmd:EX_Extent/gmd:geographicElement/gmd:EX_GeographicBoundingBox`;
    const am = buildGmd(ANTIMERIDIAN);
    expect(text(am, `${bb}/gmd:westBoundLongitude/gco:Decimal`)).toBe('170.25');
    expect(text(am, `${bb}/gmd:eastBoundLongitude/gco:Decimal`)).toBe('-170.5');
    const open = buildGmd(OPEN_TIME);
    const tp = `${ID}/gmd:extent/gmd:EX_Extent/gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/gml:TimePeriod`;
    expect(text(open, `${tp}/gml:beginPosition`)).toBe('2015-07-01T00:00:00+07:00');
    expect(text(open, `${tp}/gml:endPosition/@indeterminatePosition`)).toBe('unknown');
    expect(texts(buildGmd(NO_EXTENT), `${ID}/gmd:extent`)).toEqual([]);
  });
});

describe('distribution, quality, lineage', () => {
  it('formats as MD_Format (version unknown) and distributions as CI_OnlineResource', () => {
    const dist = '/gmd:MD_Metadata/gmd:distributionInfo/gmd:MD_Distribution';
    expect(texts(full, `${dist}/gmd:distributionFormat/gmd:MD_Format/gmd:name/gco:CharacterString`)).toEqual(['ESRI Shapefile', 'GeoPackage']);
    expect(texts(full, `${dist}/gmd:distributionFormat/gmd:MD_Format/gmd:version/@gco:nilReason`)).toEqual(['unknown', 'unknown']);
    const res = `${dist}/gmd:transferOptions/gmd:MD_DigitalTransferOptions/gmd:onLine/gmd:CI_OnlineResource`;
    expect(texts(full, `${res}/gmd:linkage/gmd:URL`)).toEqual(FULL.distributions!.map((d) => d.url));
    expect(texts(full, `${res}/gmd:protocol/gco:CharacterString`)).toEqual(['OGC:WMS', 'WWW:DOWNLOAD-1.0-http--download']);
    expect(texts(full, `${res}/gmd:name/gco:CharacterString`)).toEqual(['RBI25K_Bogor', 'rbi25k-bogor.zip']);
    expect(texts(full, `${res}/gmd:description/gco:CharacterString`)).toEqual(['Layanan peta WMS']);
  });

  it('a report per data-quality entry, scope = hierarchy level, lineage statement and sources', () => {
    const dq = '/gmd:MD_Metadata/gmd:dataQualityInfo/gmd:DQ_DataQuality';
    expect(text(full, `${dq}/gmd:scope/gmd:DQ_Scope/gmd:level/gmd:MD_ScopeCode/@codeListValue`)).toBe('dataset');
    expect(texts(full, `${dq}/gmd:report/*`).length).toBe(2);
    const r1 = `${dq}/gmd:report[1]/gmd:DQ_CompletenessOmission`;
    expect(text(full, `${r1}/gmd:evaluationMethodType/gmd:DQ_EvaluationMethodTypeCode/@codeListValue`)).toBe('directInternal');
    expect(text(full, `${r1}/gmd:result/gmd:DQ_ConformanceResult/gmd:explanation/gco:CharacterString`)).toBe('Semua unsur tercakup.');
    expect(text(full, `${r1}/gmd:result/gmd:DQ_ConformanceResult/gmd:pass/gco:Boolean`)).toBe('true');
    expect(text(full, `${dq}/gmd:report[2]/gmd:DQ_AbsoluteExternalPositionalAccuracy/gmd:result/gmd:DQ_ConformanceResult/gmd:pass/gco:Boolean`)).toBe('false');
    expect(text(full, `${dq}/gmd:lineage/gmd:LI_Lineage/gmd:statement/gco:CharacterString`)).toBe(FULL.lineage);
    expect(texts(full, `${dq}/gmd:lineage/gmd:LI_Lineage/gmd:source/gmd:LI_Source/gmd:description/gco:CharacterString`)).toEqual(FULL.sources);
  });

  it('19157-only element names keep their name as nameOfMeasure; the 19157 spelling of a 19139 element is mapped', () => {
    const odd = buildGmd(ODD_VALUES);
    const dq = '/gmd:MD_Metadata/gmd:dataQualityInfo/gmd:DQ_DataQuality';
    expect(text(odd, `${dq}/gmd:report[1]/gmd:DQ_DomainConsistency/gmd:nameOfMeasure/gco:CharacterString`)).toBe('DQ_UsabilityElement');
    expect(texts(odd, `${dq}/gmd:report[2]/gmd:DQ_NonQuantitativeAttributeAccuracy`).length).toBe(1);
    expect(text(odd, `${dq}/gmd:report[2]/*/gmd:result/gmd:DQ_ConformanceResult/gmd:pass/@gco:nilReason`)).toBe('unknown');
    expect(texts(odd, `${dq}/gmd:report`).length).toBe(2); // the entry without an element name is skipped
  });
});

describe('what is missing or odd still makes a valid document', () => {
  it('a title-only record gets nil reasons where ISO requires a value', () => {
    const min = buildGmd(MINIMAL);
    expect(text(min, '/gmd:MD_Metadata/gmd:contact/@gco:nilReason')).toBe('missing');
    expect(text(min, `${ID}/gmd:abstract/@gco:nilReason`)).toBe('missing');
    expect(text(min, `${ID}/gmd:language/@gco:nilReason`)).toBe('missing');
    expect(text(min, `${ID}/gmd:citation/gmd:CI_Citation/gmd:date/@gco:nilReason`)).toBe('missing');
    expect(texts(min, '/gmd:MD_Metadata/gmd:hierarchyLevel')).toEqual([]);
    for (const r of [EMPTY_LISTS, DUBLIN_CORE_IMPORT]) expect(() => parse(buildGmd(r))).not.toThrow();
  });

  it('numbers never use exponent notation; unknown topic categories and unparseable dates are left out', () => {
    const odd = buildGmd(ODD_VALUES);
    expect(odd).not.toMatch(/<gco:(Decimal|Integer)>[^<]*e/i);
    expect(text(odd, `${ID}/gmd:extent/gmd:EX_Extent/gmd:geographicElement/gmd:EX_GeographicBoundingBox/gmd:westBoundLongitude/gco:Decimal`)).toBe('0.0000001');
    expect(text(odd, `${ID}/gmd:extent/gmd:EX_Extent/gmd:geographicElement/gmd:EX_GeographicBoundingBox/gmd:southBoundLatitude/gco:Decimal`)).toBe('0');
    expect(texts(odd, `${ID}/gmd:topicCategory/gmd:MD_TopicCategoryCode`)).toEqual(['oceans']);
    expect(texts(odd, `${ID}/gmd:citation/gmd:CI_Citation/gmd:date/gmd:CI_Date/gmd:dateType/gmd:CI_DateTypeCode/@codeListValue`)).toEqual(['publication', 'revision']);
    expect(texts(odd, `${ID}/gmd:citation/gmd:CI_Citation/gmd:date/gmd:CI_Date/gmd:date/*`)).toEqual(['2020-05', '2021-03-04T05:06:00']);
    expect(texts(odd, `${ID}/gmd:spatialResolution/gmd:MD_Resolution/gmd:equivalentScale`)).toEqual([]); // 1:0.4 is no scale
    expect(text(odd, '/gmd:MD_Metadata/gmd:referenceSystemInfo//gmd:code/gco:CharacterString')).toBe('23830');
  });

  it('service records are srv:SV_ServiceIdentification, which holds no topics or resolution', () => {
    const svc = buildGmd(SERVICE);
    const SV = '/gmd:MD_Metadata/gmd:identificationInfo/srv:SV_ServiceIdentification';
    expect(texts(svc, `${ID}/gmd:citation`)).toEqual([]);
    expect(texts(svc, `${SV}/gmd:citation/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toEqual([SERVICE.title]);
    expect(texts(svc, `${SV}/gmd:topicCategory`)).toEqual([]);
    expect(texts(svc, `${SV}/srv:extent/gmd:EX_Extent/gmd:geographicElement/gmd:EX_GeographicBoundingBox`)).toHaveLength(1);
    // mandatory in the srv schema: nilled when the record has no value
    expect(text(svc, `${SV}/srv:couplingType/@gco:nilReason`)).toBe('missing');
    expect(text(svc, `${SV}/srv:containsOperations/@gco:nilReason`)).toBe('missing');
    expect(text(svc, '/gmd:MD_Metadata/gmd:hierarchyLevel/gmd:MD_ScopeCode/@codeListValue')).toBe('service');
  });
});

describe('text', () => {
  it('XML special characters are escaped and come back as written', () => {
    const xml = buildGmd(SPECIAL_CHARS);
    expect(xml).not.toContain('<Kalimantan>');
    expect(text(xml, `${ID}/gmd:citation/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toBe(SPECIAL_CHARS.title);
    expect(text(xml, `${ID}/gmd:abstract/gco:CharacterString`)).toBe(SPECIAL_CHARS.abstract);
    expect(text(xml, `${ID}/gmd:pointOfContact/gmd:CI_ResponsibleParty/gmd:individualName/gco:CharacterString`)).toBe('Dr. O\'Neil "Ucok"');
    expect(text(xml, '//gmd:CI_OnlineResource/gmd:linkage/gmd:URL')).toBe('https://example.go.id/data?a=1&b=<2>&c="3"');
    // characters XML 1.0 cannot hold are dropped, everything else is kept
    expect(text(xml, '//gmd:LI_Lineage/gmd:statement/gco:CharacterString')).toBe('Baris 1\nBaris 2\tdengan tab & kontrol dibuang');
  });

  it('text that already contains entity or character references is kept literally (no double decoding)', () => {
    const abstract = 'ditulis &amp; atau &lt;b&gt; &#65; &#x41; ]]> \r\n baris';
    const xml = buildGmd(sampleRecord('rec-entities', { title: 'Judul &amp; "kutip"', abstract, keywords: [{ type: 'a&amp;b', values: ['x'] }] }));
    expect(text(xml, `${ID}/gmd:abstract/gco:CharacterString`)).toBe(abstract);
    expect(text(xml, `${ID}/gmd:citation/gmd:CI_Citation/gmd:title/gco:CharacterString`)).toBe('Judul &amp; "kutip"');
    expect(text(xml, `${ID}/gmd:descriptiveKeywords/gmd:MD_Keywords/gmd:type/gmd:MD_KeywordTypeCode/@codeListValue`)).toBe('a&amp;b');
  });

  it('the same record gives the same bytes, without an XML declaration', () => {
    for (const r of SAMPLE_RECORDS) {
      const xml = buildGmd(r);
      expect(buildGmd(structuredClone(r))).toBe(xml);
      expect(xml.startsWith('<gmd:MD_Metadata ')).toBe(true);
    }
  });
});
