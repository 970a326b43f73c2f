import { asCswErrors, invalid, missing } from '../csw-error';
import { buildCapabilitiesRequest } from './capabilities-request';
import type { CswRequest, DescribeRecordRequest, GetDomainRequest, GetRecordByIdRequest } from './csw-request';
import { buildGetDomain, checkService, checkVersion, unsupportedOperation, UNSUPPORTED_OPERATIONS, VERSIONED_OPERATIONS } from './operation-checks';
import { KvpParams, type RawQuery } from './kvp-params';
import { parseKvpGetRecords } from './parse-kvp-get-records';
import { parseNamespaceParam } from './namespace-param';
import { checkElementSet, checkOutputFormat, checkOutputSchema, checkSchemaLanguage, parseQName, prefixResolver } from './request-values';
import { DEFAULT_OUTPUT_SCHEMA } from '../capabilities';

/**
 * GET (KVP) requests → CswRequest, or a CswError naming the parameter at fault (locator
 * = the lower-case parameter name). Check order follows the peers: service, request,
 * version, then the operation's own parameters.
 */
function parseKvpRequestUnwrapped(query: RawQuery): CswRequest {
  const p = new KvpParams(query);
  checkService(p.get('service'));
  const request = p.get('request');
  if (request === undefined) throw missing('request', 'Parameter request wajib diisi (mis. GetCapabilities).');
  if ((UNSUPPORTED_OPERATIONS as readonly string[]).includes(request)) throw unsupportedOperation(request);
  if (request === 'GetCapabilities') {
    // `version` is not a GetCapabilities parameter (AcceptVersions is): ignored here
    const rawSections = p.raw('sections');
    return buildCapabilitiesRequest({
      sections: rawSections === undefined ? undefined : (p.list('sections') ?? []),
      acceptVersions: p.list('acceptversions'),
      acceptFormats: p.list('acceptformats'),
      updateSequence: p.get('updatesequence'),
    });
  }
  if (!(VERSIONED_OPERATIONS as readonly string[]).includes(request)) {
    throw invalid('request', `Operasi "${request}" tidak dikenal. Operasi yang didukung: GetCapabilities, ${VERSIONED_OPERATIONS.join(', ')}.`);
  }
  checkVersion(p.get('version'));
  switch (request) {
    case 'GetRecords':
      return parseKvpGetRecords(p);
    case 'GetRecordById':
      return parseKvpGetRecordById(p);
    case 'DescribeRecord':
      return parseKvpDescribeRecord(p);
    default:
      return parseKvpGetDomain(p);
  }
}

function parseKvpGetRecordById(p: KvpParams): GetRecordByIdRequest {
  const ids = p.list('id');
  if (!ids) throw missing('id', 'Parameter id wajib diisi (satu atau beberapa pengenal dipisah koma).');
  return {
    operation: 'GetRecordById',
    ids: [...new Set(ids)],
    outputSchema: checkOutputSchema(p.get('outputschema'), DEFAULT_OUTPUT_SCHEMA),
    outputFormat: checkOutputFormat(p.get('outputformat')),
    elementSetName: checkElementSet(p.get('elementsetname')),
  };
}

function parseKvpDescribeRecord(p: KvpParams): DescribeRecordRequest {
  const resolve = prefixResolver(parseNamespaceParam(p.get('namespace')));
  // TYPENAME is the 2.0.2 spelling; TYPENAMES is what clients copy from GetRecords
  const names = p.list('typename', /[,\s]+/) ?? p.list('typenames', /[,\s]+/) ?? [];
  return {
    operation: 'DescribeRecord',
    typeNames: names.map((n) => parseQName(n, resolve, 'typename')),
    outputFormat: checkOutputFormat(p.get('outputformat')),
    schemaLanguage: checkSchemaLanguage(p.get('schemalanguage')),
  };
}

function parseKvpGetDomain(p: KvpParams): GetDomainRequest {
  return buildGetDomain(p.get('parametername'), p.get('propertyname'));
}

/** the search core's query errors surface as CswError (InvalidParameterValue) */
export const parseKvpRequest = asCswErrors(parseKvpRequestUnwrapped);
