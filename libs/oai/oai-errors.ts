/**
 * OAI-PMH error conditions (protocol section 3.6) as data. They are answers, not failures:
 * written as `<error code="…">` elements with HTTP 200.
 */
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

export interface OaiError {
  code: OaiErrorCode;
  message: string;
}

export const oaiError = (code: OaiErrorCode, message: string): OaiError => ({ code, message });
