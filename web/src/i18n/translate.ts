import { ID_MESSAGES, type MessageKey } from './messages.id';
import { EN_MESSAGES } from './messages.en';

/** A small message catalogue of our own: two languages, `{name}` placeholders, the choice kept in localStorage. */
export type Lang = 'id' | 'en';
const CATALOGUES: Record<Lang, Record<MessageKey, string>> = { id: ID_MESSAGES, en: EN_MESSAGES };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const text = CATALOGUES[lang][key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

