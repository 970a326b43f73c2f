-- Reviewers' comments on a record (issue 20): a QCQE or an ADMIN of the record's organisation
-- points at one field of the form (`field`, the editor's field name such as `title` or
-- `extent.bbox`) or at the whole record (NULL); the author sees it next to that field and marks
-- it resolved. Comments go with their record (ON DELETE CASCADE); they are not part of the
-- document, so they never reach the protocols or the exports.
CREATE TABLE record_comments (
  id              bigserial PRIMARY KEY,
  record_id       text NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  field           text,
  body            text NOT NULL,
  author_id       text REFERENCES users (id),
  -- the record's version the comment was written on (the field may have changed since)
  record_version  integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  resolved_at     timestamptz,
  resolved_by     text REFERENCES users (id)
);
CREATE INDEX record_comments_record_idx ON record_comments (record_id, id);
-- the open comments of a record, counted on the dashboards
CREATE INDEX record_comments_open_idx ON record_comments (record_id) WHERE resolved_at IS NULL;
