import { ID_MESSAGES, type MessageKey } from './messages.id';
import { EN_MESSAGES } from './messages.en';
import { SCREEN_MESSAGES_EN, SCREEN_MESSAGES_ID, type ScreenMessageKey } from './messages-screens';
import { COPY_MESSAGES_EN, COPY_MESSAGES_ID, type CopyMessageKey } from './messages-copies';
import { SUGGEST_MESSAGES_EN, SUGGEST_MESSAGES_ID, type SuggestMessageKey } from './messages-suggest';
import { XML_MESSAGES_EN, XML_MESSAGES_ID, type XmlMessageKey } from './messages-xml';

/** A small message catalogue of our own: two languages, `{name}` placeholders, the choice kept in localStorage. */
export type Lang = 'id' | 'en';
/** every key of the workbench's tables (the main catalogue and the screens' own) */
export type TextKey = MessageKey | ScreenMessageKey | CopyMessageKey | SuggestMessageKey | XmlMessageKey;
const CATALOGUES: Record<Lang, Record<TextKey, string>> = {
  id: { ...ID_MESSAGES, ...SCREEN_MESSAGES_ID, ...COPY_MESSAGES_ID, ...SUGGEST_MESSAGES_ID, ...XML_MESSAGES_ID },
  en: { ...EN_MESSAGES, ...SCREEN_MESSAGES_EN, ...COPY_MESSAGES_EN, ...SUGGEST_MESSAGES_EN, ...XML_MESSAGES_EN },
};

export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

export function translate(lang: Lang, key: TextKey, params?: Record<string, string | number>): string {
  const text = CATALOGUES[lang][key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}
