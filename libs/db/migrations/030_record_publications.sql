-- A copy of the producer's document at each publication (REVIEW/PRIVATE → PUBLISHED), written
-- in the same transaction as the status change. The reviewer's "what changed since it was last
-- published" compares the record with the newest row; older rows are the publication history.
CREATE TABLE record_publications (
  record_id    text NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  version      integer NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  doc          jsonb NOT NULL,
  PRIMARY KEY (record_id, version)
);
