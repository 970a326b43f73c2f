-- Foundation: organisations, users, metadata records with their search projection,
-- status history, and the transactional outbox for events.
-- Runs unchanged on PostgreSQL 15+ with PostGIS and on PGlite with pglite-postgis.

CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE organisations (
  id                         text PRIMARY KEY,
  name                       text NOT NULL,
  allow_lintas_org_reviewer  boolean NOT NULL DEFAULT false,
  created_at                 timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organisations_name_key ON organisations (lower(name));

CREATE TABLE users (
  id               text PRIMARY KEY,
  username         text NOT NULL,
  password_hash    text NOT NULL,
  role             text NOT NULL CHECK (role IN ('PRODUSEN', 'QCQE', 'ADMIN')),
  organisation_id  text NOT NULL REFERENCES organisations (id),
  active           boolean NOT NULL DEFAULT true,
  full_name        text,
  email            text,
  phone            text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- usernames are matched case-insensitively at login, so they must be unique that way too
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_org_role_idx ON users (organisation_id, role);

CREATE TABLE records (
  id               text PRIMARY KEY,
  status           text NOT NULL CHECK (status IN ('DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE')),
  organisation_id  text NOT NULL REFERENCES organisations (id),
  owner_id         text NOT NULL REFERENCES users (id),
  reviewer_id      text REFERENCES users (id),
  version          integer NOT NULL DEFAULT 1,
  -- the producer's document (MetadataDoc) without server-managed fields
  doc              jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  published_at     timestamptz,

  -- Search projection: derived from `doc` by projectRecord() on every write, never edited
  -- by hand. One row serves the REST `q` search and every CSW queryable, so a query never
  -- parses JSON at request time.
  title                    text NOT NULL DEFAULT '',
  abstract                 text,
  keywords                 text[] NOT NULL DEFAULT '{}',
  keyword_types            text[] NOT NULL DEFAULT '{}',
  topic_categories         text[] NOT NULL DEFAULT '{}',
  hierarchy_level          text,
  resource_type            text,
  language                 text,
  organisation_names       text[] NOT NULL DEFAULT '{}',
  formats                  text[] NOT NULL DEFAULT '{}',
  protocols                text[] NOT NULL DEFAULT '{}',
  crs                      text,
  classification           text,
  has_security_constraints boolean NOT NULL DEFAULT false,
  creation_date            text,
  publication_date         text,
  revision_date            text,
  temp_begin               text,
  temp_end                 text,
  -- all searchable text, lower-cased, for trigram LIKE ('%word%') and full-text search
  anytext                  text NOT NULL DEFAULT '',
  anytext_tsv              tsvector GENERATED ALWAYS AS (to_tsvector('simple', anytext)) STORED,
  -- WGS84 footprint; an antimeridian-crossing box is stored as two polygons
  extent                   geometry(MultiPolygon, 4326)
);
CREATE INDEX records_status_updated_idx ON records (status, updated_at DESC, id);
CREATE INDEX records_org_status_idx ON records (organisation_id, status);
CREATE INDEX records_reviewer_idx ON records (reviewer_id) WHERE reviewer_id IS NOT NULL;
CREATE INDEX records_owner_idx ON records (owner_id);
CREATE INDEX records_anytext_trgm_idx ON records USING gin (anytext gin_trgm_ops);
CREATE INDEX records_anytext_tsv_idx ON records USING gin (anytext_tsv);
CREATE INDEX records_title_trgm_idx ON records USING gin (lower(title) gin_trgm_ops);
CREATE INDEX records_keywords_idx ON records USING gin (keywords);
CREATE INDEX records_extent_idx ON records USING gist (extent);

CREATE TABLE record_history (
  id           bigserial PRIMARY KEY,
  record_id    text NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  actor_id     text REFERENCES users (id),
  from_status  text,
  to_status    text NOT NULL,
  note         text,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX record_history_record_idx ON record_history (record_id, id);

-- Transactional outbox: an event is written in the same transaction as the change that
-- caused it, then handed to the job queue after commit. A relay re-sends whatever was not
-- handed over (Redis down, process killed), so no event is lost.
CREATE TABLE outbox (
  id             bigserial PRIMARY KEY,
  type           text NOT NULL,
  payload        jsonb NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  dispatched_at  timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (id) WHERE dispatched_at IS NULL;

-- Small key/value settings edited at run time (CSW identity, bootstrap markers).
CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
