/**
 * The small value vocabularies of CSW 2.0.2 that both the capabilities table (capabilities.ts) and
 * the parsed request types (request/csw-request.ts) speak. They sit below both, so the table never
 * has to import the request layer it describes.
 */
export type CswOperation = 'GetCapabilities' | 'GetRecords' | 'GetRecordById' | 'DescribeRecord' | 'GetDomain';
export type ElementSet = 'brief' | 'summary' | 'full';
export type ResultType = 'hits' | 'results' | 'validate';
export type CapabilitiesSection = 'ServiceIdentification' | 'ServiceProvider' | 'OperationsMetadata' | 'Filter_Capabilities' | 'All';
