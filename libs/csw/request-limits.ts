/**
 * What one unauthenticated CSW request may make the service do, bounded where it enters
 * (issue 12: a 45,000-vertex polygon held PostgreSQL for 6–8 s, a flat body of 250,000
 * elements blocked the event loop for seconds).
 */

/**
 * Elements of a POST body or an XML CONSTRAINT, counted before the DOM is built: a real
 * GetRecords has tens to a few hundred (an Or of 1,000 comparisons is about 4,000).
 */
export const MAX_POST_ELEMENTS = 10_000;

/**
 * Vertices of all filter geometries of one request together (GML posList/pos/coordinates,
 * CQL/WKT). A country outline at useful detail has a few thousand; PostGIS tests 10,000
 * against an indexed catalogue in well under a second, while 45,000 took 6–8 s.
 */
export const MAX_FILTER_VERTICES = 10_000;
