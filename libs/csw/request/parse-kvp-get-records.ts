import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { invalid, missing } from '../csw-error';
import { CONSTRAINT_LANGUAGES, CONSTRAINT_LANGUAGE_VERSIONS, DEFAULT_OUTPUT_SCHEMA, MAX_RECORDS_DEFAULT_KVP, OUTPUT_SCHEMAS, RECORD_TYPES } from '../capabilities';
import type { FilterNode } from '../../search/filter/filter-ast';
import { parseCql } from '../filter/parse-cql';
import { parseOgcFilter } from '../filter/parse-ogc-filter';
import { checkFilterVertices } from '../filter/vertex-budget';
import { NS } from '../namespaces';
import { parseSortByKvp } from '../sort-by';
import { parseXmlSafely, XmlInputError } from '../../xml/safe-parse';
import { MAX_POST_ELEMENTS } from '../request-limits';
import type { GetRecordsRequest } from './csw-request';
import { buildKvpEcho, type KvpEchoInput } from './kvp-echo';
import { bboxFilter, combineAnd, freeTextFilter, parseBboxParam } from './kvp-filters';
import type { KvpParams } from './kvp-params';
import { parseNamespaceParam } from './namespace-param';
import {
  checkElementSet, checkOutputFormat, checkOutputSchema, checkRecordTypes, checkResultType, parseElementNames, parseMaxRecords,
  parseQName, parseStartPosition, prefixResolver,
} from './request-values';

/** A filter given as a KVP value is small; anything near the POST limit is abuse. */
const MAX_CONSTRAINT_BYTES = 1024 * 1024;

/**
 * GetRecords over GET. Defaults follow the product specification, not the XSD (see
 * csw-notes): RESULTTYPE results, MAXRECORDS 100 (cap 500), TYPENAMES optional.
 */
export function parseKvpGetRecords(p: KvpParams): GetRecordsRequest {
  const namespaces = parseNamespaceParam(p.get('namespace'));
  const resolve = prefixResolver(namespaces);
  const outputSchema = checkOutputSchema(p.get('outputschema'), DEFAULT_OUTPUT_SCHEMA);
  const rawTypeNames = p.list('typenames', /[,\s]+/) ?? [defaultTypeName(outputSchema)];
  const typeNames = checkRecordTypes(rawTypeNames.map((n) => parseQName(n, resolve, 'typenames')));

  const rawElementNames = p.list('elementname');
  if (rawElementNames && p.get('elementsetname') !== undefined) {
    throw invalid('elementname', 'ElementName dan ElementSetName tidak boleh dipakai bersamaan.');
  }
  const elementNames = rawElementNames ? parseElementNames(rawElementNames, outputSchema, resolve) : undefined;
  const elementSetName = elementNames ? undefined : checkElementSet(p.get('elementsetname'));

  const constraint = parseKvpConstraint(p);
  const q = p.get('q');
  const bbox = p.get('bbox') !== undefined ? parseBboxParam(p.get('bbox')!) : undefined;
  const filter = combineAnd([constraint?.node, q !== undefined ? freeTextFilter(q) : undefined, bbox ? bboxFilter(bbox) : undefined]);
  checkFilterVertices(filter);

  const sortByRaw = p.get('sortby');
  const request: GetRecordsRequest = {
    operation: 'GetRecords',
    typeNames,
    outputSchema,
    outputFormat: checkOutputFormat(p.get('outputformat')),
    elementSetName,
    elementNames,
    resultType: checkResultType(p.get('resulttype'), 'results'),
    startPosition: parseStartPosition(p.get('startposition')),
    maxRecords: parseMaxRecords(p.get('maxrecords'), MAX_RECORDS_DEFAULT_KVP),
    filter,
    sortBy: sortByRaw !== undefined ? parseSortByKvp(sortByRaw) : [],
    requestId: p.get('requestid'),
    namespaces,
    rawXml: undefined,
  };
  if (request.resultType === 'validate') {
    const echo: KvpEchoInput = {
      namespaces,
      typeNames: rawTypeNames,
      outputSchema,
      outputFormat: request.outputFormat,
      startPosition: request.startPosition,
      maxRecords: request.maxRecords,
      requestId: request.requestId,
      elementSetName,
      elementNames: rawElementNames,
      constraint: constraint?.echo,
      q,
      bbox,
      sortBy: sortByRaw,
    };
    request.rawXml = buildKvpEcho(echo);
  }
  return request;
}

function defaultTypeName(outputSchema: string): string {
  const family = OUTPUT_SCHEMAS[outputSchema];
  const t = RECORD_TYPES.find((r) => (family === 'gmd' ? r.qname.ns === NS.gmd : family === 'mdb2018' ? r.qname.ns === NS.mdb : r.qname.ns === NS.csw));
  return t?.name ?? 'csw:Record';
}

interface ParsedConstraint {
  node: FilterNode;
  echo: KvpEchoInput['constraint'];
}

function parseKvpConstraint(p: KvpParams): ParsedConstraint | undefined {
  const text = p.get('constraint');
  const version = p.get('constraint_language_version');
  if (version !== undefined && !(CONSTRAINT_LANGUAGE_VERSIONS as readonly string[]).includes(version.trim())) {
    throw invalid('constraint_language_version', `CONSTRAINT_LANGUAGE_VERSION "${version}" tidak didukung (1.1.0 atau 1.0.0).`);
  }
  if (text === undefined) return undefined;
  const languageRaw = p.get('constraintlanguage');
  if (languageRaw === undefined) throw missing('constraintlanguage', 'CONSTRAINT memerlukan CONSTRAINTLANGUAGE (FILTER atau CQL_TEXT).');
  const language = CONSTRAINT_LANGUAGES.find((l) => l === languageRaw.trim().toUpperCase());
  if (!language) throw invalid('constraintlanguage', `CONSTRAINTLANGUAGE "${languageRaw}" tidak didukung (FILTER atau CQL_TEXT).`);
  if (language === 'CQL_TEXT') return { node: parseCql(text), echo: { language, text } };

  let root: Element;
  try {
    root = parseXmlSafely(text, { maxBytes: MAX_CONSTRAINT_BYTES, maxElements: MAX_POST_ELEMENTS }).documentElement!;
  } catch (err) {
    if (err instanceof XmlInputError) throw invalid('constraint', `CONSTRAINT bukan XML yang valid: ${err.message}`);
    throw err;
  }
  if (root.namespaceURI !== NS.ogc || root.localName !== 'Filter') {
    throw invalid('constraint', `CONSTRAINT harus berupa elemen ogc:Filter (namespace ${NS.ogc}).`);
  }
  const node = parseOgcFilter(root);
  const serializer = new XMLSerializer();
  const children: string[] = [];
  for (let c = root.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) children.push(serializer.serializeToString(c));
  return { node, echo: { language, filterChildrenXml: children } };
}
