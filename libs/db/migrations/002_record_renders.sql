-- Stored renders: every XML form of a record, written by the render job and read by the
-- export endpoint and CSW (which never runs XSLT per request). One row per (record, format)
-- holds the newest version; a late job for an older version never overwrites a newer render.
CREATE TABLE record_renders (
  record_id    text NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  format       text NOT NULL,
  version      integer NOT NULL,
  xml          text NOT NULL,
  rendered_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, format)
);
-- the reconciler looks for records whose renders lag behind their version
CREATE INDEX record_renders_version_idx ON record_renders (record_id, version);
