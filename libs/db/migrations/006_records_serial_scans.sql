-- Reads of `records` (CSW pages and counts, REST lists) are short queries. With the server's
-- default of two parallel workers per Gather, PostgreSQL planned the first CSW page of a broad
-- BBOX as a parallel index scan: 30 ms, of which 1.5 ms was the scan and the rest starting the
-- worker processes, against 0.4–2 ms for the same scan without workers (100,000 records,
-- 2 cores). A table option, so it holds for every connection of the application and needs no
-- server setting; PGlite, which has no parallel workers, accepts and ignores it.
ALTER TABLE records SET (parallel_workers = 0);
