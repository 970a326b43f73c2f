-- Scoped file identifiers (issue 12, §4). Until now the record key WAS the ISO fileIdentifier,
-- one namespace for the whole catalogue, so a POST with an identifier another organisation's
-- hidden DRAFT held answered 409 and told that the hidden record existed. The identifier is
-- now its own column, and its uniqueness follows who can see it:
--   - unique within an organisation (the organisation's producers and ADMINs see all of its
--     records, so a clash there tells them nothing new);
--   - unique among records that are or have been public (PUBLISHED, or withdrawn after a
--     publication: published_at stays set), across the whole catalogue, because CSW
--     GetRecordById, OGC API – Records item ids and OAI-PMH identifiers are this identifier;
--   - a never-public record of another organisation does not reserve it.
-- The record key (`id`, REST paths, foreign keys, renders, history) stays the internal id: new
-- records created through REST get a random UUID, existing rows keep id = file_identifier.

ALTER TABLE records ADD COLUMN file_identifier text;
-- every row written so far had its identifier as its key
UPDATE records SET file_identifier = id;
ALTER TABLE records ALTER COLUMN file_identifier SET NOT NULL;

CREATE UNIQUE INDEX records_org_file_identifier_key ON records (organisation_id, file_identifier);
-- fixtures and old imports may have PUBLISHED rows without published_at, hence both arms
CREATE UNIQUE INDEX records_public_file_identifier_key ON records (file_identifier)
  WHERE status = 'PUBLISHED' OR published_at IS NOT NULL;

-- The OAI-PMH feed keeps a row for every record ever published, also after the record itself
-- is gone (deletedRecord = persistent): it is the catalogue's memory of public identifiers.
-- Its items are named by the identifier, so one identifier names at most one item.
ALTER TABLE oai_items ADD COLUMN file_identifier text;
UPDATE oai_items SET file_identifier = record_id;
ALTER TABLE oai_items ALTER COLUMN file_identifier SET NOT NULL;
CREATE UNIQUE INDEX oai_items_file_identifier_key ON oai_items (file_identifier);

-- migration 020's trigger function, now also carrying the identifier
CREATE OR REPLACE FUNCTION oai_items_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE oai_items SET deleted = true, datestamp = clock_timestamp()
     WHERE record_id = OLD.id AND NOT deleted;
    RETURN NULL;
  END IF;
  IF NEW.status = 'PUBLISHED' THEN
    IF TG_OP = 'INSERT'
       OR OLD.status IS DISTINCT FROM NEW.status
       OR OLD.doc IS DISTINCT FROM NEW.doc
       OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id
       OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
       OR OLD.file_identifier IS DISTINCT FROM NEW.file_identifier THEN
      INSERT INTO oai_items (record_id, file_identifier, organisation_id, hierarchy_level, datestamp, deleted)
      VALUES (NEW.id, NEW.file_identifier, NEW.organisation_id, coalesce(NEW.hierarchy_level, 'dataset'), clock_timestamp(), false)
      ON CONFLICT (record_id) DO UPDATE
         SET file_identifier = EXCLUDED.file_identifier,
             organisation_id = EXCLUDED.organisation_id,
             hierarchy_level = EXCLUDED.hierarchy_level,
             datestamp = EXCLUDED.datestamp,
             deleted = false;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'PUBLISHED' THEN
    UPDATE oai_items SET deleted = true, datestamp = clock_timestamp() WHERE record_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

-- The application always writes the identifier itself. Rows inserted by hand (operators' SQL,
-- bench loaders, test fixtures) get their key as identifier, as every row had until now.
CREATE FUNCTION records_fill_file_identifier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.file_identifier IS NULL THEN NEW.file_identifier := NEW.id; END IF;
  RETURN NEW;
END $$;
-- WHEN keeps the function out of the application's own inserts (batch imports included)
CREATE TRIGGER records_fill_file_identifier BEFORE INSERT ON records
  FOR EACH ROW WHEN (NEW.file_identifier IS NULL) EXECUTE FUNCTION records_fill_file_identifier();
