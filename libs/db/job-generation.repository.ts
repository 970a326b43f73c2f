import type { Queryable } from './database';

/**
 * job_generations (migration 105): how many runs of a deduplicated job have started. Producers
 * read it to name the job they queue; a run bumps it before it looks for work, so a job queued
 * after that start has an id no active run holds (see libs/processors/xsd-check.processor.ts).
 */

/** The current generation of `job` (0 before its first run). */
export async function currentJobGeneration(db: Queryable, job: string): Promise<number> {
  const r = await db.query<{ generation: string | number }>('SELECT generation FROM job_generations WHERE job = $1', [job]);
  return Number(r.rows[0]?.generation ?? 0);
}

/** Starts a run: the next generation of `job`, returned. */
export async function nextJobGeneration(db: Queryable, job: string): Promise<number> {
  const r = await db.query<{ generation: string | number }>(
    `INSERT INTO job_generations (job, generation) VALUES ($1, 1)
     ON CONFLICT (job) DO UPDATE SET generation = job_generations.generation + 1
     RETURNING generation`, [job]);
  return Number(r.rows[0]!.generation);
}
