import { openPgDatabase } from '../../libs/db/pg-database';
import { countPublished, createSearchStore, pageOfRecords, spellings } from '../../libs/db/search.repository';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import { parseItemQuery } from '../../libs/oarec/request/item-query';
import { DEFAULT_COUNT_SETTINGS } from '../../libs/search/match-count';
import { FACET_EXACT_ROWS } from '../../libs/search/facet-counts';
import { contentWords, freeTextNodes, typoTolerantFilter } from '../../libs/search/free-text';
import { resolveOarecQueryable } from '../../libs/search/queryables';
import { FACET_NAMES } from '../../libs/search/search-core';
import { executionTimes, explainingQueryable } from './explaining-queryable';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements a NEW typo search sends once its exact search
 * found nothing (search-core.ts page → fallbackOf): the spelling statement, the fallback's page
 * with its facets (as the search page asks them: counted over the page's ranked window) and its
 * exact count (sent in the background by match-count.ts):
 * `npx tsx bench/million/explain-typo.ts <database url> '<query string with {k}>' [runs] [--plans]`.
 */
async function main(): Promise<void> {
  const showPlans = process.argv.includes('--plans');
  const [url, qs, runsArg] = process.argv.slice(2).filter((a) => a !== '--plans');
  const db = openPgDatabase({ connectionString: url!, max: 1 });
  const store = createSearchStore(db);
  const runs = Number(runsArg ?? 1);
  const plans: string[] = [];
  const explaining = explainingQueryable(db, plans);
  const facets = FACET_NAMES.map((name) => ({ name, property: resolveOarecQueryable(name)!.name }));
  const totals: number[] = [];
  for (let i = 0; i < runs; i++) {
    const raw = Object.fromEntries(new URLSearchParams(qs!.replace('{k}', String(i + 1))));
    const q = parseItemQuery(raw);
    const words = [...new Set(freeTextNodes(q.filter).flatMap((n) => contentWords(n.tokens)))];
    const looked = await store.typoQueries(words);
    const tolerant = typoTolerantFilter(q.filter, new Map(words.map((w, k) => [w, looked[k]])));
    if (!tolerant) throw new Error('no free text in the query');
    plans.length = 0;
    await spellings(explaining, tolerant, words);
    const sample = { specs: facets, limit: 10, sampleRows: FACET_EXACT_ROWS };
    await pageOfRecords(explaining, { filter: tolerant, sort: q.sort, offset: q.offset, limit: q.limit, facets: sample }, DEFAULT_COUNT_SETTINGS.exactRows);
    const params: unknown[] = [];
    const where = compileFilter(tolerant, params);
    await countPublished(explaining, where, params);
    const times = executionTimes(plans);
    totals.push(times.reduce((a, b) => a + b, 0));
    process.stdout.write(`run ${i + 1} (${words.join(' ')}): spellings ${times[0]} + page with facets ${times.slice(1, -1).join(' + ')} + count ${times.at(-1)} ms\n`);
  }
  totals.sort((a, b) => a - b);
  process.stdout.write(`total per search: median ${totals[Math.floor(totals.length / 2)]?.toFixed(1)} ms over ${runs}\n`);
  if (showPlans) process.stdout.write(plans.join('\n\n----\n\n') + '\n');
  await db.close();
}

void main();
