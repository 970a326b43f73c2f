import { CSW_SCHEMA_LOCATION, NS } from '../namespaces';
import type { ElementSet } from '../request/csw-request';
import { XML_DECLARATION, asFragment, el, textEl } from '../../xml/xml-text';

/**
 * Position of the first record of the next page, or 0 when nothing follows:
 * - 0 when nothing matched, or the page starts past the end (a harvester asking for
 *   position 13 of 12 must stop, not loop back to 1);
 * - 0 when this page reaches the last record;
 * - start + maxRecords otherwise (start 3, max 5, 12 matched → 8). With maxRecords = 0
 *   that is `start` itself (1 for a first request), which is what the CITE suite and
 *   pycsw's recorded answers expect. resultType=hits reports the same value as results
 *   would (pycsw: 12 matched, 10 per page → 11), so a client can start paging from it.
 */
export function nextRecordPosition(startPosition: number, maxRecords: number, matched: number): number {
  if (matched === 0 || startPosition > matched) return 0;
  const next = startPosition + maxRecords;
  return next > matched ? 0 : next;
}

export interface GetRecordsResponseInput {
  requestId: string | undefined;
  timestamp: Date;
  matched: number;
  /** stored renders as sent; numberOfRecordsReturned is their count, never a separate number */
  records: string[];
  startPosition: number;
  maxRecords: number;
  /** when the count is an estimate: the position the caller derived from the page itself */
  nextRecord?: number;
  recordSchema: string;
  /** omitted for ad hoc ElementName queries */
  elementSet: ElementSet | undefined;
}

export function writeGetRecordsResponse(r: GetRecordsResponseInput): string {
  return (
    XML_DECLARATION +
    el(
      'csw:GetRecordsResponse',
      { 'xmlns:csw': NS.csw, 'xmlns:xsi': NS.xsi, version: '2.0.2', 'xsi:schemaLocation': CSW_SCHEMA_LOCATION },
      r.requestId !== undefined ? textEl('csw:RequestId', r.requestId) : '',
      el('csw:SearchStatus', { timestamp: r.timestamp.toISOString() }),
      el(
        'csw:SearchResults',
        {
          numberOfRecordsMatched: r.matched,
          numberOfRecordsReturned: r.records.length,
          nextRecord: r.nextRecord ?? nextRecordPosition(r.startPosition, r.maxRecords, r.matched),
          recordSchema: r.recordSchema,
          elementSet: r.elementSet,
        },
        ...r.records.map(asFragment),
      ),
    )
  );
}

/**
 * The echo of a requestId put into a GetRecordsResponse written without one (the response
 * cache stores answers without it): csw:RequestId is the first child, just before
 * csw:SearchStatus. A body without SearchStatus (not a GetRecordsResponse) is returned as is.
 */
const SEARCH_STATUS = '<csw:SearchStatus';
const SEARCH_STATUS_BYTES = Buffer.from(SEARCH_STATUS);

export function echoRequestId(body: string, requestId: string): string {
  const at = body.indexOf(SEARCH_STATUS);
  return at < 0 ? body : `${body.slice(0, at)}${textEl('csw:RequestId', requestId)}${body.slice(at)}`;
}

export function echoRequestIdBytes(body: Buffer, requestId: string): Buffer {
  const at = body.indexOf(SEARCH_STATUS_BYTES);
  return at < 0 ? body : Buffer.concat([body.subarray(0, at), Buffer.from(textEl('csw:RequestId', requestId)), body.subarray(at)]);
}

/** resultType=validate: the request was understood; nothing is searched. */
export function writeAcknowledgement(echoedRequestXml: string, timestamp: Date, requestId?: string): string {
  return (
    XML_DECLARATION +
    el(
      'csw:Acknowledgement',
      { 'xmlns:csw': NS.csw, 'xmlns:xsi': NS.xsi, timeStamp: timestamp.toISOString(), 'xsi:schemaLocation': CSW_SCHEMA_LOCATION },
      el('csw:EchoedRequest', {}, asFragment(echoedRequestXml)),
      requestId !== undefined ? textEl('csw:RequestId', requestId) : '',
    )
  );
}

export function writeGetRecordByIdResponse(records: string[]): string {
  return (
    XML_DECLARATION +
    el('csw:GetRecordByIdResponse', { 'xmlns:csw': NS.csw, 'xmlns:xsi': NS.xsi, 'xsi:schemaLocation': CSW_SCHEMA_LOCATION }, ...records.map(asFragment))
  );
}
