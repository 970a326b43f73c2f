import type { FilterNode } from '../../search/filter/filter-ast';
import type { SortSpec } from '../sort-by';
import type { QName } from '../namespaces';
import type { CapabilitiesSection, CswOperation, ElementSet, ResultType } from '../csw-vocabulary';

/**
 * One request model for KVP (GET) and XML (POST): both parsers produce a `CswRequest`,
 * everything after parsing (dispatch, responses, the cache key) works on this type only.
 */
export type { CapabilitiesSection, CswOperation, ElementSet, ResultType };

export interface GetCapabilitiesRequest {
  operation: 'GetCapabilities';
  /** undefined = all sections; [] = the abbreviated document (`Sections=` with no value) */
  sections: CapabilitiesSection[] | undefined;
  acceptVersions: string[] | undefined;
  acceptFormats: string[] | undefined;
  updateSequence: string | undefined;
}

export interface GetRecordsRequest {
  operation: 'GetRecords';
  typeNames: QName[];
  /** an output schema namespace URI from the capabilities (validated) */
  outputSchema: string;
  outputFormat: string;
  /** exactly one of elementSetName / elementNames is set */
  elementSetName: ElementSet | undefined;
  elementNames: QName[] | undefined;
  resultType: ResultType;
  startPosition: number;
  /** already capped at MAX_RECORDS_CAP */
  maxRecords: number;
  filter: FilterNode;
  sortBy: SortSpec[];
  requestId: string | undefined;
  /** prefix → URI bindings the request declared (NAMESPACE or in-scope xmlns) */
  namespaces: Record<string, string>;
  /** the request as XML, echoed by resultType=validate (the POST body, or rebuilt from KVP) */
  rawXml: string | undefined;
}

export interface GetRecordByIdRequest {
  operation: 'GetRecordById';
  /** in request order, without duplicates */
  ids: string[];
  outputSchema: string;
  outputFormat: string;
  elementSetName: ElementSet;
}

export interface DescribeRecordRequest {
  operation: 'DescribeRecord';
  /** empty = every supported type */
  typeNames: QName[];
  outputFormat: string;
  schemaLanguage: string;
}

export interface GetDomainRequest {
  operation: 'GetDomain';
  /** exactly one is set */
  parameterName: string | undefined;
  propertyName: string | undefined;
}

export type CswRequest = GetCapabilitiesRequest | GetRecordsRequest | GetRecordByIdRequest | DescribeRecordRequest | GetDomainRequest;
/** compiles only while the parsed requests and the vocabulary name the same operations */
type Assert<T extends true> = T;
export type OperationsAgree = Assert<[CswRequest['operation']] extends [CswOperation] ? ([CswOperation] extends [CswRequest['operation']] ? true : false) : false>;
