/**
 * Text folded in JavaScript exactly as migration 090's gk_fold folds it in SQL (the same accented
 * letters, lower case, every run of non-letters/digits one space), without gk_fold's leading
 * space: a typed query becomes a LIKE pattern that matches the stored folded text.
 */
const FROM = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿÑñÇçŠšŽž';
const TO = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuYyyNnCcSsZz';

export function foldLikeSql(s: string): string {
  const translated = [...s].map((c) => { const i = FROM.indexOf(c); return i >= 0 ? TO[i]! : c; }).join('');
  return translated.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** LIKE's own characters taken literally (the default escape is the backslash) */
export const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
