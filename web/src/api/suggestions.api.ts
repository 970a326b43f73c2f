import { apiClient } from './client-instance';

/** Keyword suggestions and the contact directory (issue 20 §5; the server decides who may do what). */
export interface KeywordSuggestion {
  keyword: string;
  thesaurus: string | null;
  thesaurusAnchor: string | null;
  anchor: string | null;
  uses: number;
}

export interface ThesaurusSummary {
  title: string | null;
  anchor: string | null;
  records: number;
  keywords: number;
}

export interface DirectoryContact {
  id: string;
  role?: string;
  organisationName: string;
  individualName?: string;
  positionName?: string;
  email?: string;
  phone?: string;
  address?: string;
  onlineResource?: string;
  updatedAt: string;
}

export type DirectoryContactInput = Omit<DirectoryContact, 'id' | 'updatedAt'>;

/** the directory's editable fields, in the order the screens show them */
export const CONTACT_FIELDS = ['organisationName', 'individualName', 'positionName', 'email', 'phone', 'address', 'onlineResource'] as const;

export const suggestionsApi = {
  thesauri: () => apiClient.request<{ items: ThesaurusSummary[] }>('/api/keywords/thesauri'),
  suggest: (q: string, thesaurus: string | undefined, limit = 10) =>
    apiClient.request<{ items: KeywordSuggestion[] }>('/api/keywords/suggest', { query: { q, thesaurus, limit } }),
  contacts: (q: string, limit = 50, offset = 0) =>
    apiClient.request<{ items: DirectoryContact[]; total: number }>('/api/contacts', { query: { q, limit, offset } }),
  createContact: (c: DirectoryContactInput) => apiClient.request<DirectoryContact>('/api/contacts', { method: 'POST', body: c }),
  updateContact: (id: string, c: DirectoryContactInput) => apiClient.request<DirectoryContact>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'PUT', body: c }),
  deleteContact: (id: string) => apiClient.request<void>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  mergeContact: (id: string, into: string) => apiClient.request<DirectoryContact>(`/api/contacts/${encodeURIComponent(id)}/merge`, { method: 'POST', body: { into } }),
};

/** One line naming a directory entry (person, position, organisation). */
export const contactLabel = (c: Pick<DirectoryContact, 'individualName' | 'positionName' | 'organisationName' | 'email'>): string =>
  [c.individualName, c.positionName, c.organisationName].filter(Boolean).join(' · ') || c.email || '—';
