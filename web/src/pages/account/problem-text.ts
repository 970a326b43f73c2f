import { ApiError } from '../../api/api-client';

/** A failed call as one line for an alert: the problem's detail and each field's message. */
export function problemText(e: unknown): string {
  if (!(e instanceof ApiError)) return String(e);
  return [e.detail ?? e.title, ...e.errors.map((x) => (x.path ? `${x.path.replace(/^\//, '')}: ${x.message}` : x.message))].join(' — ');
}
