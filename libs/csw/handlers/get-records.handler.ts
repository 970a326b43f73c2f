import { invalid } from '../csw-error';
import { MAX_RECORDS_CAP, OUTPUT_SCHEMAS } from '../capabilities';
import type { SearchCore } from '../../search/search-core';
import type { GetRecordByIdRequest, GetRecordsRequest } from '../request/csw-request';
import { pickDcElements } from '../responses/element-name-picker';
import { writeAcknowledgement, writeGetRecordByIdResponse, writeGetRecordsResponse } from '../responses/get-records.writer';
import type { CswServiceDeps, ExecuteContext } from './handler-deps';
import { renderFormatFor, rendersOf } from './record-renders';

/**
 * GetRecords, through the search core (the filter tree and sort list in, a page of stored
 * renders out). The count comes from its match counter (libs/search/match-count.ts): exact up to
 * its budget, else an estimate while the exact count is made in the background. CSW 2.0.2 has
 * no way to mark numberOfRecordsMatched as an estimate (csw:SearchResults allows no other
 * attribute), so an estimated answer is kept consistent instead: nextRecord comes from the
 * page query's extra row (0 only when no record follows), numberOfRecordsMatched is never
 * below nextRecord − 1 + … of what was shown, and the answer is not cached (`provisional`).
 */
export async function handleGetRecords(deps: CswServiceDeps, req: GetRecordsRequest, core: SearchCore, ctx: ExecuteContext = {}): Promise<{ body: string; provisional: boolean }> {
  // checked before anything else so that validate also rejects what results would reject
  core.check(req.filter, req.sortBy);
  const now = new Date();
  if (req.resultType === 'validate') return { body: writeAcknowledgement(req.rawXml ?? '<csw:GetRecords/>', now, req.requestId), provisional: false };

  const limit = req.resultType === 'results' ? req.maxRecords : 0;
  const format = renderFormatFor(req.outputSchema, req.elementSetName);
  const offset = req.startPosition - 1;
  const page = await core.renderedPage({ filter: req.filter, sort: req.sortBy, offset, limit }, format, ctx.countScope);
  const { count } = page;
  let records = await rendersOf(deps, page.records, format);
  if (req.elementNames && OUTPUT_SCHEMAS[req.outputSchema] === 'dc') {
    const names = req.elementNames;
    records = records.map((xml) => pickDcElements(xml, names));
  }
  // with an exact count the usual rule (get-records.writer.ts); with an estimate, from the rows:
  // a hits request (no rows) points at startPosition, which the estimate's lower bound covers
  const nextRecord = count.exact ? undefined : limit === 0 ? (req.startPosition <= count.value ? req.startPosition : 0) : page.more ? req.startPosition + req.maxRecords : 0;
  const body = writeGetRecordsResponse({
    requestId: req.requestId,
    timestamp: now,
    matched: count.value,
    ...(nextRecord !== undefined ? { nextRecord } : {}),
    records,
    startPosition: req.startPosition,
    maxRecords: req.maxRecords,
    recordSchema: req.outputSchema,
    elementSet: req.elementNames ? undefined : req.elementSetName,
  });
  return { body, provisional: !count.exact };
}

export async function handleGetRecordById(deps: CswServiceDeps, req: GetRecordByIdRequest): Promise<string> {
  if (req.ids.length > MAX_RECORDS_CAP) throw invalid('id', `Paling banyak ${MAX_RECORDS_CAP} pengenal per permintaan.`);
  // only PUBLISHED records exist for CSW: unknown and unpublished ids are simply absent
  const format = renderFormatFor(req.outputSchema, req.elementSetName);
  // the ids of GetRecordById are the public file identifiers, not our internal keys
  const found = new Map((await deps.store.publishedWithRenders(req.ids, format)).map((r) => [r.fileIdentifier, r]));
  const ordered = req.ids.flatMap((id) => found.get(id) ?? []);
  return writeGetRecordByIdResponse(await rendersOf(deps, ordered, format));
}
