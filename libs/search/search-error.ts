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

/**
 * A GEOS TopologyException raised by the database during a search: the filter geometry passed
 * our validity check (filter/polygon-validity.ts) yet GEOS could not compute a predicate on it.
 * It is the client's geometry that GEOS failed on, so it is answered as a bad filter — not as
 * an internal error; undefined for any other failure.
 */
export function geometryFailure(err: unknown): SearchError | undefined {
  const message = err instanceof Error ? err.message : '';
  if (!/TopologyException/.test(message)) return undefined;
  return invalid('constraint', 'Geometri filter tidak dapat diproses basis data (kesalahan topologi); sederhanakan geometrinya atau gunakan BBOX.');
}
