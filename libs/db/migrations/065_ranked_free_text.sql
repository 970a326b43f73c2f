-- Issue 21, point 1: free text searches WORDS (Indonesian and English word forms, accents
-- folded) and is ranked, instead of a substring match over `anytext` in identifier order.
--
-- Two text search configurations copy PostgreSQL's Snowball `indonesian` and `english` ones
-- and put `unaccent` in front of the stemmer for the token types that may carry accents, so
-- "Pétrole" and "petrole" give the same lexeme. Both PostgreSQL (contrib) and PGlite
-- (@electric-sql/pglite/contrib/unaccent, loaded by libs/db/pglite-worker.ts) have the
-- extension and both stemmers (test/integration/free-text-dictionaries.test.ts runs in both).
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION gk_indonesian (COPY = pg_catalog.indonesian);
ALTER TEXT SEARCH CONFIGURATION gk_indonesian ALTER MAPPING FOR word, hword, hword_part WITH unaccent, indonesian_stem;
CREATE TEXT SEARCH CONFIGURATION gk_english (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION gk_english ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem;

-- A record's text in BOTH stemmings. Records mix their languages (Indonesian records carry
-- English keywords such as "land cover", English records Indonesian place names), and a query
-- may be in either language, so every text gives the lexemes of both stemmers; a query word
-- matches when either of its stems is there (gk_free_text_query). `||` shifts the second
-- vector's positions past the first, so a phrase never spans the two halves.
-- SET search_path FROM CURRENT: the configurations are found by name when a restore (pg_dump
-- sets an empty search_path) or another schema recomputes the generated column.
CREATE FUNCTION gk_both_stems(t text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$ SELECT to_tsvector('gk_indonesian', coalesce(t, '')) || to_tsvector('gk_english', coalesce(t, '')) $$;

-- The weighted vector: title A, keywords and topic categories B, abstract C, the record's
-- other text D (search_other, written by the search projection: libs/catalogue/search-projection.ts).
CREATE FUNCTION gk_search_vector(title text, keywords text[], topics text[], abstract text, other text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$
    SELECT setweight(gk_both_stems(title), 'A')
        || setweight(gk_both_stems(array_to_string(keywords || topics, ' ')), 'B')
        || setweight(gk_both_stems(abstract), 'C')
        || setweight(gk_both_stems(other), 'D')
  $$;

-- The words of a query (split and cleaned by libs/db/search-sql/free-text.ts) → a tsquery that
-- wants every word, each as "its Indonesian stem OR its English stem". A word that one of the
-- stemmers drops as a stop word ("the", "of") is left out rather than demanded.
CREATE FUNCTION gk_free_text_query(words text[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$
  DECLARE
    q tsquery := '';
    w text;
    a tsquery;
    b tsquery;
  BEGIN
    FOREACH w IN ARRAY coalesce(words, '{}') LOOP
      a := plainto_tsquery('gk_indonesian', w);
      b := plainto_tsquery('gk_english', w);
      IF numnode(a) > 0 AND numnode(b) > 0 THEN
        q := CASE WHEN numnode(q) = 0 THEN (a || b) ELSE q && (a || b) END;
      END IF;
    END LOOP;
    RETURN q;
  END
  $$;

-- The words as a phrase (in order, adjacent), in either stemming: ranks a phrase match above
-- the same words scattered.
CREATE FUNCTION gk_phrase_query(words text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$
    SELECT phraseto_tsquery('gk_indonesian', array_to_string(words, ' '))
        || phraseto_tsquery('gk_english', array_to_string(words, ' '))
  $$;

-- The other text of a record (weight D). Rows written before this migration get their whole
-- free text (`anytext`, which also holds title, keywords and abstract) until their next write
-- projects the narrower text; their words are all found, their ranks are slightly higher.
ALTER TABLE records ADD COLUMN search_other text NOT NULL DEFAULT '';
UPDATE records SET search_other = anytext WHERE anytext <> '';

-- Computed by PostgreSQL from the projection columns on every write (and, by this ALTER, for
-- every existing row), so every writer — the repositories, the batch import, COPY in the
-- benchmark loaders — keeps it without knowing it exists.
ALTER TABLE records ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (gk_search_vector(title, keywords, topic_categories, abstract, search_other)) STORED;
CREATE INDEX records_search_vector_idx ON records USING gin (search_vector);
