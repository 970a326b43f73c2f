-- Issue 21, point 4: a CSW `AnyText LIKE '%word%'` (QGIS MetaSearch's search box) is answered by
-- the trigram index, whose candidates are rechecked against `anytext`. Stored EXTENDED, the
-- toaster moved it out of the row (a record's row is ~6 KB before toasting), so every candidate
-- cost a TOAST lookup of its own: at 1,000,000 records `'%kasibe%'` had 5,370 candidates for 244
-- matches and read 25,000 buffers (75 ms); with `anytext` in the row, 5,900 buffers (41 ms), and
-- a new such search at 4 connections answered with p99 102 ms instead of 184
-- (docs/benchmarks/million.md).
--
-- MAIN alone was worse: to make room the toaster moved out the small columns the facets read
-- (keywords, topic categories, type, organisations, formats — 7,100 buffers for the facets of
-- 1,001 rows instead of 1,000) and a broad word's facet page cost 40 % more. So:
-- - the columns the facets and the result list read are MAIN as well: the toaster moves every
--   EXTENDED column (doc, search_vector, anytext_tsv, abstract, search_other) out first and,
--   when a row still does not fit, the LARGEST MAIN column next (a long record's `anytext` or
--   `rank_vector`), never a small one before it;
-- - the row may keep 2,400 bytes instead of ~2,030 (toast_tuple_target), what the generated
--   records need with `anytext` inline. The heap grows by a third at 1,000,000 records (1.95 →
--   2.6 GB), the TOAST table shrinks by 0.4 GB.
--
-- As for migration 107, only rows written from now on are stored this way; rows already in the
-- table keep their layout until they are written again or the table is rewritten (`VACUUM FULL
-- records`, docs/operations.md).
ALTER TABLE records
  ALTER COLUMN anytext SET STORAGE MAIN,
  ALTER COLUMN title SET STORAGE MAIN,
  ALTER COLUMN keywords SET STORAGE MAIN,
  ALTER COLUMN topic_categories SET STORAGE MAIN,
  ALTER COLUMN hierarchy_level SET STORAGE MAIN,
  ALTER COLUMN organisation_names SET STORAGE MAIN,
  ALTER COLUMN formats SET STORAGE MAIN,
  SET (toast_tuple_target = 2400);
