-- Issue 19: the ISO document is the record. Every version of a record's XML as it was written
-- (imported by the CLI or a REST upload, harvested, or the gmd render of the editor's JSON),
-- with its schema, where it came from and its check report. The JSON `doc` and the search
-- columns of `records` stay, derived from the document by the importer's one mapping.
--
-- The current document of a record is its row with the highest `seq`. An editor row with a
-- NULL `xml` means "the JSON was edited at this version; the document is its gmd render",
-- which the render job writes in. Backfill: records written before this migration have no row
-- and keep being served from their JSON (the render job's old path) until they are edited
-- (editor row) or imported / harvested again (a document row).
CREATE TABLE record_documents (
  record_id       text NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  seq             integer NOT NULL,
  record_version  integer NOT NULL,
  origin          text NOT NULL CHECK (origin IN ('import', 'harvest', 'editor')),
  schema          text CHECK (schema IN ('iso19139', 'iso19115-2', 'iso19115-3-2018', 'iso19115-3-2016')),
  xml             text,
  validation      jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- harvest provenance: the source (no foreign key: a deleted source leaves its documents' history)
  source_id       text,
  fetched_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, seq),
  -- only an editor row may wait for its XML; a document with XML has a schema
  CHECK ((xml IS NULL AND origin = 'editor' AND schema IS NULL) OR (xml IS NOT NULL AND schema IS NOT NULL))
);
