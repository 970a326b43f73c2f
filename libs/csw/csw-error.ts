/**
 * A CSW protocol error: becomes one ows:Exception in an ows:ExceptionReport (version 1.2.0).
 * Everything in libs/csw throws this; the CSW router is the only place that writes it out.
 */
export type OwsExceptionCode =
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'OperationNotSupported'
  | 'VersionNegotiationFailed'
  | 'InvalidUpdateSequence'
  | 'NoApplicableCode';

export class CswError extends Error {
  constructor(
    readonly code: OwsExceptionCode,
    /** the parameter or element at fault (lower-case KVP name, e.g. "typenames", "constraint") */
    readonly locator: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'CswError';
  }
}

export const missing = (locator: string, message?: string): CswError =>
  new CswError('MissingParameterValue', locator, message ?? `Parameter ${locator} wajib diisi.`);

export const invalid = (locator: string | undefined, message: string): CswError =>
  new CswError('InvalidParameterValue', locator, message);
