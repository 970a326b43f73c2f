-- Issue 21, point 1: the typo-tolerant fallback without reading every record.
--
-- The fallback (libs/db/search-sql/free-text.ts) compared each typed word with the title and
-- keywords of EVERY published record (word_similarity over unaccent(), no index can serve it):
-- at 100,000 records a search with a typo ran into the statement timeout (8 s, a 503) instead
-- of answering "maksud Anda: …". The words a typo can mean are few (tens of thousands in a
-- national catalogue, against millions of records), so they are kept once each in a lexicon
-- with a trigram index: a typed word finds its nearest spellings there, and those words are
-- then searched like any other word, through the text index.

CREATE TABLE search_lexicon (word text PRIMARY KEY);
CREATE INDEX search_lexicon_trgm_idx ON search_lexicon USING gin (word gin_trgm_ops);

-- Words written since the lexicon was last brought up to date. No index and no key: a record
-- write appends here and never waits for another writer (a unique lexicon written by every
-- transaction could deadlock two imports adding the same new words in another order). The only
-- writer of search_lexicon is gk_refresh_lexicon(), one at a time.
CREATE TABLE search_lexicon_pending (word text NOT NULL);

-- The words of a title and its keywords as the fallback compares them: lower case, accents
-- folded, split at anything that is not a letter or digit; one-letter words are no spelling.
CREATE FUNCTION gk_lexicon_words(title text, keywords text[]) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$
    SELECT DISTINCT w
      FROM regexp_split_to_table(lower(unaccent(coalesce(title, '') || ' ' || array_to_string(coalesce(keywords, '{}'), ' '))), '[^[:alnum:]]+') AS w
     WHERE length(w) > 1
  $$;

-- A published record's words that the lexicon lacks go to the pending list (the lexicon is
-- read, never written, here). Unpublished or deleted records leave their words: a word that
-- finds nothing costs one index probe and is never suggested (suggestions come from records).
CREATE FUNCTION records_feed_lexicon() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO search_lexicon_pending (word)
    SELECT w FROM gk_lexicon_words(NEW.title, NEW.keywords) AS w
     WHERE NOT EXISTS (SELECT 1 FROM search_lexicon l WHERE l.word = w);
  RETURN NULL;
END
$$;
CREATE TRIGGER records_lexicon_ins AFTER INSERT ON records
  FOR EACH ROW WHEN (NEW.status = 'PUBLISHED') EXECUTE FUNCTION records_feed_lexicon();
CREATE TRIGGER records_lexicon_upd AFTER UPDATE OF status, title, keywords ON records
  FOR EACH ROW WHEN (NEW.status = 'PUBLISHED') EXECUTE FUNCTION records_feed_lexicon();

-- Moves the committed pending words into the lexicon, by one session at a time (a second caller
-- skips: the words are there for the next fallback). Returns the number of words moved.
CREATE FUNCTION gk_refresh_lexicon() RETURNS bigint LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE moved bigint := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('gk_search_lexicon')) THEN RETURN 0; END IF;
  WITH m AS (DELETE FROM search_lexicon_pending RETURNING word),
       i AS (INSERT INTO search_lexicon (word) SELECT DISTINCT word FROM m ON CONFLICT DO NOTHING RETURNING 1)
  SELECT count(*) INTO moved FROM m;
  RETURN moved;
END
$$;

-- For each typed word, the tsquery of the word itself or any of its nearest spellings in the
-- lexicon (word_similarity ≥ 0.5, the fallback's TYPO_SIMILARITY; the trigram index answers
-- `<%` with the threshold set here), at most 20 of them, most similar first. One element per
-- word, so a record's count of words met is the number of elements it matches.
CREATE FUNCTION gk_typo_queries(words text[]) RETURNS tsquery[]
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
      FOR alt IN SELECT c.word FROM (SELECT l.word FROM search_lexicon l WHERE f <% l.word
                                     UNION SELECT p.word FROM search_lexicon_pending p WHERE f <% p.word) c
                  ORDER BY word_similarity(f, c.word) DESC, c.word LIMIT 20 LOOP
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

-- Any of the queries (OR): what the text index is asked for before the words met are counted.
CREATE FUNCTION gk_any_query(qs tsquery[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
  DECLARE
    out tsquery := '';
    q tsquery;
  BEGIN
    FOREACH q IN ARRAY coalesce(qs, '{}') LOOP
      IF numnode(q) > 0 THEN
        out := CASE WHEN numnode(out) = 0 THEN q ELSE out || q END;
      END IF;
    END LOOP;
    RETURN out;
  END
  $$;

-- The records already published.
INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM records r CROSS JOIN LATERAL gk_lexicon_words(r.title, r.keywords) AS w
   WHERE r.status = 'PUBLISHED'
  ON CONFLICT DO NOTHING;
