import { geometryFailure, SearchError } from '../search/search-error';

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

export class CswError extends SearchError {
  constructor(
    override readonly code: OwsExceptionCode,
    /** the parameter or element at fault (lower-case KVP name, e.g. "typenames", "constraint") */
    override readonly locator: string | undefined,
    message: string,
  ) {
    super(code, locator, message);
    this.name = 'CswError';
  }
}

/**
 * The CSW view of any query error: the search core's own (an unknown queryable, a bad date,
 * a bad geometry) is an InvalidParameterValue at its locator, exactly as when CSW threw it.
 */
export function asCswError(err: unknown): CswError | undefined {
  if (err instanceof CswError) return err;
  const search = err instanceof SearchError ? err : geometryFailure(err);
  if (search) return new CswError('InvalidParameterValue', search.locator, search.message);
  return undefined;
}

export const missing = (locator: string, message?: string): CswError =>
  new CswError('MissingParameterValue', locator, message ?? `Parameter ${locator} wajib diisi.`);

export const invalid = (locator: string | undefined, message: string): CswError =>
  new CswError('InvalidParameterValue', locator, message);

/** Wraps a CSW parser so that everything it throws about the query is a CswError. */
export function asCswErrors<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    try {
      return fn(...args);
    } catch (err) {
      throw asCswError(err) ?? err;
    }
  };
}
