/**
 * A bad query, found by the search core (an unknown queryable, a malformed date, a bad
 * geometry …). Protocol adapters turn it into their own error document: CSW into an
 * ows:Exception (CswError extends this class), OGC API – Records into a 400 exception JSON.
 * `locator` names the parameter at fault (`constraint`, `sortby`, `filter`, `bbox` …).
 */
export class SearchError extends Error {
  constructor(
    readonly code: string,
    readonly locator: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export const invalid = (locator: string | undefined, message: string): SearchError =>
  new SearchError('InvalidParameterValue', locator, message);
