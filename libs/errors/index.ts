/**
 * Application errors as data. Code throws `new AppError(code, detail)`; each protocol has one
 * mapper: REST writes RFC 9457 problem+json (services/api/http/problem.ts), CSW writes an
 * ows:ExceptionReport (libs/csw). Nothing else decides statuses or titles.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, title: 'Permintaan tidak valid' },
  UNAUTHENTICATED: { status: 401, title: 'Belum masuk' },
  FORBIDDEN: { status: 403, title: 'Akses ditolak' },
  NOT_FOUND: { status: 404, title: 'Tidak ditemukan' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Metode tidak diizinkan' },
  CONFLICT: { status: 409, title: 'Konflik' },
  PRECONDITION_FAILED: { status: 412, title: 'Versi rekaman sudah berubah' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Isi permintaan terlalu besar' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Jenis konten tidak didukung' },
  VALIDATION_FAILED: { status: 422, title: 'Data tidak valid' },
  TOO_MANY_REQUESTS: { status: 429, title: 'Terlalu banyak percobaan' },
  INTERNAL: { status: 500, title: 'Kesalahan internal' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Layanan sementara tidak tersedia' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface FieldError {
  /** JSON Pointer into the request body, e.g. "/contacts/0/role" */
  path: string;
  message: string;
  /**
   * What kind of finding it is, for a client that words it in its own language (the message is
   * Indonesian): `incomplete` = a submission's completeness finding (libs/catalogue/completeness.ts)
   */
  code?: string;
}

export interface AppErrorOptions {
  /** extra members of the problem document (e.g. `errors`, `allowed`, `counts`) */
  extras?: Record<string, unknown>;
  /** seconds, sent as Retry-After (429, 503) */
  retryAfter?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly extras: Record<string, unknown>;
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, detail?: string, opts: AppErrorOptions = {}) {
    super(detail ?? ERROR_CATALOGUE[code].title, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.title = ERROR_CATALOGUE[code].title;
    this.detail = detail;
    this.extras = opts.extras ?? {};
    this.retryAfter = opts.retryAfter;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export function validationError(errors: FieldError[], detail = 'Dokumen tidak sesuai skema metadata.'): AppError {
  return new AppError('VALIDATION_FAILED', detail, { extras: { errors } });
}
