-- Selective searches at a million records (issue 11, point 5). Measured with bench/million
-- on 100,000 records before this migration: an identifier prefix (`dc:identifier LIKE
-- 'idn-00123%'`, 10 matches) took 167 ms and a one-week apiso:CreationDate range (130 matches)
-- 775 ms, both walking every PUBLISHED row in id order and testing each one; every other
-- selective filter (keyword, title, AnyText word, dct:modified range, BBOX) already had an index.

-- Identifier LIKE: the identifier queryable is the public file identifier (migration 040); CQL
-- (and FE matchCase="false") compiles to `lower(r.file_identifier) LIKE lower($n)`, FE with
-- matchCase="true" to `r.file_identifier LIKE $n`. text_pattern_ops lets a pattern with a fixed
-- prefix become a range scan whatever the database collation (the primary key's default
-- operator class cannot, outside the C collation).
CREATE INDEX records_lower_file_identifier_pattern_idx ON records (lower(file_identifier) text_pattern_ops);
CREATE INDEX records_file_identifier_pattern_idx ON records (file_identifier text_pattern_ops);

-- ISO reference dates are stored as text and compared at the literal's precision
-- (libs/search/filter/date-value.ts): a day literal compiles to `left(<column>, 10) <op> $n`.
-- An index on exactly that expression serves day-precision comparisons and ranges (what
-- clients send); year and month literals (`left(…, 4)`, `left(…, 7)`) still scan.
--
-- None of these indexes is partial (WHERE status = 'PUBLISHED'), although CSW reads only
-- published rows: PostgreSQL keeps and uses the statistics of an index expression only for a
-- non-partial index. Partial, the planner estimated a one-week range at 0.5 % of the table
-- (its default) instead of 0.13 %, and at 1,000,000 records paged the result by walking the id
-- index (918 ms) instead of sorting the 1,282 matches.
CREATE INDEX records_creation_day_idx ON records ((left(creation_date, 10)));
CREATE INDEX records_publication_day_idx ON records ((left(publication_date, 10)));
CREATE INDEX records_revision_day_idx ON records ((left(revision_date, 10)));
-- dc:date is the most recent reference date (libs/search/queryables.ts)
CREATE INDEX records_date_day_idx ON records ((left(COALESCE(revision_date, publication_date, creation_date), 10)));
CREATE INDEX records_temp_begin_day_idx ON records ((left(temp_begin, 10)));
CREATE INDEX records_temp_end_day_idx ON records ((left(temp_end, 10)));
