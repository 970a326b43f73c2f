import express, { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../app-deps';
import type { CswHttpResponse } from '../../../libs/csw/csw-service';
import { CSW_CONTENT_TYPE } from '../../../libs/csw/csw-service';
import { CswError } from '../../../libs/csw/csw-error';
import { exceptionHttpStatus, writeExceptionReport } from '../../../libs/csw/responses/exception-report.writer';
import { notModified } from '../http/etag';
import { proxyToUpstreamCsw } from './csw-proxy';

export const CSW_PATH = '/metadata/csw';
export const CSW_BODY_LIMIT = 1024 * 1024;

/**
 * Sends an XML answer byte for byte: as a Buffer, so Express neither rewrites the declared
 * charset (`UTF-8`, as CSW clients expect it) nor computes an ETag of its own.
 */
function sendXml(res: Response, status: number, contentType: string, body: string, bytes?: Buffer): void {
  res.status(status).set('Content-Type', contentType).send(bytes ?? Buffer.from(body, 'utf8'));
}

/**
 * The public CSW 2.0.2 endpoint at /metadata/csw: no session, no JSON problem documents —
 * every error is an ows:ExceptionReport. The built-in provider answers from PostgreSQL through
 * the response cache (ETag, 304, Cache-Control, X-Cache: hit|miss|bypass); an external
 * provider is proxied.
 */
export function cswRoutes(deps: AppDeps): Router {
  const r = Router();
  const { config } = deps;
  const exception = (err: CswError): CswHttpResponse => ({
    status: exceptionHttpStatus(err.code, config.csw.exceptionHttpStatus),
    contentType: CSW_CONTENT_TYPE,
    body: writeExceptionReport(err),
  });
  const unsupportedMethod = (req: Request, res: Response) => {
    const out = exception(new CswError('OperationNotSupported', 'request', `Metode HTTP ${req.method} tidak didukung; gunakan GET atau POST.`));
    res.set('Allow', 'GET, HEAD, POST');
    sendXml(res, out.status, out.contentType, out.body);
  };

  if (config.csw.provider === 'external') {
    r.get(CSW_PATH, (req, res) => proxyToUpstreamCsw({ upstream: config.csw.upstreamUrl!, publicUrl: `${config.baseUrl}${CSW_PATH}`, bodyLimit: CSW_BODY_LIMIT }, req, res, exception));
    r.post(CSW_PATH, (req, res) => proxyToUpstreamCsw({ upstream: config.csw.upstreamUrl!, publicUrl: `${config.baseUrl}${CSW_PATH}`, bodyLimit: CSW_BODY_LIMIT }, req, res, exception));
    r.all(CSW_PATH, unsupportedMethod);
    return r;
  }

  // assembled once in the runtime (libs/assembly/catalogue-assembly.ts)
  if (!deps.catalogue.csw) throw new Error('CSW bawaan tidak dirakit oleh runtime');
  const { cache } = deps.catalogue.csw;

  // Read any POST body as text ourselves so that too large or oddly typed bodies still get an
  // ExceptionReport instead of the REST API's problem documents.
  const rawBody = express.text({ type: () => true, limit: CSW_BODY_LIMIT, defaultCharset: 'utf-8' });
  const readBody = (req: Request, res: Response): Promise<string | CswHttpResponse> =>
    new Promise((resolve) => {
      rawBody(req, res, (err?: unknown) => {
        if (err) {
          const type = (err as { type?: string }).type;
          const message = type === 'entity.too.large'
            ? 'Isi permintaan melebihi 1 MB.'
            : type === 'charset.unsupported' || type === 'encoding.unsupported'
              ? 'Pengodean karakter isi permintaan tidak didukung; kirim UTF-8.'
              : 'Isi permintaan tidak dapat dibaca.';
          resolve(exception(new CswError('InvalidParameterValue', 'request', message)));
          return;
        }
        resolve(typeof req.body === 'string' ? req.body : '');
      });
    });

  const serve = async (req: Request, res: Response, method: 'GET' | 'POST') => {
    let body: string | undefined;
    if (method === 'POST') {
      const read = await readBody(req, res);
      if (typeof read !== 'string') {
        res.set('Cache-Control', 'no-store');
        sendXml(res, read.status, read.contentType, read.body);
        return;
      }
      body = read;
    }
    const result = await cache.respond({
      method,
      query: req.query as Record<string, string | string[] | undefined>,
      body,
      contentType: req.headers['content-type'],
    });
    res.set('Cache-Control', result.cacheControl);
    res.set('ETag', result.etag);
    res.set('X-Cache', result.cache);
    if (result.status === 200 && notModified(req, result.etag)) {
      res.status(304).end();
      return;
    }
    sendXml(res, result.status, result.contentType, result.body, result.bodyBytes);
  };

  r.get(CSW_PATH, (req, res) => serve(req, res, 'GET'));
  r.post(CSW_PATH, (req, res) => serve(req, res, 'POST'));
  r.all(CSW_PATH, unsupportedMethod);
  return r;
}
