-- apiso:ServiceType gets its own projection column (srv:serviceType of service records:
-- view, download, discovery, … or free text). Until now the queryable read the distribution
-- protocols, which answer a different question ("which protocol does a link use").

ALTER TABLE records ADD COLUMN service_type text;

-- The projection is recomputed on every write, but rows written before this migration must
-- not wait for an edit: fill the column from the document the same way projectRecord() does
-- (trimmed, blank = none).
UPDATE records
   SET service_type = NULLIF(btrim(doc->>'serviceType'), '')
 WHERE doc ? 'serviceType' AND jsonb_typeof(doc->'serviceType') = 'string';

-- Service records are a small share of a catalogue: a partial index over the rows that have
-- a type keeps `service_type IS NOT NULL AND …` (how every comparison is compiled) from
-- scanning the dataset records.
CREATE INDEX records_service_type_idx ON records (service_type) WHERE service_type IS NOT NULL AND status = 'PUBLISHED';
