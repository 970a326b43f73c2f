-- Harvesting (issue 10): remote catalogues as sources, their runs with reports, and the
-- per-record state that lets a re-run write only what changed and withdraw what vanished.

CREATE TABLE harvest_sources (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  url              text NOT NULL,
  protocol         text NOT NULL CHECK (protocol IN ('csw', 'oarec', 'oai-pmh')),
  -- CSW: OGC Filter XML or CQL text; OARec: q / filter; OAI-PMH: set
  constraint_text  text,
  record_form      text NOT NULL DEFAULT 'iso19139' CHECK (record_form IN ('iso19139', 'iso19115-3')),
  page_size        integer NOT NULL DEFAULT 100 CHECK (page_size BETWEEN 1 AND 500),
  schedule         text,
  organisation_id  text NOT NULL REFERENCES organisations (id),
  mode             text NOT NULL DEFAULT 'review' CHECK (mode IN ('review', 'publish')),
  -- owner of harvested records and actor of their history rows: the ADMIN who added the source
  owner_id         text NOT NULL REFERENCES users (id),
  -- HTTP basic credentials, AES-256-GCM sealed (iv.tag.ciphertext, base64url); never returned
  credentials      text,
  -- lease of the run in progress: two workers never run one source at once
  running_run_id   text,
  lease_until      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX harvest_sources_org_name_key ON harvest_sources (organisation_id, lower(name));

CREATE TABLE harvest_runs (
  id           text PRIMARY KEY,
  source_id    text NOT NULL REFERENCES harvest_sources (id) ON DELETE CASCADE,
  -- queued → running → succeeded | failed (a run that stopped early; nothing withdrawn) | skipped
  status       text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'skipped')),
  trigger      text NOT NULL CHECK (trigger IN ('manual', 'schedule', 'cli')),
  incremental  boolean NOT NULL DEFAULT false,
  -- the time the listing was asked for: the next incremental run asks for changes since then
  listed_since timestamptz,
  queued_at    timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  finished_at  timestamptz,
  report       jsonb
);
CREATE INDEX harvest_runs_source_idx ON harvest_runs (source_id, queued_at DESC);
-- one queued or running run per source
CREATE UNIQUE INDEX harvest_runs_one_open_key ON harvest_runs (source_id) WHERE status IN ('queued', 'running');

-- One row per harvested record: its source, the identifier the source gave it, what the source
-- gave last time (content hash, modification date) and when it was last seen.
CREATE TABLE harvest_records (
  record_id          text PRIMARY KEY REFERENCES records (id) ON DELETE CASCADE,
  source_id          text NOT NULL REFERENCES harvest_sources (id) ON DELETE CASCADE,
  source_identifier  text NOT NULL,
  content_hash       text NOT NULL,
  source_modified    text,
  last_seen_run      text NOT NULL,
  fetched_at         timestamptz NOT NULL DEFAULT now(),
  -- the run that last wrote the record's content (provenance `run`)
  written_run        text NOT NULL,
  withdrawn_at       timestamptz
);
CREATE UNIQUE INDEX harvest_records_source_key ON harvest_records (source_id, source_identifier);
