-- Issue 21: gk_free_text_query (migration 065) started from an empty tsquery (`q tsquery := ''`),
-- and casting '' to tsquery makes PostgreSQL raise a NOTICE ("text-search query doesn't contain
-- lexemes") on every call. A free-text statement calls it in four to seven places (filter, window,
-- rank parts; folded once each while planning) and the typo lookup once per nearest spelling
-- (gk_typo_queries, up to 21 a word), and each NOTICE is formatted with its PL/pgSQL context and
-- sent to the client: 2,000 calls took 138–192 ms against 11–14 ms without it (~70 µs a call,
-- 1,000,000-record database, psql). The same function without the empty start: the query is
-- built from NULL; only words that are all stop words still give the empty query (and its NOTICE).
-- Same results: compared over 2,000 word lists, and the free-text tests run in both modes.
CREATE OR REPLACE FUNCTION gk_free_text_query(words text[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$
  DECLARE
    q tsquery;
    w text;
    a tsquery;
    b tsquery;
  BEGIN
    FOREACH w IN ARRAY coalesce(words, '{}') LOOP
      a := plainto_tsquery('gk_indonesian', w);
      b := plainto_tsquery('gk_english', w);
      IF numnode(a) > 0 AND numnode(b) > 0 THEN
        q := CASE WHEN q IS NULL THEN (a || b) ELSE q && (a || b) END;
      END IF;
    END LOOP;
    -- the empty query only when it is the answer: PL/pgSQL plans a statement when it first
    -- runs it, and planning the cast is what raises the NOTICE (coalesce(q, '') would, always)
    IF q IS NULL THEN
      RETURN ''::tsquery;
    END IF;
    RETURN q;
  END
  $$;
