import { isAppError } from '../errors';
import { asCswError, CswError, invalid } from './csw-error';
import type { CswServiceDeps, ExecuteContext } from './handlers/handler-deps';
import { createMatchCounter } from '../search/match-count';
import { createSearchCore } from '../search/search-core';
import { handleGetDomain } from './handlers/get-domain.handler';
import { handleGetRecordById, handleGetRecords } from './handlers/get-records.handler';
import type { CswRequest, GetCapabilitiesRequest } from './request/csw-request';
import { parseKvpRequest } from './request/parse-kvp';
import { MAX_POST_BYTES, parseXmlRequest } from './request/parse-xml';
import { writeCapabilities } from './responses/capabilities.writer';
import { loadSchemaComponents, writeDescribeRecordResponse } from './responses/describe-record.writer';
import { exceptionHttpStatus, writeExceptionReport } from './responses/exception-report.writer';

export type { CswServiceDeps, CswLogger, ExecuteContext } from './handlers/handler-deps';

/**
 * The CSW 2.0.2 endpoint without HTTP: the Express router (and the response cache in front
 * of it) call `handle` with the method, query, body and content type, and send back what
 * it returns. Every failure becomes an ows:ExceptionReport; nothing here throws.
 */
export interface CswHttpRequest {
  method: 'GET' | 'POST';
  query: Record<string, string | string[] | undefined>;
  body?: string;
  contentType?: string;
}

export interface CswHttpResponse {
  status: number;
  contentType: string;
  body: string;
  /** an estimated count: not to be cached (libs/response-cache/response-cache.ts) */
  provisional?: boolean;
}

export interface CswService {
  handle(req: CswHttpRequest): Promise<CswHttpResponse>;
  /** parse only (KVP or XML) — for the cache key and tests; throws CswError */
  parse(req: CswHttpRequest): CswRequest;
  /** answers an already parsed request (the response cache parses first to build its key) */
  execute(req: CswRequest, ctx?: ExecuteContext): Promise<CswHttpResponse>;
}

export const CSW_CONTENT_TYPE = 'application/xml; charset=UTF-8';
const XML_MEDIA_TYPES = ['application/xml', 'text/xml'];

export function parseCswHttpRequest(req: CswHttpRequest): CswRequest {
  if (req.method === 'GET') return parseKvpRequest(req.query ?? {});
  if (req.method !== 'POST') throw invalid(undefined, `Metode HTTP ${String(req.method)} tidak didukung; gunakan GET atau POST.`);
  const mediaType = (req.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!XML_MEDIA_TYPES.includes(mediaType)) {
    throw invalid(undefined, `Content-Type "${req.contentType ?? ''}" tidak didukung; kirim application/xml atau text/xml.`);
  }
  const body = req.body ?? '';
  // checked before parsing; parseXmlSafely checks again, but this gives the clearer message
  if (body.length > MAX_POST_BYTES || Buffer.byteLength(body, 'utf8') > MAX_POST_BYTES) {
    throw invalid(undefined, 'Isi permintaan lebih dari 1 MB.');
  }
  return parseXmlRequest(body);
}

export function createCswService(deps: CswServiceDeps): CswService {
  // compiled at start: a missing schema file fails the deploy, not a user's request
  loadSchemaComponents();

  async function capabilities(req: GetCapabilitiesRequest): Promise<string> {
    const [identity, serverSequence] = await Promise.all([deps.getIdentity(), deps.getUpdateSequence?.()]);
    let sections = req.sections;
    if (req.updateSequence !== undefined && serverSequence !== undefined) {
      const cmp = compareSequence(req.updateSequence, serverSequence);
      if (cmp > 0) {
        throw new CswError('InvalidUpdateSequence', 'updatesequence', `updateSequence "${req.updateSequence}" lebih baru dari milik layanan (${serverSequence}).`);
      }
      // the client already has the current document: answer with the abbreviated one
      if (cmp === 0) sections = [];
    }
    return writeCapabilities({ identity, baseUrl: deps.baseUrl, sections, updateSequence: serverSequence });
  }

  // counts per (cache generation, filter), remembered only when execute() is given the
  // generation; the API shares one counter between CSW and OGC API – Records
  const core = deps.core ?? createSearchCore(deps.store, deps.counter ?? createMatchCounter(deps.store, {}, deps.logger));

  async function dispatch(req: CswRequest, ctx: ExecuteContext = {}): Promise<{ body: string; provisional?: boolean }> {
    switch (req.operation) {
      case 'GetCapabilities':
        return { body: await capabilities(req) };
      case 'GetRecords':
        return handleGetRecords(deps, req, core, ctx);
      case 'GetRecordById':
        return { body: await handleGetRecordById(deps, req) };
      case 'DescribeRecord':
        return { body: writeDescribeRecordResponse(req.typeNames, req.schemaLanguage) };
      case 'GetDomain':
        return { body: await handleGetDomain(core, req) };
    }
  }

  const ok = (r: { body: string; provisional?: boolean }): CswHttpResponse =>
    ({ status: 200, contentType: CSW_CONTENT_TYPE, body: r.body, ...(r.provisional ? { provisional: true } : {}) });

  function failure(err: unknown): CswHttpResponse {
    let e: CswError | undefined = asCswError(err);
    if (!e && isAppError(err) && err.code === 'SERVICE_UNAVAILABLE') {
      // the database is away, or the statement ran past statement_timeout: say so, not "internal"
      deps.logger?.warn({ err: err.message }, 'CSW: basis data tidak menjawab');
      e = new CswError('NoApplicableCode', undefined, err.detail ?? err.message);
    }
    if (!e) {
      deps.logger?.error({ err }, 'CSW: kesalahan internal');
      e = new CswError('NoApplicableCode', undefined, 'Terjadi kesalahan internal pada layanan katalog. Silakan coba lagi nanti.');
    }
    return { status: exceptionHttpStatus(e.code, deps.exceptionHttpStatus), contentType: CSW_CONTENT_TYPE, body: writeExceptionReport(e) };
  }

  return {
    parse: parseCswHttpRequest,
    async handle(req) {
      try {
        return ok(await dispatch(parseCswHttpRequest(req)));
      } catch (err) {
        return failure(err);
      }
    },
    async execute(req, ctx) {
      try {
        return ok(await dispatch(req, ctx));
      } catch (err) {
        return failure(err);
      }
    },
  };
}

/** Numeric when both are integers (a cache generation), otherwise string order. */
function compareSequence(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x === y ? 0 : x > y ? 1 : -1;
  }
  return a === b ? 0 : a > b ? 1 : -1;
}
