import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ID_MESSAGES, type MessageKey } from './messages.id';
import { EN_MESSAGES } from './messages.en';

/** A small message catalogue of our own: two languages, `{name}` placeholders, the choice kept in localStorage. */
export type Lang = 'id' | 'en';
const CATALOGUES: Record<Lang, Record<MessageKey, string>> = { id: ID_MESSAGES, en: EN_MESSAGES };
const STORAGE_KEY = 'geokatalog.lang';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const text = CATALOGUES[lang][key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

interface I18n {
  lang: Lang;
  setLang(l: Lang): void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'id' || saved === 'en') return saved;
  } catch { /* storage blocked: default */ }
  return 'id';
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const setLang = useCallback((l: Lang) => {
    setLangState(l);
    document.documentElement.lang = l;
    try { localStorage.setItem(STORAGE_KEY, l); } catch { /* ignore */ }
  }, []);
  const value = useMemo<I18n>(() => ({ lang, setLang, t: (k, p) => translate(lang, k, p) }), [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(I18nContext);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
