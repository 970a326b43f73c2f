import Ajv, { type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';
import {
  harvestRunSchema, lintasOrgRecountSchema, notifySchema, recordCreatedSchema, recordDeletedSchema, recordStatusChangedSchema, recordUpdatedSchema,
  renderRecordSchema, xsdCheckSchema, type XsdCheckPayload,
  type HarvestRunPayload, type LintasOrgRecountPayload, type NotifyPayload, type RecordCreatedPayload, type RecordDeletedPayload,
  type RecordStatusChangedPayload, type RecordUpdatedPayload, type RenderRecordPayload,
} from './job-payloads';
import { harvestRunJobId, renderJobId } from './job-ids';

/**
 * The one place jobs are declared. Adding a job: add its payload type + schema in
 * job-payloads.ts, an entry in `JobPayloads` and `JOBS` here, and its handler in
 * libs/processors/processor-map.ts (the compiler then refuses a processor map without it,
 * and `assertCompleteHandlers` refuses it again at start-up).
 */
export interface JobPayloads {
  /** render every stored XML form of a record and upsert them */
  'record.render': RenderRecordPayload;
  /** outbox events, one job per event (job id `evt-<outbox id>`) */
  'record.created': RecordCreatedPayload;
  'record.updated': RecordUpdatedPayload;
  'record.status-changed': RecordStatusChangedPayload;
  'record.deleted': RecordDeletedPayload;
  /** send one planned notification (job id = its key); fanned out from `record.status-changed` */
  notify: NotifyPayload;
  /** recompute one organisation's stored cross-organisation review counts */
  'lintas-org.recount': LintasOrgRecountPayload;
  /** one run of a harvest source (job id `harvest-<runId>`; schedules add jobs without a run id) */
  'harvest.run': HarvestRunPayload;
  /** XSD reports of the stored documents that have none yet, in batches (one job id: the jobs never pile up) */
  'document.xsd-check': XsdCheckPayload;
}

export type JobName = keyof JobPayloads;
export type JobPayload<N extends JobName> = JobPayloads[N];

/**
 * BullMQ queue names (no `:` allowed). Each queue gets its own Worker in the worker process.
 * Notifications have their own queue: a slow or unreachable mail server or gateway must not
 * hold up renders and events. Harvest runs too: one run can take minutes.
 */
export const QUEUE_NAMES = ['render', 'events', 'notify', 'harvest'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Retry and retention rules, applied the same way by BullMQ and by the inline runner. */
export interface JobRetryOptions {
  attempts: number;
  /** exponential backoff: the n-th retry waits backoffMs × 2^(n−1) */
  backoffMs: number;
  /** completed jobs kept for inspection (0 = removed at once) */
  keepCompleted: number;
  /** failed jobs kept visible (the last N) */
  keepFailed: number;
}

export interface JobDefinition<P> {
  queue: QueueName;
  schema: JSONSchemaType<P>;
  options: JobRetryOptions;
  /** the outbox event type this job handles, when it is fed from the outbox */
  eventType?: string;
  /** job id when the caller gives none: equal payloads → equal ids, so BullMQ dedups them */
  defaultJobId?(payload: P): string;
}

const EVENT_OPTIONS: JobRetryOptions = { attempts: 8, backoffMs: 1_000, keepCompleted: 1_000, keepFailed: 1_000 };

export const JOBS: { readonly [N in JobName]: JobDefinition<JobPayloads[N]> } = {
  'document.xsd-check': {
    queue: 'render',
    schema: xsdCheckSchema,
    // removed when done; producers queue it as xsd-check-<generation> (xsd-check.processor.ts
    // enqueueXsdCheck), so an add while a run is active is not swallowed by the running job's id
    options: { attempts: 5, backoffMs: 5_000, keepCompleted: 0, keepFailed: 100 },
    defaultJobId: () => 'xsd-check',
  },
  'record.render': {
    queue: 'render',
    schema: renderRecordSchema,
    // Completed render jobs are removed at once: the render table is the record of the work,
    // and a kept completed job would swallow a later re-enqueue of the same id.
    options: { attempts: 8, backoffMs: 1_000, keepCompleted: 0, keepFailed: 1_000 },
    defaultJobId: (p) => renderJobId(p.recordId, p.version),
  },
  'record.created': { queue: 'events', schema: recordCreatedSchema, options: EVENT_OPTIONS, eventType: 'record.created' },
  'record.updated': { queue: 'events', schema: recordUpdatedSchema, options: EVENT_OPTIONS, eventType: 'record.updated' },
  'record.status-changed': {
    queue: 'events', schema: recordStatusChangedSchema, options: EVENT_OPTIONS, eventType: 'record.status-changed',
  },
  'record.deleted': { queue: 'events', schema: recordDeletedSchema, options: EVENT_OPTIONS, eventType: 'record.deleted' },
  notify: {
    queue: 'notify',
    schema: notifySchema,
    // 30 s, 1, 2, 4 min between the 5 attempts (NOTIFY_MAX_ATTEMPTS / NOTIFY_BACKOFF_MS change
    // it per deployment). Completed jobs are kept: their ids are what stops a re-run event
    // from sending the same message twice.
    options: { attempts: 5, backoffMs: 30_000, keepCompleted: 5_000, keepFailed: 1_000 },
    defaultJobId: (p) => p.key,
  },
  'lintas-org.recount': {
    queue: 'events',
    schema: lintasOrgRecountSchema,
    options: { attempts: 5, backoffMs: 1_000, keepCompleted: 100, keepFailed: 100 },
  },
  'harvest.run': {
    queue: 'harvest',
    schema: harvestRunSchema,
    // one attempt: a run that fails has its report, and a retry would only re-read the source;
    // the failed job stays visible on the queue dashboard
    options: { attempts: 1, backoffMs: 1_000, keepCompleted: 200, keepFailed: 200 },
    defaultJobId: (p) => (p.runId ? harvestRunJobId(p.runId) : `harvest-${p.sourceId}-${Date.now()}`),
  },
};

/** Per-deployment changes of the registry's retry rules (e.g. notifications from the config). */
export type RetryOverrides = { readonly [N in JobName]?: Partial<Pick<JobRetryOptions, 'attempts' | 'backoffMs'>> };

/** A job's retry rules with the deployment's overrides applied. */
export function retryOptionsFor(name: JobName, overrides: RetryOverrides | undefined): JobRetryOptions {
  const o = overrides?.[name];
  const base = JOBS[name].options;
  return { ...base, attempts: o?.attempts ?? base.attempts, backoffMs: o?.backoffMs ?? base.backoffMs };
}

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

export const isJobName = (name: string): name is JobName => Object.prototype.hasOwnProperty.call(JOBS, name);

/** The job that handles an outbox event type, or undefined when no job listens to it. */
export function jobForEvent(eventType: string): JobName | undefined {
  return JOB_NAMES.find((n) => JOBS[n].eventType === eventType);
}

export class UnknownJobError extends Error {
  constructor(readonly jobName: string) {
    super(`Job "${jobName}" tidak terdaftar di registri job`);
    this.name = 'UnknownJobError';
  }
}

export class JobPayloadError extends Error {
  constructor(readonly jobName: string, readonly problems: string[]) {
    super(`Payload job "${jobName}" tidak valid: ${problems.join('; ')}`);
    this.name = 'JobPayloadError';
  }
}

const ajv = new Ajv({ allErrors: true, strict: true });
// Compiled once at module load: a broken schema fails the start, not a job.
const validators = Object.fromEntries(JOB_NAMES.map((n) => [n, ajv.compile(JOBS[n].schema as object)])) as {
  [N in JobName]: ValidateFunction<JobPayloads[N]>;
};

const describe = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'tidak valid'}`);

/** Checks a payload against its job's schema; throws UnknownJobError / JobPayloadError. */
export function validateJobPayload<N extends JobName>(name: N, payload: unknown): JobPayload<N>;
export function validateJobPayload(name: string, payload: unknown): JobPayload<JobName>;
export function validateJobPayload(name: string, payload: unknown): JobPayload<JobName> {
  if (!isJobName(name)) throw new UnknownJobError(name);
  const validate = validators[name] as ValidateFunction<JobPayload<JobName>>;
  if (!validate(payload)) throw new JobPayloadError(name, describe(validate.errors));
  return payload;
}
