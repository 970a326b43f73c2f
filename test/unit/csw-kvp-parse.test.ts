import { NS } from '../../libs/csw/namespaces';
import type { CswRequest, GetRecordsRequest } from '../../libs/csw/request/csw-request';
import { parseNamespaceParam } from '../../libs/csw/request/namespace-param';
import { parseKvpRequest } from '../../libs/csw/request/parse-kvp';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { queryMap } from './csw-test-support';
import { cswErrorOf } from '../helpers/thrown-error';

const kvp = (qs: string): CswRequest => parseKvpRequest(queryMap(qs));
const gr = (qs: string): GetRecordsRequest => {
  const r = kvp(`service=CSW&version=2.0.2&request=GetRecords&${qs}`);
  if (r.operation !== 'GetRecords') throw new Error(r.operation);
  return r;
};

const fails = (qs: string, code: string, locator: string | undefined): void => {
  const e = cswErrorOf(() => kvp(qs));
  expect({ code: e.code, locator: e.locator }).toEqual({ code, locator });
};

describe('KVP: service, request, version', () => {
  it('parameter names are case-insensitive, values are not', () => {
    expect(kvp('sErViCe=CSW&REQUEST=GetCapabilities&VeRsIoN=2.0.2').operation).toBe('GetCapabilities');
    fails('service=csw&request=GetCapabilities', 'InvalidParameterValue', 'service');
    fails('service=CSW&request=getcapabilities', 'InvalidParameterValue', 'request');
  });

  it('an empty query or a missing service is MissingParameterValue service', () => {
    fails('', 'MissingParameterValue', 'service');
    fails('request=GetCapabilities', 'MissingParameterValue', 'service');
    fails('service=&request=GetCapabilities', 'MissingParameterValue', 'service');
  });

  it('a missing request is MissingParameterValue request', () => {
    fails('service=CSW', 'MissingParameterValue', 'request');
    fails('service=CSW&version=2.0.2&request=', 'MissingParameterValue', 'request');
  });

  it('an unknown operation is InvalidParameterValue request; Transaction/Harvest are OperationNotSupported', () => {
    fails('service=CSW&version=2.0.2&request=GetCapabilitiese', 'InvalidParameterValue', 'request');
    fails('service=CSW&version=2.0.2&request=GetRepositoryItem&id=1', 'InvalidParameterValue', 'request');
    fails('service=CSW&version=2.0.2&request=Transaction', 'OperationNotSupported', 'request');
    fails('service=CSW&version=2.0.2&request=Harvest', 'OperationNotSupported', 'request');
  });

  it('version is required except for GetCapabilities, and must be 2.0.2', () => {
    expect(kvp('service=CSW&request=GetCapabilities').operation).toBe('GetCapabilities');
    expect(kvp('service=CSW&request=GetCapabilities&version=1.0.0').operation).toBe('GetCapabilities');
    fails('service=CSW&request=GetRecords', 'MissingParameterValue', 'version');
    fails('service=CSW&request=GetRecordById&id=x&version=3.0.0', 'InvalidParameterValue', 'version');
    fails("service=CSW&request=DescribeRecord&version=2.0.2'", 'InvalidParameterValue', 'version');
  });

  it('a NUL in a value is just an invalid value', () => {
    fails('service=CSW%00&version=2.0.2&request=GetRecords', 'InvalidParameterValue', 'service');
    // found by the HTTP property test: a NUL id reached PostgreSQL and came back NoApplicableCode
    fails('service=CSW&version=2.0.2&request=GetRecordById&id=%00', 'InvalidParameterValue', 'id');
    fails('service=CSW&version=2.0.2&request=GetRecordById&id=a,b%01', 'InvalidParameterValue', 'id');
    fails('service=CSW&version=2.0.2&request=GetRecords&q=peta%00', 'InvalidParameterValue', 'q');
    fails('service=CSW&version=2.0.2&request=GetRecords&constraintlanguage=CQL_TEXT&constraint=dc:title%3D%27%EF%BF%BF%27', 'InvalidParameterValue', 'constraint');
    // tab, line feed and carriage return are XML characters: a value may carry them
    expect(kvp('service=CSW&version=2.0.2&request=GetRecordById&id=a%09b').operation).toBe('GetRecordById');
  });

  it('a forbidden character in a parameter that is never read is ignored like the parameter', () => {
    expect(kvp('service=CSW&request=GetCapabilities&foo=%00').operation).toBe('GetCapabilities');
  });

  it('unknown parameters are ignored', () => {
    expect(kvp('service=CSW&request=GetCapabilities&date=2006-10-20&foo=bar').operation).toBe('GetCapabilities');
  });

  it('tolerates values a query parser may produce that are not strings', () => {
    expect(parseKvpRequest({ service: 'CSW', request: 'GetCapabilities', nested: { a: 'b' } as unknown as string }).operation).toBe('GetCapabilities');
    expect(parseKvpRequest({ SERVICE: ['CSW'], request: ['GetCapabilities', 'GetRecords'] }).operation).toBe('GetCapabilities');
  });
});

describe('KVP: GetCapabilities', () => {
  const caps = (qs: string) => {
    const r = kvp(`service=CSW&request=GetCapabilities&${qs}`);
    if (r.operation !== 'GetCapabilities') throw new Error();
    return r;
  };
  it('sections: absent = all, empty = abbreviated, list = those', () => {
    expect(caps('').sections).toBeUndefined();
    expect(caps('sections=').sections).toEqual([]);
    expect(caps('sections=OperationsMetadata,ServiceIdentification').sections).toEqual(['OperationsMetadata', 'ServiceIdentification']);
    expect(caps('sections=all').sections).toEqual(['All']);
    fails('service=CSW&request=GetCapabilities&sections=Contents', 'InvalidParameterValue', 'sections');
  });
  it('AcceptVersions without 2.0.2 is VersionNegotiationFailed', () => {
    expect(caps('acceptversions=2.0.2,2.0.0').acceptVersions).toEqual(['2.0.2', '2.0.0']);
    fails('SERVICE=CSW&REQUEST=GetCapabilities&ACCEPTVERSIONS=2006.10.29', 'VersionNegotiationFailed', 'acceptversions');
    fails('service=CSW&request=GetCapabilities&acceptversions=3.0.0', 'VersionNegotiationFailed', 'acceptversions');
  });
  it('AcceptFormats must include an XML type', () => {
    expect(caps('acceptformats=text/xml').acceptFormats).toEqual(['text/xml']);
    fails('service=CSW&request=GetCapabilities&acceptformats=message/example', 'InvalidParameterValue', 'acceptformats');
  });
  it('keeps updateSequence', () => {
    expect(caps('updatesequence=42').updateSequence).toBe('42');
  });
});

describe('KVP: GetRecords defaults and values', () => {
  it('uses the product defaults on GET: results, 100 records, start 1, summary, csw:Record, DC', () => {
    const r = gr('');
    expect(r).toMatchObject({
      resultType: 'results',
      maxRecords: 100,
      startPosition: 1,
      elementSetName: 'summary',
      elementNames: undefined,
      outputSchema: NS.csw,
      outputFormat: 'application/xml',
      filter: { op: 'all' },
      sortBy: [],
    });
    expect(r.typeNames).toEqual([{ ns: NS.csw, local: 'Record', prefix: 'csw' }]);
  });
  it('caps MAXRECORDS at 500 and treats an empty value as the default', () => {
    expect(gr('maxrecords=100000').maxRecords).toBe(500);
    expect(gr('maxrecords=0').maxRecords).toBe(0);
    expect(gr('maxrecords=').maxRecords).toBe(100);
  });
  it.each(['-1', '1.5', 'abc', '1e3'])('MAXRECORDS=%s is InvalidParameterValue maxrecords', (v) => {
    expect(cswErrorOf(() => gr(`maxrecords=${v}`))).toMatchObject({ code: 'InvalidParameterValue', locator: 'maxrecords' });
  });
  it.each(['0', '-3', '2.5', 'x', '99999999999'])('STARTPOSITION=%s is InvalidParameterValue startposition', (v) => {
    expect(cswErrorOf(() => gr(`startposition=${v}`))).toMatchObject({ code: 'InvalidParameterValue', locator: 'startposition' });
  });
  it('validates resultType, elementSetName, outputFormat, outputSchema', () => {
    expect(gr('resulttype=hits').resultType).toBe('hits');
    expect(cswErrorOf(() => gr('resulttype=HITS'))).toMatchObject({ locator: 'resulttype' });
    expect(gr('elementsetname=full').elementSetName).toBe('full');
    expect(cswErrorOf(() => gr('elementsetname=huge'))).toMatchObject({ locator: 'elementsetname' });
    expect(gr('outputformat=text/xml').outputFormat).toBe('application/xml');
    expect(cswErrorOf(() => gr('outputformat=application/json'))).toMatchObject({ locator: 'outputformat' });
    expect(gr(`outputschema=${encodeURIComponent(NS.gmd)}`).outputSchema).toBe(NS.gmd);
    expect(gr(`outputschema=${encodeURIComponent(NS.mdb)}`).outputSchema).toBe(NS.mdb);
    expect(cswErrorOf(() => gr('outputschema=http://www.w3.org/2005/Atom'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'outputschema' });
  });
  it('defaults TYPENAMES to the type of the output schema', () => {
    expect(gr(`outputschema=${encodeURIComponent(NS.gmd)}`).typeNames[0]).toMatchObject({ ns: NS.gmd, local: 'MD_Metadata' });
  });
  it('resolves type names through NAMESPACE or the standard prefixes', () => {
    expect(gr('typenames=gmd:MD_Metadata').typeNames[0]).toMatchObject({ ns: NS.gmd, local: 'MD_Metadata' });
    expect(gr(`typenames=x:Record&namespace=${encodeURIComponent(`xmlns(x=${NS.csw})`)}`).typeNames[0]).toMatchObject({ ns: NS.csw, local: 'Record' });
    expect(gr('typenames=csw:Record,mdb:MD_Metadata').typeNames).toHaveLength(2);
  });
  it.each(['csw:SummaryRecord', 'csw:BriefRecord', 'csw:DummyRecord', 'Record', 'foo:Record'])('TYPENAMES=%s is InvalidParameterValue typenames', (t) => {
    expect(cswErrorOf(() => gr(`typenames=${t}`))).toMatchObject({ code: 'InvalidParameterValue', locator: 'typenames' });
  });
  it('ELEMENTNAME is an ad hoc view, exclusive with ELEMENTSETNAME', () => {
    const r = gr('elementname=dc:identifier,dc:title,ows:BoundingBox');
    expect(r.elementSetName).toBeUndefined();
    expect(r.elementNames).toEqual([
      { ns: NS.dc, local: 'identifier', prefix: 'dc' },
      { ns: NS.dc, local: 'title', prefix: 'dc' },
      { ns: NS.ows, local: 'BoundingBox', prefix: 'ows' },
    ]);
    expect(cswErrorOf(() => gr('elementname=dc:title&elementsetname=brief'))).toMatchObject({ locator: 'elementname' });
    expect(cswErrorOf(() => gr('elementname=dc:foo'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'elementname' });
    expect(gr(`outputschema=${encodeURIComponent(NS.gmd)}&elementname=apiso:Title`).elementNames).toHaveLength(1);
  });
  it('REQUESTID is kept', () => {
    expect(gr('requestid=urn:x:1').requestId).toBe('urn:x:1');
  });
});

describe('KVP: constraints, q, BBOX, SORTBY', () => {
  const filterXml = encodeURIComponent(
    '<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc"><ogc:PropertyIsEqualTo><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:Literal>Lorem ipsum</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>',
  );
  it('FILTER constraints go through the safe parser and parseOgcFilter', () => {
    const r = gr(`constraintlanguage=FILTER&constraint=${filterXml}`);
    expect(r.filter).toMatchObject({ op: 'compare', cmp: 'eq', value: 'Lorem ipsum' });
  });
  it('CQL_TEXT constraints go through parseCql', () => {
    const r = gr(`constraintlanguage=CQL_TEXT&constraint=${encodeURIComponent("dc:title like '%lor%'")}`);
    expect(r.filter).toMatchObject({ op: 'like', pattern: '%lor%' });
  });
  it('CONSTRAINT needs CONSTRAINTLANGUAGE; unknown languages and versions are refused', () => {
    expect(cswErrorOf(() => gr(`constraint=${filterXml}`))).toMatchObject({ code: 'MissingParameterValue', locator: 'constraintlanguage' });
    expect(cswErrorOf(() => gr(`constraint=${filterXml}&constraintlanguage=SQL`))).toMatchObject({ code: 'InvalidParameterValue', locator: 'constraintlanguage' });
    expect(cswErrorOf(() => gr(`constraint=${filterXml}&constraintlanguage=FILTER&constraint_language_version=2.0.0`))).toMatchObject({
      locator: 'constraint_language_version',
    });
    expect(gr(`constraint=${filterXml}&constraintlanguage=FILTER&constraint_language_version=1.0.0`).filter.op).toBe('compare');
  });
  it('a malformed, DTD-carrying or wrong-namespace FILTER is InvalidParameterValue constraint', () => {
    for (const bad of ['<ogc:Filter', '<!DOCTYPE x [<!ENTITY a "b">]><x/>', '<Filter xmlns="http://www.opengis.net/foo"/>']) {
      expect(cswErrorOf(() => gr(`constraintlanguage=FILTER&constraint=${encodeURIComponent(bad)}`))).toMatchObject({
        code: 'InvalidParameterValue',
        locator: 'constraint',
      });
    }
  });
  it('an empty ogc:Filter matches everything', () => {
    expect(gr(`constraintlanguage=FILTER&constraint=${encodeURIComponent('<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc"/>')}`).filter).toEqual({ op: 'all' });
  });
  it('q becomes one free-text node of its words (matched as words, ranked: issue 21), characters kept literally', () => {
    const r = gr('q=air%2050%25_x');
    expect(r.filter).toEqual({ op: 'text', tokens: ['air', '50%_x'] });
    expect(gr('Q=water').filter).toEqual({ op: 'text', tokens: ['water'] });
    // a blank q is no filter
    expect(gr('q=%20%20').filter).toEqual({ op: 'all' });
  });
  it('BBOX is lon/lat; minx > maxx crosses the antimeridian', () => {
    expect(gr('bbox=95,-11,141,6').filter).toEqual({
      op: 'spatial',
      spatial: 'bbox',
      property: 'ows:BoundingBox',
      geometryWkt: 'POLYGON((95 -11,141 -11,141 6,95 6,95 -11))',
    });
    const split = gr('bbox=170,-10,-170,10').filter;
    expect(split).toMatchObject({ op: 'spatial' });
    expect((split as { geometryWkt: string }).geometryWkt).toBe('MULTIPOLYGON(((170 -10,180 -10,180 10,170 10,170 -10)),((-180 -10,-170 -10,-170 10,-180 10,-180 -10)))');
    // a URN CRS as fifth value means latitude first
    expect((gr('bbox=-11,95,6,141,urn:ogc:def:crs:EPSG::4326').filter as { geometryWkt: string }).geometryWkt).toBe(
      'POLYGON((95 -11,141 -11,141 6,95 6,95 -11))',
    );
    // a box without height or width is the line or point it is: a polygon without area is invalid
    expect((gr('bbox=95,-6,141,-6').filter as { geometryWkt: string }).geometryWkt).toBe('LINESTRING(95 -6,141 -6)');
    expect((gr('bbox=106,-6,106,-6').filter as { geometryWkt: string }).geometryWkt).toBe('POINT(106 -6)');
  });
  it.each(['1,2,3', '1,2,3,x', '-181,0,0,1', '0,-91,1,1', '0,10,1,5', '0,0,1,1,EPSG:3857', '1,2,3,4,5,6'])('BBOX=%s is InvalidParameterValue bbox', (b) => {
    expect(cswErrorOf(() => gr(`bbox=${b}`))).toMatchObject({ code: 'InvalidParameterValue', locator: 'bbox' });
  });
  it('q, BBOX and CONSTRAINT are combined with AND', () => {
    const r = gr(`q=air&bbox=0,0,1,1&constraintlanguage=FILTER&constraint=${filterXml}`);
    expect(r.filter.op).toBe('and');
    expect((r.filter as { children: unknown[] }).children).toHaveLength(3);
  });
  it('SORTBY goes through parseSortByKvp', () => {
    expect(gr('sortby=dc:title:A,dct:modified:D').sortBy).toEqual([
      { property: 'dc:title', order: 'ASC' },
      { property: 'dct:modified', order: 'DESC' },
    ]);
    expect(cswErrorOf(() => gr('sortby=dc:titlei:A'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'sortby' });
    expect(cswErrorOf(() => gr('sortby=dc:title:FOO'))).toMatchObject({ code: 'InvalidParameterValue', locator: 'sortby' });
  });
});

describe('KVP: resultType=validate echoes the request as XML', () => {
  it('rebuilds a csw:GetRecords document, including q and BBOX as a filter', () => {
    const r = gr('resulttype=validate&q=air&bbox=0,0,1,1&elementsetname=brief&sortby=dc:title:D&maxrecords=7');
    const doc = parseXmlSafely(r.rawXml!);
    const root = doc.documentElement!;
    expect(root.namespaceURI).toBe(NS.csw);
    expect(root.localName).toBe('GetRecords');
    expect(root.getAttribute('resultType')).toBe('validate');
    expect(root.getAttribute('maxRecords')).toBe('7');
    expect(doc.getElementsByTagNameNS(NS.ogc, 'PropertyIsLike')).toHaveLength(1);
    expect(doc.getElementsByTagNameNS(NS.ogc, 'BBOX')).toHaveLength(1);
    expect(doc.getElementsByTagNameNS(NS.ogc, 'SortOrder')[0]!.textContent).toBe('DESC');
  });
  it('keeps a CQL constraint as CqlText with q/BBOX appended', () => {
    const r = gr(`resulttype=validate&q=air&constraintlanguage=CQL_TEXT&constraint=${encodeURIComponent("dc:title = 'a''b'")}`);
    const doc = parseXmlSafely(r.rawXml!);
    expect(doc.getElementsByTagNameNS(NS.csw, 'CqlText')[0]!.textContent).toBe("(dc:title = 'a''b') AND csw:AnyText LIKE '%air%'");
  });
});

describe('KVP: GetRecordById, DescribeRecord, GetDomain', () => {
  it('GetRecordById: ID required, comma list in order without duplicates', () => {
    fails('service=CSW&version=2.0.2&request=GetRecordById', 'MissingParameterValue', 'id');
    const r = kvp('service=CSW&version=2.0.2&request=GetRecordById&id=b,a,b&elementsetname=full');
    expect(r).toMatchObject({ operation: 'GetRecordById', ids: ['b', 'a'], elementSetName: 'full', outputSchema: NS.csw });
    expect(kvp('service=CSW&version=2.0.2&request=GetRecordById&id=a')).toMatchObject({ elementSetName: 'summary' });
    fails('Service=CSW&Version=2.0.2&Request=GetRecordById&OutputFormat=application/bogus_xml&id=a', 'InvalidParameterValue', 'outputformat');
  });
  it('DescribeRecord: TYPENAME qualified through NAMESPACE; unqualified is refused', () => {
    const r = kvp(`service=CSW&version=2.0.2&request=DescribeRecord&typename=m:MD_Metadata&namespace=${encodeURIComponent(`xmlns(m=${NS.mdb})`)}`);
    expect(r).toMatchObject({ operation: 'DescribeRecord', typeNames: [{ ns: NS.mdb, local: 'MD_Metadata' }] });
    expect(kvp('service=CSW&version=2.0.2&request=DescribeRecord')).toMatchObject({ typeNames: [] });
    fails('service=CSW&version=2.0.2&request=DescribeRecord&typename=Record', 'InvalidParameterValue', 'typename');
    fails('service=CSW&version=2.0.2&request=DescribeRecord&schemalanguage=http://purl.oclc.org/dsdl/schematron', 'InvalidParameterValue', 'schemalanguage');
  });
  it('GetDomain: ParameterName or PropertyName', () => {
    expect(kvp('service=CSW&version=2.0.2&request=GetDomain&parametername=GetRecords.resultType')).toMatchObject({ parameterName: 'GetRecords.resultType' });
    expect(kvp('service=CSW&version=2.0.2&request=GetDomain&propertyname=apiso:TopicCategory')).toMatchObject({ propertyName: 'apiso:TopicCategory' });
    fails('service=CSW&version=2.0.2&request=GetDomain', 'MissingParameterValue', 'parametername');
    fails('service=CSW&version=2.0.2&request=GetDomain&parametername=GetRecords.foo', 'InvalidParameterValue', 'parametername');
    fails('service=CSW&version=2.0.2&request=GetDomain&propertyname=dc:nothing', 'InvalidParameterValue', 'propertyname');
  });
});

describe('NAMESPACE splitting', () => {
  it('splits only at ),xmlns( so URIs may contain commas and parentheses', () => {
    expect(parseNamespaceParam('xmlns(csw=http://www.opengis.net/cat/csw/2.0.2),xmlns(gmd=http://www.isotc211.org/2005/gmd)')).toEqual({
      csw: NS.csw,
      gmd: NS.gmd,
    });
    expect(parseNamespaceParam('xmlns(a=urn:x:a,b(c)),xmlns(b=http://h/p?x=1,2)')).toEqual({ a: 'urn:x:a,b(c)', b: 'http://h/p?x=1,2' });
    expect(parseNamespaceParam('xmlns(http://default/ns)')).toEqual({ '': 'http://default/ns' });
    expect(parseNamespaceParam(undefined)).toEqual({});
  });
  it.each(['csw=http://x', 'xmlns(csw=)', 'xmlns(csw=http://x'])('%s is InvalidParameterValue namespace', (v) => {
    expect(cswErrorOf(() => parseNamespaceParam(v))).toMatchObject({ code: 'InvalidParameterValue', locator: 'namespace' });
  });
});
