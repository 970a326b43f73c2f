import type { RunReport } from './harvest.types';
import { PagingError } from './protocol-client';

/** The bounds of one harvest run (harvest-settings.ts fills them from the configuration). */
export interface RunLimits {
  /** pages per run (loop guard) */
  maxPages: number;
  /** wall time of a run */
  maxDurationMs: number;
  /** one HTTP request */
  requestTimeoutMs: number;
  /** one HTTP response body */
  maxResponseBytes: number;
  /** the source lease; renewed every page */
  leaseSeconds: number;
  /** records listed per run */
  maxRecords: number;
  /** bytes read from the source per run (checked after each page: one page may pass it) */
  maxRunBytes: number;
}

export const DEFAULT_LIMITS: RunLimits = {
  maxPages: 10_000,
  maxDurationMs: 6 * 3600 * 1000,
  requestTimeoutMs: 120_000,
  maxResponseBytes: 64 * 1024 * 1024,
  leaseSeconds: 300,
  maxRecords: 200_000,
  maxRunBytes: 2 * 1024 * 1024 * 1024,
};

/** A bound of the run was reached: the run stops as a PagingError does, and the report names the bound. */
export class RunLimitReached extends PagingError {
  constructor(readonly limit: NonNullable<RunReport['limitReached']>, message: string) {
    super(message);
  }
}
