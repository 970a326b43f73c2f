-- A run counter per deduplicated job (first user: `document.xsd-check`, issue 19 finding 3).
-- A job queued under one fixed id is silently not queued again while a run of it is still active
-- (BullMQ and the inline runner both ignore an add whose id exists): a document written after the
-- run's last look for work, but before the run ended, waited for some later write. The run now
-- bumps `generation` before it looks for work, and a producer queues under the id of the current
-- generation: an add after a run started is a new job (one per generation, so bursts still dedup).
CREATE TABLE job_generations (
  job         text PRIMARY KEY,
  generation  bigint NOT NULL DEFAULT 0
);
