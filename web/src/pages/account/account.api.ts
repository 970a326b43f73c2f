import { apiClient } from '../../api/client-instance';
import type { Me } from '../../api/records.api';

/** The caller's own account (`/api/auth/me`, `/api/auth/password`). */
export const accountApi = {
  updateProfile: (p: { fullName: string | null; email: string | null; phone: string | null }) =>
    apiClient.request<Me>('/api/auth/me', { method: 'PATCH', body: p }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiClient.request<undefined>('/api/auth/password', { method: 'POST', body: { currentPassword, newPassword } }),
};
