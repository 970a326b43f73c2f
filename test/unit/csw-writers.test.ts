import { DOMParser, type Document } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import type { CswIdentity } from '../../libs/csw/csw-identity';
import { CswError } from '../../libs/csw/csw-error';
import { NS } from '../../libs/csw/namespaces';
import { ISO_QUERYABLES } from '../../libs/search/queryables';
import { writeCapabilities } from '../../libs/csw/responses/capabilities.writer';
import { writeDescribeRecordResponse } from '../../libs/csw/responses/describe-record.writer';
import { exceptionHttpStatus, writeExceptionReport } from '../../libs/csw/responses/exception-report.writer';
import { writeGetDomainResponse } from '../../libs/csw/responses/get-domain.writer';
import {
  nextRecordPosition, writeAcknowledgement, writeGetRecordByIdResponse, writeGetRecordsResponse,
} from '../../libs/csw/responses/get-records.writer';
import { pickDcElements } from '../../libs/csw/responses/element-name-picker';
import { validateXsdMany } from '../helpers/xsd';

const select = xpath.useNamespaces({ csw: NS.csw, ows: NS.ows, ogc: NS.ogc, xlink: NS.xlink, dc: NS.dc, xsd: NS.xsd });
const parse = (xml: string): Document => new DOMParser().parseFromString(xml, 'application/xml');
const values = (doc: Document, path: string): string[] => (select(path, doc as unknown as Node) as Node[]).map((n) => n.textContent ?? '');
const count = (doc: Document, path: string): number => (select(path, doc as unknown as Node) as Node[]).length;

const IDENTITY: CswIdentity = {
  title: 'Katalog <Uji> & "Coba"',
  providerName: 'Badan Informasi Geospasial',
  abstract: 'Layanan katalog untuk pengujian.',
  individualName: 'Siti Rahma',
  positionName: 'Pengelola Katalog',
  voice: '+62-21-000000',
  electronicMailAddress: 'katalog@example.go.id',
  hoursOfService: '08.00–16.00 WIB',
  contactInstructions: 'Kirim surel pada jam kerja.',
  role: 'pointOfContact',
};
const BASE = 'https://katalog.example.go.id';

const DC_FULL = `<csw:Record xmlns:csw="${NS.csw}" xmlns:dc="${NS.dc}" xmlns:dct="${NS.dct}" xmlns:ows="${NS.ows}"><dc:identifier>r-1</dc:identifier><dc:title>Judul &amp; satu</dc:title><dc:type>dataset</dc:type><dc:subject>air</dc:subject><dct:abstract>Abstrak</dct:abstract><ows:BoundingBox crs="urn:ogc:def:crs:EPSG::4326"><ows:LowerCorner>-11 95</ows:LowerCorner><ows:UpperCorner>6 141</ows:UpperCorner></ows:BoundingBox></csw:Record>`;
const DC_BRIEF = `<?xml version="1.0" encoding="UTF-8"?>\n<csw:BriefRecord xmlns:csw="${NS.csw}" xmlns:dc="${NS.dc}"><dc:identifier>r-1</dc:identifier><dc:title>Judul</dc:title></csw:BriefRecord>`;

describe('capabilities writer', () => {
  const full = writeCapabilities({ identity: IDENTITY, baseUrl: BASE, sections: undefined, updateSequence: '7' });
  const doc = parse(full);

  it('puts the ten identity fields at their OWS places', () => {
    expect(values(doc, '/csw:Capabilities/ows:ServiceIdentification/ows:Title')).toEqual([IDENTITY.title]);
    expect(values(doc, '//ows:ServiceIdentification/ows:Abstract')).toEqual([IDENTITY.abstract]);
    expect(values(doc, '//ows:ServiceProvider/ows:ProviderName')).toEqual([IDENTITY.providerName]);
    const c = '//ows:ServiceProvider/ows:ServiceContact';
    expect(values(doc, `${c}/ows:IndividualName`)).toEqual([IDENTITY.individualName]);
    expect(values(doc, `${c}/ows:PositionName`)).toEqual([IDENTITY.positionName]);
    expect(values(doc, `${c}/ows:ContactInfo/ows:Phone/ows:Voice`)).toEqual([IDENTITY.voice]);
    expect(values(doc, `${c}/ows:ContactInfo/ows:Address/ows:ElectronicMailAddress`)).toEqual([IDENTITY.electronicMailAddress]);
    expect(values(doc, `${c}/ows:ContactInfo/ows:HoursOfService`)).toEqual([IDENTITY.hoursOfService]);
    expect(values(doc, `${c}/ows:ContactInfo/ows:ContactInstructions`)).toEqual([IDENTITY.contactInstructions]);
    expect(values(doc, `${c}/ows:Role`)).toEqual([IDENTITY.role]);
    expect(values(doc, '//ows:ServiceType')).toEqual(['CSW']);
    expect(values(doc, '//ows:ServiceTypeVersion')).toEqual(['2.0.2']);
  });

  it('advertises absolute GET and POST URLs for every operation', () => {
    for (const op of ['GetCapabilities', 'DescribeRecord', 'GetRecords', 'GetRecordById', 'GetDomain']) {
      const http = `//ows:Operation[@name="${op}"]/ows:DCP/ows:HTTP`;
      expect(values(doc, `${http}/ows:Get/@xlink:href`)).toEqual([`${BASE}/metadata/csw`]);
      expect(values(doc, `${http}/ows:Post/@xlink:href`)).toEqual([`${BASE}/metadata/csw`]);
    }
  });

  it('carries what the CITE schematron checks', () => {
    expect(doc.documentElement!.getAttribute('version')).toBe('2.0.2');
    expect(doc.documentElement!.getAttribute('updateSequence')).toBe('7');
    expect(values(doc, '/csw:Capabilities/ows:OperationsMetadata/ows:Constraint[@name="PostEncoding"]/ows:Value')).toEqual(['XML']);
    expect(values(doc, '/csw:Capabilities/ows:OperationsMetadata/ows:Parameter[@name="service"]/ows:Value')).toEqual(['CSW']);
    expect(values(doc, '/csw:Capabilities/ows:OperationsMetadata/ows:Parameter[@name="version"]/ows:Value')).toEqual(['2.0.2']);
    const dr = '//ows:Operation[@name="DescribeRecord"]/ows:Parameter';
    expect(values(doc, `${dr}[@name="typeName"]/ows:Value`)).toEqual(['csw:Record', 'gmd:MD_Metadata', 'mdb:MD_Metadata']);
    expect(values(doc, `${dr}[@name="outputFormat"]/ows:Value`)).toContain('application/xml');
    expect(values(doc, `${dr}[@name="schemaLanguage"]/ows:Value`)).toEqual(['http://www.w3.org/XML/Schema']);
    const gr = '//ows:Operation[@name="GetRecords"]';
    expect(values(doc, `${gr}/ows:Parameter[@name="typeNames"]/ows:Value`)).toContain('csw:Record');
    expect(values(doc, `${gr}/ows:Parameter[@name="outputSchema"]/ows:Value`)).toEqual([NS.csw, NS.gmd, NS.mdb]);
    expect(values(doc, `${gr}/ows:Parameter[@name="resultType"]/ows:Value`)).toEqual(['hits', 'results', 'validate']);
    expect(values(doc, `${gr}/ows:Constraint[@name="SupportedISOQueryables"]/ows:Value`)).toEqual(ISO_QUERYABLES);
    expect(count(doc, `${gr}/ows:Constraint[@name="AdditionalQueryables"]/ows:Value`)).toBeGreaterThan(0);
    expect(values(doc, '//ows:Operation[@name="GetDomain"]/ows:Parameter[@name="ParameterName"]/ows:Value')).toContain('GetRecords.resultType');
  });

  it('lists the filter capabilities the filter side implements', () => {
    expect(values(doc, '//ogc:Spatial_Capabilities/ogc:GeometryOperands/ogc:GeometryOperand')).toEqual(['gml:Envelope', 'gml:Point', 'gml:LineString', 'gml:Polygon']);
    expect(values(doc, '//ogc:SpatialOperators/ogc:SpatialOperator/@name')).toHaveLength(11);
    expect(values(doc, '//ogc:ComparisonOperators/ogc:ComparisonOperator')).toEqual(
      expect.arrayContaining(['EqualTo', 'NotEqualTo', 'LessThan', 'GreaterThan', 'LessThanEqualTo', 'GreaterThanEqualTo', 'Like', 'NullCheck', 'Between']),
    );
    expect(count(doc, '//ogc:Scalar_Capabilities/ogc:LogicalOperators')).toBe(1);
    expect(values(doc, '//ogc:FunctionName')).toEqual(['upper', 'lower']);
    expect(count(doc, '//ogc:Id_Capabilities/ogc:EID')).toBe(1);
    expect(count(doc, '//ogc:Id_Capabilities/ogc:FID')).toBe(1);
  });

  it('writes only the requested sections; an empty list is the abbreviated document', () => {
    const sp = parse(writeCapabilities({ identity: IDENTITY, baseUrl: BASE, sections: ['ServiceProvider'] }));
    expect(count(sp, '/csw:Capabilities/*')).toBe(2);
    expect(count(sp, '/csw:Capabilities/ows:ServiceProvider')).toBe(1);
    expect(count(sp, '/csw:Capabilities/ogc:Filter_Capabilities')).toBe(1);
    const abbreviated = parse(writeCapabilities({ identity: IDENTITY, baseUrl: BASE, sections: [] }));
    // ogc:Filter_Capabilities is mandatory in csw:CapabilitiesType, so it stays
    expect(values(abbreviated, '/csw:Capabilities/*').length).toBe(1);
    expect(count(abbreviated, '/csw:Capabilities/ogc:Filter_Capabilities')).toBe(1);
    const all = parse(writeCapabilities({ identity: IDENTITY, baseUrl: BASE, sections: ['All'] }));
    expect(count(all, '/csw:Capabilities/*')).toBe(4);
  });

  it('omits empty identity fields instead of writing empty elements', () => {
    const sparse = { ...IDENTITY, individualName: '', positionName: '', voice: '', electronicMailAddress: '', hoursOfService: '', contactInstructions: '' };
    const d = parse(writeCapabilities({ identity: sparse, baseUrl: BASE, sections: undefined }));
    expect(count(d, '//ows:ServiceContact/*')).toBe(1); // only Role
  });

  it('every variant is valid against CSW-discovery.xsd', () => {
    const docs = [
      full,
      writeCapabilities({ identity: IDENTITY, baseUrl: BASE, sections: [] }),
      writeCapabilities({ identity: IDENTITY, baseUrl: BASE, sections: ['ServiceProvider', 'Filter_Capabilities'] }),
      writeCapabilities({ identity: { ...IDENTITY, individualName: '', voice: '', electronicMailAddress: '', hoursOfService: '', contactInstructions: '', role: '' }, baseUrl: BASE, sections: undefined }),
    ];
    for (const r of validateXsdMany(docs, 'csw-discovery')) expect(r).toEqual({ valid: true, errors: '' });
  });
});

describe('exception reports', () => {
  it('writes ows:ExceptionReport 1.2.0 with code, locator and escaped text', () => {
    const xml = writeExceptionReport(new CswError('InvalidParameterValue', 'typenames', 'Nilai <csw:Foo> & "x" tidak valid\u0000'));
    const d = parse(xml);
    expect(d.documentElement!.namespaceURI).toBe(NS.ows);
    expect(d.documentElement!.getAttribute('version')).toBe('1.2.0');
    expect(values(d, '//ows:Exception/@exceptionCode')).toEqual(['InvalidParameterValue']);
    expect(values(d, '//ows:Exception/@locator')).toEqual(['typenames']);
    expect(values(d, '//ows:ExceptionText')).toEqual(['Nilai <csw:Foo> & "x" tidak valid\\u0000']);
    const noLocator = writeExceptionReport(new CswError('NoApplicableCode', undefined, 'x'));
    expect(noLocator).not.toContain('locator=');
    for (const r of validateXsdMany([xml, noLocator], 'ows-exception')) expect(r).toEqual({ valid: true, errors: '' });
  });

  it('maps codes to HTTP statuses: always 200 for csw202, 400/501/500 for ows11', () => {
    expect(exceptionHttpStatus('NoApplicableCode', 'csw202')).toBe(200);
    expect(exceptionHttpStatus('MissingParameterValue', 'ows11')).toBe(400);
    expect(exceptionHttpStatus('InvalidParameterValue', 'ows11')).toBe(400);
    expect(exceptionHttpStatus('VersionNegotiationFailed', 'ows11')).toBe(400);
    expect(exceptionHttpStatus('OperationNotSupported', 'ows11')).toBe(501);
    expect(exceptionHttpStatus('NoApplicableCode', 'ows11')).toBe(500);
  });
});

describe('nextRecord', () => {
  it.each([
    // start, max, matched → next
    [1, 10, 0, 0], // nothing matched
    [1, 10, 12, 11],
    [3, 5, 12, 8],
    [11, 10, 12, 0], // last page
    [8, 5, 12, 0], // page ends exactly at the last record
    [10, 5, 12, 0],
    [13, 10, 12, 0], // past the end: 0, never 1 (harvesters loop on 1)
    [1, 0, 11, 1], // maxRecords=0: the CITE suite expects 1
    [5, 0, 11, 5],
    [12, 1, 12, 0],
    [1, 12, 12, 0],
  ])('start %i, max %i, matched %i → %i', (start, max, matched, next) => {
    expect(nextRecordPosition(start, max, matched)).toBe(next);
  });
});

describe('GetRecords, GetRecordById, Acknowledgement, DescribeRecord, GetDomain writers', () => {
  const ts = new Date('2024-05-01T10:00:00Z');
  it('GetRecordsResponse counts the children it embeds', () => {
    const xml = writeGetRecordsResponse({
      requestId: 'urn:r:1',
      timestamp: ts,
      matched: 12,
      records: [DC_BRIEF, DC_BRIEF],
      startPosition: 1,
      maxRecords: 2,
      recordSchema: NS.csw,
      elementSet: 'brief',
    });
    const d = parse(xml);
    expect(values(d, '/csw:GetRecordsResponse/csw:RequestId')).toEqual(['urn:r:1']);
    expect(values(d, '//csw:SearchStatus/@timestamp')).toEqual(['2024-05-01T10:00:00.000Z']);
    const sr = '//csw:SearchResults';
    expect(values(d, `${sr}/@numberOfRecordsMatched`)).toEqual(['12']);
    expect(values(d, `${sr}/@numberOfRecordsReturned`)).toEqual(['2']);
    expect(values(d, `${sr}/@nextRecord`)).toEqual(['3']);
    expect(values(d, `${sr}/@elementSet`)).toEqual(['brief']);
    expect(count(d, `${sr}/csw:BriefRecord`)).toBe(2);
    expect(xml.match(/<\?xml/g)).toHaveLength(1); // the render's own declaration was stripped

    const adhoc = writeGetRecordsResponse({ requestId: undefined, timestamp: ts, matched: 1, records: [pickDcElements(DC_FULL, [{ ns: NS.dc, local: 'title' }, { ns: NS.ows, local: 'BoundingBox' }])], startPosition: 1, maxRecords: 10, recordSchema: NS.csw, elementSet: undefined });
    const a = parse(adhoc);
    expect(values(a, '//csw:SearchResults/@elementSet')).toEqual([]);
    expect(values(a, '//csw:Record/*').length).toBe(2);
    expect(values(a, '//csw:Record/dc:title')).toEqual(['Judul & satu']);

    const hits = writeGetRecordsResponse({ requestId: undefined, timestamp: ts, matched: 12, records: [], startPosition: 1, maxRecords: 10, recordSchema: NS.csw, elementSet: 'summary' });
    for (const r of validateXsdMany([xml, adhoc, hits], 'csw-discovery')) expect(r).toEqual({ valid: true, errors: '' });
  });

  it('ElementName picks children from dc-full in their stored order', () => {
    const picked = pickDcElements(DC_FULL, [{ ns: NS.ows, local: 'BoundingBox' }, { ns: NS.dc, local: 'identifier' }]);
    const d = parse(picked);
    expect((select('/csw:Record/*', d as unknown as Node) as Element[]).map((e) => e.localName)).toEqual(['identifier', 'BoundingBox']);
    expect(parse(pickDcElements(DC_FULL, [{ ns: NS.dc, local: 'creator' }])).documentElement!.childNodes.length).toBe(0);
  });

  it('ElementName dc:date gives the date the dc:date queryable means (revision, else issued, else created)', () => {
    const dated = (dates: string) =>
      `<csw:Record xmlns:csw="${NS.csw}" xmlns:dc="${NS.dc}" xmlns:dct="${NS.dct}" xmlns:ows="${NS.ows}"><dc:identifier>r-2</dc:identifier>${dates}`
      + '<ows:BoundingBox><ows:LowerCorner>0 0</ows:LowerCorner><ows:UpperCorner>1 1</ows:UpperCorner></ows:BoundingBox></csw:Record>';
    const names = [{ ns: NS.dc, local: 'identifier' }, { ns: NS.dc, local: 'date' }, { ns: NS.ows, local: 'BoundingBox' }];
    const children = (xml: string) => (select('/csw:Record/*', parse(xml) as unknown as Node) as Element[]).map((e) => `${e.localName}=${e.textContent}`);
    expect(children(pickDcElements(dated('<dct:created>2001-01-01</dct:created><dct:issued>2002-02-02</dct:issued>'), names)))
      .toEqual(['identifier=r-2', 'date=2002-02-02', 'BoundingBox=0 01 1']);
    expect(children(pickDcElements(dated('<dct:created>2001-01-01</dct:created>'), names))).toEqual(['identifier=r-2', 'date=2001-01-01', 'BoundingBox=0 01 1']);
    expect(children(pickDcElements(dated('<dct:issued>2002-02-02</dct:issued><dc:date>2003-03-03</dc:date>'), names)))
      .toEqual(['identifier=r-2', 'date=2003-03-03', 'BoundingBox=0 01 1']);
    expect(children(pickDcElements(dated(''), names))).toEqual(['identifier=r-2', 'BoundingBox=0 01 1']);
    // not asked for: nothing is added
    expect(children(pickDcElements(dated('<dct:issued>2002-02-02</dct:issued>'), [{ ns: NS.dc, local: 'identifier' }]))).toEqual(['identifier=r-2']);
    const valid = validateXsdMany([pickDcElements(dated('<dct:issued>2002-02-02</dct:issued>'), names)], 'csw-record');
    expect(valid).toEqual([{ valid: true, errors: '' }]);
  });

  it('Acknowledgement echoes the request; GetRecordById, DescribeRecord and GetDomain are valid', () => {
    const echo = `<csw:GetRecords xmlns:csw="${NS.csw}" service="CSW" version="2.0.2" resultType="validate"><csw:Query typeNames="csw:Record"><csw:ElementSetName>full</csw:ElementSetName></csw:Query></csw:GetRecords>`;
    const ack = writeAcknowledgement(echo, ts);
    const d = parse(ack);
    expect(values(d, '/csw:Acknowledgement/@timeStamp')).toEqual(['2024-05-01T10:00:00.000Z']);
    expect(count(d, '/csw:Acknowledgement/csw:EchoedRequest/csw:GetRecords/csw:Query')).toBe(1);

    const byId = writeGetRecordByIdResponse([DC_BRIEF]);
    const empty = writeGetRecordByIdResponse([]);
    const described = writeDescribeRecordResponse([], 'http://www.w3.org/XML/Schema');
    const dd = parse(described);
    expect(values(dd, '//csw:SchemaComponent/@targetNamespace')).toEqual([NS.csw, NS.gmd, NS.mdb]);
    expect(count(dd, '//csw:SchemaComponent/xsd:schema')).toBe(3);
    const one = parse(writeDescribeRecordResponse([{ ns: NS.gmd, local: 'MD_Metadata' }], 'http://www.w3.org/XML/Schema'));
    expect(values(one, '//csw:SchemaComponent/@targetNamespace')).toEqual([NS.gmd]);
    const none = writeDescribeRecordResponse([{ ns: NS.csw, local: 'DummyRecord' }], 'http://www.w3.org/XML/Schema');
    expect(count(parse(none), '//csw:SchemaComponent')).toBe(0);
    const domain = writeGetDomainResponse({ kind: 'ParameterName', name: 'GetRecords.resultType', values: ['hits', 'results', 'validate'] });
    expect(values(parse(domain), '//csw:DomainValues/csw:ListOfValues/csw:Value')).toEqual(['hits', 'results', 'validate']);
    const noValues = writeGetDomainResponse({ kind: 'PropertyName', name: 'ows:BoundingBox', values: undefined });

    const results = validateXsdMany([ack, byId, empty, described, none, domain, noValues], 'csw-discovery');
    for (const r of results) expect(r).toEqual({ valid: true, errors: '' });
  });
});
