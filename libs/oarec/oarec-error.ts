import { SearchError } from '../search/search-error';

/**
 * An OGC API – Records error: written as the exception JSON `{code, description}` of OGC API
 * Features/Common with its HTTP status. 400 names the parameter at fault, 404 an unknown
 * collection or record, 406 an encoding we do not have.
 */
export class OarecError extends Error {
  constructor(
    readonly status: 400 | 404 | 405 | 406 | 413 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OarecError';
  }
}

export const badParameter = (param: string, message: string): OarecError =>
  new OarecError(400, 'InvalidParameterValue', `Parameter "${param}" tidak valid: ${message}`);

/**
 * Runs `fn`, reporting a query error of the search core (a bad date, a bad box …) as a bad
 * value of `param`, the parameter that carried it.
 */
export function asParameter<T>(param: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SearchError) throw badParameter(param, err.message);
    throw err;
  }
}

export interface ExceptionJson {
  code: string;
  description: string;
}

export const exceptionJson = (e: OarecError): ExceptionJson => ({ code: e.code, description: e.message });
