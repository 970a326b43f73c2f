import { apiClient } from '../../api/client-instance';

export interface QueueCountsView { name: 'render' | 'events' | 'notify' | 'harvest'; waiting: number; active: number; delayed: number; failed: number }
export interface FailedJobView { id: string; name: string; queue: string | null; attemptsMade: number; reason: string; unrecoverable: boolean; failedAt: string }
export interface QueuesOverviewView { runner: 'inline' | 'bullmq'; dashboardUrl: string | null; queues: QueueCountsView[]; failed: FailedJobView[] }

/** `/api/admin/queues` (service administrators). */
export const queuesApi = {
  overview: () => apiClient.request<QueuesOverviewView>('/api/admin/queues'),
  retry: (id: string) => apiClient.request<FailedJobView>(`/api/admin/queues/failed/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
};
