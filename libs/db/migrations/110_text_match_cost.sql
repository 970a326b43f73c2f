-- Issue 21: the planner prices `tsvector @@ tsquery` (ts_match_vq) at one operator cost
-- (0.0025, as cheap as an integer comparison), but records.search_vector is stored out of line:
-- testing a row the text index did not hand over reads and decompresses its vector from TOAST
-- (~10 µs a row warm, far more cold). So for "the first 1,001 matches" of a word (the rank
-- window, the facet sample) it chose a scan of the table in physical order whenever it expected
-- more than a few per cent of the records to match: 100,000 generated records, `q=water`
-- (12 % of them): the scan read 34,000 buffers for 8,400 rows, 113 ms warm and 2 s cold, where
-- the text index's bitmap and 1,001 heap rows took 4–6 ms. Priced at 500 (1.25 per test) the
-- planner takes the index up to about a fifth of the records and still scans for a word in
-- almost half of them, where the scan stops after ~2,100 rows and the bitmap of every match
-- would cost more (measured in docs/benchmarks/million.md).
--
-- ts_match_vq belongs to the system catalogue: changing it needs a superuser (the embedded
-- database and the test servers run as one). Without the privilege the migration only says so:
-- searches stay correct, only some broad words keep the slower plan (docs/operations.md).
-- A catalogue function's cost is not kept by pg_dump or pg_upgrade: the operations page says
-- how to set it again.
DO $$
BEGIN
  ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) COST 500;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'ts_match_vq: biaya tidak diubah (perlu superuser); lihat docs/operations.md';
END
$$;
