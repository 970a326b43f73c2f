import { apiClient } from '../../api/client-instance';

/** The admin endpoints (ADMIN of the caller's organisation; the server decides). */
export const adminApi = {
  users: () => apiClient.request<AdminUser[]>('/api/admin/users'),
  createUser: (u: { username: string; password: string; role: string; fullName?: string; email?: string; phone?: string }) =>
    apiClient.request<AdminUser>('/api/admin/users', { method: 'POST', body: u }),
  patchUser: (id: string, p: Record<string, unknown>) => apiClient.request<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: p }),
  organisation: () => apiClient.request<{ id: string; name: string; allowLintasOrgReviewer: boolean }>('/api/admin/organisasi'),
  lintasCheck: () => apiClient.request<{ draft: number; pending: number; total: number }>('/api/admin/organisasi/lintas-org-check'),
  setLintas: (allow: boolean, force: boolean) =>
    apiClient.request<{ allowLintasOrgReviewer: boolean }>('/api/admin/organisasi', { method: 'PATCH', body: { allowLintasOrgReviewer: allow }, query: { force: force ? 'true' : undefined } }),
  cswSettings: () => apiClient.request<Record<string, string | boolean>>('/api/admin/csw/settings'),
  saveCsw: (identity: Record<string, string>) => apiClient.request<Record<string, string | boolean>>('/api/admin/csw/settings', { method: 'PUT', body: identity }),
  status: () => apiClient.request<Record<string, Record<string, unknown>>>('/api/admin/organisasi/status'),
};

export interface AdminUser {
  id: string;
  username: string;
  role: 'PRODUSEN' | 'QCQE' | 'ADMIN';
  fullName: string | null;
  email: string | null;
  /** the WhatsApp number notifications go to */
  phone: string | null;
  active: boolean;
}
