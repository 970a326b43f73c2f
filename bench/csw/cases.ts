import { benchId } from './generate-records';

/**
 * The request mix of issue 4. Each case is one request; `uncached(n)` is its n-th copy made to
 * miss the response cache while asking the same thing. The cache key is a digest of the
 * request AS PARSED (csw-cache-key.ts), so an unknown parameter or an XML comment would not
 * do; instead each copy carries a value the parser keeps but that does not change the work:
 * - GetRecords: a unique requestId (KVP `requestId`, XML attribute), echoed as csw:RequestId;
 * - GetCapabilities: a unique `updateSequence` that sorts before any service sequence
 *   ("-n"), so the full document is the answer;
 * - GetRecordById: a different existing record per request, which is what real misses are.
 * Every copy therefore goes the whole way: generation GET, entry GET (miss), PostgreSQL,
 * response assembly, entry SET. The cached variant repeats the identical request. The bench
 * checks X-Cache (miss / hit) before each run.
 *
 * A response-cache miss may still find the exact count of its filter in the count memo
 * (libs/csw/count-memo.ts: same filter, same generation), as a harvester paging through one
 * filter or users repeating a search do. The "new count" cases make every request a
 * different filter, so the count is computed by PostgreSQL every time:
 * - BBOX: the west edge moves by 1e-7° per request (map panning does the same);
 * - AnyText: ANDed with `dct:modified <= 2100-01-01T00:00:00Z + n s`, true for every record.
 */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface BenchCase {
  name: string;
  /** one of the "filtered GetRecords" (the ≥ 1,000 req/s target) */
  filtered: boolean;
  request: BenchRequest;
  uncached(n: number): BenchRequest;
  /** a case whose every request is a new filter: run uncached only */
  uncachedOnly?: boolean;
}

const CSW = '/metadata/csw';
const BASE = 'service=CSW&version=2.0.2';
const XML_HEADERS = { 'content-type': 'application/xml' };

const withParam = (r: BenchRequest, name: string, value: string): BenchRequest => ({ ...r, path: `${r.path}&${name}=${value}` });
const withRequestIdAttr = (r: BenchRequest, n: number): BenchRequest => ({ ...r, body: r.body!.replace('<csw:GetRecords ', `<csw:GetRecords requestId="bench-${n}" `) });

const getRecords = (name: string, query: string, filtered = false): BenchCase => {
  const request: BenchRequest = { method: 'GET', path: `${CSW}?${BASE}&request=GetRecords&${query}` };
  return { name, filtered, request, uncached: (n) => withParam(request, 'requestId', `bench-${n}`) };
};

export const ANYTEXT_WORD = 'water';

const likeAnyText = `<ogc:PropertyIsLike wildCard="%" singleChar="_" escapeChar="\\">
          <ogc:PropertyName>csw:AnyText</ogc:PropertyName>
          <ogc:Literal>%${ANYTEXT_WORD}%</ogc:Literal>
        </ogc:PropertyIsLike>`;

const getRecordsXml = (filter: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" service="CSW" version="2.0.2" resultType="results" maxRecords="10" startPosition="1">
  <csw:Query typeNames="csw:Record">
    <csw:ElementSetName>summary</csw:ElementSetName>
    <csw:Constraint version="1.1.0">
      <ogc:Filter>
        ${filter}
      </ogc:Filter>
    </csw:Constraint>
  </csw:Query>
</csw:GetRecords>`;

/** an upper bound on dct:modified that every record meets, different for every n */
const modifiedBound = (n: number): string =>
  `<ogc:PropertyIsLessThanOrEqualTo><ogc:PropertyName>dct:modified</ogc:PropertyName><ogc:Literal>${new Date(Date.UTC(2100, 0, 1) + n * 1000).toISOString().replace('.000Z', 'Z')}</ogc:Literal></ogc:PropertyIsLessThanOrEqualTo>`;

const BBOX_QUERY = 'typeNames=csw:Record&resultType=results&elementSetName=summary&maxRecords=10';

export function benchCases(n: number): BenchCase[] {
  const anyText: BenchRequest = { method: 'POST', path: CSW, body: getRecordsXml(likeAnyText), headers: XML_HEADERS };
  const capabilities: BenchRequest = { method: 'GET', path: `${CSW}?${BASE}&request=GetCapabilities` };
  const byId = (i: number): BenchRequest => ({
    method: 'GET',
    path: `${CSW}?${BASE}&request=GetRecordById&outputSchema=http://www.isotc211.org/2005/gmd&elementSetName=full&id=${benchId(i)}`,
  });
  const bboxAt = (west: number): BenchRequest => ({ method: 'GET', path: `${CSW}?${BASE}&request=GetRecords&${BBOX_QUERY}&bbox=${west.toFixed(7)},-11,141,6` });
  const anyTextBounded = (k: number): BenchRequest => ({
    method: 'POST', path: CSW, headers: XML_HEADERS, body: getRecordsXml(`<ogc:And>${likeAnyText}${modifiedBound(k)}</ogc:And>`),
  });
  return [
    { name: 'GetCapabilities', filtered: false, request: capabilities, uncached: (k) => withParam(capabilities, 'updateSequence', `-${k}`) },
    getRecords('GetRecords hits (semua)', 'typeNames=csw:Record&resultType=hits'),
    getRecords('GetRecords results 10 DC summary', 'typeNames=csw:Record&resultType=results&elementSetName=summary&maxRecords=10'),
    { name: `AnyText LIKE '%${ANYTEXT_WORD}%' (POST)`, filtered: true, request: anyText, uncached: (k) => withRequestIdAttr(anyText, k) },
    { name: `AnyText LIKE '%${ANYTEXT_WORD}%' (POST), hitungan baru`, filtered: true, request: anyTextBounded(0), uncached: anyTextBounded, uncachedOnly: true },
    getRecords('BBOX Indonesia (GET)', `${BBOX_QUERY}&bbox=95,-11,141,6`, true),
    { name: 'BBOX Indonesia (GET), hitungan baru', filtered: true, request: bboxAt(95), uncached: (k) => bboxAt(95 + k * 1e-7), uncachedOnly: true },
    {
      name: 'GetRecordById gmd',
      filtered: false,
      request: byId(Math.floor(n / 2)),
      // a multiplicative hash spreads consecutive requests over the whole table
      uncached: (k) => byId((k * 2654435761) % n),
    },
  ];
}

/** one page of the full harvest (see harvest() in drive.ts for the requestId) */
export function harvestPath(startPosition: number, requestId: string): string {
  const q = `${BASE}&request=GetRecords&typeNames=gmd:MD_Metadata&outputSchema=http://www.isotc211.org/2005/gmd&elementSetName=full&resultType=results&maxRecords=500&startPosition=${startPosition}`;
  return `${CSW}?${q}&requestId=${requestId}`;
}
