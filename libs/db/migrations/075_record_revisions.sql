-- Revisions of published records (issue 20, §1). A revision is a working copy: a row of
-- `records` with its own key, document, version, owner and workflow status, linked to the
-- published record it revises by `revision_of`, and carrying the same public identifier.
-- It goes DRAFT → QCQE_PROCESS → REVIEW like a new record; its publication writes its document
-- into the published row (which keeps its key, renders, OAI-PMH item and history) and removes
-- the working copy, in one transaction. No status value is added.

ALTER TABLE records ADD COLUMN revision_of text REFERENCES records (id) ON DELETE CASCADE;

-- one open revision per record: two concurrent "start a revision" requests cannot both insert
CREATE UNIQUE INDEX records_one_revision_key ON records (revision_of) WHERE revision_of IS NOT NULL;

-- a working copy is never public itself: the public protocols (status = 'PUBLISHED') and the
-- public identifier index (migration 040) never see it
ALTER TABLE records ADD CONSTRAINT records_revision_not_public
  CHECK (revision_of IS NULL OR (status <> 'PUBLISHED' AND status <> 'PRIVATE' AND published_at IS NULL));

-- the working copy shares its record's identifier, so the organisation's unique index counts
-- only the records themselves (migration 040's rule stays for everything else)
DROP INDEX records_org_file_identifier_key;
CREATE UNIQUE INDEX records_org_file_identifier_key ON records (organisation_id, file_identifier) WHERE revision_of IS NULL;

-- named actions of the history besides plain status changes: 'revision-started',
-- 'revision-published', 'direct-correction', 'withdrawal'; NULL for an ordinary transition
ALTER TABLE record_history ADD COLUMN action text;
