import { openPgDatabase } from '../../libs/db/pg-database';
import { explainCql } from './explain';
import { PLACE_COUNT, placeName } from '../fast-load/content';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a CSW GetRecords' first statement for a series of CQL
 * constraints, one at a time: `npx tsx bench/million/explain-cql.ts <database url> '<cql with {k} or {place}>' <from> <to> [--plans]`.
 * Prints each run's execution time and, with --plans, the slowest run's plan.
 */
async function main(): Promise<void> {
  const withPlans = process.argv.includes('--plans');
  const [url, cql, fromArg, toArg] = process.argv.slice(2).filter((a) => a !== '--plans');
  const db = openPgDatabase({ connectionString: url!, max: 1 });
  const times: number[] = [];
  let slowest = { ms: -1, plan: '', cql: '' };
  for (let k = Number(fromArg ?? 1); k <= Number(toArg ?? fromArg ?? 1); k++) {
    // {place}: the k-th place name of the benchmark's "new" searches (cases.ts)
    const place = placeName((1234 + k * 97) % PLACE_COUNT).toLowerCase();
    const r = await explainCql(db, cql!.replaceAll('{k}', String(k)).replaceAll('{place}', place));
    times.push(r.executionMs);
    process.stdout.write(`${r.cql}: ${r.executionMs} ms [${r.indexes.join(', ')}]\n`);
    if (r.executionMs > slowest.ms) slowest = { ms: r.executionMs, plan: r.plan, cql: r.cql };
  }
  const sorted = [...times].sort((a, b) => a - b);
  process.stdout.write(`runs ${sorted.length}: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms\n`);
  if (withPlans) process.stdout.write(`slowest (${slowest.cql}):\n${slowest.plan}\n`);
  await db.close();
}

void main();
