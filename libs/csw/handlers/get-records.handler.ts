import { invalid } from '../csw-error';
import { MAX_RECORDS_CAP, OUTPUT_SCHEMAS } from '../capabilities';
import { countKey, type CountMemo } from '../../search/count-memo';
import { compileFilter } from '../../search/filter/compile-sql';
import { compileOrderBy } from '../sort-by';
import type { GetRecordByIdRequest, GetRecordsRequest } from '../request/csw-request';
import { pickDcElements } from '../responses/element-name-picker';
import { writeAcknowledgement, writeGetRecordByIdResponse, writeGetRecordsResponse } from '../responses/get-records.writer';
import type { CswServiceDeps, ExecuteContext } from './handler-deps';
import { renderFormatFor, rendersOf } from './record-renders';

export async function handleGetRecords(deps: CswServiceDeps, req: GetRecordsRequest, memo?: CountMemo, ctx: ExecuteContext = {}): Promise<string> {
  // compiled before anything else so that validate also rejects what results would reject
  const params: unknown[] = [];
  const where = compileFilter(req.filter, params);
  const orderBy = compileOrderBy(req.sortBy);
  const now = new Date();
  if (req.resultType === 'validate') return writeAcknowledgement(req.rawXml ?? '<csw:GetRecords/>', now, req.requestId);

  const limit = req.resultType === 'results' ? req.maxRecords : 0;
  const format = renderFormatFor(req.outputSchema, req.elementSetName);
  // the exact count of this filter under this generation, if it was computed already (count-memo.ts)
  const memoed = memo && ctx.countScope !== undefined ? { memo, scope: ctx.countScope, key: countKey(where, params) } : undefined;
  const known = memoed?.memo.get(memoed.scope, memoed.key);
  const { matched, rows } = await deps.store.pageWithRenders({ where, params, orderBy, offset: req.startPosition - 1, limit }, format, known);
  if (memoed && known === undefined) memoed.memo.set(memoed.scope, memoed.key, matched);
  let records = await rendersOf(deps, rows, format);
  if (req.elementNames && OUTPUT_SCHEMAS[req.outputSchema] === 'dc') {
    const names = req.elementNames;
    records = records.map((xml) => pickDcElements(xml, names));
  }
  return writeGetRecordsResponse({
    requestId: req.requestId,
    timestamp: now,
    matched,
    records,
    startPosition: req.startPosition,
    maxRecords: req.maxRecords,
    recordSchema: req.outputSchema,
    elementSet: req.elementNames ? undefined : req.elementSetName,
  });
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
