import type { ApiClient } from './api-client';
import type { FieldChange, RecordView } from './records.api';

/** The record's ISO document versions and the XML view's calls (issue 19 points 2, 4, 5). */
export interface DocumentIssue { level: 'error' | 'warning'; path?: string; message: string }
export interface XsdReport { source: 'xsd'; xsd: string; valid: boolean; findings: { line: number | null; message: string }[] }
export interface DocumentVersion {
  seq: number;
  recordVersion: number;
  origin: 'import' | 'harvest' | 'editor';
  schema: string | null;
  validation: DocumentIssue[];
  xsd: XsdReport | null;
  createdAt: string;
}
export interface XmlCheck {
  passed: boolean;
  schema: string;
  validation: DocumentIssue[];
  xsd: XsdReport;
  diff: string;
  changes: FieldChange[];
}

const enc = encodeURIComponent;

export function xmlViewApi(api: ApiClient) {
  return {
    documents: (id: string) => api.request<DocumentVersion[]>(`/api/metadata/${enc(id)}/documents`),
    documentXml: (id: string, seq: number) => api.request<string>(`/api/metadata/${enc(id)}/documents/${seq}`),
    check: (id: string, xml: string) =>
      api.request<XmlCheck>(`/api/metadata/${enc(id)}/document/check`, { method: 'POST', raw: xml, contentType: 'application/xml' }),
    save: (id: string, xml: string, etag?: string) =>
      api.request<RecordView>(`/api/metadata/${enc(id)}/document`, { method: 'PUT', raw: xml, contentType: 'application/xml', ifMatch: etag }),
    diff: (id: string, seq: number, against: number) =>
      api.request<{ seq: number; against: number; diff: string }>(`/api/metadata/${enc(id)}/documents/${seq}/diff`, { query: { against } }),
  };
}
