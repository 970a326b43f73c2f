-- Templates of an organisation (issue 20, §5): an ADMIN marks one of the organisation's records as
-- a starting point for new records, as GeoNetwork's "template" flag does. The mark is kept apart
-- from `records` so the record row, its projection and its workflow are untouched: a template is an
-- ordinary record (usually a draft nobody publishes) that every producer of its organisation may
-- copy. The mark goes with its record (ON DELETE CASCADE).
CREATE TABLE record_templates (
  record_id   text PRIMARY KEY REFERENCES records (id) ON DELETE CASCADE,
  marked_by   text REFERENCES users (id) ON DELETE SET NULL,
  marked_at   timestamptz NOT NULL DEFAULT now()
);
