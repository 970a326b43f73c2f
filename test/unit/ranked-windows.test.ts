import { createRankedWindows, windowPage, type RankedWindow } from '../../libs/search/ranked-windows';

/*
 * A remembered ranked window (libs/search/ranked-windows.ts) answers a page only where it knows
 * the answer: inside the window, after one of its own keys, with a count it can vouch for.
 */
const window = (n: number, beyond: boolean): RankedWindow => {
  const ids = Array.from({ length: n }, (_, i) => `r${i}`);
  return { ids, keys: ids.map((id, i) => [String(n - i), id]), beyond };
};

describe('a page out of a remembered window', () => {
  it('by position and by key, with `more` and the last key', () => {
    const w = window(30, false);
    expect(windowPage(w, { offset: 0, limit: 10 })).toEqual({ ids: w.ids.slice(0, 10), more: true, lastKey: ['21', 'r9'] });
    expect(windowPage(w, { offset: 10, limit: 10, after: ['21', 'r9'] })?.ids).toEqual(w.ids.slice(10, 20));
    // the last page of every match, and a page past it
    expect(windowPage(w, { offset: 25, limit: 10 })).toEqual({ ids: w.ids.slice(25), more: false, lastKey: ['1', 'r29'] });
    expect(windowPage(w, { offset: 40, limit: 10 })).toEqual({ ids: [], more: false });
  });

  it('a key it does not hold, or holds with another rank, is left to the page statement', () => {
    const w = window(30, false);
    expect(windowPage(w, { offset: 10, limit: 10, after: ['21', 'elsewhere'] })).toBeUndefined();
    expect(windowPage(w, { offset: 10, limit: 10, after: ['0.5', 'r9'] })).toBeUndefined();
  });

  it('matches past a full window: a page may end at its end, never cross it', () => {
    const w = window(1000, true);
    expect(windowPage(w, { offset: 990, limit: 10 })).toMatchObject({ more: true, lastKey: ['1', 'r999'] });
    expect(windowPage(w, { offset: 995, limit: 10 })).toBeUndefined();
    expect(windowPage(w, { offset: 0, limit: 10, after: ['1', 'r999'] })).toBeUndefined();
  });

  it('the bounded count: exact from a window of every match, a lower bound from a full one', () => {
    expect(windowPage(window(30, false), { offset: 0, limit: 10, countUpTo: 1000 })?.counted).toBe(30);
    expect(windowPage(window(30, false), { offset: 0, limit: 10, countUpTo: 5 })?.counted).toBe(6);
    const full = window(1000, true);
    expect(windowPage(full, { offset: 0, limit: 10, countUpTo: 1000 })?.counted).toBe(1001);
    expect(windowPage(full, { offset: 0, limit: 10, countUpTo: 2000 })).toBeUndefined();
  });
});

describe('the remembered windows', () => {
  it('per scope, search and order; a search is asked for its window from its second sighting; entries end', () => {
    let t = 0;
    const windows = createRankedWindows({ max: 2, ttlMs: 1000, now: () => t });
    expect(windows.seen('g1', 'peta', 'rel')).toBe(false);
    expect(windows.seen('g1', 'peta', 'rel')).toBe(true);
    expect(windows.seen('g2', 'peta', 'rel')).toBe(false);
    const w = window(3, false);
    windows.set('g1', 'peta', 'rel', w);
    expect(windows.get('g1', 'peta', 'rel')).toBe(w);
    expect(windows.get('g2', 'peta', 'rel')).toBeUndefined();
    expect(windows.get('g1', 'peta', 'other')).toBeUndefined();
    t = 1000;
    expect(windows.get('g1', 'peta', 'rel')).toBeUndefined();
    expect(windows.seen('g1', 'air', 'rel')).toBe(false);
    t = 2500;
    expect(windows.seen('g1', 'air', 'rel')).toBe(false);
    // bounded: the least recently used go first
    windows.set('g', 'a', 'rel', w);
    windows.set('g', 'b', 'rel', w);
    windows.get('g', 'a', 'rel');
    windows.set('g', 'c', 'rel', w);
    expect(windows.get('g', 'b', 'rel')).toBeUndefined();
    expect(windows.get('g', 'a', 'rel')).toBe(w);
  });
});
