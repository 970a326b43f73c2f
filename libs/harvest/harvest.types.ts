/**
 * Harvest sources and runs as the rest of the system sees them. A source is a remote catalogue
 * (CSW 2.0.2, OGC API – Records or OAI-PMH 2.0) whose records are brought into one organisation,
 * either into the review workflow (`review`) or published directly (`publish`, a trusted source).
 */
export const HARVEST_PROTOCOLS = ['csw', 'oarec', 'oai-pmh'] as const;
export type HarvestProtocol = (typeof HARVEST_PROTOCOLS)[number];

export const HARVEST_MODES = ['review', 'publish'] as const;
export type HarvestMode = (typeof HARVEST_MODES)[number];

export const RECORD_FORMS = ['iso19139', 'iso19115-3'] as const;
export type RecordForm = (typeof RECORD_FORMS)[number];

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

/** What an ADMIN chooses for a source: the same fields in the REST input, the store and the source. */
export interface SourceSettings {
  name: string;
  url: string;
  protocol: HarvestProtocol;
  /** CSW: OGC Filter XML or CQL text; OARec: `q=…` / `filter=…` (CQL2 text) or plain q text; OAI-PMH: a set spec */
  constraint: string | null;
  recordForm: RecordForm;
  pageSize: number;
  /** 5-field cron expression (UTC); null = manual runs only */
  schedule: string | null;
  organisationId: string;
  mode: HarvestMode;
}

export interface HarvestSource extends SourceSettings {
  id: string;
  ownerId: string;
  /** whether credentials are stored; the credentials themselves never leave the server */
  hasCredentials: boolean;
  createdAt: string;
  updatedAt: string;
}

/** HTTP basic credentials, only ever held in memory after being unsealed for a run. */
export interface BasicCredentials {
  username: string;
  password: string;
}

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'skipped';
export type RunTrigger = 'manual' | 'schedule' | 'cli';

export interface RunFailure {
  /** the source's identifier of the record, when it could be read */
  identifier: string | null;
  reason: string;
}

export interface RunCounts {
  listed: number;
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  skipped: number;
  failed: number;
}

export interface RunReport {
  counts: RunCounts;
  /** records that failed to parse/map/store (at most MAX_REPORTED each list; `truncated` says so) */
  failures: RunFailure[];
  /** records skipped on purpose (identifier of a local record or another source, duplicates) */
  skippedRecords: RunFailure[];
  /** what stopped the run early (a page that failed, a loop guard, the time limit); empty = it completed */
  errors: string[];
  /** the run's bound that stopped it (pages, wall time, records listed, bytes read), when one did */
  limitReached?: 'pages' | 'time' | 'records' | 'bytes';
  /** why vanished records were not withdrawn, when they were not */
  withdrawalSkipped?: string;
  /** the record form actually asked for (after falling back to what the source offers) */
  recordForm: string;
  incremental: boolean;
  /** numberMatched / numberOfRecordsMatched the source announced, when it did */
  matched: number | null;
  pages: number;
  bytes: number;
  durationMs: number;
  truncated?: boolean;
}

export interface HarvestRun {
  id: string;
  sourceId: string;
  status: RunStatus;
  trigger: RunTrigger;
  incremental: boolean;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  report: RunReport | null;
}

export const emptyCounts = (): RunCounts => ({ listed: 0, added: 0, updated: 0, unchanged: 0, withdrawn: 0, skipped: 0, failed: 0 });
