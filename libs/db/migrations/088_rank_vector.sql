-- Issue 21, point 3: the rank of a free-text search read `search_vector` (migration 065) four
-- times per matching record (ts_rank_cd, two ts_filter, the phrase). That vector holds every
-- text of the record (its "other text" part repeats the whole document), ~1.2 KB compressed,
-- so PostgreSQL keeps it out of line in TOAST and each read is a chunk lookup plus a
-- decompression: at 100,000 records the rank of a 25-record match cost 4.4 ms (355 buffers),
-- and of a 47,000-record match 1.6 s.
--
-- The rank needs only the fields it weighs: title (A), keywords and topic categories (B) and
-- abstract (C). "Other text" only decides whether a record matches, never its place, and a
-- record that matches by other text alone ranks below every title, keyword or abstract match
-- (its rank is 0), as before. This smaller vector stays inside the row (the large `doc`,
-- `anytext` and `search_vector` values are moved out first), so ranking reads no TOAST: the
-- same 25-record rank costs 0.25 ms. Matching keeps `search_vector` and its GIN index.
CREATE FUNCTION gk_rank_vector(title text, keywords text[], topics text[], abstract text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$
    SELECT setweight(gk_both_stems(title), 'A')
        || setweight(gk_both_stems(array_to_string(keywords || topics, ' ')), 'B')
        || setweight(gk_both_stems(abstract), 'C')
  $$;

ALTER TABLE records ADD COLUMN rank_vector tsvector
  GENERATED ALWAYS AS (gk_rank_vector(title, keywords, topic_categories, abstract)) STORED;
