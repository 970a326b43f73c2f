import { openPgDatabase } from '../../libs/db/pg-database';
import { facetCounts, pageOfRecords } from '../../libs/db/search.repository';
import { parseItemQuery } from '../../libs/oarec/request/item-query';
import { DEFAULT_COUNT_SETTINGS } from '../../libs/search/match-count';
import { FACET_EXACT_ROWS } from '../../libs/search/facet-counts';
import { resolveOarecQueryable } from '../../libs/search/queryables';
import { FACET_NAMES } from '../../libs/search/search-core';
import { executionTimes, explainingQueryable } from './explaining-queryable';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements an OGC API – Records items request with
 * facets sends on its first request (the page with its bounded count and, in relevance order,
 * the facets of its window; `--separate`: the facets in a statement of their own):
 * `npx tsx bench/million/explain-items.ts <database url> '<query string with {k}>' [runs] [--separate]`.
 */
async function main(): Promise<void> {
  const separate = process.argv.includes('--separate');
  const [url, qs, runsArg] = process.argv.slice(2).filter((a) => a !== '--separate');
  const db = openPgDatabase({ connectionString: url!, max: 1 });
  const runs = Number(runsArg ?? 1);
  const plans: string[] = [];
  const explaining = explainingQueryable(db, plans);
  const facets = FACET_NAMES.map((name) => ({ name, property: resolveOarecQueryable(name)!.name }));
  for (let i = 0; i < runs; i++) {
    const raw = Object.fromEntries(new URLSearchParams(qs!.replace('{k}', String(i + 1))));
    const q = parseItemQuery(raw);
    plans.length = 0;
    const sample = { specs: facets, limit: 10, sampleRows: FACET_EXACT_ROWS };
    // --separate: the facets in a statement of their own, as before the page counted them over its window
    await pageOfRecords(explaining, { filter: q.filter, sort: q.sort, offset: q.offset, limit: q.limit, ...(separate ? {} : { facets: sample }) }, DEFAULT_COUNT_SETTINGS.exactRows);
    if (separate) await facetCounts(explaining, q.filter, facets, 10, { sampleRows: FACET_EXACT_ROWS });
    const times = executionTimes(plans);
    process.stdout.write(`run ${i + 1}: ${times.map((t) => `${t} ms`).join(' + ')}\n`);
  }
  process.stdout.write(plans.join('\n\n----\n\n') + '\n');
  await db.close();
}

void main();
