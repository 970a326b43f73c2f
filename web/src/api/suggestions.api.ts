import { apiClient } from './client-instance';
import type { KeywordSuggestion, ThesaurusSummary } from '../../../libs/catalogue/keyword-suggestions';
import type { DirectoryContact, DirectoryContactInput } from '../../../libs/catalogue/contact-directory';

/** Keyword suggestions and the contact directory (issue 20 §5; the server decides who may do what). The answers' types are the server's own. */
export type { DirectoryContact, DirectoryContactInput, KeywordSuggestion, ThesaurusSummary };

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
