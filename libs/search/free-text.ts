import type { FilterNode } from './filter/filter-ast';

/**
 * Free text as the search core sees it (issue 21): a `q` is WORDS, not a substring. The
 * protocols turn their `q` into `{ op: 'text' }` filter nodes with freeTextNode(); the database
 * layer (libs/db/search-sql/free-text.ts) matches the words in both stemmings, folds accents and
 * ranks (title ≫ keywords > abstract > other text, a phrase above scattered words).
 *
 * The Indonesian Snowball stemmer of PostgreSQL has no stop-word list (`dan`, `di`, `yang` are
 * lexemes like any other), so a query "peta tutupan lahan di jawa" would demand the word "di".
 * Function words are therefore left out of the words that must occur here, in the process, the
 * same in both run modes; English ones the `english` configuration drops itself (the SQL leaves
 * out a word either stemmer drops). They stay in `tokens`, so the phrase keeps its shape.
 */
const FUNCTION_WORDS = new Set([
  'dan', 'di', 'ke', 'dari', 'yang', 'untuk', 'pada', 'dengan', 'atau', 'dalam', 'oleh', 'ini', 'itu', 'sebagai',
  'serta', 'tentang', 'terhadap', 'per', 'se', 'para', 'bagi', 'antara', 'secara', 'akan', 'adalah', 'juga',
]);

/** at most this many tokens of one term are looked at (a pasted paragraph is not a query) */
export const MAX_FREE_TEXT_TOKENS = 32;
/** a token longer than this is cut (no word is; the stemmers and trigrams gain nothing) */
const MAX_TOKEN_LENGTH = 100;

/**
 * A search whose exact count is at most this (and whose text found so little) also gets a
 * spelling suggestion; one with none at all answers with the typo-tolerant fallback.
 */
export const ALMOST_NOTHING = 2;

/**
 * Relevance order ranks at most this many matches (the first the text index yields); past it
 * the other matches follow in the index's order and the page says the order is approximate
 * (libs/db/search-sql/rank-window.ts).
 */
export const RANK_WINDOW = 1_000;

/** the whitespace-separated tokens of a term, bounded; empty for a blank term */
export function freeTextTokens(term: string): string[] {
  return term.split(/\s+/u).filter((t) => t !== '').slice(0, MAX_FREE_TEXT_TOKENS).map((t) => t.slice(0, MAX_TOKEN_LENGTH));
}

/** The tokens that must occur: all but the Indonesian function words, unless nothing else is left. */
export function contentWords(tokens: readonly string[]): string[] {
  const content = tokens.filter((t) => !FUNCTION_WORDS.has(t.toLowerCase()));
  return content.length > 0 ? content : [...tokens];
}

/** One free-text term as a filter node; undefined for a blank term. */
export function freeTextNode(term: string): FilterNode | undefined {
  const tokens = freeTextTokens(term);
  return tokens.length === 0 ? undefined : { op: 'text', tokens };
}

type TextNode = Extract<FilterNode, { op: 'text' }>;

/** the free-text nodes a record must (or may) match: not those under a Not */
export function freeTextNodes(filter: FilterNode): TextNode[] {
  switch (filter.op) {
    case 'text':
      return [filter];
    case 'and':
    case 'or':
      return filter.children.flatMap(freeTextNodes);
    default:
      return [];
  }
}

/**
 * The same filter with every free-text node (outside a Not) made typo-tolerant; undefined when
 * there is none (nothing to fall back to). `lookups` (a content word → its typo query,
 * SearchStore.typoQueries) go into the nodes whose every word has one.
 */
export function typoTolerantFilter(filter: FilterNode, lookups?: ReadonlyMap<string, string | undefined>): FilterNode | undefined {
  let found = false;
  const walk = (n: FilterNode): FilterNode => {
    if (n.op === 'text') {
      found = true;
      const queries = lookups ? contentWords(n.tokens).map((w) => lookups.get(w)) : [];
      const looked = queries.length > 0 && queries.every((q): q is string => q !== undefined);
      return { op: 'text', tokens: n.tokens, typoTolerant: true, ...(looked ? { typoQueries: queries as string[] } : {}) };
    }
    if (n.op === 'and' || n.op === 'or') return { op: n.op, children: n.children.map(walk) };
    return n;
  };
  const out = walk(filter);
  return found ? out : undefined;
}

/**
 * The text the user typed, with each token replaced by the suggested spelling (`replace` maps a
 * content word to its correction); undefined when nothing changes. Terms are joined as OGC API –
 * Records separates its alternatives, with commas.
 */
export function suggestedText(nodes: readonly TextNode[], replace: ReadonlyMap<string, string>): string | undefined {
  let changed = false;
  const terms = nodes.map((n) => n.tokens.map((t) => {
    const r = replace.get(t);
    if (r === undefined || r === t.toLowerCase()) return t;
    changed = true;
    return r;
  }).join(' '));
  return changed ? terms.join(', ') : undefined;
}
