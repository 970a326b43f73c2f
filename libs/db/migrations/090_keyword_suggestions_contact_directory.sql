-- Issue 20 §5: keyword suggestions per thesaurus, and the organisations' contact directories.
--
-- Why derived tables kept by a trigger on `records` (not a query over records.doc, not code in
-- the repositories): a suggestion is asked for at every keystroke, over tens of thousands of
-- records. Unnesting `doc->'keywords'` per request reads every visible record's JSON; the
-- `keywords text[]` projection column has neither the thesaurus nor the anchor. One row per
-- (record, thesaurus, keyword) with a folded, trigram-indexed text answers a prefix or word match
-- from the index and joins records only for the caller's visibility. A trigger keeps both tables
-- right for every way a document is written (editor, import, harvest, revision publication,
-- direct correction) without each write path having to remember it.

-- Lower case without accents, every run of non-letters/digits one space, with a leading space:
-- `LIKE ' ' || q || '%'` is then a prefix match and `LIKE '% ' || q || '%'` a word match (both
-- served by the trigram index). unaccent() is only STABLE, and this function feeds a stored
-- column and an index, so it must be IMMUTABLE: the common Latin letters are folded here instead.
CREATE FUNCTION gk_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || btrim(regexp_replace(lower(translate(coalesce(t, ''),
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿÑñÇçŠšŽž',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuYyyNnCcSsZz')), '[^a-z0-9]+', ' ', 'g'))
$$;

CREATE TABLE record_keywords (
  record_id         text NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  -- the thesaurus title as written; '' = keywords without a thesaurus
  thesaurus         text NOT NULL,
  thesaurus_anchor  text,
  keyword           text NOT NULL,
  keyword_fold      text NOT NULL,
  -- gmx:Anchor xlink:href of the keyword, when the record carries one
  anchor            text,
  PRIMARY KEY (record_id, thesaurus, keyword)
);
CREATE INDEX record_keywords_fold_trgm_idx ON record_keywords USING gin (keyword_fold gin_trgm_ops);
CREATE INDEX record_keywords_thesaurus_idx ON record_keywords (thesaurus, keyword_fold);

-- An organisation's contact directory: entries first made from the contacts its records use,
-- then edited by its ADMIN. A deleted entry keeps its row (deleted_at) and its keys, so the next
-- write of a record that still names that contact does not bring it back.
CREATE TABLE contact_directory (
  id                 bigserial PRIMARY KEY,
  organisation_id    text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  role               text,
  organisation_name  text NOT NULL DEFAULT '',
  individual_name    text,
  position_name      text,
  email              text,
  phone              text,
  address            text,
  online_resource    text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  updated_by         text REFERENCES users (id) ON DELETE SET NULL,
  deleted_at         timestamptz
);
CREATE INDEX contact_directory_org_idx ON contact_directory (organisation_id) WHERE deleted_at IS NULL;

-- The de-duplication keys that lead to an entry (the e-mail, or else the person and organisation
-- names, folded): a contact whose key is known is not added again. A merge moves the merged
-- entry's keys to the entry it was merged into.
CREATE TABLE contact_directory_keys (
  organisation_id  text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  dedup_key        text NOT NULL,
  entry_id         bigint NOT NULL REFERENCES contact_directory (id) ON DELETE CASCADE,
  PRIMARY KEY (organisation_id, dedup_key)
);
CREATE INDEX contact_directory_keys_entry_idx ON contact_directory_keys (entry_id);

-- NULL when the contact names nobody (no e-mail, no person, no organisation)
CREATE FUNCTION gk_contact_key(email text, person text, org text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN nullif(btrim(email), '') IS NOT NULL THEN 'e:' || lower(btrim(email))
    WHEN btrim(gk_fold(person)) <> '' OR btrim(gk_fold(org)) <> '' THEN 'n:' || btrim(gk_fold(person)) || '|' || btrim(gk_fold(org))
  END
$$;

-- The lookups run as EXECUTE: a plpgsql statement keeps the plan it got first in a session, and a
-- plan made while a table was empty (a first bulk import) scans it whole; EXECUTE plans each call
-- with the table's current size, so a 30,000-record import stays linear. `fresh`: a new record has
-- no rows to delete.
CREATE FUNCTION gk_index_record(rid text, org text, d jsonb, fresh boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  k text;
  known boolean;
  new_id bigint;
BEGIN
  IF NOT fresh THEN
    EXECUTE 'DELETE FROM record_keywords WHERE record_id = $1' USING rid;
  END IF;
  INSERT INTO record_keywords (record_id, thesaurus, thesaurus_anchor, keyword, keyword_fold, anchor)
  SELECT rid, coalesce(g->>'thesaurus', ''), max(g->>'thesaurusAnchor'), v, gk_fold(v),
         max((SELECT max(a->>'uri') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(g->'anchors') = 'array' THEN g->'anchors' ELSE '[]'::jsonb END) a
               WHERE a->>'value' = v))
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d->'keywords') = 'array' THEN d->'keywords' ELSE '[]'::jsonb END) g,
         jsonb_array_elements_text(CASE WHEN jsonb_typeof(g->'values') = 'array' THEN g->'values' ELSE '[]'::jsonb END) v
   WHERE btrim(v) <> ''
   GROUP BY 1, 2, 4, 5;

  FOR c IN SELECT * FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d->'contacts') = 'array' THEN d->'contacts' ELSE '[]'::jsonb END) LOOP
    k := gk_contact_key(c->>'email', c->>'individualName', c->>'organisationName');
    CONTINUE WHEN k IS NULL;
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM contact_directory_keys WHERE organisation_id = $1 AND dedup_key = $2)' INTO known USING org, k;
    CONTINUE WHEN known;
    INSERT INTO contact_directory (organisation_id, role, organisation_name, individual_name, position_name, email, phone, address, online_resource)
    VALUES (org, c->>'role', coalesce(c->>'organisationName', ''), c->>'individualName', c->>'positionName', c->>'email', c->>'phone',
            c->>'address', c->>'onlineResource')
    RETURNING id INTO new_id;
    INSERT INTO contact_directory_keys (organisation_id, dedup_key, entry_id) VALUES (org, k, new_id) ON CONFLICT DO NOTHING;
    -- a concurrent write added the same contact first: keep theirs
    IF NOT FOUND THEN EXECUTE 'DELETE FROM contact_directory WHERE id = $1' USING new_id; END IF;
  END LOOP;
END
$$;

CREATE FUNCTION records_index_keywords_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gk_index_record(NEW.id, NEW.organisation_id, NEW.doc, TG_OP = 'INSERT');
  RETURN NULL;
END
$$;

CREATE TRIGGER records_keywords_contacts_ins AFTER INSERT ON records
  FOR EACH ROW EXECUTE FUNCTION records_index_keywords_contacts();
CREATE TRIGGER records_keywords_contacts_upd AFTER UPDATE OF doc, organisation_id ON records
  FOR EACH ROW WHEN (OLD.doc IS DISTINCT FROM NEW.doc OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION records_index_keywords_contacts();

-- the records written before this migration, oldest first (an entry takes its first use's role)
SELECT gk_index_record(id, organisation_id, doc, true) FROM records ORDER BY created_at, id;
