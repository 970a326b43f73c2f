-- OAI-PMH change feed: one row per record that has ever been PUBLISHED, kept for good
-- (deletedRecord = persistent). A record that leaves PUBLISHED by any path (PRIVATE, another
-- status, or a DELETE) keeps its row with deleted = true and the datestamp of the withdrawal.
--
-- Maintained by a trigger on `records`, so every writer — the REST workflow, the batch
-- importer's CTEs, the harvester, a future path — updates the feed in its own transaction
-- without having to remember to. The datestamp is clock_timestamp() (the moment of the write,
-- not the transaction start) so a long import transaction stamps rows close to its commit.
--
-- No foreign key to records: the row must outlive the record it describes.

CREATE TABLE oai_items (
  record_id        text PRIMARY KEY,
  organisation_id  text NOT NULL,
  -- ISO scope code; a record without one is a dataset (the ISO 19115 default)
  hierarchy_level  text NOT NULL,
  datestamp        timestamptz NOT NULL,
  deleted          boolean NOT NULL DEFAULT false
);
-- selective harvesting pages by (datestamp, record_id), with or without a set
CREATE INDEX oai_items_datestamp_idx ON oai_items (datestamp, record_id);
CREATE INDEX oai_items_org_idx ON oai_items (organisation_id, datestamp, record_id);
CREATE INDEX oai_items_level_idx ON oai_items (hierarchy_level, datestamp, record_id);

CREATE FUNCTION oai_items_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE oai_items SET deleted = true, datestamp = clock_timestamp()
     WHERE record_id = OLD.id AND NOT deleted;
    RETURN NULL;
  END IF;
  IF NEW.status = 'PUBLISHED' THEN
    -- a (re)publication, or a change of what is disseminated (content, organisation, the
    -- catalogue modification time that gmd:dateStamp shows)
    IF TG_OP = 'INSERT'
       OR OLD.status IS DISTINCT FROM NEW.status
       OR OLD.doc IS DISTINCT FROM NEW.doc
       OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id
       OR OLD.updated_at IS DISTINCT FROM NEW.updated_at THEN
      INSERT INTO oai_items (record_id, organisation_id, hierarchy_level, datestamp, deleted)
      VALUES (NEW.id, NEW.organisation_id, coalesce(NEW.hierarchy_level, 'dataset'), clock_timestamp(), false)
      ON CONFLICT (record_id) DO UPDATE
         SET organisation_id = EXCLUDED.organisation_id,
             hierarchy_level = EXCLUDED.hierarchy_level,
             datestamp = EXCLUDED.datestamp,
             deleted = false;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'PUBLISHED' THEN
    -- withdrawn: out of PUBLISHED by whatever transition
    UPDATE oai_items SET deleted = true, datestamp = clock_timestamp() WHERE record_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

-- WHEN clauses keep the function out of the far more frequent writes of unpublished records
CREATE TRIGGER records_oai_insert AFTER INSERT ON records
  FOR EACH ROW WHEN (NEW.status = 'PUBLISHED') EXECUTE FUNCTION oai_items_track();
CREATE TRIGGER records_oai_update AFTER UPDATE ON records
  FOR EACH ROW WHEN (OLD.status = 'PUBLISHED' OR NEW.status = 'PUBLISHED') EXECUTE FUNCTION oai_items_track();
CREATE TRIGGER records_oai_delete AFTER DELETE ON records
  FOR EACH ROW EXECUTE FUNCTION oai_items_track();

-- Backfill: what is PUBLISHED now, stamped with its last modification; and what was published
-- and is PRIVATE now, as a withdrawal stamped with its last move to PRIVATE (history), else
-- its last modification. Records deleted before this migration left no trace to recover.
INSERT INTO oai_items (record_id, organisation_id, hierarchy_level, datestamp, deleted)
SELECT r.id, r.organisation_id, coalesce(r.hierarchy_level, 'dataset'), r.updated_at, false
  FROM records r
 WHERE r.status = 'PUBLISHED';

INSERT INTO oai_items (record_id, organisation_id, hierarchy_level, datestamp, deleted)
SELECT r.id, r.organisation_id, coalesce(r.hierarchy_level, 'dataset'),
       coalesce((SELECT max(h.at) FROM record_history h WHERE h.record_id = r.id AND h.to_status = 'PRIVATE'), r.updated_at),
       true
  FROM records r
 WHERE r.status = 'PRIVATE' AND r.published_at IS NOT NULL;
