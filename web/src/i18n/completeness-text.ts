import type { FieldError } from '../api/api-client';
import { ID_MESSAGES, type MessageKey } from './messages.id';

/** The code the server gives a completeness finding of a refused submission (libs/catalogue/completeness.ts). */
export const COMPLETENESS_CODE = 'incomplete';

/**
 * A completeness finding in the UI language. The catalogue words it in Indonesian; the message
 * catalogue has each finding by its path, so the editor's own indicator and the server's 422 on
 * submit show the same text in either language.
 */
export function needMessage(path: string, fallback: string, t: (k: MessageKey) => string): string {
  const key = `completeness.need.${path}`;
  return key in ID_MESSAGES ? t(key as MessageKey) : fallback;
}

/** One error of a problem document for the screen: completeness findings translated, others as the server wrote them. */
export function serverErrorText(e: FieldError & { code?: string }, t: (k: MessageKey) => string): string {
  return e.code === COMPLETENESS_CODE ? needMessage(e.path, e.message, t) : e.message;
}
