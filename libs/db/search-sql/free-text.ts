import type { FilterNode } from '../../search/filter/filter-ast';
import { contentWords, freeTextTokens } from '../../search/free-text';
import { bind } from './sql-params';

/**
 * Free text (libs/search/free-text.ts) as SQL over `records r`: words against the weighted
 * `search_vector` (migration 065: title A, keywords and topic categories B, abstract C, other
 * text D; both Indonesian and English stems, accents folded), and the rank that orders a search
 * with free text and no sort, read from `rank_vector` (migration 088: the A, B and C parts only,
 * small enough to stay in the row).
 *
 * The tsquery is built by `gk_free_text_query`, called where the planner sees it (QUERY_CALL);
 * statements PostgreSQL may plan once for all values make it once per statement instead
 * (onceForGenericPlan).
 */
type TextNode = Extract<FilterNode, { op: 'text' }>;

/**
 * The rank expressions of a filter's free-text nodes. Their values that the condition does not
 * use (the phrase) go to `params` of their own, referenced as `$r1`, `$r2` … until
 * numberedRank() numbers them after the filter's: a count or facet statement sends the filter's
 * values only, and PostgreSQL refuses a `$n` no expression uses (its type is unknown).
 */
export interface RankParts {
  exprs: string[];
  params: unknown[];
}

const bindRank = (ranks: RankParts, value: string[]): string => {
  bind(ranks.params, value);
  return `$r${ranks.params.length}`;
};

/**
 * The rank expression (the sum of the nodes' ranks) with its own `$r` values numbered after `before` values.
 *
 * It is ONE float8 value, and the same expression is what the relevance order sorts by and what
 * its page keys hold and compare (search-sql/keyset.ts): ts_rank_cd gives a float4 and the
 * fallback's averages a float8, and a key read back as another type, or recomputed rounded,
 * could tie where the order does not (a repeated or skipped record at a page boundary). The
 * float4 → float8 cast is exact and keeps the order. Never NULL today (title and keywords are
 * NOT NULL, search_vector coalesces every text); the coalesce keeps the keyset's "no NULLs in
 * this order" promise should that change.
 */
export function numberedRank(ranks: RankParts, before: number): { sql: string; params: unknown[] } | undefined {
  if (ranks.exprs.length === 0) return undefined;
  const sum = ranks.exprs.join(' + ').replace(/\$r(\d+)/g, (_m, i: string) => `$${before + Number(i)}`);
  return { sql: `coalesce((${sum})::float8, 0)`, params: ranks.params };
}

/**
 * Weights of ts_rank_cd, in its order {D, C, B, A}: other text, abstract, keywords, title.
 * Normalisation 32 (rank / (rank + 1)) keeps the cover-density part below 1, under the steps below.
 */
const WEIGHTS = "'{0.05, 0.2, 0.4, 1.0}'::float4[]";

/**
 * The rank's steps over the cover density (< 1): every word in the title 4, every word in the
 * title or the keywords 1, the words as a phrase 2. So a title match comes first, a phrase
 * match above the same words scattered over the same fields, and within a step the fields'
 * weights and the closeness of the words decide.
 */
const TITLE_ALL = 4;
const TITLE_OR_KEYWORDS_ALL = 1;
const PHRASE = 2;

/** typo-tolerant: each content word must be at least this similar (pg_trgm word_similarity) to a part of the title and keywords */
export const TYPO_SIMILARITY = 0.5;

/** title and keywords, lower-cased with accents folded: what the typo-tolerant fallback compares with */
export const TITLE_AND_KEYWORDS = "lower(unaccent(r.title || ' ' || array_to_string(r.keywords, ' ')))";

/**
 * How a condition names its words' tsquery: the call itself. In a statement planned for its own
 * values (every search statement but two page forms) the planner evaluates it while planning
 * (the function is IMMUTABLE and its argument known), so it sees the tsquery and estimates its
 * matches from the column's statistics. Made once per statement behind a scalar subquery instead,
 * the planner assumed 0.5 % of the records for any word — 4,999 for "peta", which 474,828 of
 * 1,000,000 records contain — so it read the text index's bitmap of every match where a scan
 * stopping after the LIMIT was ~10× cheaper, and the count's estimate was wrong by 100×.
 */
const QUERY_CALL = '(gk_free_text_query(';

/**
 * The same statement for a plan made once for all values (the page forms `few` and `walk` of
 * search.repository.ts): there the call would be made for every row, stemming the words again, so
 * the tsquery is made once per statement, as a scalar subquery (an InitPlan).
 */
export function onceForGenericPlan(sql: string): string {
  return sql.split(QUERY_CALL).join('(SELECT gk_free_text_query(');
}

/**
 * The words' tsquery with every lexeme restricted to `weights` ('A': title; 'AB': title or
 * keywords): `vector @@` it is `ts_filter(vector, weights) @@` the query (the words' queries
 * hold lexemes, AND and OR only), without building a filtered copy of each row's vector
 * (~1 ms of a broad word's 1,000-record window at 100,000 records). The lexemes are found in
 * the query's text form, quoted with inner quotes doubled; the whole expression is immutable,
 * so the planner makes it once where it sees the words.
 */
function weighted(query: string, weights: 'A' | 'AB'): string {
  return `regexp_replace(${query}::text, '''((?:[^'']|'''')*)''', '''\\1'':${weights}', 'g')::tsquery`;
}

/** A free-text node as a condition; its rank (when `ranks` is given) is pushed there. */
export function compileFreeText(node: TextNode, params: unknown[], ranks?: RankParts): string {
  const words = contentWords(node.tokens);
  if (words.length === 0) return 'FALSE';
  if (node.typoTolerant) return typoTolerant(words, params, ranks, node.typoQueries);
  const w = bind(params, words);
  const query = `${QUERY_CALL}${w}::text[]))`;
  if (ranks) {
    // the rank reads the small `rank_vector` (title A, keywords B, abstract C; migration 088),
    // never the large `search_vector`, which lives out of line: other text decides a match only
    const parts = [
      `ts_rank_cd(${WEIGHTS}, r.rank_vector, ${query}, 32)`,
      `${TITLE_ALL} * (r.rank_vector @@ ${weighted(query, 'A')})::int`,
      `${TITLE_OR_KEYWORDS_ALL} * (r.rank_vector @@ ${weighted(query, 'AB')})::int`,
    ];
    if (node.tokens.length > 1) parts.push(`${PHRASE} * (r.rank_vector @@ (SELECT gk_phrase_query(${bindRank(ranks, node.tokens)}::text[])))::int`);
    ranks.exprs.push(`(${parts.join(' + ')})`);
  }
  return `r.search_vector @@ ${query}`;
}

/**
 * The fallback of a search that found nothing: most of the content words — all of one or two,
 * three of four or five, 60 % of more — each either a word of the record (as the exact search
 * matches it) or one of the words of titles and keywords nearest to it in spelling (trigrams,
 * accents folded; the lexicon of migration 106), as a word of the record. A typo ("batimteri"), a word the record lacks ("peta kawasan hutan lindung" of a
 * record titled "Kawasan Hutan" with "lindung" in its abstract) or both still find it. Ranked
 * by the words met, then by how similar the title, then title and keywords, are.
 */
export function wordsNeeded(n: number): number {
  return n <= 2 ? 1 : Math.ceil(n * 0.6);
}

function typoTolerant(words: string[], params: unknown[], ranks?: RankParts, looked?: readonly string[]): string {
  const folded = 'lower(unaccent(fw.w))';
  const done = looked !== undefined && looked.length === words.length;
  // each word's tsquery of itself or its nearest spellings in the lexicon (migration 106): looked
  // up by the search core once per search and passed in (`looked`), else once per place in the
  // statement (an InitPlan each, ~6 ms at 1,000,000 records); no record is compared letter by
  // letter here. Passed in, the words and queries the rank reads are the rank's own `$r` values:
  // the filter then no longer names the words, and a count sends only the filter's.
  const w = done ? undefined : bind(params, words);
  const queries = done ? `${bind(params, [...looked])}::tsquery[]` : `(SELECT gk_typo_queries(${w}::text[]))`;
  const met = (list: string, vector: string): string => `(SELECT count(*) FROM unnest(${list}) AS fq(q) WHERE ${vector} @@ fq.q)`;
  if (ranks) {
    const rw = done ? bindRank(ranks, words) : w!;
    const rq = done ? `${bindRank(ranks, [...looked])}::tsquery[]` : queries;
    const similarity = (text: string): string => `(SELECT avg(word_similarity(${folded}, ${text})) FROM unnest(${rw}::text[]) AS fw(w))`;
    // the words met are counted in the rank against the small in-row `rank_vector` (title,
    // keywords, abstract), as the exact rank reads it: a word met in other text only decides a
    // match, never the place (0.022 ms a row for the out-of-line `search_vector` at 1,000,000
    // records, ~22 ms of a 1,000-row window; docs/benchmarks/million.md)
    ranks.exprs.push(`(3 * ${met(rq, 'r.rank_vector')} + 2 * ${similarity('lower(unaccent(r.title))')} + ${similarity(TITLE_AND_KEYWORDS)})`);
  }
  // the text index finds the records that meet any word; the count of words met decides
  const any = `r.search_vector @@ (SELECT gk_any_query(${queries}))`;
  const needed = wordsNeeded(words.length);
  return needed <= 1 ? any : `(${any} AND ${met(queries, 'r.search_vector')} >= ${needed})`;
}

/** The REST record list's `q` (the workbench): the same word match, and its rank for the order. */
export function freeTextCondition(q: string, params: unknown[]): { where: string; rank: { sql: string; params: unknown[] } } | undefined {
  const tokens = freeTextTokens(q);
  if (tokens.length === 0) return undefined;
  const ranks: RankParts = { exprs: [], params: [] };
  const where = compileFreeText({ op: 'text', tokens }, params, ranks);
  return { where, rank: numberedRank(ranks, params.length) ?? { sql: '0', params: [] } };
}

/** a suggested spelling is at least this similar (pg_trgm similarity) to the word typed */
export const SUGGESTION_SIMILARITY = 0.35;
/** the suggestions come from the words of this many best records of the typo-tolerant search */
const SUGGESTION_RECORDS = 20;
/** ... among the first this many matches it finds (each ranked: the fallback's rank reads every word's similarity) */
const SUGGESTION_CANDIDATES = 200;

/**
 * Spelling suggestions (SearchStore.spellings): the words of the titles and keywords of the best
 * records of `where` (a typo-tolerant filter, ranked by `rank`), and for each typed word the
 * most similar of them (ties by the word itself, so the answer is stable); none when the most
 * similar is the word itself (accents folded) or not similar enough. `$words` follows `params`.
 */
export function spellingsSql(where: string, rank: string, params: readonly unknown[], words: readonly string[]): { sql: string; params: unknown[] } {
  const w = `$${params.length + 1}`;
  return {
    // ranked among the first SUGGESTION_CANDIDATES matches only: a common word beside the typo
    // ("peta kutaii") must not rank half the catalogue for a suggestion, and the page ranks its own window
    sql: `WITH m AS (SELECT r.title, r.keywords
                       FROM (SELECT r.* FROM records r WHERE r.status = 'PUBLISHED' AND (${where}) LIMIT ${SUGGESTION_CANDIDATES}) r
                      ORDER BY ${rank} DESC, r.id LIMIT ${SUGGESTION_RECORDS}),
               t AS (SELECT DISTINCT tok FROM m
                       CROSS JOIN LATERAL regexp_split_to_table(lower(unaccent(m.title || ' ' || array_to_string(m.keywords, ' '))), '[^[:alnum:]]+') AS tok
                      WHERE length(tok) > 1),
               w AS (SELECT v, lower(unaccent(v)) AS f FROM unnest(${w}::text[]) AS u(v))
          SELECT w.v AS word, b.tok AS suggestion
            FROM w CROSS JOIN LATERAL (SELECT tok, similarity(w.f, tok) AS s FROM t ORDER BY 2 DESC, 1 LIMIT 1) b
           WHERE b.s >= ${SUGGESTION_SIMILARITY} AND b.tok <> w.f`,
    params: [...params, [...words]],
  };
}
