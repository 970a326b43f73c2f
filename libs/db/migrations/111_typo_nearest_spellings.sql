-- Issue 21: a typed word's spellings are the NEAREST ones, not every word above the threshold.
--
-- gk_typo_queries (migration 106) took up to 20 words of the lexicon with word_similarity ≥ 0.5
-- to the typed word. word_similarity compares the typed word's trigrams with the best extent of
-- the other word, so a prefix shares half of them: "toponuu" (a place "Toponu" with its last
-- letter doubled) also took "toponim", "toponimi" and "topo", and "lokaguu" took "lokasi".
-- Those are common words: at 1,000,000 generated records such a fallback matched hundreds of
-- thousands of records instead of a few hundred, its page took ~210 ms, its spelling statement
-- ~200 ms and its background count 4.5 s, where the same search for a rarer neighbour took
-- 20–60 ms in all (docs/benchmarks/million.md). A person who mistyped one word meant one word,
-- or one of a few equally near ones.
--
-- Now a word keeps the spellings at most 0.1 below the most similar one that is not the typed
-- word itself (a typed word found in the lexicon — a correct word beside a typo, or a typo some
-- record's title carries — still brings its nearest other spellings, as before). On the
-- relevance set (bench:relevance) every query keeps its first answer; only results 7–10 of one
-- four-word query changed.
CREATE OR REPLACE FUNCTION gk_typo_queries(words text[]) RETURNS tsquery[]
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET search_path FROM CURRENT SET pg_trgm.word_similarity_threshold = 0.5
  AS $$
  DECLARE
    out tsquery[] := '{}';
    w text;
    f text;
    q tsquery;
    a tsquery;
    alt text;
  BEGIN
    FOREACH w IN ARRAY coalesce(words, '{}') LOOP
      f := lower(unaccent(w));
      q := gk_free_text_query(ARRAY[w]);
      -- the pending words too (few: the search core moves them before each fallback), so a
      -- caller that did not refresh still meets every published word
      FOR alt IN SELECT n.word
                   FROM (SELECT c.word, word_similarity(f, c.word) AS sim, max(word_similarity(f, c.word)) OVER () AS best
                           FROM (SELECT l.word FROM search_lexicon l WHERE f <% l.word
                                 UNION SELECT p.word FROM search_lexicon_pending p WHERE f <% p.word) c
                          WHERE c.word <> f) n
                  WHERE n.sim >= n.best - 0.1
                  ORDER BY n.sim DESC, n.word LIMIT 20 LOOP
        a := gk_free_text_query(ARRAY[alt]);
        IF numnode(a) > 0 THEN
          q := CASE WHEN numnode(q) = 0 THEN a ELSE q || a END;
        END IF;
      END LOOP;
      out := out || q;
    END LOOP;
    RETURN out;
  END
  $$;
