import type { ApiClient } from './api-client';
import { RECORD_STATUSES, type RecordStatus, type Role } from '../../../libs/catalogue/record.types';
import type { FieldChange } from '../../../libs/catalogue/record-diff';
import type { ReviewerCandidate } from '../../../libs/catalogue/reviewer-candidate';

/** Shapes of the REST API as the workbench reads them (see /api/openapi.json); the domain's own types where they are the same. */
export type { FieldChange, RecordStatus, ReviewerCandidate, Role };
export const STATUSES: readonly RecordStatus[] = RECORD_STATUSES;

export interface Me {
  id: string;
  username: string;
  role: Role;
  organisationId: string;
  fullName: string | null;
  email: string | null;
  /** the WhatsApp number notifications go to */
  phone: string | null;
  active: boolean;
  serviceAdmin?: boolean;
}

export interface AllowedTransition {
  to: RecordStatus;
  requiresNote: boolean;
  mayNameReviewer: boolean;
  checksCompleteness: boolean;
}

export type Doc = Record<string, unknown> & { title?: string };

export interface RecordView extends Doc {
  id: string;
  status: RecordStatus;
  organisationId: string;
  ownerId: string;
  reviewerId: string | null;
  version: number;
  updatedAt: string;
  publishedAt: string | null;
  allowedTransitions: AllowedTransition[];
  /** copy: may start a new record from this one; markTemplate: an ADMIN of its organisation may (un)mark it as a template */
  permissions: { edit: boolean; delete: boolean; startRevision?: boolean; correct?: boolean; copy?: boolean; markTemplate?: boolean };
  /** the answer of marking / unmarking a template (GET of a record does not carry it: see templates()) */
  template?: boolean;
  importWarnings?: string[];
  /** a revision's working copy: the published record it revises */
  revisionOf?: string;
  /** GET of a published (or withdrawn) record: its open revision, when the caller may see it */
  openRevision?: { id: string; status: RecordStatus; ownerId: string; version: number; updatedAt: string } | null;
}

/** One of the organisation's templates (GET /api/metadata/templates). */
export interface TemplateSummary {
  id: string;
  fileIdentifier: string | null;
  title: string;
  status: RecordStatus;
  updatedAt: string;
  markedAt: string;
}

export interface RecordPage {
  items: RecordView[];
  page: number;
  pageSize: number;
  total: number;
}

export interface HistoryEntry {
  at: string;
  actorUsername: string | null;
  from: RecordStatus | null;
  to: RecordStatus;
  note: string | null;
  /** a named action (revision started / published, direct correction, withdrawal); null for a plain transition */
  action?: 'revision-started' | 'revision-published' | 'direct-correction' | 'withdrawal' | null;
}

/** Fields the server owns or adds: stripped before a document is sent back. */
export const SERVER_ONLY_FIELDS = [
  'id', 'status', 'organisationId', 'ownerId', 'reviewerId', 'version', 'createdAt', 'updatedAt', 'publishedAt',
  'allowedTransitions', 'permissions', 'importWarnings', 'revisionOf', 'openRevision', 'template',
];

export function docOf(rec: RecordView | Doc): Doc {
  const out: Doc = { ...rec };
  for (const f of SERVER_ONLY_FIELDS) delete out[f];
  return out;
}

const enc = encodeURIComponent;

export function recordsApi(api: ApiClient) {
  return {
    me: () => api.request<Me>('/api/auth/me'),
    login: (username: string, password: string) => api.request<Me>('/api/auth/login', { method: 'POST', body: { username, password } }),
    logout: () => api.request<void>('/api/auth/logout', { method: 'POST' }),
    list: (q: { status?: string; q?: string; page?: number; pageSize?: number }) => api.request<RecordPage>('/api/metadata', { query: q }),
    get: (id: string) => api.request<RecordView>(`/api/metadata/${enc(id)}`),
    create: (doc: Doc) => api.request<RecordView>('/api/metadata', { method: 'POST', body: doc }),
    importXml: (xml: string) => api.request<RecordView>('/api/metadata', { method: 'POST', raw: xml, contentType: 'application/xml' }),
    /** the whole document as a merge patch: fields the user emptied are sent as null (removed) */
    save: (id: string, patch: Doc, etag: string) =>
      api.request<RecordView>(`/api/metadata/${enc(id)}`, { method: 'PATCH', body: patch, contentType: 'application/merge-patch+json', ifMatch: etag }),
    transition: (id: string, change: { status: RecordStatus; statusNote?: string; reviewerId?: string }, etag?: string) =>
      api.request<RecordView>(`/api/metadata/${enc(id)}`, { method: 'PATCH', body: change, ifMatch: etag }),
    /** a working copy of a published record (201), or 409 when one is open */
    startRevision: (id: string, etag?: string) => api.request<RecordView>(`/api/metadata/${enc(id)}/revisions`, { method: 'POST', body: {}, ifMatch: etag }),
    /** an ADMIN's direct correction of a published record, with its reason */
    correct: (id: string, patch: Doc, reason: string, etag?: string) =>
      api.request<RecordView>(`/api/metadata/${enc(id)}/corrections`, { method: 'POST', body: { reason, patch }, ifMatch: etag }),
    /** a new DRAFT of the caller's organisation from a readable record or a template (201) */
    copy: (id: string) => api.request<RecordView>(`/api/metadata/${enc(id)}/copy`, { method: 'POST', body: {} }),
    templates: () => api.request<{ items: TemplateSummary[] }>('/api/metadata/templates'),
    setTemplate: (id: string, on: boolean) => api.request<RecordView>(`/api/metadata/${enc(id)}/template`, { method: on ? 'PUT' : 'DELETE' }),
    remove: (id: string, etag?: string) => api.request<void>(`/api/metadata/${enc(id)}`, { method: 'DELETE', ifMatch: etag }),
    history: (id: string) => api.request<HistoryEntry[]>(`/api/metadata/${enc(id)}/history`),
    changes: (id: string) => api.request<{ since: { version: number; publishedAt: string } | null; changes: FieldChange[] }>(`/api/metadata/${enc(id)}/changes`),
    reviewers: (id: string) => api.request<{ allowLintasOrg: boolean; items: ReviewerCandidate[] }>(`/api/metadata/${enc(id)}/reviewer-candidates`),
    uploadThumbnail: (id: string, file: Blob, type: string, etag?: string) =>
      api.request<RecordView>(`/api/metadata/${enc(id)}/thumbnail`, { method: 'PUT', raw: file, contentType: type, ifMatch: etag }),
    schema: () => api.request<Record<string, unknown>>('/api/schema/metadata'),
    referenceList: (name: string) => api.request<{ kode: string; label: string }[]>(`/api/referensi/${enc(name)}`),
  };
}

export type RecordsApi = ReturnType<typeof recordsApi>;

/**
 * The merge patch that turns `before` into `after` at the top level: changed fields as they
 * are now, removed fields as null. Nested objects are sent whole (the form edits them whole).
 */
export function topLevelMergePatch(before: Doc, after: Doc): Doc {
  const patch: Doc = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) {
    if (k === 'fileIdentifier') continue;
    const a = after[k];
    if (a === undefined) {
      if (before[k] !== undefined) patch[k] = null;
    } else if (JSON.stringify(a) !== JSON.stringify(before[k])) patch[k] = a;
  }
  return patch;
}
