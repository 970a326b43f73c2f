import { ANYTEXT_WORD } from '../csw/cases';

/**
 * Issue 11 point 5, second target: filtered GetRecords, 10 records, Dublin Core brief —
 * AnyText, BBOX, and the And of both. Sent as repeated identical requests to the API started
 * through uncached-server.ts (a response cache that never hits, never-hit-cache.ts): each one
 * then goes the way of a response-cache miss
 * (generation + entry read, PostgreSQL, XML assembly, entry stored) while the exact count
 * of the filter may come from the count memo, as for a harvester paging through one filter
 * or users repeating a search after the cache entry expired.
 */
export interface UncachedCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const CSW = '/metadata/csw';

const anyTextOf = (word: string): string => `<ogc:PropertyIsLike wildCard="%" singleChar="_" escapeChar="\\"><ogc:PropertyName>csw:AnyText</ogc:PropertyName><ogc:Literal>%${word}%</ogc:Literal></ogc:PropertyIsLike>`;
const bbox = '<ogc:BBOX><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName><gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>-11 95</gml:lowerCorner><gml:upperCorner>6 141</gml:upperCorner></gml:Envelope></ogc:BBOX>';

const getRecords = (filter: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" xmlns:ows="http://www.opengis.net/ows" service="CSW" version="2.0.2" resultType="results" maxRecords="10" startPosition="1">
  <csw:Query typeNames="csw:Record"><csw:ElementSetName>brief</csw:ElementSetName>
    <csw:Constraint version="1.1.0"><ogc:Filter>${filter}</ogc:Filter></csw:Constraint>
  </csw:Query>
</csw:GetRecords>`;

/** `word`: the AnyText word (the bench data of load-bench-db.ts has "water"; other data sets other words) */
export const uncachedCases = (word: string = ANYTEXT_WORD): UncachedCase[] => [
  { name: `AnyText LIKE '%${word}%' (POST)`, method: 'POST', path: CSW, body: getRecords(anyTextOf(word)) },
  { name: 'BBOX Indonesia (GET)', method: 'GET', path: `${CSW}?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&elementSetName=brief&maxRecords=10&bbox=95,-11,141,6` },
  { name: 'AnyText And BBOX (POST)', method: 'POST', path: CSW, body: getRecords(`<ogc:And>${anyTextOf(word)}${bbox}</ogc:And>`) },
];
