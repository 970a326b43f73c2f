import { SUPPORTED_FUNCTIONS } from './filter/parse-ogc-filter';
import { ADDITIONAL_QUERYABLES, DC_QUERYABLES, ISO_QUERYABLES } from '../search/queryables';
import { NS, type QName } from './namespaces';
import type { CapabilitiesSection, CswOperation, ElementSet, ResultType } from './csw-vocabulary';

/**
 * What this CSW offers, as data. The GetCapabilities writer prints it and the request
 * parsers validate against it, so an advertised value is always an accepted value and
 * the other way round. Add an output schema or a type name here and both sides follow.
 */
export const SERVICE_TYPE = 'CSW';
export const SUPPORTED_VERSION = '2.0.2';

/** Output formats we answer with; `text/xml` is accepted as an alias of `application/xml`. */
export const OUTPUT_FORMATS = ['application/xml', 'text/xml'] as const;

export interface RecordTypeSpec {
  /** as advertised, e.g. `csw:Record` */
  name: string;
  qname: QName;
}
export const RECORD_TYPES: readonly RecordTypeSpec[] = [
  { name: 'csw:Record', qname: { ns: NS.csw, local: 'Record', prefix: 'csw' } },
  { name: 'gmd:MD_Metadata', qname: { ns: NS.gmd, local: 'MD_Metadata', prefix: 'gmd' } },
  { name: 'mdb:MD_Metadata', qname: { ns: NS.mdb, local: 'MD_Metadata', prefix: 'mdb' } },
];

/** outputSchema URI → the family of stored renders that answers it. */
export type RenderFamily = 'dc' | 'gmd' | 'mdb2018';
export const OUTPUT_SCHEMAS: Readonly<Record<string, RenderFamily>> = {
  [NS.csw]: 'dc',
  [NS.gmd]: 'gmd',
  [NS.mdb]: 'mdb2018',
};
export const DEFAULT_OUTPUT_SCHEMA = NS.csw;

export const ELEMENT_SETS: readonly ElementSet[] = ['brief', 'summary', 'full'];
export const RESULT_TYPES: readonly ResultType[] = ['hits', 'results', 'validate'];
export const CONSTRAINT_LANGUAGES = ['FILTER', 'CQL_TEXT'] as const;
export const CONSTRAINT_LANGUAGE_VERSIONS = ['1.1.0', '1.0.0'] as const;
export const SECTIONS: readonly CapabilitiesSection[] = ['ServiceIdentification', 'ServiceProvider', 'OperationsMetadata', 'Filter_Capabilities', 'All'];

/** The advertised schema language; the others are spellings clients use for the same thing. */
export const SCHEMA_LANGUAGE = 'http://www.w3.org/XML/Schema';
export const SCHEMA_LANGUAGE_ALIASES: readonly string[] = [SCHEMA_LANGUAGE, 'XMLSCHEMA', 'http://www.w3.org/2001/XMLSchema', 'http://www.w3.org/TR/xmlschema-1/'];

/**
 * Paging: the XSD default (10) applies to XML requests; the product specification sets
 * 100 for GET. Every request is capped at 500 so one page of full ISO stays fast.
 */
export const MAX_RECORDS_DEFAULT_XML = 10;
export const MAX_RECORDS_DEFAULT_KVP = 100;
export const MAX_RECORDS_CAP = 500;

export interface Domain {
  name: string;
  values: readonly string[];
}

export interface OperationSpec {
  name: CswOperation;
  parameters: readonly Domain[];
  constraints: readonly Domain[];
}

const typeNames = RECORD_TYPES.map((t) => t.name);
const outputSchemas = Object.keys(OUTPUT_SCHEMAS);

const BASE_OPERATIONS: OperationSpec[] = [
  {
    name: 'GetCapabilities',
    parameters: [
      { name: 'sections', values: SECTIONS },
      { name: 'AcceptVersions', values: [SUPPORTED_VERSION] },
      { name: 'AcceptFormats', values: OUTPUT_FORMATS },
    ],
    constraints: [],
  },
  {
    name: 'DescribeRecord',
    parameters: [
      { name: 'typeName', values: typeNames },
      { name: 'outputFormat', values: OUTPUT_FORMATS },
      { name: 'schemaLanguage', values: [SCHEMA_LANGUAGE] },
    ],
    constraints: [],
  },
  {
    name: 'GetRecords',
    parameters: [
      { name: 'typeNames', values: typeNames },
      { name: 'outputSchema', values: outputSchemas },
      { name: 'outputFormat', values: OUTPUT_FORMATS },
      { name: 'resultType', values: RESULT_TYPES },
      { name: 'ElementSetName', values: ELEMENT_SETS },
      { name: 'CONSTRAINTLANGUAGE', values: CONSTRAINT_LANGUAGES },
    ],
    constraints: [
      { name: 'SupportedISOQueryables', values: ISO_QUERYABLES },
      { name: 'AdditionalQueryables', values: ADDITIONAL_QUERYABLES },
      { name: 'SupportedDublinCoreQueryables', values: DC_QUERYABLES },
    ],
  },
  {
    name: 'GetRecordById',
    parameters: [
      { name: 'outputSchema', values: outputSchemas },
      { name: 'outputFormat', values: OUTPUT_FORMATS },
      { name: 'ElementSetName', values: ELEMENT_SETS },
    ],
    constraints: [],
  },
];

/** `Operation.parameter` names GetDomain can answer from this table. */
export const DOMAIN_PARAMETER_NAMES: readonly string[] = BASE_OPERATIONS.flatMap((op) => op.parameters.map((p) => `${op.name}.${p.name}`));

export const OPERATIONS: readonly OperationSpec[] = [
  ...BASE_OPERATIONS,
  { name: 'GetDomain', parameters: [{ name: 'ParameterName', values: DOMAIN_PARAMETER_NAMES }], constraints: [] },
];

export const COMMON_PARAMETERS: readonly Domain[] = [
  { name: 'service', values: [SERVICE_TYPE] },
  { name: 'version', values: [SUPPORTED_VERSION] },
];
export const COMMON_CONSTRAINTS: readonly Domain[] = [
  { name: 'PostEncoding', values: ['XML'] },
  { name: 'MaxRecordDefault', values: [String(MAX_RECORDS_DEFAULT_KVP)] },
];

/**
 * Exactly what libs/csw/filter implements (parse-ogc-filter / compile-sql). Changing the
 * filter side without changing this list makes GetCapabilities lie to clients.
 */
export const FILTER_CAPABILITIES = {
  geometryOperands: ['gml:Envelope', 'gml:Point', 'gml:LineString', 'gml:Polygon'],
  spatialOperators: ['BBOX', 'Equals', 'Disjoint', 'Intersects', 'Touches', 'Crosses', 'Within', 'Contains', 'Overlaps', 'Beyond', 'DWithin'],
  logicalOperators: true,
  comparisonOperators: ['LessThan', 'GreaterThan', 'LessThanEqualTo', 'GreaterThanEqualTo', 'EqualTo', 'NotEqualTo', 'Like', 'Between', 'NullCheck'],
  /** ogc:Function names (one argument each) */
  functions: SUPPORTED_FUNCTIONS,
  idCapabilities: ['EID', 'FID'],
} as const;

/** Looks up `Operation.parameter` (case-insensitive on both parts), for GetDomain. */
export function findDomainParameter(name: string): { name: string; values: readonly string[] } | undefined {
  const dot = name.indexOf('.');
  if (dot <= 0) return undefined;
  const opName = name.slice(0, dot).toLowerCase();
  const paramName = name.slice(dot + 1).toLowerCase();
  const op = OPERATIONS.find((o) => o.name.toLowerCase() === opName);
  const p = op?.parameters.find((x) => x.name.toLowerCase() === paramName);
  return op && p ? { name: `${op.name}.${p.name}`, values: p.values } : undefined;
}

export function recordTypeFor(q: QName): RecordTypeSpec | undefined {
  return RECORD_TYPES.find((t) => t.qname.ns === q.ns && t.qname.local === q.local);
}
