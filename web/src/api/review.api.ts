import type { RecordComment } from '../../../libs/catalogue/record-comments';
import type { StatusGroup, WaitingRecord, WorkDashboard } from '../../../libs/catalogue/work-dashboard';
import { apiClient } from './client-instance';

/** The reviewer's view over REST: comments on records by field, and what waits for me (see /api/openapi.json). */
export type { RecordComment, StatusGroup, WaitingRecord, WorkDashboard };

const enc = encodeURIComponent;

export const reviewApi = {
  comments: (id: string) => apiClient.request<{ items: RecordComment[] }>(`/api/metadata/${enc(id)}/comments`),
  addComment: (id: string, c: { field: string | null; body: string }) =>
    apiClient.request<RecordComment>(`/api/metadata/${enc(id)}/comments`, { method: 'POST', body: c }),
  resolveComment: (id: string, commentId: string) =>
    apiClient.request<RecordComment>(`/api/metadata/${enc(id)}/comments/${enc(commentId)}/resolve`, { method: 'POST' }),
  dashboard: () => apiClient.request<WorkDashboard>('/api/dashboard'),
};
