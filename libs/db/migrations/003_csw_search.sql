-- CSW search: indexes for the queries compiled by libs/csw/filter (all over PUBLISHED rows).

-- Paging a harvest and counting without a filter: CSW orders by id last (first when there
-- is no SortBy) and never sees another status, so a partial index on id serves
-- `WHERE status = 'PUBLISHED' ORDER BY id OFFSET … LIMIT …` as an index-only scan.
CREATE INDEX records_published_id_idx ON records (id) WHERE status = 'PUBLISHED';

-- Equality on multi-valued queryables compiles to `column @> ARRAY[$n]` (dc:format,
-- apiso:TopicCategory, apiso:OrganisationName); keywords already has one.
CREATE INDEX records_formats_idx ON records USING gin (formats);
CREATE INDEX records_topic_categories_idx ON records USING gin (topic_categories);
CREATE INDEX records_organisation_names_idx ON records USING gin (organisation_names);

-- SortBy dc:title ASC (as compiled by libs/csw/sort-by.ts) as an
-- index scan instead of sorting every published row; dct:modified DESC already has
-- records_status_updated_idx.
CREATE INDEX records_published_title_idx ON records ((NULLIF(title, '')) ASC NULLS LAST, id) WHERE status = 'PUBLISHED';
