import { createTypoFallbacks } from '../../libs/search/typo-fallbacks';
import { createSearchCore } from '../../libs/search/search-core';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { SearchStore } from '../../libs/search/search.ports';

describe('typo fallbacks', () => {
  it('keeps a search\'s fallback per scope and key, for ttlMs, least recently used out first', () => {
    let t = 0;
    const memo = createTypoFallbacks({ maxEntries: 2, ttlMs: 1000, now: () => t });
    const fallback = (word: string) => ({ filter: { op: 'text' as const, tokens: [word], typoTolerant: true }, spellings: new Map([[word, 'peta']]) });
    const a = fallback('petaa');
    memo.set('g1', 'a', a);
    expect(memo.get('g1', 'a')).toBe(a);
    expect(memo.get('g2', 'a')).toBeUndefined(); // another generation: asked again
    memo.set('g1', 'b', fallback('b'));
    memo.get('g1', 'a'); // a used last: b goes first
    memo.set('g1', 'c', fallback('c'));
    expect(memo.get('g1', 'b')).toBeUndefined();
    expect(memo.get('g1', 'a')).toBe(a);
    t = 1000;
    expect(memo.get('g1', 'a')).toBeUndefined(); // expired
  });
});

/**
 * The search core looks a search's words up in the lexicon and asks the store for spellings once
 * per generation scope and search: the next page of a search that found nothing, or the same
 * search again, reuses them.
 */
describe('search core: the fallback of a search that found nothing', () => {
  function store(): { store: SearchStore; spellingCalls: () => number; refreshCalls: () => number; lookupCalls: () => number } {
    let spellingCalls = 0;
    let refreshCalls = 0;
    let lookupCalls = 0;
    const found = Array.from({ length: 3 }, (_, i) => ({ id: `rec-${i}` }) as unknown as MetadataRecord);
    const tolerant = (f: FilterNode): boolean => f.op === 'text' && f.typoTolerant === true;
    const s: SearchStore = {
      matchKey: (filter) => JSON.stringify(filter),
      countPublished: async (filter) => (tolerant(filter) ? found.length : 0),
      estimatePublished: async (filter) => (tolerant(filter) ? found.length : 0),
      pageWithRenders: async () => ({ items: [], more: false, counted: 0 }),
      async pageOfRecords(q, countUpTo) {
        const items = tolerant(q.filter) ? found.slice(q.offset, q.offset + q.limit) : [];
        const n = tolerant(q.filter) ? found.length : 0;
        return { items, more: q.offset + q.limit < n, ...(countUpTo !== undefined ? { counted: Math.min(n, countUpTo + 1) } : {}) };
      },
      rankedWindow: async () => undefined,
      recordsByIds: async () => [],
      rendersByIds: async () => [],
      publishedWithRenders: async () => [],
      publishedRecord: async () => undefined,
      recordById: async () => undefined,
      domainValues: async () => [],
      facetCounts: async () => ({ values: {} }),
      async spellings() {
        spellingCalls += 1;
        return new Map([['petaa', 'peta']]);
      },
      async refreshSpellings() {
        refreshCalls += 1;
      },
      async typoQueries(words) {
        lookupCalls += 1;
        return words.map((w) => `'${w}' | 'peta'`);
      },
    };
    return { store: s, spellingCalls: () => spellingCalls, refreshCalls: () => refreshCalls, lookupCalls: () => lookupCalls };
  }

  const typo: FilterNode = { op: 'text', tokens: ['petaa'] };

  it('asks once per scope: again for the next page and the same search it is remembered', async () => {
    const s = store();
    const core = createSearchCore(s.store);
    const first = await core.page(typo, [], 0, 2, 'scope-1');
    expect(first.suggestion).toBe('peta');
    // the words' lexicon lookups travel in the fallback filter, so its statements need not repeat them
    expect(first.typoTolerant).toEqual({ op: 'text', tokens: ['petaa'], typoTolerant: true, typoQueries: ["'petaa' | 'peta'"] });
    expect(first.records.map((r) => r.id)).toEqual(['rec-0', 'rec-1']);
    const next = await core.page(typo, [], 2, 2, 'scope-1');
    expect(next.suggestion).toBe('peta');
    expect(next.records.map((r) => r.id)).toEqual(['rec-2']);
    await core.page(typo, [], 0, 2, 'scope-1');
    expect([s.spellingCalls(), s.refreshCalls(), s.lookupCalls()]).toEqual([1, 1, 1]);
    // another generation, or another search: asked again
    await core.page(typo, [], 0, 2, 'scope-2');
    await core.page({ op: 'text', tokens: ['kebunn'] }, [], 0, 2, 'scope-2');
    expect(s.spellingCalls()).toBe(3);
  });

  it('without a generation scope every search asks', async () => {
    const s = store();
    const core = createSearchCore(s.store);
    await core.page(typo, [], 0, 2);
    await core.page(typo, [], 0, 2);
    expect(s.spellingCalls()).toBe(2);
  });
});
