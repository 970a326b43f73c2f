import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { AppError, isAppError } from '../../../libs/errors';
import type { Logger } from '../../../libs/logger';

/** Writes an RFC 9457 problem document. The only way REST errors leave the API. */
export function sendProblem(res: Response, err: AppError, instance?: string): void {
  if (err.retryAfter !== undefined) res.setHeader('Retry-After', String(err.retryAfter));
  res
    .status(err.status)
    .type('application/problem+json')
    .send(JSON.stringify({
      type: `urn:geokatalog:problem:${err.code.toLowerCase().replace(/_/g, '-')}`,
      title: err.title,
      status: err.status,
      ...(err.detail ? { detail: err.detail } : {}),
      ...(instance ? { instance } : {}),
      ...err.extras,
    }));
}

/** body-parser and friends signal client errors with `status`/`type`; turn them into AppErrors. */
function fromFrameworkError(err: unknown): AppError | undefined {
  const e = err as { status?: number; statusCode?: number; type?: string; expose?: boolean };
  const status = e?.status ?? e?.statusCode;
  if (typeof status !== 'number' || status >= 500) return undefined;
  if (e.type === 'entity.too.large' || status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'Isi permintaan melebihi 1 MB.');
  if (e.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', 'JSON tidak valid.');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Jenis konten atau charset tidak didukung.');
  if (status === 400) return new AppError('BAD_REQUEST', 'Permintaan tidak dapat dibaca.');
  return undefined;
}

export function problemErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const appErr = isAppError(err) ? err : fromFrameworkError(err);
    if (appErr && appErr.status < 500) {
      sendProblem(res, appErr, req.originalUrl);
      return;
    }
    const final = appErr ?? new AppError('INTERNAL', 'Terjadi kesalahan pada server. Silakan coba lagi.');
    // the client gets a generic problem; the log gets the detail (never the reverse)
    logger.error({ err, path: req.originalUrl, method: req.method }, 'permintaan gagal');
    if (res.headersSent) {
      res.end();
      return;
    }
    sendProblem(res, final, req.originalUrl);
  };
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `Tidak ada sumber daya di ${req.method} ${req.path}.`));
};
