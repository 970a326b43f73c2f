import fc from 'fast-check';
import { NS } from '../../libs/csw/namespaces';
import { QUERYABLES } from '../../libs/search/queryables';
import { hasUnstorableText } from '../../services/api/http/input-guards';

/**
 * Generators of hostile input for the fuzz tests: values an attacker or a broken client would
 * send (SQL and LIKE metacharacters, XML markup, control characters, huge numbers, very long
 * strings, deep nesting) inside request shapes close enough to the real grammar that the
 * parsers get past their first checks and the filter compiler is reached.
 */

/** Values that have broken parsers and SQL builders elsewhere. */
export const HOSTILE_VALUES: readonly string[] = [
  "'; DROP TABLE records; --", "' OR '1'='1", '" OR 1=1 --', "'); DELETE FROM users; --", "'||pg_sleep(5)||'",
  '$1', '$$', '$$; DROP TABLE records; $$', 'E\'\\x00\'', '::text', '/* */', '--', ';', '%', '_', '%%', '\\', '\\%', '\\_', '*', '?', '!',
  '\u0000', '\u0001', '\u0008', '\uFFFE', '\uFFFF', '\uD800', '😀🌏', 'ñ ü 日本', '\u202E', '\r\n', '\t',
  '<x/>', '</ogc:Filter>', '<![CDATA[x]]>', ']]>', '&amp;', '&#0;', '&x;', '<!DOCTYPE x>', '<?xml version="1.0"?>',
  '0', '-0', '1', '-1', '1e309', '-1e309', 'NaN', 'Infinity', '9'.repeat(400), '0.' + '0'.repeat(300) + '1', '1,2,3,4', ',,,', '180,90,-180,-90',
  '', ' ', '  \t ', 'null', 'undefined', 'true', '[]', '{}', '2024-13-45', '2024-02-30T25:61:61Z', '-99999-01-01', '+275760-09-13',
  'a'.repeat(5_000), '('.repeat(2_000), ')'.repeat(50), 'NOT '.repeat(500) + 'x',
];

export const hostile = fc.constantFrom(...HOSTILE_VALUES);

/** The path of the first string PostgreSQL could not store (NUL, lone surrogate), if any. */
export function unstorableStringAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasUnstorableText(value) ? path || '/' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = unstorableStringAt(v, `${path}/${k}`);
    if (found) return found;
  }
  return undefined;
}
/** mostly hostile constants, sometimes arbitrary text */
export const value = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export const PROPERTY_NAMES: readonly string[] = [
  ...QUERYABLES.map((q) => q.name), 'AnyText', 'csw:AnyText', 'title', 'dc:nothing', 'apiso:Nope', 'x:y:z', '', ' ', '*', "dc:title'--",
];
const propertyName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PROPERTY_NAMES) }, { weight: 1, arbitrary: value });
const number = fc.oneof(fc.double({ noNaN: false }).map(String), fc.integer({ min: -400, max: 400 }).map(String), hostile);

// --- OGC Filter 1.1 (XML) ----------------------------------------------------------------------

const COMPARISONS = [
  'PropertyIsEqualTo', 'PropertyIsNotEqualTo', 'PropertyIsLessThan', 'PropertyIsGreaterThan', 'PropertyIsLessThanOrEqualTo',
  'PropertyIsGreaterThanOrEqualTo',
] as const;
const SPATIAL = ['BBOX', 'Intersects', 'Within', 'Contains', 'Disjoint', 'Equals', 'Overlaps', 'Touches', 'Crosses', 'DWithin', 'Beyond'] as const;

const pn = (name: string): string => `<ogc:PropertyName>${xmlEscape(name)}</ogc:PropertyName>`;
const lit = (v: string): string => `<ogc:Literal>${xmlEscape(v)}</ogc:Literal>`;

const comparison = fc
  .tuple(fc.constantFrom(...COMPARISONS), propertyName, value, fc.constantFrom('', ' matchCase="false"', ' matchCase="true"', ' matchCase="x"'))
  .map(([op, p, v, mc]) => `<ogc:${op}${mc}>${pn(p)}${lit(v)}</ogc:${op}>`);
const like = fc
  .tuple(propertyName, value, fc.constantFrom('*', '%', '', 'ab'), fc.constantFrom('?', '_', ''), fc.constantFrom('\\', '!', '', '*'))
  .map(([p, v, w, s, e]) => `<ogc:PropertyIsLike wildCard="${xmlEscape(w)}" singleChar="${xmlEscape(s)}" escapeChar="${xmlEscape(e)}">${pn(p)}${lit(v)}</ogc:PropertyIsLike>`);
const isNull = propertyName.map((p) => `<ogc:PropertyIsNull>${pn(p)}</ogc:PropertyIsNull>`);
const between = fc
  .tuple(propertyName, value, value)
  .map(([p, a, b]) => `<ogc:PropertyIsBetween>${pn(p)}<ogc:LowerBoundary>${lit(a)}</ogc:LowerBoundary><ogc:UpperBoundary>${lit(b)}</ogc:UpperBoundary></ogc:PropertyIsBetween>`);
const envelope = fc
  .tuple(number, number, number, number, fc.constantFrom('', ' srsName="EPSG:4326"', ' srsName="urn:ogc:def:crs:EPSG::4326"', ' srsName="EPSG:3857"', ' srsName="x"'))
  .map(([a, b, c, d, srs]) => `<gml:Envelope${srs}><gml:lowerCorner>${xmlEscape(`${a} ${b}`)}</gml:lowerCorner><gml:upperCorner>${xmlEscape(`${c} ${d}`)}</gml:upperCorner></gml:Envelope>`);
const polygon = fc
  .array(number, { minLength: 0, maxLength: 12 })
  .map((xs) => `<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>${xmlEscape(xs.join(' '))}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>`);
const spatial = fc
  .tuple(fc.constantFrom(...SPATIAL), fc.constantFrom('ows:BoundingBox', 'apiso:BoundingBox', 'dc:title', ''), fc.oneof(envelope, polygon), number, fc.constantFrom('m', 'km', 'deg', 'x', ''))
  .map(([op, p, geom, d, units]) => {
    const distance = op === 'DWithin' || op === 'Beyond' ? `<ogc:Distance units="${units}">${xmlEscape(d)}</ogc:Distance>` : '';
    return `<ogc:${op}>${pn(p)}${geom}${distance}</ogc:${op}>`;
  });
const featureId = value.map((v) => `<ogc:FeatureId fid="${xmlEscape(v)}"/>`);

const { predicate } = fc.letrec<{ predicate: string }>((tie) => ({
  predicate: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison, like, isNull, between, spatial, featureId,
    fc.tuple(fc.constantFrom('And', 'Or'), fc.array(tie('predicate') as fc.Arbitrary<string>, { maxLength: 4 })).map(([op, kids]) => `<ogc:${op}>${kids.join('')}</ogc:${op}>`),
    (tie('predicate') as fc.Arbitrary<string>).map((k) => `<ogc:Not>${k}</ogc:Not>`),
  ),
}));

/** An ogc:Filter with its namespaces declared (as a KVP FILTER constraint carries it). */
export const ogcFilter = fc
  .oneof({ weight: 5, arbitrary: predicate }, { weight: 1, arbitrary: fc.constant('') })
  .map((p) => `<ogc:Filter xmlns:ogc="${NS.ogc}" xmlns:gml="${NS.gml}">${p}</ogc:Filter>`);

/** A filter nested far deeper than any real client would nest one. */
export const deepFilter = fc
  .integer({ min: 100, max: 3_000 })
  .map((n) => `<ogc:Filter xmlns:ogc="${NS.ogc}">${'<ogc:Not>'.repeat(n)}${'<ogc:PropertyIsNull><ogc:PropertyName>dc:title</ogc:PropertyName></ogc:PropertyIsNull>'}${'</ogc:Not>'.repeat(n)}</ogc:Filter>`);

// --- CQL ---------------------------------------------------------------------------------------

const cqlString = value.map((v) => `'${v.replace(/'/g, "''")}'`);
const cqlRaw = value.map((v) => `'${v}'`); // unescaped quotes: must be a syntax error, never SQL
const cqlAtom = fc.oneof(
  fc.tuple(propertyName, fc.constantFrom('=', '<>', '<', '>', '<=', '>=', 'LIKE', 'ILIKE', 'like', '=='), fc.oneof(cqlString, cqlRaw, number)).map(([p, op, v]) => `${p} ${op} ${v}`),
  fc.tuple(propertyName, fc.constantFrom('IS NULL', 'IS NOT NULL')).map(([p, s]) => `${p} ${s}`),
  fc.tuple(propertyName, cqlString, cqlString).map(([p, a, b]) => `${p} BETWEEN ${a} AND ${b}`),
  fc.tuple(number, number, number, number).map(([a, b, c, d]) => `BBOX(ows:BoundingBox, ${a}, ${b}, ${c}, ${d})`),
  fc.tuple(fc.constantFrom('INTERSECTS', 'WITHIN', 'CONTAINS', 'DWITHIN'), fc.array(number, { maxLength: 8 })).map(([op, xs]) => `${op}(ows:BoundingBox, POLYGON((${xs.join(' ')})))`),
);
const { cql } = fc.letrec<{ cql: string }>((tie) => ({
  cql: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    cqlAtom,
    fc.tuple(tie('cql') as fc.Arbitrary<string>, fc.constantFrom('AND', 'OR', 'and', 'Or'), tie('cql') as fc.Arbitrary<string>).map(([a, op, b]) => `${a} ${op} ${b}`),
    (tie('cql') as fc.Arbitrary<string>).map((c) => `NOT (${c})`),
    (tie('cql') as fc.Arbitrary<string>).map((c) => `(${c})`),
  ),
}));
export const cqlText = fc.oneof({ weight: 6, arbitrary: cql }, { weight: 1, arbitrary: value }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }).map((n) => `${'('.repeat(n)}dc:title = 'x'${')'.repeat(n)}`) });

// --- KVP ---------------------------------------------------------------------------------------

/** a parameter name in random letter case */
const caseOf = (name: string): fc.Arbitrary<string> =>
  fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((up) => [...name].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

const PARAM_VALUES: Readonly<Record<string, readonly string[]>> = {
  service: ['CSW', 'csw', 'WMS'],
  version: ['2.0.2', '3.0.0', '2.0'],
  request: ['GetCapabilities', 'GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain', 'Transaction', 'Harvest', 'getrecords'],
  typenames: ['csw:Record', 'gmd:MD_Metadata', 'mdb:MD_Metadata', 'csw:Record,gmd:MD_Metadata', 'x:y', 'Record'],
  outputschema: [NS.csw, NS.gmd, NS.mdb, 'http://www.isotc211.org/2005/gmd', 'urn:x'],
  outputformat: ['application/xml', 'text/xml', 'application/json', 'text/html'],
  elementsetname: ['brief', 'summary', 'full', 'BRIEF', 'x'],
  elementname: ['dc:title', 'dc:identifier,dc:title', 'apiso:Title', 'gmd:x'],
  resulttype: ['hits', 'results', 'validate', 'RESULTS'],
  startposition: ['1', '0', '-5', '2147483648', '1e3'],
  maxrecords: ['0', '1', '10', '500', '501', '-1', '99999999999999999999'],
  constraintlanguage: ['FILTER', 'CQL_TEXT', 'filter', 'SQL'],
  constraint_language_version: ['1.1.0', '1.0.0', '2.0.0'],
  namespace: [`xmlns(csw=${NS.csw})`, `xmlns(gmd=${NS.gmd}),xmlns(dc=${NS.dc})`, 'xmlns(', 'xmlns(x=)'],
  sortby: ['dc:title:A', 'dc:title:D,dct:modified:A', 'apiso:Modified:X', 'dc:nothing:A', ':A', 'dc:title'],
  id: ['rec-a', 'rec-a,rec-b', ',', 'x'.repeat(300)],
  sections: ['All', 'ServiceIdentification,OperationsMetadata', '', 'Nope'],
  acceptversions: ['2.0.2', '1.0.0', '2.0.2,3.0.0'],
  acceptformats: ['application/xml', 'text/html'],
  updatesequence: ['0', '1', '99999999999999999999999', 'abc'],
  parametername: ['GetRecords.resultType', 'GetRecords.outputSchema', 'x.y'],
  propertyname: ['dc:title', 'apiso:Subject', 'dc:nothing'],
  schemalanguage: ['http://www.w3.org/XML/Schema', 'XMLSCHEMA', 'x'],
  requestid: ['abc', 'urn:uuid:1'],
  bbox: ['0,0,1,1', '170,-10,-170,10', '-200,0,0,0', '1,2,3', 'a,b,c,d', '0,0,1,1,urn:ogc:def:crs:EPSG::4326'],
  q: ['peta', 'peta batas', '%', '_'],
};

const paramValue = (name: string): fc.Arbitrary<string> => {
  const known = PARAM_VALUES[name];
  return known ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: value }) : value;
};

const kvpPair: fc.Arbitrary<[string, string | string[]]> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...Object.keys(PARAM_VALUES)).chain((name) => fc.tuple(caseOf(name), fc.oneof({ weight: 6, arbitrary: paramValue(name) }, { weight: 1, arbitrary: fc.array(paramValue(name), { maxLength: 3 }) }))) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), value) },
);

/** A query string map as Express would hand it over, usually a plausible GetRecords. */
export const kvpQuery: fc.Arbitrary<Record<string, string | string[]>> = fc
  .tuple(
    fc.constantFrom('GetRecords', 'GetRecords', 'GetRecords', 'GetRecordById', 'GetDomain', 'GetCapabilities', 'DescribeRecord'),
    fc.boolean(),
    fc.option(fc.oneof(ogcFilter.map((f) => ['FILTER', f] as const), cqlText.map((c) => ['CQL_TEXT', c] as const), deepFilter.map((f) => ['FILTER', f] as const))),
    fc.array(kvpPair, { maxLength: 8 }),
  )
  .map(([request, base, constraint, pairs]) => {
    const q: Record<string, string | string[]> = base ? { service: 'CSW', version: '2.0.2', request } : {};
    if (constraint) Object.assign(q, { constraintlanguage: constraint[0], constraint_language_version: '1.1.0', constraint: constraint[1] });
    for (const [k, v] of pairs) q[k] = v;
    return q;
  });

// --- CSW XML (POST) ----------------------------------------------------------------------------

const attrs = (pairs: [string, string][]): string => [...new Map(pairs).entries()].map(([k, v]) => ` ${k}="${xmlEscape(v)}"`).join('');

const getRecords = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom('service', 'version', 'resultType', 'maxRecords', 'startPosition', 'outputSchema', 'outputFormat'), fc.oneof(fc.constantFrom('CSW', '2.0.2', 'results', 'hits', '10', '1', NS.csw, NS.gmd), value)), { maxLength: 7 }),
    fc.array(fc.tuple(fc.constantFrom('typeNames'), fc.constantFrom('csw:Record', 'gmd:MD_Metadata', 'x:y', '')), { maxLength: 1 }),
    fc.constantFrom('brief', 'summary', 'full', 'x', ''),
    fc.option(fc.oneof(ogcFilter.map((f) => `<csw:Constraint version="1.1.0">${f}</csw:Constraint>`), cqlText.map((c) => `<csw:Constraint version="1.1.0"><csw:CqlText>${xmlEscape(c)}</csw:CqlText></csw:Constraint>`))),
    fc.option(fc.array(fc.tuple(propertyName, fc.constantFrom('ASC', 'DESC', 'x')), { maxLength: 3 })),
  )
  .map(([rootAttrs, queryAttrs, esn, constraint, sort]) => {
    const sortBy = sort
      ? `<ogc:SortBy>${sort.map(([p, o]) => `<ogc:SortProperty>${pn(p)}<ogc:SortOrder>${o}</ogc:SortOrder></ogc:SortProperty>`).join('')}</ogc:SortBy>`
      : '';
    return `<csw:GetRecords xmlns:csw="${NS.csw}" xmlns:ogc="${NS.ogc}" xmlns:gml="${NS.gml}" service="CSW" version="2.0.2"${attrs(rootAttrs)}>`
      + `<csw:Query typeNames="csw:Record"${attrs(queryAttrs)}><csw:ElementSetName>${esn}</csw:ElementSetName>${constraint ?? ''}${sortBy}</csw:Query></csw:GetRecords>`;
  });

const otherOps = fc.oneof(
  fc.array(value, { maxLength: 4 }).map((ids) => `<csw:GetRecordById xmlns:csw="${NS.csw}" service="CSW" version="2.0.2">${ids.map((i) => `<csw:Id>${xmlEscape(i)}</csw:Id>`).join('')}</csw:GetRecordById>`),
  fc.tuple(fc.constantFrom('ParameterName', 'PropertyName', 'x'), value).map(([el, v]) => `<csw:GetDomain xmlns:csw="${NS.csw}" service="CSW" version="2.0.2"><csw:${el}>${xmlEscape(v)}</csw:${el}></csw:GetDomain>`),
  fc.array(value, { maxLength: 3 }).map((s) => `<csw:GetCapabilities xmlns:csw="${NS.csw}" xmlns:ows="${NS.ows}" service="CSW"><ows:Sections>${s.map((x) => `<ows:Section>${xmlEscape(x)}</ows:Section>`).join('')}</ows:Sections></csw:GetCapabilities>`),
  fc.constantFrom(
    `<csw:DescribeRecord xmlns:csw="${NS.csw}" service="CSW" version="2.0.2"><csw:TypeName>csw:Record</csw:TypeName></csw:DescribeRecord>`,
    `<csw:Transaction xmlns:csw="${NS.csw}" service="CSW" version="2.0.2"/>`,
    `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body/></soap:Envelope>`,
  ),
);

/** Attacks on the parser itself: entities, DTDs, malformed and deep documents. */
export const XML_ATTACKS: readonly string[] = [
  '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
  '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><r>&c;</r>',
  '<!DOCTYPE r SYSTEM "http://127.0.0.1:1/evil.dtd"><r/>',
  '<!ENTITY x "y"><r/>',
  `<csw:GetRecords xmlns:csw="${NS.csw}"><!-- unterminated`,
  '<a><b></a></b>', '<a', '<', '&', '<?xml version="1.0" encoding="UTF-16"?><a/>', '<a xmlns:x="urn:x"><x:b><y:c/></x:b></a>',
  `<a>${'<b>'.repeat(5_000)}${'</b>'.repeat(5_000)}</a>`,
  `<r ${Array.from({ length: 2_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`,
];

/** A POST body: mostly plausible CSW, sometimes an attack or noise. */
export const cswXmlBody = fc.oneof(
  { weight: 6, arbitrary: getRecords },
  { weight: 2, arbitrary: otherOps },
  { weight: 1, arbitrary: fc.constantFrom(...XML_ATTACKS) },
  { weight: 1, arbitrary: deepFilter.map((f) => `<csw:GetRecords xmlns:csw="${NS.csw}" service="CSW" version="2.0.2"><csw:Query typeNames="csw:Record"><csw:Constraint version="1.1.0">${f}</csw:Constraint></csw:Query></csw:GetRecords>`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);
