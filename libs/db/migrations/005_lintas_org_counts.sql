-- Stored cross-organisation ("lintas-org") review counts per organisation, kept current by
-- the `lintas-org.recount` job and read by GET /api/admin/organisasi/lintas-org-check.
--
-- Freshness without trusting clocks or event order: every change that can move an
-- organisation's counts bumps `change_seq` of its row IN THE SAME TRANSACTION (triggers
-- below), so the mark commits together with the change. The job stores the counts with the
-- `change_seq` it read in the same snapshot (`counted_seq`). The stored counts are used only
-- while counted_seq = change_seq; otherwise (or without a row) the endpoint counts live.
-- A committed change is therefore never answered from older counts, whether the job has run
-- yet or not.
CREATE TABLE organisation_lintas_counts (
  organisation_id  text PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  draft            integer NOT NULL DEFAULT 0,
  pending          integer NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- bumped by every relevant change of the organisation's records
  change_seq       bigint NOT NULL DEFAULT 0,
  -- the change_seq the stored counts reflect; NULL = never counted
  counted_seq      bigint
);

-- Marks an organisation's counts as outdated. Only the change_seq moves; the counts stay
-- until the job recounts them.
CREATE FUNCTION lintas_counts_mark(org text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO organisation_lintas_counts AS c (organisation_id, change_seq) VALUES (org, 1)
  ON CONFLICT (organisation_id) DO UPDATE SET change_seq = c.change_seq + 1;
$$;

-- A record can count only while it has a reviewer, so rows without one on either side of a
-- change are left alone (content edits, creations without a reviewer): the hot path of
-- record writes never touches the counts row. The rule deliberately does not repeat which
-- statuses count (that lives in lintas-org.repository.ts): marking a little too often only
-- costs a live count until the next recount, never a wrong answer.
CREATE FUNCTION records_lintas_counts_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM lintas_counts_mark(OLD.organisation_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.organisation_id IS DISTINCT FROM OLD.organisation_id) THEN
    PERFORM lintas_counts_mark(NEW.organisation_id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER records_lintas_counts_ins AFTER INSERT ON records
  FOR EACH ROW WHEN (NEW.reviewer_id IS NOT NULL)
  EXECUTE FUNCTION records_lintas_counts_mark();

CREATE TRIGGER records_lintas_counts_upd AFTER UPDATE OF status, reviewer_id, organisation_id ON records
  FOR EACH ROW WHEN (
    (OLD.reviewer_id IS NOT NULL OR NEW.reviewer_id IS NOT NULL)
    AND (OLD.status IS DISTINCT FROM NEW.status
         OR OLD.reviewer_id IS DISTINCT FROM NEW.reviewer_id
         OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id))
  EXECUTE FUNCTION records_lintas_counts_mark();

CREATE TRIGGER records_lintas_counts_del AFTER DELETE ON records
  FOR EACH ROW WHEN (OLD.reviewer_id IS NOT NULL)
  EXECUTE FUNCTION records_lintas_counts_mark();

-- A reviewer moving to another organisation turns their assignments into (or out of)
-- cross-organisation ones. No API does this today; the trigger keeps a direct SQL change
-- honest too. Organisations are marked in id order so two such moves cannot deadlock.
CREATE FUNCTION users_lintas_counts_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lintas_counts_mark(o.organisation_id)
     FROM (SELECT DISTINCT organisation_id FROM records WHERE reviewer_id = NEW.id ORDER BY organisation_id) o;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_lintas_counts_upd AFTER UPDATE OF organisation_id ON users
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION users_lintas_counts_mark();

-- Records that already have a reviewer: their organisations start out marked (not yet
-- counted), so the endpoint counts live until the first recount.
INSERT INTO organisation_lintas_counts (organisation_id, change_seq)
SELECT DISTINCT organisation_id, 1 FROM records WHERE reviewer_id IS NOT NULL;
