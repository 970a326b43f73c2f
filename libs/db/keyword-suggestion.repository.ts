import type { KeywordSuggestion, KeywordSuggestionStore, ThesaurusSummary } from '../catalogue/keyword-suggestions';
import type { ReadScope } from '../catalogue/visibility';
import type { Queryable } from './database';
import { foldLikeSql, likeLiteral } from './fold-text';

/**
 * Keyword suggestions from `record_keywords` (migration 090): the folded text is matched by the
 * trigram index (`LIKE ' q%'` = the keyword starts with q, `LIKE '% q%'` = a word of it does),
 * and records are joined only to apply the caller's read scope — the same three-way rule as the
 * record lists (libs/catalogue/visibility.ts).
 */
const VISIBLE = `(r.status = ANY($1::text[]) OR (r.organisation_id = $2 AND r.status = ANY($3::text[])) OR ($4::text IS NOT NULL AND r.reviewer_id = $4))`;

const scopeParams = (s: ReadScope): unknown[] => [[...s.publicStatuses], s.organisationId, [...s.orgStatuses], s.reviewerId];

interface SuggestionRow {
  keyword: string;
  thesaurus: string;
  thesaurus_anchor: string | null;
  anchor: string | null;
  uses: string | number;
}

interface ThesaurusRow {
  thesaurus: string;
  anchor: string | null;
  records: string | number;
  keywords: string | number;
}

export function keywordSuggestionStoreFor(db: Queryable): KeywordSuggestionStore {
  return {
    async suggest(scope, query) {
      // folded as gk_fold folds the stored keywords ('' when q has no letter or digit: nothing to match)
      const folded = foldLikeSql(query.q);
      if (folded === '') return [];
      const r = await db.query<SuggestionRow>(
        `SELECT min(k.keyword) AS keyword, k.thesaurus, max(k.thesaurus_anchor) AS thesaurus_anchor, max(k.anchor) AS anchor,
                count(DISTINCT k.record_id) AS uses, bool_or(k.keyword_fold LIKE ' ' || $5 || '%') AS starts
           FROM record_keywords k JOIN records r ON r.id = k.record_id
          WHERE k.keyword_fold LIKE '% ' || $5 || '%' AND ${VISIBLE}
            AND ($6::text IS NULL OR k.thesaurus = $6)
          GROUP BY k.thesaurus, k.keyword_fold
          ORDER BY starts DESC, uses DESC, min(k.keyword), k.thesaurus
          LIMIT $7`,
        [...scopeParams(scope), likeLiteral(folded), query.thesaurus ?? null, query.limit],
      );
      return r.rows.map((x): KeywordSuggestion => ({
        keyword: x.keyword,
        thesaurus: x.thesaurus === '' ? null : x.thesaurus,
        thesaurusAnchor: x.thesaurus_anchor,
        anchor: x.anchor,
        uses: Number(x.uses),
      }));
    },
    async thesauri(scope, limit) {
      const r = await db.query<ThesaurusRow>(
        `SELECT k.thesaurus, max(k.thesaurus_anchor) AS anchor, count(DISTINCT k.record_id) AS records, count(DISTINCT k.keyword_fold) AS keywords
           FROM record_keywords k JOIN records r ON r.id = k.record_id
          WHERE ${VISIBLE}
          GROUP BY k.thesaurus
          ORDER BY records DESC, k.thesaurus
          LIMIT $5`,
        [...scopeParams(scope), limit],
      );
      return r.rows.map((x): ThesaurusSummary => ({
        title: x.thesaurus === '' ? null : x.thesaurus,
        anchor: x.anchor,
        records: Number(x.records),
        keywords: Number(x.keywords),
      }));
    },
  };
}
