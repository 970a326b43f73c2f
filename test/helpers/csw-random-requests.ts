import fc from 'fast-check';

/**
 * fast-check arbitraries for hostile-but-plausible CSW requests over HTTP: KVP query strings
 * (known parameter names in any letter case, interesting values, junk, broken escapes) and
 * XML bodies near the CSW grammar (random elements, attributes, nesting, DTDs, truncation).
 */
const CSW = 'http://www.opengis.net/cat/csw/2.0.2';
const OGC = 'http://www.opengis.net/ogc';
const GML = 'http://www.opengis.net/gml';

const caseOf = (name: string) =>
  fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((up) => [...name].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

const NAMES = [
  'service', 'version', 'request', 'typenames', 'typename', 'outputschema', 'outputformat', 'elementsetname', 'elementname', 'resulttype',
  'startposition', 'maxrecords', 'constraint', 'constraintlanguage', 'constraint_language_version', 'q', 'bbox', 'namespace', 'sortby', 'id',
  'sections', 'acceptversions', 'acceptformats', 'updatesequence', 'parametername', 'propertyname', 'schemalanguage', 'requestid',
];
export const INTERESTING_VALUES = [
  'CSW', '2.0.2', '3.0.0', 'GetCapabilities', 'GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain', 'Transaction', 'Harvest',
  'GetRepositoryItem', 'csw:Record', 'gmd:MD_Metadata', 'mdb:MD_Metadata', 'csw:SummaryRecord', CSW, 'http://www.isotc211.org/2005/gmd',
  'http://standards.iso.org/iso/19115/-3/mdb/2.0', 'application/xml', 'application/json', 'brief', 'summary', 'full', 'hits', 'results', 'validate',
  '0', '1', '-1', '500', '501', '1e9', '99999999999999999999', 'FILTER', 'CQL_TEXT', '1.1.0', "dc:title LIKE '%a%'", "AnyText = 'x' AND (",
  'BBOX(ows:BoundingBox, 0, 0, 1, 1)', `<ogc:Filter xmlns:ogc="${OGC}"/>`,
  `<ogc:Filter xmlns:ogc="${OGC}"><ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="\\"><ogc:PropertyName>csw:AnyText</ogc:PropertyName><ogc:Literal>*a*</ogc:Literal></ogc:PropertyIsLike></ogc:Filter>`,
  '<ogc:Filter', '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', '0,0,1,1', '170,-10,-170,10', '-200,0,0,0', '1,2,3', 'a,b,c,d',
  'xmlns(csw=http://www.opengis.net/cat/csw/2.0.2)', 'xmlns(', 'dc:title:A', 'dc:title:X', 'nope:nope:D', 'apiso:Subject', 'GetRecords.resultType',
  '', ' ', '\u0000', '\uFFFF', "'; DROP TABLE records; --", '%', '_', '\\', '\u{1F5FA}',
];
const value = fc.oneof(fc.constantFrom(...INTERESTING_VALUES), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));

/** a query string: encoded pairs (names repeated sometimes), occasionally with raw junk appended */
export const kvpQueryString = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES).chain(caseOf), fc.string({ maxLength: 12 })), value), { maxLength: 12 }),
    fc.oneof(fc.constant(''), fc.constantFrom('&%', '&%zz=1', '&a=%E0%A4%A', '&&&', '&=x', '&service', '&request=%00')),
  )
  .map(([pairs, junk]) => {
    const p = new URLSearchParams();
    for (const [k, v] of pairs) p.append(k, v);
    return `${p.toString()}${junk}`;
  });

/** the same, with a valid service/version/request in front so the handlers are reached */
export const operationQueryString = fc
  .tuple(fc.constantFrom('GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain', 'GetCapabilities'), kvpQueryString)
  .map(([op, rest]) => `service=CSW&version=2.0.2&request=${op}${rest ? `&${rest}` : ''}`);

const NS_POOL = [CSW, OGC, 'http://www.opengis.net/ows', GML, 'http://www.opengis.net/foo', ''];
const LOCALS = [
  'GetRecords', 'GetRecordById', 'GetCapabilities', 'DescribeRecord', 'GetDomain', 'Transaction', 'Harvest', 'Query', 'ElementSetName', 'ElementName',
  'Constraint', 'Filter', 'CqlText', 'SortBy', 'SortProperty', 'PropertyName', 'SortOrder', 'Id', 'TypeName', 'ParameterName', 'Sections', 'Section',
  'AcceptVersions', 'Version', 'PropertyIsEqualTo', 'PropertyIsLike', 'PropertyIsBetween', 'Literal', 'And', 'Or', 'Not', 'BBOX', 'Intersects',
  'DWithin', 'Distance', 'Envelope', 'Polygon', 'posList', 'lowerCorner', 'upperCorner', 'FeatureId', 'Function', 'x',
];
const ATTRS = [
  'service', 'version', 'resultType', 'maxRecords', 'startPosition', 'typeNames', 'outputSchema', 'outputFormat', 'wildCard', 'singleChar',
  'escapeChar', 'srsName', 'fid', 'updateSequence', 'matchCase', 'units', 'name',
];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const xmlText = fc.oneof(fc.constantFrom(...INTERESTING_VALUES), fc.string({ maxLength: 20 })).map(esc);
const { node: xmlNode } = fc.letrec<{ node: string }>((tie) => ({
  node: fc
    .tuple(
      fc.constantFrom(...NS_POOL),
      fc.constantFrom(...LOCALS),
      fc.array(fc.tuple(fc.constantFrom(...ATTRS), xmlText), { maxLength: 4 }),
      fc.oneof({ depthSize: 'small', withCrossShrink: true }, xmlText, fc.array(tie('node') as fc.Arbitrary<string>, { maxLength: 3 }).map((xs) => xs.join(''))),
    )
    .map(([ns, local, attrs, body]) => {
      const unique = [...new Map(attrs).entries()];
      const decl = ns === '' ? '' : ` xmlns="${ns}"`;
      return `<${local}${decl}${unique.map(([k, v]) => ` ${k}="${v}"`).join('')}>${body}</${local}>`;
    }),
}));

const nearGetRecords = fc
  .tuple(
    fc.constantFrom('hits', 'results', 'validate', 'x'),
    fc.constantFrom('csw:Record', 'gmd:MD_Metadata', 'mdb:MD_Metadata', 'csw:BriefRecord', ''),
    fc.constantFrom('1', '0', '-5', '500', '600', 'x'),
    fc.array(xmlNode, { maxLength: 3 }),
    fc.array(xmlNode, { maxLength: 2 }),
  )
  .map(
    ([resultType, typeNames, maxRecords, queryKids, filterKids]) =>
      `<csw:GetRecords xmlns:csw="${CSW}" xmlns:ogc="${OGC}" xmlns:gml="${GML}" service="CSW" version="2.0.2" resultType="${resultType}" maxRecords="${maxRecords}">`
      + `<csw:Query typeNames="${typeNames}">${queryKids.join('')}<csw:Constraint version="1.1.0"><ogc:Filter>${filterKids.join('')}</ogc:Filter></csw:Constraint></csw:Query></csw:GetRecords>`,
  );

/** a body with its declared content type */
export const xmlPost = fc.tuple(
  fc.oneof(
    xmlNode,
    nearGetRecords,
    nearGetRecords,
    nearGetRecords.map((x) => x.slice(0, Math.floor(x.length / 2))), // truncated
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '<a', '<?xml version="1.0"?>', '', '\uFEFF<csw:GetCapabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW"/>',
      '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><l>&c;</l>',
    ),
  ),
  fc.constantFrom('application/xml', 'text/xml', 'text/xml; charset=UTF-8', 'text/plain', 'application/json', 'application/x-www-form-urlencoded'),
);
