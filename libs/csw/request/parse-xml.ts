import type { Element } from '@xmldom/xmldom';
import { asCswErrors, invalid, missing } from '../csw-error';
import { DEFAULT_OUTPUT_SCHEMA, SERVICE_TYPE } from '../capabilities';
import { NS } from '../namespaces';
import { parseXmlSafely, XmlInputError } from '../../xml/safe-parse';
import { MAX_POST_ELEMENTS } from '../request-limits';
import { buildCapabilitiesRequest } from './capabilities-request';
import type { CswRequest, DescribeRecordRequest, GetRecordByIdRequest } from './csw-request';
import { buildGetDomain, checkService, checkVersion, unsupportedOperation, UNSUPPORTED_OPERATIONS } from './operation-checks';
import { parseXmlGetRecords } from './parse-xml-get-records';
import { checkElementSet, checkOutputFormat, checkOutputSchema, checkSchemaLanguage, parseQName } from './request-values';
import { attr, childrenNamed, elementChildren, inScopeResolver, isElement, textOf } from './xml-dom';

/** POST bodies above this are refused before parsing (a GetRecords is a few KB). */
export const MAX_POST_BYTES = 1024 * 1024;


const SOAP_NAMESPACES = new Set(['http://www.w3.org/2003/05/soap-envelope', 'http://schemas.xmlsoap.org/soap/envelope/']);

/**
 * POST (XML) requests → CswRequest. The operation is the root element's namespace + local
 * name, never its prefix. Unreadable documents (malformed, DTD/entities, too large, too
 * deep) are InvalidParameterValue without a locator: the client sent something wrong, so
 * it must never surface as NoApplicableCode / HTTP 500.
 */
function parseXmlRequestUnwrapped(body: string): CswRequest {
  let root: Element;
  try {
    root = parseXmlSafely(body, { maxBytes: MAX_POST_BYTES, maxElements: MAX_POST_ELEMENTS }).documentElement!;
  } catch (err) {
    if (err instanceof XmlInputError) throw invalid(undefined, `Isi permintaan bukan dokumen XML yang dapat diterima: ${err.message}`);
    throw err;
  }
  if (root.namespaceURI && SOAP_NAMESPACES.has(root.namespaceURI)) {
    throw invalid('request', 'Amplop SOAP tidak didukung; kirim permintaan CSW sebagai XML biasa (PostEncoding XML).');
  }
  if (root.namespaceURI !== NS.csw) {
    throw invalid('request', `Elemen akar {${root.namespaceURI ?? ''}}${root.localName} bukan permintaan CSW 2.0.2 (namespace ${NS.csw}).`);
  }
  const op = root.localName ?? '';
  if ((UNSUPPORTED_OPERATIONS as readonly string[]).includes(op)) throw unsupportedOperation(op);
  if (op === 'GetCapabilities') return parseXmlGetCapabilities(root);
  if (!['GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain'].includes(op)) {
    throw invalid('request', `Operasi "${op}" tidak dikenal.`);
  }
  checkService(attr(root, 'service'));
  checkVersion(attr(root, 'version'));
  switch (op) {
    case 'GetRecords':
      return parseXmlGetRecords(root);
    case 'GetRecordById':
      return parseXmlGetRecordById(root);
    case 'DescribeRecord':
      return parseXmlDescribeRecord(root);
    default:
      return parseXmlGetDomain(root);
  }
}

function owsList(root: Element, container: string, item: string): string[] | undefined {
  const el = childrenNamed(root, NS.ows, container)[0];
  if (!el) return undefined;
  return childrenNamed(el, NS.ows, item).map(textOf).filter((s) => s !== '');
}

function parseXmlGetCapabilities(root: Element): CswRequest {
  // service is optional here (XSD default "http://www.opengis.net/cat/csw")
  const service = attr(root, 'service');
  if (service !== undefined && service !== SERVICE_TYPE && service !== 'http://www.opengis.net/cat/csw') {
    throw invalid('service', `Nilai service "${service}" tidak valid; harus CSW.`);
  }
  return buildCapabilitiesRequest({
    sections: owsList(root, 'Sections', 'Section'),
    acceptVersions: owsList(root, 'AcceptVersions', 'Version'),
    acceptFormats: owsList(root, 'AcceptFormats', 'OutputFormat'),
    updateSequence: attr(root, 'updateSequence'),
  });
}

function parseXmlGetRecordById(root: Element): GetRecordByIdRequest {
  const ids = childrenNamed(root, NS.csw, 'Id').map(textOf).filter((s) => s !== '');
  if (ids.length === 0) throw missing('id', 'csw:GetRecordById harus berisi minimal satu csw:Id.');
  const setEls = childrenNamed(root, NS.csw, 'ElementSetName');
  return {
    operation: 'GetRecordById',
    ids: [...new Set(ids)],
    outputSchema: checkOutputSchema(attr(root, 'outputSchema'), DEFAULT_OUTPUT_SCHEMA),
    outputFormat: checkOutputFormat(attr(root, 'outputFormat')),
    elementSetName: checkElementSet(setEls[0] ? textOf(setEls[0]) : undefined),
  };
}

function parseXmlDescribeRecord(root: Element): DescribeRecordRequest {
  return {
    operation: 'DescribeRecord',
    typeNames: childrenNamed(root, NS.csw, 'TypeName').map((e) => parseQName(textOf(e), inScopeResolver(e), 'typename')),
    outputFormat: checkOutputFormat(attr(root, 'outputFormat')),
    schemaLanguage: checkSchemaLanguage(attr(root, 'schemaLanguage')),
  };
}

function parseXmlGetDomain(root: Element): CswRequest {
  let parameterName: string | undefined;
  let propertyName: string | undefined;
  for (const c of elementChildren(root)) {
    if (isElement(c, NS.csw, 'ParameterName')) parameterName = textOf(c);
    else if (isElement(c, NS.csw, 'PropertyName')) propertyName = textOf(c);
  }
  return buildGetDomain(parameterName || undefined, propertyName || undefined);
}

/** the search core's query errors surface as CswError (InvalidParameterValue) */
export const parseXmlRequest = asCswErrors(parseXmlRequestUnwrapped);
