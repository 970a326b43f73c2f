import { parseCswHttpRequest } from '../../libs/csw/csw-service';
import { NS } from '../../libs/csw/namespaces';
import type { CswRequest, GetRecordsRequest } from '../../libs/csw/request/csw-request';
import { parseXmlRequest } from '../../libs/csw/request/parse-xml';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { cswErrorOf } from '../helpers/thrown-error';

const CSW = `xmlns:csw="${NS.csw}"`;
const OGC = `xmlns:ogc="${NS.ogc}"`;

const getRecords = (attrs: string, query: string, queryAttrs = 'typeNames="csw:Record"'): GetRecordsRequest => {
  const r = parseXmlRequest(`<csw:GetRecords ${CSW} ${OGC} service="CSW" version="2.0.2" ${attrs}><csw:Query ${queryAttrs}>${query}</csw:Query></csw:GetRecords>`);
  if (r.operation !== 'GetRecords') throw new Error(r.operation);
  return r;
};

describe('XML: documents and operations', () => {
  it('detects the operation from namespace + local name, whatever the prefix', () => {
    const r = parseXmlRequest(`<x:GetRecords xmlns:x="${NS.csw}" service="CSW" version="2.0.2"><x:Query typeNames="csw:Record"/></x:GetRecords>`);
    expect(r.operation).toBe('GetRecords');
    expect(parseXmlRequest(`<GetCapabilities xmlns="${NS.csw}" service="CSW"/>`).operation).toBe('GetCapabilities');
  });

  it('an element in another namespace is not a CSW request', () => {
    expect(cswErrorOf(() => parseXmlRequest('<GetRecords service="CSW" version="2.0.2"/>'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'request' });
    expect(cswErrorOf(() => parseXmlRequest(`<GetThings xmlns="${NS.csw}" service="CSW" version="2.0.2"/>`))).toMatchObject({ locator: 'request' });
  });

  it('Transaction and Harvest are OperationNotSupported', () => {
    expect(cswErrorOf(() => parseXmlRequest(`<csw:Transaction ${CSW} service="CSW" version="2.0.2"/>`))).toMatchObject({ code: 'OperationNotSupported', locator: 'request' });
    expect(cswErrorOf(() => parseXmlRequest(`<Harvest xmlns="${NS.csw}" service="CSW" version="2.0.2"/>`))).toMatchObject({ code: 'OperationNotSupported' });
  });

  it('service and version attributes are required outside GetCapabilities', () => {
    expect(cswErrorOf(() => parseXmlRequest(`<csw:GetRecordById ${CSW} version="2.0.2"><csw:Id>a</csw:Id></csw:GetRecordById>`))).toMatchObject({
      code: 'MissingParameterValue',
      locator: 'service',
    });
    expect(cswErrorOf(() => parseXmlRequest(`<csw:GetRecordById ${CSW} service="CSW"><csw:Id>a</csw:Id></csw:GetRecordById>`))).toMatchObject({
      code: 'MissingParameterValue',
      locator: 'version',
    });
    expect(cswErrorOf(() => parseXmlRequest(`<csw:GetRecordById ${CSW} service="CSW" version="2.0.0"><csw:Id>a</csw:Id></csw:GetRecordById>`))).toMatchObject({
      code: 'InvalidParameterValue',
      locator: 'version',
    });
    expect(cswErrorOf(() => parseXmlRequest(`<csw:GetCapabilities ${CSW} service="WMS"/>`))).toMatchObject({ locator: 'service' });
  });

  it.each([
    ['malformed', '<csw:GetRecords'],
    ['empty', '   '],
    ['a DTD', `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><csw:GetCapabilities ${CSW}>&e;</csw:GetCapabilities>`],
    ['billion laughs', '<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><l>&b;</l>'],
    ['too deep', `${'<a>'.repeat(300)}${'</a>'.repeat(300)}`],
    ['a NUL character reference', `<csw:GetRecordById ${CSW} service="CSW" version="2.0.2"><csw:Id>&#0;</csw:Id></csw:GetRecordById>`],
    ['a literal NUL', `<csw:GetRecordById ${CSW} service="CSW" version="2.0.2"><csw:Id>a\u0000</csw:Id></csw:GetRecordById>`],
    ['a lone surrogate reference', `<csw:GetRecordById ${CSW} service="CSW" version="2.0.2"><csw:Id>&#xD800;</csw:Id></csw:GetRecordById>`],
    ['a control character in an attribute', `<csw:GetRecordById ${CSW} service="CSW" version="2.0.2&#1;"><csw:Id>a</csw:Id></csw:GetRecordById>`],
  ])('an unreadable body (%s) is InvalidParameterValue without locator', (_n, body) => {
    expect(cswErrorOf(() => parseXmlRequest(body))).toMatchObject({ code: 'InvalidParameterValue', locator: undefined });
  });

  it('the transport refuses bodies over 1 MB and non-XML content types', () => {
    const big = `<csw:GetCapabilities ${CSW}><!--${'x'.repeat(1024 * 1024)}--></csw:GetCapabilities>`;
    expect(cswErrorOf(() => parseCswHttpRequest({ method: 'POST', query: {}, body: big, contentType: 'application/xml' }))).toMatchObject({ code: 'InvalidParameterValue' });
    expect(cswErrorOf(() => parseCswHttpRequest({ method: 'POST', query: {}, body: `<csw:GetCapabilities ${CSW}/>`, contentType: 'application/json' }))).toMatchObject({
      code: 'InvalidParameterValue',
    });
    expect(parseCswHttpRequest({ method: 'POST', query: {}, body: `<csw:GetCapabilities ${CSW}/>`, contentType: 'text/xml; charset=UTF-8' }).operation).toBe('GetCapabilities');
  });
});

describe('XML: GetRecords', () => {
  it('uses the XSD defaults: hits, maxRecords 10, start 1, summary, DC', () => {
    expect(getRecords('', '')).toMatchObject({
      resultType: 'hits',
      maxRecords: 10,
      startPosition: 1,
      elementSetName: 'summary',
      outputSchema: NS.csw,
      filter: { op: 'all' },
      sortBy: [],
      rawXml: undefined,
    });
  });
  it('reads attributes and caps maxRecords at 500', () => {
    const r = getRecords('resultType="results" startPosition="3" maxRecords="9999" requestId="urn:r:1" outputFormat="text/xml"', '<csw:ElementSetName>full</csw:ElementSetName>');
    expect(r).toMatchObject({ resultType: 'results', startPosition: 3, maxRecords: 500, requestId: 'urn:r:1', elementSetName: 'full' });
  });
  it('typeNames is required on csw:Query and resolved through in-scope prefixes', () => {
    expect(cswErrorOf(() => getRecords('', '', ''))).toMatchObject({ code: 'MissingParameterValue', locator: 'typenames' });
    const r = parseXmlRequest(`<GetRecords xmlns="${NS.csw}" xmlns:g="${NS.gmd}" service="CSW" version="2.0.2"><Query typeNames="g:MD_Metadata"/></GetRecords>`) as GetRecordsRequest;
    expect(r.typeNames).toEqual([{ ns: NS.gmd, local: 'MD_Metadata', prefix: 'g' }]);
    expect(getRecords('', '', 'typeNames="csw:Record gmd:MD_Metadata"').typeNames).toHaveLength(2);
    expect(cswErrorOf(() => getRecords('', '', 'typeNames="csw:SummaryRecord"'))).toMatchObject({ locator: 'typenames' });
  });
  it('ElementName (several) is an ad hoc view; with ElementSetName it is refused', () => {
    const r = getRecords('', '<csw:ElementName>dc:identifier</csw:ElementName><csw:ElementName>ows:BoundingBox</csw:ElementName>');
    expect(r.elementSetName).toBeUndefined();
    expect(r.elementNames).toHaveLength(2);
    expect(cswErrorOf(() => getRecords('', '<csw:ElementSetName>brief</csw:ElementSetName><csw:ElementName>dc:title</csw:ElementName>'))).toMatchObject({ locator: 'elementname' });
    expect(cswErrorOf(() => getRecords('', '<csw:ElementName>dc:foo</csw:ElementName>'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'elementname' });
  });
  it('Constraint: ogc:Filter, csw:CqlText, the empty filter, and the wrong namespace', () => {
    expect(getRecords('', '<csw:Constraint version="1.1.0"><ogc:Filter/></csw:Constraint>').filter).toEqual({ op: 'all' });
    expect(getRecords('', `<csw:Constraint version="1.1.0"><csw:CqlText>dc:title LIKE '%a%'</csw:CqlText></csw:Constraint>`).filter).toMatchObject({ op: 'like' });
    const f = getRecords(
      '',
      '<csw:Constraint version="1.1.0"><ogc:Filter><ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="\\"><ogc:PropertyName>csw:AnyText</ogc:PropertyName><ogc:Literal>*lorem*</ogc:Literal></ogc:PropertyIsLike></ogc:Filter></csw:Constraint>',
    ).filter;
    expect(f).toMatchObject({ op: 'like', wildCard: '*' });
    expect(cswErrorOf(() => getRecords('', '<csw:Constraint version="1.1.0"><f:Filter xmlns:f="http://www.opengis.net/foo"/></csw:Constraint>'))).toMatchObject({
      code: 'InvalidParameterValue',
      locator: 'constraint',
    });
    expect(cswErrorOf(() => getRecords('', '<csw:Constraint version="1.1.0"/>'))).toMatchObject({ locator: 'constraint' });
    expect(cswErrorOf(() => getRecords('', '<csw:Constraint version="3.0"><ogc:Filter/></csw:Constraint>'))).toMatchObject({ locator: 'constraint_language_version' });
  });
  it('ogc:SortBy goes through parseSortByXml', () => {
    const r = getRecords(
      '',
      '<csw:ElementSetName>brief</csw:ElementSetName><ogc:SortBy><ogc:SortProperty><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:SortOrder>DESC</ogc:SortOrder></ogc:SortProperty></ogc:SortBy>',
    );
    expect(r.sortBy).toEqual([{ property: 'dc:title', order: 'DESC' }]);
  });
  it('ignores DistributedSearch/ResponseHandler and unused namespace declarations; refuses unknown children', () => {
    const r = parseXmlRequest(
      `<csw:GetRecords ${CSW} xmlns:te="http://www.occamlab.com/te" xmlns="http://www.occamlab.com/ctl" service="CSW" version="2.0.2"><csw:DistributedSearch hopCount="2"/><csw:Query typeNames="csw:Record"/></csw:GetRecords>`,
    );
    expect(r.operation).toBe('GetRecords');
    expect(cswErrorOf(() => getRecords('', '<csw:ElementNamefoo>dc:foo</csw:ElementNamefoo>'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'query' });
    expect(cswErrorOf(() => parseXmlRequest(`<csw:GetRecords ${CSW} service="CSW" version="2.0.2"/>`))).toMatchObject({ code: 'MissingParameterValue', locator: 'query' });
  });
  it('resultType=validate keeps the request for the echo', () => {
    const r = getRecords('resultType="validate"', '<csw:ElementSetName>full</csw:ElementSetName>');
    const echo = parseXmlSafely(r.rawXml!).documentElement!;
    expect(echo.localName).toBe('GetRecords');
    expect(echo.getAttribute('resultType')).toBe('validate');
  });
  it('checks outputSchema, outputFormat, startPosition and maxRecords like KVP', () => {
    expect(cswErrorOf(() => getRecords('outputSchema="http://www.w3.org/2005/Atom"', ''))).toMatchObject({ locator: 'outputschema' });
    expect(cswErrorOf(() => getRecords('outputFormat="application/xhtml+xml"', ''))).toMatchObject({ locator: 'outputformat' });
    expect(cswErrorOf(() => getRecords('startPosition="0"', ''))).toMatchObject({ locator: 'startposition' });
    expect(cswErrorOf(() => getRecords('maxRecords="-1"', ''))).toMatchObject({ locator: 'maxrecords' });
    expect(getRecords(`outputSchema="${NS.mdb}"`, '', 'typeNames="mdb:MD_Metadata"').outputSchema).toBe(NS.mdb);
  });
});

describe('XML: the other operations', () => {
  it('GetCapabilities: AcceptVersions, Sections (empty = abbreviated), AcceptFormats, updateSequence', () => {
    const parse = (inner: string, attrs = ''): CswRequest =>
      parseXmlRequest(`<GetCapabilities xmlns="${NS.csw}" xmlns:ows="${NS.ows}" service="CSW" ${attrs}>${inner}</GetCapabilities>`);
    expect(parse('<ows:Sections><ows:Section>ServiceProvider</ows:Section></ows:Sections>')).toMatchObject({ sections: ['ServiceProvider'] });
    expect(parse('<ows:Sections/>')).toMatchObject({ sections: [] });
    expect(parse('', 'updateSequence="123"')).toMatchObject({ sections: undefined, updateSequence: '123' });
    expect(cswErrorOf(() => parse('<ows:AcceptVersions><ows:Version>3.0.0</ows:Version></ows:AcceptVersions>'))).toMatchObject({ code: 'VersionNegotiationFailed' });
    expect(cswErrorOf(() => parse('<ows:AcceptFormats><ows:OutputFormat>text/html</ows:OutputFormat></ows:AcceptFormats>'))).toMatchObject({ locator: 'acceptformats' });
  });
  it('GetRecordById: repeated csw:Id in order, ElementSetName default summary', () => {
    const r = parseXmlRequest(`<GetRecordById xmlns="${NS.csw}" service="CSW" version="2.0.2"><Id>b</Id><Id>a</Id><Id>b</Id></GetRecordById>`);
    expect(r).toMatchObject({ operation: 'GetRecordById', ids: ['b', 'a'], elementSetName: 'summary', outputSchema: NS.csw });
    expect(cswErrorOf(() => parseXmlRequest(`<GetRecordById xmlns="${NS.csw}" service="CSW" version="2.0.2"/>`))).toMatchObject({
      code: 'MissingParameterValue',
      locator: 'id',
    });
  });
  it('DescribeRecord: TypeName QNames through in-scope prefixes; unqualified refused; none = all', () => {
    const r = parseXmlRequest(`<DescribeRecord xmlns="${NS.csw}" xmlns:m="${NS.mdb}" service="CSW" version="2.0.2"><TypeName>m:MD_Metadata</TypeName></DescribeRecord>`);
    expect(r).toMatchObject({ typeNames: [{ ns: NS.mdb, local: 'MD_Metadata' }], schemaLanguage: 'http://www.w3.org/XML/Schema' });
    expect(parseXmlRequest(`<DescribeRecord xmlns="${NS.csw}" service="CSW" version="2.0.2"/>`)).toMatchObject({ typeNames: [] });
    expect(cswErrorOf(() => parseXmlRequest(`<DescribeRecord xmlns="${NS.csw}" service="CSW" version="2.0.2"><TypeName>Record</TypeName></DescribeRecord>`))).toMatchObject({
      locator: 'typename',
    });
  });
  it('GetDomain: ParameterName or PropertyName', () => {
    expect(parseXmlRequest(`<GetDomain xmlns="${NS.csw}" service="CSW" version="2.0.2"><ParameterName>GetRecords.CONSTRAINTLANGUAGE</ParameterName></GetDomain>`)).toMatchObject({
      parameterName: 'GetRecords.CONSTRAINTLANGUAGE',
    });
    expect(parseXmlRequest(`<GetDomain xmlns="${NS.csw}" service="CSW" version="2.0.2"><PropertyName>dc:title</PropertyName></GetDomain>`)).toMatchObject({
      propertyName: 'dc:title',
    });
    expect(cswErrorOf(() => parseXmlRequest(`<GetDomain xmlns="${NS.csw}" service="CSW" version="2.0.2"/>`))).toMatchObject({ code: 'MissingParameterValue' });
  });
});
