import { apiClient } from '../../api/client-instance';

/** Harvest sources as `/api/admin/harvest-sources` answers them (credentials never come back: `hasCredentials`). */
export interface HarvestSourceView {
  id: string;
  name: string;
  url: string;
  protocol: 'csw' | 'oarec' | 'oai-pmh';
  constraint: string | null;
  recordForm: 'iso19139' | 'iso19115-3';
  pageSize: number;
  schedule: string | null;
  organisationId: string;
  mode: 'review' | 'publish';
  hasCredentials: boolean;
}

export interface RunFailureView { identifier: string | null; reason: string }

export interface HarvestRunView {
  id: string;
  sourceId: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'skipped';
  trigger: 'manual' | 'schedule' | 'cli';
  incremental: boolean;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  report: {
    counts?: Record<'listed' | 'added' | 'updated' | 'unchanged' | 'withdrawn' | 'skipped' | 'failed', number>;
    errors?: string[];
    failures?: RunFailureView[];
    skippedRecords?: RunFailureView[];
    withdrawalSkipped?: string;
  } | null;
}

/** What the form sends; `credentials` only when typed (or null to remove the stored ones). */
export type HarvestSourceInput = Omit<HarvestSourceView, 'id' | 'hasCredentials' | 'organisationId'> & {
  credentials?: { username: string; password: string } | null;
};

const base = '/api/admin/harvest-sources';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const harvestApi = {
  list: () => apiClient.request<HarvestSourceView[]>(base),
  create: (s: HarvestSourceInput) => apiClient.request<HarvestSourceView>(base, { method: 'POST', body: s }),
  update: (id: string, s: Partial<HarvestSourceInput>) => apiClient.request<HarvestSourceView>(one(id), { method: 'PATCH', body: s }),
  remove: (id: string) => apiClient.request<undefined>(one(id), { method: 'DELETE' }),
  run: (id: string, incremental: boolean) => apiClient.request<HarvestRunView>(`${one(id)}/run`, { method: 'POST', body: incremental ? { incremental: true } : {} }),
  runs: (id: string) => apiClient.request<HarvestRunView[]>(`${one(id)}/runs`),
  runReport: (id: string, runId: string) => apiClient.request<HarvestRunView>(`${one(id)}/runs/${encodeURIComponent(runId)}`),
};
