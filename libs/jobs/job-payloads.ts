import type { JSONSchemaType } from 'ajv';
import { RECORD_STATUSES, type RecordStatus } from '../catalogue/record.types';

/**
 * Payload types and their JSON Schemas. `JSONSchemaType<T>` makes the compiler check that
 * each schema says the same as its type, so producer, worker and inline runner cannot drift.
 * Extra properties are allowed: an outbox event may carry more than its job reads, and an
 * older worker must accept a newer producer's payload.
 */

export interface RenderRecordPayload {
  recordId: string;
  version: number;
}

export interface RecordCreatedPayload {
  recordId: string;
  version: number;
}

export interface RecordUpdatedPayload {
  recordId: string;
  version: number;
  status?: RecordStatus;
}

export interface RecordStatusChangedPayload {
  recordId: string;
  /** null when a record lands directly in a status (e.g. an operator import with --publish) */
  from: RecordStatus | null;
  to: RecordStatus;
  version: number;
  actorId?: string | null;
  organisationId?: string;
  /** a published revision's author, told instead of the record's owner */
  authorId?: string | null;
}

export interface RecordDeletedPayload {
  recordId: string;
}

const recordId = { type: 'string', minLength: 1, maxLength: 500 } as const;
const version = { type: 'integer', minimum: 1 } as const;
const statusEnum = [...RECORD_STATUSES] as RecordStatus[];

export const renderRecordSchema: JSONSchemaType<RenderRecordPayload> = {
  type: 'object',
  properties: { recordId, version },
  required: ['recordId', 'version'],
  additionalProperties: true,
};

export const recordCreatedSchema: JSONSchemaType<RecordCreatedPayload> = {
  type: 'object',
  properties: { recordId, version },
  required: ['recordId', 'version'],
  additionalProperties: true,
};

export const recordUpdatedSchema: JSONSchemaType<RecordUpdatedPayload> = {
  type: 'object',
  properties: { recordId, version, status: { type: 'string', enum: statusEnum, nullable: true } },
  required: ['recordId', 'version'],
  additionalProperties: true,
};

export const recordStatusChangedSchema: JSONSchemaType<RecordStatusChangedPayload> = {
  type: 'object',
  properties: {
    recordId,
    version,
    from: { anyOf: [{ type: 'string', enum: statusEnum }, { type: 'null', nullable: true }] },
    to: { type: 'string', enum: statusEnum },
    actorId: { type: 'string', nullable: true },
    organisationId: { type: 'string', nullable: true },
    authorId: { type: 'string', nullable: true },
  },
  required: ['recordId', 'from', 'to', 'version'],
  additionalProperties: true,
};

export const recordDeletedSchema: JSONSchemaType<RecordDeletedPayload> = {
  type: 'object',
  properties: { recordId },
  required: ['recordId'],
  additionalProperties: true,
};

/** The workflow transitions people are told about (libs/notify's WorkflowEventKind). */
export const NOTIFY_EVENTS = ['submitted', 'passed-qc', 'rejected', 'published'] as const;

/**
 * One planned message (libs/notify's `Notification`, restated here so libs/jobs does not
 * depend on libs/notify; the notify processor assigns one to the other, so the compiler
 * keeps them equal). The text is planned once, when the event is handled: a retry sends
 * exactly what the first attempt would have.
 */
export interface NotifyPayload {
  /** `ntf-<record>-v<version>-<channel>-<user>`, also the job id */
  key: string;
  event: (typeof NOTIFY_EVENTS)[number];
  recordId: string;
  userId: string;
  channel: 'email' | 'whatsapp';
  to: string;
  subject: string;
  text: string;
}

export const notifySchema: JSONSchemaType<NotifyPayload> = {
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 10_000, pattern: '^[^:]+$' },
    event: { type: 'string', enum: [...NOTIFY_EVENTS] },
    recordId,
    userId: { type: 'string', minLength: 1, maxLength: 500 },
    channel: { type: 'string', enum: ['email', 'whatsapp'] },
    to: { type: 'string', minLength: 1, maxLength: 320 },
    subject: { type: 'string', maxLength: 1000 },
    text: { type: 'string', maxLength: 20_000 },
  },
  required: ['key', 'event', 'recordId', 'userId', 'channel', 'to', 'subject', 'text'],
  additionalProperties: true,
};

export interface LintasOrgRecountPayload {
  organisationId: string;
}

export const lintasOrgRecountSchema: JSONSchemaType<LintasOrgRecountPayload> = {
  type: 'object',
  properties: { organisationId: { type: 'string', minLength: 1, maxLength: 500 } },
  required: ['organisationId'],
  additionalProperties: true,
};

/** One harvest run of a source (libs/harvest). Without `runId` the handler opens the run itself (schedules). */
export interface HarvestRunPayload {
  sourceId: string;
  runId?: string;
  trigger: 'manual' | 'schedule' | 'cli';
  /** ask only for changes since the last successful run (a full listing otherwise) */
  incremental?: boolean;
}

export const harvestRunSchema: JSONSchemaType<HarvestRunPayload> = {
  type: 'object',
  properties: {
    sourceId: { type: 'string', minLength: 1, maxLength: 500 },
    runId: { type: 'string', minLength: 1, maxLength: 500, nullable: true },
    trigger: { type: 'string', enum: ['manual', 'schedule', 'cli'] },
    incremental: { type: 'boolean', nullable: true },
  },
  required: ['sourceId', 'trigger'],
  additionalProperties: true,
};

/** `document.xsd-check`: no parameters — the job checks whatever documents wait for a report. */
export type XsdCheckPayload = Record<string, never>;

export const xsdCheckSchema: JSONSchemaType<XsdCheckPayload> = {
  type: 'object',
  required: [],
  additionalProperties: true,
} as unknown as JSONSchemaType<XsdCheckPayload>;
