import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { RANK_WINDOW } from '../../libs/search/free-text';
import { resolveOarecQueryable } from '../../libs/search/queryables';
import { createSearchCore, FACET_NAMES } from '../../libs/search/search-core';
import { createFixtureUser } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Bounded relevance ranking (docs/search.md#free-text, libs/db/search-sql/rank-window.ts): a
 * word matching more than RANK_WINDOW records ranks a window of them; the rest follow. The
 * page says so (`rankWindow`, and a note on the HTML page); walking the `next` links still
 * gives every match exactly once, across the window's end; a search of fewer matches is ranked
 * whole and carries no flag. Through the real app in both modes.
 */
const ITEMS = '/collections/metadata/items';
const BROAD = RANK_WINDOW + 30;

interface Fc {
  numberMatched?: number;
  features: { id: string }[];
  links: { rel: string; href: string }[];
  rankWindow?: number;
}

describe.each(['server', 'embedded'] as const)('relevance ranks a bounded window (%s)', (mode) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(mode);
    const org = await createOrganisation(t.db, { name: 'Organisasi jendela peringkat' });
    const owner = await createFixtureUser(t.db, `jendela-${mode}`, 'ADMIN', org.id);
    for (let i = 0; i < BROAD; i += 1) {
      const id = `rw-${String(i).padStart(5, '0')}`;
      // every third record has the word in its title, the others in the abstract only; a few the rare word
      const doc = {
        language: 'ind',
        fileIdentifier: id,
        title: i % 3 === 0 ? `Peta Tematik Lembar ${i}` : `Data Lembar ${i}`,
        abstract: `${i % 3 === 0 ? 'Lembar' : 'Peta'} nomor ${i}${i % 100 === 7 ? ' batimetri' : ''}.`,
        // facet values that differ between the window and the matches past it
        keywords: [{ type: 'theme', values: [`seri ${i % 7}`, ...(i >= RANK_WINDOW - 20 ? ['ujung'] : [])] }],
      } as MetadataDoc;
      const rec = await insertRecord(t.db, { id, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null, doc, publishedAt: '2026-01-01T00:00:00Z' });
      if (!rec) throw new Error(`record ${id} exists`);
    }
  }, 600_000);
  afterAll(async () => t?.close());

  const get = async (url: string): Promise<Fc> => {
    const res = await t.agent().get(url.replace(/^https?:\/\/[^/]+/, ''));
    expect(res.status).toBe(200);
    return res.body as Fc;
  };

  it('a broad word says the order is approximate and its pages give every match once', async () => {
    let page = await get(`${ITEMS}?q=peta&limit=200&f=json`);
    expect(page.rankWindow).toBe(RANK_WINDOW);
    const seen: string[] = [];
    for (let guard = 0; guard < 20; guard += 1) {
      seen.push(...page.features.map((f) => f.id));
      const next = page.links.find((l) => l.rel === 'next');
      if (!next) break;
      page = await get(next.href);
      expect(page.rankWindow).toBe(RANK_WINDOW);
    }
    expect(seen).toHaveLength(BROAD);
    expect(new Set(seen).size).toBe(BROAD);
  }, 300_000);

  it('the window, one match longer than it ranks, is the bounded count of the page statement', async () => {
    const store = createSearchStore(t.db);
    const peta: FilterNode = { op: 'text', tokens: ['peta'] };
    const page = (countUpTo: number) => store.pageOfRecords({ filter: peta, sort: [], offset: 0, limit: 10 }, countUpTo);
    // min(matches, bound + 1) whether the count comes from the window (bound ≤ RANK_WINDOW) or from its own scan
    expect((await page(RANK_WINDOW)).counted).toBe(RANK_WINDOW + 1);
    expect((await page(5)).counted).toBe(6);
    expect((await page(RANK_WINDOW + 100)).counted).toBe(BROAD);
    // the extra match is not ranked: a page of the whole window ends exactly where the window does
    const whole = await store.pageOfRecords({ filter: peta, sort: [], offset: 0, limit: RANK_WINDOW }, RANK_WINDOW);
    expect(new Set(whole.items.map((r) => r.id)).size).toBe(RANK_WINDOW);
    expect(whole.more).toBe(true);
  });

  it('the facets counted with the page over its window are those of the facet statement', async () => {
    const store = createSearchStore(t.db);
    const peta: FilterNode = { op: 'text', tokens: ['peta'] };
    const rare: FilterNode = { op: 'text', tokens: ['batimetri'] };
    const specs = FACET_NAMES.map((name) => ({ name, property: resolveOarecQueryable(name)!.name }));
    const want = { specs, limit: 10, sampleRows: RANK_WINDOW };
    for (const filter of [peta, rare]) {
      const apart = await store.facetCounts(filter, specs, 10, { sampleRows: RANK_WINDOW });
      // with the page's count, without it (a remembered count), and on a later page by key
      const counted = await store.pageOfRecords({ filter, sort: [], offset: 0, limit: 10, facets: want }, RANK_WINDOW);
      const known = await store.pageOfRecords({ filter, sort: [], offset: 0, limit: 10, facets: want });
      expect(counted.facets).toEqual(apart);
      expect(known.facets).toEqual(apart);
      if (counted.lastKey) {
        const later = await store.pageOfRecords({ filter, sort: [], offset: 10, limit: 10, after: counted.lastKey, facets: want }, RANK_WINDOW);
        expect(later.facets).toEqual(apart);
        expect(later.items.map((r) => r.id)).toEqual((await store.pageOfRecords({ filter, sort: [], offset: 10, limit: 10, after: counted.lastKey }, RANK_WINDOW)).items.map((r) => r.id));
      }
      // the page itself is the page without facets
      expect(counted.items.map((r) => r.id)).toEqual((await store.pageOfRecords({ filter, sort: [], offset: 0, limit: 10 }, RANK_WINDOW)).items.map((r) => r.id));
      expect(counted.counted).toBe((await store.pageOfRecords({ filter, sort: [], offset: 0, limit: 10 }, RANK_WINDOW)).counted);
    }
    const broad = await store.facetCounts(peta, specs, 10, { sampleRows: RANK_WINDOW });
    expect(broad.sampled).toBe(RANK_WINDOW + 1);
    expect(broad.values.keywords!.map((v) => v.value)).toContain('ujung');
    // another sample than the window's, a sort (no window): not counted with the page
    expect((await store.pageOfRecords({ filter: peta, sort: [], offset: 0, limit: 10, facets: { ...want, sampleRows: 50 } }, RANK_WINDOW)).facets).toBeUndefined();
    expect((await store.pageOfRecords({ filter: peta, sort: [{ property: 'dc:title', order: 'ASC' }], offset: 0, limit: 10, facets: want }, RANK_WINDOW)).facets).toBeUndefined();
    // through the core: the same counts (scaled alike) as facets() of another core
    const together = await createSearchCore(store).pageWithFacets(peta, [], 0, 10, 10);
    expect(together.facets).toEqual(await createSearchCore(store).facets(peta, 10));
    expect(together.facets.keywords.every((v) => v.approximate === true)).toBe(true);
  });

  it('the ranked window the store hands out is the page statement\'s order and keys', async () => {
    const store = createSearchStore(t.db);
    for (const filter of [{ op: 'text', tokens: ['peta'] }, { op: 'text', tokens: ['batimetri'] }] as FilterNode[]) {
      const w = (await store.rankedWindow({ filter, sort: [], offset: 0, limit: 10 }))!;
      // the page statement's pages of 100, continued by key, over the whole window
      const ids: string[] = [];
      const keys: (readonly (string | null)[])[] = [];
      let after: readonly (string | null)[] | undefined;
      let more = true;
      while (more && ids.length < w.ids.length) {
        const p = await store.pageOfRecords({ filter, sort: [], offset: ids.length, limit: 100, ...(after ? { after } : {}) });
        ids.push(...p.items.map((r) => r.id));
        keys.push(p.lastKey!);
        after = p.lastKey;
        more = p.more;
      }
      expect(w.ids).toEqual(ids.slice(0, w.ids.length));
      // each page's last key is the window's key of that record: a cursor of either continues in the other
      keys.forEach((k, i) => expect(w.keys[Math.min(ids.length, (i + 1) * 100) - 1]).toEqual(k));
      expect(w.beyond).toBe(filter.op === 'text' && filter.tokens[0] === 'peta');
    }
    expect(await store.rankedWindow({ filter: { op: 'text', tokens: ['peta'] }, sort: [{ property: 'dc:title', order: 'ASC' }], offset: 0, limit: 10 })).toBeUndefined();
  }, 120_000);

  it('a search asked again pages out of its remembered window exactly as the page statement pages', async () => {
    const store = createSearchStore(t.db);
    const asked: string[] = [];
    // the store's own methods, each call noted: which statement answered is what this test is about
    const noted = { ...store, rankedWindow: (q: Parameters<typeof store.rankedWindow>[0]) => { asked.push('window'); return store.rankedWindow(q); }, recordsByIds: (ids: readonly string[]) => { asked.push('ids'); return store.recordsByIds(ids); } };
    const core = createSearchCore(noted);
    const bare = createSearchCore(store);
    const peta: FilterNode = { op: 'text', tokens: ['peta'] };
    const walk = async (c: typeof core, scope: string | undefined): Promise<string[]> => {
      const ids: string[] = [];
      let after: readonly (string | null)[] | undefined;
      for (let guard = 0; guard < 20; guard += 1) {
        const p = await c.page(peta, [], ids.length, 150, scope, after);
        ids.push(...p.records.map((r) => r.id));
        if (!p.next) break;
        after = p.next;
      }
      return ids;
    };
    const once = await walk(bare, undefined);
    expect(once).toHaveLength(BROAD);
    expect(asked).toEqual([]);
    // first sighting: the page statement; from the second on the window, across its end by the statement
    expect(await walk(core, 'scope-a')).toEqual(once);
    // pages of 150: six inside the window of 1,000, the seventh crosses its end
    expect(asked).toEqual(['window', ...Array(5).fill('ids')]);
    asked.length = 0;
    expect(await walk(core, 'scope-a')).toEqual(once);
    expect(asked).toEqual(Array(6).fill('ids'));
    // by position (offset) too, and the count: the window says 1,001 of at least 1,001
    const byOffset = await core.page(peta, [], 990, 10, 'scope-a');
    expect(byOffset.records.map((r) => r.id)).toEqual(once.slice(990, 1000));
    expect(byOffset.more).toBe(true);
    // another scope (a change in the catalogue) sees none of it
    asked.length = 0;
    await core.page(peta, [], 0, 10, 'scope-b');
    expect(asked).toEqual([]);
  }, 300_000);

  it('within the window the ranked order holds: title matches before abstract-only matches', async () => {
    // the first RANK_WINDOW records are the window, ranked: no title match after an abstract-only one
    const ids: string[] = [];
    let page = await get(`${ITEMS}?q=peta&limit=200&f=json`);
    while (ids.length < RANK_WINDOW) {
      ids.push(...page.features.map((f) => f.id));
      page = await get(page.links.find((l) => l.rel === 'next')!.href);
    }
    const kinds = ids.slice(0, RANK_WINDOW).map((id) => Number(id.slice(3)) % 3 === 0);
    const firstAbstract = kinds.indexOf(false);
    expect(firstAbstract).toBeGreaterThan(200);
    expect(kinds.slice(firstAbstract).every((k) => !k)).toBe(true);
  }, 120_000);

  it('a selective word is ranked whole, without the flag', async () => {
    const page = await get(`${ITEMS}?q=batimetri&limit=100&f=json`);
    expect(page.rankWindow).toBeUndefined();
    expect(page.numberMatched).toBe(page.features.length);
    expect(page.features.length).toBeGreaterThan(5);
  }, 120_000);

  it('the HTML search page says the order is approximate', async () => {
    const res = await t.agent().get(`${ITEMS}?q=peta&f=html`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-rank-window');
    expect(res.text).toContain('Urutan relevansi bersifat perkiraan');
    const narrow = await t.agent().get(`${ITEMS}?q=batimetri&f=html`);
    expect(narrow.text).not.toContain('data-rank-window');
  }, 120_000);
});
