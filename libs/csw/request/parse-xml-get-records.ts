import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { invalid, missing } from '../csw-error';
import { CONSTRAINT_LANGUAGE_VERSIONS, DEFAULT_OUTPUT_SCHEMA, MAX_RECORDS_DEFAULT_XML } from '../capabilities';
import type { FilterNode } from '../../search/filter/filter-ast';
import { parseCql } from '../filter/parse-cql';
import { parseOgcFilter } from '../filter/parse-ogc-filter';
import { NS } from '../namespaces';
import { parseSortByXml } from '../sort-by';
import type { SortSpec } from '../sort-by';
import type { GetRecordsRequest } from './csw-request';
import {
  checkElementSet, checkOutputFormat, checkOutputSchema, checkRecordTypes, checkResultType, parseElementNames, parseMaxRecords,
  parseQName, parseStartPosition,
} from './request-values';
import { attr, elementChildren, inScopeDeclarations, inScopeResolver, isElement, textOf } from './xml-dom';

/**
 * csw:GetRecords in XML. Attribute defaults are the XSD's (resultType hits, maxRecords 10,
 * startPosition 1, ElementSetName summary); only GET uses the product's own defaults.
 * Structure errors the XSD would reject are InvalidParameterValue (a client error, never
 * a 5xx), with the nearest KVP parameter name as locator.
 */
export function parseXmlGetRecords(root: Element): GetRecordsRequest {
  let query: Element | undefined;
  for (const c of elementChildren(root)) {
    if (isElement(c, NS.csw, 'Query')) {
      if (query) throw invalid('query', 'csw:GetRecords hanya boleh berisi satu csw:Query.');
      query = c;
    } else if (isElement(c, NS.csw, 'DistributedSearch') || isElement(c, NS.csw, 'ResponseHandler')) {
      // not a federation member, no asynchronous delivery: the search is answered here and now
    } else {
      throw invalid('query', `Elemen {${c.namespaceURI ?? ''}}${c.localName} tidak dikenal di dalam csw:GetRecords.`);
    }
  }
  if (!query) throw missing('query', 'csw:GetRecords harus berisi csw:Query.');

  const outputSchema = checkOutputSchema(attr(root, 'outputSchema'), DEFAULT_OUTPUT_SCHEMA);
  const rawTypeNames = attr(query, 'typeNames');
  if (rawTypeNames === undefined) throw missing('typenames', 'Atribut typeNames pada csw:Query wajib diisi.');
  const typeNames = checkRecordTypes(rawTypeNames.trim().split(/\s+/).map((n) => parseQName(n, inScopeResolver(query!), 'typenames')));

  let elementSetName: GetRecordsRequest['elementSetName'];
  const elementNameEls: Element[] = [];
  let filter: FilterNode = { op: 'all' };
  let sortBy: SortSpec[] = [];
  let seenConstraint = false;
  let seenSortBy = false;
  for (const c of elementChildren(query)) {
    if (isElement(c, NS.csw, 'ElementSetName')) {
      if (elementSetName !== undefined) throw invalid('elementsetname', 'csw:ElementSetName hanya boleh muncul sekali.');
      elementSetName = checkElementSet(textOf(c));
    } else if (isElement(c, NS.csw, 'ElementName')) {
      elementNameEls.push(c);
    } else if (isElement(c, NS.csw, 'Constraint')) {
      if (seenConstraint) throw invalid('constraint', 'csw:Constraint hanya boleh muncul sekali.');
      seenConstraint = true;
      filter = parseConstraint(c);
    } else if (isElement(c, NS.ogc, 'SortBy')) {
      if (seenSortBy) throw invalid('sortby', 'ogc:SortBy hanya boleh muncul sekali.');
      seenSortBy = true;
      sortBy = parseSortByXml(c);
    } else {
      throw invalid('query', `Elemen {${c.namespaceURI ?? ''}}${c.localName} tidak dikenal di dalam csw:Query.`);
    }
  }
  if (elementSetName !== undefined && elementNameEls.length) {
    throw invalid('elementname', 'csw:ElementName dan csw:ElementSetName tidak boleh dipakai bersamaan.');
  }
  const elementNames = elementNameEls.length
    ? elementNameEls.flatMap((e) => parseElementNames([textOf(e)], outputSchema, inScopeResolver(e)))
    : undefined;

  const resultType = checkResultType(attr(root, 'resultType'), 'hits');
  return {
    operation: 'GetRecords',
    typeNames,
    outputSchema,
    outputFormat: checkOutputFormat(attr(root, 'outputFormat')),
    elementSetName: elementNames ? undefined : (elementSetName ?? 'summary'),
    elementNames,
    resultType,
    startPosition: parseStartPosition(attr(root, 'startPosition')),
    maxRecords: parseMaxRecords(attr(root, 'maxRecords'), MAX_RECORDS_DEFAULT_XML),
    filter,
    sortBy,
    requestId: attr(root, 'requestId'),
    namespaces: inScopeDeclarations(query),
    rawXml: resultType === 'validate' ? new XMLSerializer().serializeToString(root) : undefined,
  };
}

function parseConstraint(c: Element): FilterNode {
  const version = attr(c, 'version');
  if (version !== undefined && !(CONSTRAINT_LANGUAGE_VERSIONS as readonly string[]).includes(version.trim())) {
    throw invalid('constraint_language_version', `Versi constraint "${version}" tidak didukung (1.1.0 atau 1.0.0).`);
  }
  const kids = elementChildren(c);
  const only = kids[0];
  if (kids.length !== 1 || !only) throw invalid('constraint', 'csw:Constraint harus berisi tepat satu ogc:Filter atau csw:CqlText.');
  if (isElement(only, NS.ogc, 'Filter')) return parseOgcFilter(only);
  if (isElement(only, NS.csw, 'CqlText')) return parseCql(textOf(only));
  throw invalid(
    'constraint',
    `csw:Constraint berisi {${only.namespaceURI ?? ''}}${only.localName}; yang diterima hanya ogc:Filter (${NS.ogc}) atau csw:CqlText.`,
  );
}
