import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../libs/db/database';
import { openDatabase } from '../../libs/db/open-database';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import { facetsPanel } from '../../libs/oarec/html/search-facets';
import { createFacetCounter } from '../../libs/search/facet-counts';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { createSearchCore, FACET_NAMES } from '../../libs/search/search-core';
import type { FacetSpec, SearchStore } from '../../libs/search/search.ports';
import { createFixtureUser, seedRecord } from '../helpers/fixtures';
import { copyPgliteTemplate } from '../helpers/pglite-template';
import { createTestDatabase } from '../helpers/test-db';

/**
 * Facet counts within a bound (libs/search/facet-counts.ts): exact while the matches fit the
 * bound, counted from a sample and marked approximate (scaled to the number of matches) past
 * it, remembered per generation scope; the search page says "sekitar" for such counts. On real
 * PostgreSQL and on the embedded PGlite.
 */
const N = 24;

async function seed(db: Database): Promise<void> {
  const org = await createOrganisation(db, { name: 'Organisasi Faset' });
  const owner = await createFixtureUser(db, 'produsen-faset', 'PRODUSEN', org.id);
  for (let i = 0; i < N; i++) {
    const doc = {
      title: `Rekaman faset ${i}`,
      abstract: i < 6 ? 'Peta sungai.' : 'Peta jalan.',
      // 3 of 4 records carry "hutan", every record "peta"
      keywords: [{ type: 'theme', values: i % 4 === 0 ? ['peta'] : ['peta', 'hutan'] }],
    };
    await seedRecord(db, { owner, id: `fc-${String(i).padStart(2, '0')}`, doc, status: 'PUBLISHED' });
  }
  await db.exec('ANALYZE records');
}

const anyText = (word: string): FilterNode => ({ op: 'like', property: 'csw:AnyText', pattern: word, wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: false });
const KEYWORDS: FacetSpec[] = [{ name: 'keywords', property: 'dc:subject' }];

function suite(mode: string, open: () => Promise<{ db: Database; close(): Promise<void> }>): void {
  describe(`bounded facet counts (${mode})`, () => {
    let db: Database;
    let close: () => Promise<void>;
    let store: SearchStore;
    beforeAll(async () => {
      ({ db, close } = await open());
      await seed(db);
      store = createSearchStore(db);
    }, 300_000);
    afterAll(async () => {
      await close?.();
    });

    it('the store counts every match up to the bound and says when it stopped at it', async () => {
      const exact = await store.facetCounts(anyText('sungai'), KEYWORDS, 10, { sampleRows: 6 });
      expect(exact.sampled).toBeUndefined();
      expect(exact.values.keywords).toEqual([{ value: 'peta', count: 6 }, { value: 'hutan', count: 4 }]);
      const cut = await store.facetCounts({ op: 'all' }, KEYWORDS, 10, { sampleRows: 10 });
      // the bound + 1 rows were read: more than the bound exists
      expect(cut.sampled).toBe(11);
      expect(cut.values.keywords![0]).toEqual({ value: 'peta', count: 11 });
      const all = await store.facetCounts({ op: 'all' }, KEYWORDS, 10);
      expect(all).toEqual({ values: { keywords: [{ value: 'peta', count: N }, { value: 'hutan', count: 18 }] } });
    });

    it('past the bound: counts scaled to the remembered number of matches and marked approximate', async () => {
      let asked = 0;
      const counted = { ...store, facetCounts: (...a: Parameters<SearchStore['facetCounts']>) => { asked += 1; return store.facetCounts(...a); } };
      const counter = createFacetCounter({ store: counted, remembered: () => ({ value: N, exact: true }), exactRows: 8 });
      const broad = await counter.counts({ op: 'all' }, KEYWORDS, 10, 'scope-1');
      expect(broad.keywords!.every((v) => v.approximate === true)).toBe(true);
      // "peta" is on every record: 9 of 9 sampled, scaled to the 24 matches
      expect(broad.keywords![0]).toEqual({ value: 'peta', count: N, approximate: true });
      const narrow = await counter.counts(anyText('sungai'), KEYWORDS, 10, 'scope-1');
      expect(narrow.keywords).toEqual([{ value: 'peta', count: 6 }, { value: 'hutan', count: 4 }]);
      // the same filter in the same scope is counted once; another scope counts again
      await counter.counts({ op: 'all' }, KEYWORDS, 10, 'scope-1');
      expect(asked).toBe(2);
      await counter.counts({ op: 'all' }, KEYWORDS, 10, 'scope-2');
      expect(asked).toBe(3);
    });

    it('the core answers exact facets for a small result, with every facet name', async () => {
      const f = await createSearchCore(store).facets(anyText('sungai'), 10, 's');
      expect(Object.keys(f).sort()).toEqual([...FACET_NAMES].sort());
      expect(f.keywords).toEqual([{ value: 'peta', count: 6 }, { value: 'hutan', count: 4 }]);
    });
  });
}

suite('PostgreSQL', async () => {
  const t = await createTestDatabase();
  return { db: t.db, close: () => t.drop() };
});

suite('PGlite', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-facets-'));
  await copyPgliteTemplate(dataDir);
  const { db } = await openDatabase({ databaseUrl: undefined, dataDir });
  return { db, close: async () => { await db.close(); rmSync(dataDir, { recursive: true, force: true }); } };
});

describe('the search page marks estimated facet counts', () => {
  it('says "sekitar" beside an approximate count and not beside an exact one', () => {
    const page = facetsPanel([
      { name: 'keywords', values: [{ value: 'peta', count: 1200, approximate: true }] },
      { name: 'type', values: [{ value: 'dataset', count: 7 }] },
    ], {}).toString();
    expect(page).toMatch(/sekitar 1[.,]?200/);
    expect(page).toContain('perkiraan');
    expect(page).not.toMatch(/sekitar 7/);
    const exact = facetsPanel([{ name: 'type', values: [{ value: 'dataset', count: 7 }] }], {}).toString();
    expect(exact).not.toContain('sekitar');
  });
});
