import { createCountMemo } from '../../libs/search/count-memo';
import type { FilterNode } from '../../libs/search/filter/filter-ast';
import { ALL_PUBLISHED, createMatchCounter, type CountStore, type FetchedPage, type PageShape } from '../../libs/search/match-count';

/**
 * What the match counter does with a remembered exact count (libs/search/match-count.ts):
 * it is recounted before its lifetime ends (count-memo.ts), so a broad filter in use never
 * loses its count nor makes its requests wait for the background count; and it tells the store
 * whether the filter's matches are few, or so many that a page in identifier order is a short
 * walk (PageShape). The store is controllable — what is tested is when the counter asks and
 * what it passes on, not SQL (test/integration/search-count-budget.test.ts and
 * search-statement-reuse.test.ts run the counter and the page forms on PostgreSQL) — and the
 * memo's clock is a variable.
 */
/** the fake store's memo key of a filter (the real one's is the compiled statement) */
const keyOf = (filter: FilterNode): string => JSON.stringify(filter);
const ALL = keyOf(ALL_PUBLISHED);

function controllableStore() {
  const counts: { where: string; resolve: (n: number) => void }[] = [];
  const store: CountStore = {
    matchKey: keyOf,
    countPublished: (filter) => new Promise<number>((resolve) => counts.push({ where: keyOf(filter), resolve })),
    estimatePublished: () => Promise.resolve(50_000),
  };
  /** resolves the first pending count of `where` */
  const answer = (where: string, n: number): void => {
    const i = counts.findIndex((c) => c.where === where);
    if (i < 0) throw new Error(`no count of ${where} was asked for`);
    counts.splice(i, 1)[0]!.resolve(n);
  };
  return { store, counts, answer };
}
const flush = () => new Promise((r) => setImmediate(r));
const anyText = (word: string): FilterNode => ({ op: 'like', property: 'csw:AnyText', pattern: word, wildCard: '%', singleChar: '_', escapeChar: '\\', matchCase: false });
const GAMBUT = anyText('%gambut%');
const FILTER = keyOf(GAMBUT);

function recordingFetch() {
  const asked: { countUpTo: number | undefined; shape: PageShape }[] = [];
  const fetch = (countUpTo: number | undefined, shape: PageShape): Promise<FetchedPage<number>> => {
    asked.push({ countUpTo, shape });
    return Promise.resolve({ items: [1, 2], more: true, ...(countUpTo !== undefined ? { counted: countUpTo + 1 } : {}) });
  };
  return { asked, fetch };
}

it('serves the remembered count while it is recounted, and the recount renews it', async () => {
  let t = 0;
  const { store, counts, answer } = controllableStore();
  const memo = createCountMemo({ ttlMs: 60_000, now: () => t });
  const counter = createMatchCounter(store, { exactRows: 100, waitMs: 0, concurrency: 1 }, undefined, memo);
  const { asked, fetch } = recordingFetch();
  const req = { filter: GAMBUT, offset: 0, limit: 2, scope: '0:1' };

  // first page: past the bound, an estimate, and a background count that lands in the memo
  expect((await counter.page(req, fetch)).count).toEqual({ value: 50_000, exact: false });
  answer(FILTER, 32_779);
  await counter.idle();
  expect((await counter.page(req, fetch)).count).toEqual({ value: 32_779, exact: true });
  await flush();
  answer(ALL, 100_000); // the yardstick of the page shape (next test)
  await counter.idle();
  expect(asked.map((a) => a.countUpTo)).toEqual([100, undefined]);

  // three quarters of the lifetime: still served, and one recount starts (not one per page)
  t = 45_000;
  expect((await counter.page(req, fetch)).count).toEqual({ value: 32_779, exact: true });
  expect((await counter.page(req, fetch)).count).toEqual({ value: 32_779, exact: true });
  await flush();
  // the yardstick's count (also renewed while it is used), then, one at a time, the filter's
  expect(counts.map((c) => c.where)).toEqual([ALL]);
  answer(ALL, 100_000);
  await flush();
  expect(counts.map((c) => c.where)).toEqual([FILTER]);
  answer(FILTER, 32_780);
  await counter.idle();

  // past the first lifetime: the renewed count, no page had to count or wait
  t = 61_000;
  expect((await counter.page(req, fetch)).count).toEqual({ value: 32_780, exact: true });
  expect(asked.slice(2).map((a) => a.countUpTo)).toEqual([undefined, undefined, undefined]);
  await flush();
  expect(counts).toHaveLength(0);
});

it('calls a remembered filter few, or broad when a page of it is a short walk of all published records', async () => {
  const { store, answer } = controllableStore();
  const memo = createCountMemo();
  const counter = createMatchCounter(store, { exactRows: 100, waitMs: 0, concurrency: 1 }, undefined, memo);
  const { asked, fetch } = recordingFetch();
  const scope = '0:1';
  const shapeOf = async (matches: number, offset: number, limit = 10): Promise<PageShape> => {
    const filter = anyText(`%${matches}%`);
    memo.set(scope, keyOf(filter), { value: matches, exact: true });
    await counter.page({ filter, offset, limit, scope }, fetch);
    return asked[asked.length - 1]!.shape;
  };
  expect(await shapeOf(500, 0)).toEqual({ fewMatches: true });
  // broad, but the number of all published records is not known yet: plain, and it is counted
  expect(await shapeOf(30_000, 0)).toEqual({});
  await flush();
  answer(ALL, 100_000);
  await counter.idle();
  // (offset + limit + 1) × 100,000 / matches rows to walk, at most BROAD_WALK_ROWS (100)
  expect(await shapeOf(30_000, 0)).toEqual({ broadMatches: true }); // ~37 rows
  expect(await shapeOf(11_000, 0)).toEqual({ broadMatches: true }); // 100 rows
  expect(await shapeOf(10_000, 0)).toEqual({}); // 110 rows
  expect(await shapeOf(30_000, 30)).toEqual({}); // ~137 rows: a deeper page is planned for its values
  expect(await shapeOf(30_000, 0, 0)).toEqual({}); // a count only (resultType=hits) has no page
});

it('without a generation scope nothing is remembered, so nothing is renewed', async () => {
  const { store, counts } = controllableStore();
  const counter = createMatchCounter(store, { exactRows: 100, waitMs: 0, concurrency: 1 });
  const fetch = (): Promise<FetchedPage<number>> => Promise.resolve({ items: [1], more: true, counted: 101 });
  expect((await counter.page({ filter: ALL_PUBLISHED, offset: 0, limit: 1 }, fetch)).count.exact).toBe(false);
  await flush();
  expect(counts).toHaveLength(0);
});

it('waits for the background count only when the planner expects few enough matches to count in time', async () => {
  const { store, counts, answer } = controllableStore(); // the estimate is 50,000
  const { fetch } = recordingFetch();
  const req = { filter: GAMBUT, offset: 0, limit: 2, scope: '0:1' };
  // a count expected above waitRows is not waited for, however long waitMs (the count never comes here)
  const impatient = createMatchCounter(store, { exactRows: 100, waitMs: 600_000, waitRows: 49_999, concurrency: 1 });
  expect((await impatient.page(req, fetch)).count).toEqual({ value: 50_000, exact: false });
  // ... nor even started for a filter seen the first time: only when it is asked again
  expect(counts).toHaveLength(0);
  expect((await impatient.page({ ...req, offset: 2 }, fetch)).count).toEqual({ value: 50_000, exact: false });
  expect(counts.map((c) => c.where)).toEqual([FILTER]);
  answer(FILTER, 32_779);
  await impatient.idle();
  expect((await impatient.page(req, fetch)).count).toEqual({ value: 32_779, exact: true });
  // at or under waitRows the request waits and answers exactly
  const patient = createMatchCounter(store, { exactRows: 100, waitMs: 600_000, waitRows: 50_000, concurrency: 1 });
  const page = patient.page(req, fetch);
  await flush();
  answer(FILTER, 32_780);
  expect((await page).count).toEqual({ value: 32_780, exact: true });
});
