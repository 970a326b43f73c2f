import { AppError } from '../errors';
import type { Actor } from './user.types';
import { readScopeFor, type ReadScope } from './visibility';

/**
 * Keyword suggestions for the editor (issue 20 §5): the keywords the catalogue's records already
 * use, per thesaurus, with their anchors. Drawn from every record the caller may read (the same
 * read rule as the record lists: published records, their organisation's records by role, and
 * records assigned to them for review), so a suggestion never shows a keyword of a record the
 * caller could not open. Ranked: a match at the start of the keyword first, then by the number
 * of readable records that use it.
 */
export interface KeywordSuggestion {
  keyword: string;
  /** the thesaurus title; null = keywords without a thesaurus */
  thesaurus: string | null;
  thesaurusAnchor: string | null;
  /** the keyword's URI in its thesaurus (gmx:Anchor xlink:href), when a record carries one */
  anchor: string | null;
  /** readable records using it */
  uses: number;
}

export interface ThesaurusSummary {
  /** null = keywords without a thesaurus */
  title: string | null;
  anchor: string | null;
  records: number;
  keywords: number;
}

export interface KeywordSuggestionQuery {
  /** as typed; the database folds it as it folds the keywords (gk_fold: lower case, no accents) */
  q: string;
  /** undefined = every thesaurus; '' = keywords without a thesaurus */
  thesaurus: string | undefined;
  limit: number;
}

export interface KeywordSuggestionStore {
  suggest(scope: ReadScope, query: KeywordSuggestionQuery): Promise<KeywordSuggestion[]>;
  thesauri(scope: ReadScope, limit: number): Promise<ThesaurusSummary[]>;
}

export interface KeywordSuggestions {
  suggest(actor: Actor, params: Record<string, unknown>): Promise<KeywordSuggestion[]>;
  thesauri(actor: Actor): Promise<ThesaurusSummary[]>;
}

export const SUGGEST_LIMIT_DEFAULT = 10;
export const SUGGEST_LIMIT_MAX = 50;
export const SUGGEST_Q_MAX = 100;
export const THESAURI_MAX = 200;

const one = (v: unknown, name: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new AppError('BAD_REQUEST', `Parameter ${name} hanya boleh diberikan sekali.`);
  return v;
};

/** The query parameters checked, every one named in its own message (problem+json 400). */
export function parseSuggestQuery(params: Record<string, unknown>): KeywordSuggestionQuery {
  for (const k of Object.keys(params)) {
    if (!['q', 'thesaurus', 'limit'].includes(k)) throw new AppError('BAD_REQUEST', `Parameter tidak dikenal: ${k}.`);
  }
  const q = (one(params.q, 'q') ?? '').trim();
  if (q === '') throw new AppError('BAD_REQUEST', 'Parameter q (awal kata kunci) wajib diisi.');
  if (q.length > SUGGEST_Q_MAX) throw new AppError('BAD_REQUEST', `Parameter q maksimal ${SUGGEST_Q_MAX} karakter.`);
  const thesaurus = one(params.thesaurus, 'thesaurus');
  if (thesaurus !== undefined && thesaurus.length > 2000) throw new AppError('BAD_REQUEST', 'Parameter thesaurus terlalu panjang.');
  const rawLimit = one(params.limit, 'limit');
  let limit = SUGGEST_LIMIT_DEFAULT;
  if (rawLimit !== undefined) {
    if (!/^\d{1,4}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > SUGGEST_LIMIT_MAX) {
      throw new AppError('BAD_REQUEST', `Parameter limit harus bilangan bulat 1–${SUGGEST_LIMIT_MAX}.`);
    }
    limit = Number(rawLimit);
  }
  return { q, thesaurus: thesaurus?.trim(), limit };
}

export function createKeywordSuggestions(store: KeywordSuggestionStore): KeywordSuggestions {
  return {
    suggest: (actor, params) => store.suggest(readScopeFor(actor), parseSuggestQuery(params)),
    thesauri: (actor) => store.thesauri(readScopeFor(actor), THESAURI_MAX),
  };
}
