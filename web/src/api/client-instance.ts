import { createApiClient } from './api-client';
import { recordsApi } from './records.api';

/** The one client of the running app (same origin as the page). */
export const apiClient = createApiClient((input, init) => fetch(input, init));
export const api = recordsApi(apiClient);
