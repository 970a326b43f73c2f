import { createCountMemo } from '../../libs/search/count-memo';
import { countKey } from '../../libs/db/search-sql/compiled-query';
import { createLocalEntries } from '../../libs/response-cache/local-entries';
import { createLocalScope } from '../../libs/response-cache/local-scope';

/** The per-process state of the CSW path: count memo, local copies of cache entries, their scope. */
describe('count memo', () => {
  const exact = (value: number) => ({ value, exact: true });
  it('remembers a count per (scope, filter) only', () => {
    const m = createCountMemo();
    const k = countKey("r.anytext LIKE $1 ESCAPE '\\'", ['%water%']);
    m.set('0:7', k, exact(4545));
    expect(m.get('0:7', k)).toEqual(exact(4545));
    expect(m.get('0:8', k)).toBeUndefined();
    expect(m.get('1:7', k)).toBeUndefined();
    expect(m.get('0:7', countKey("r.anytext LIKE $1 ESCAPE '\\'", ['%air%']))).toBeUndefined();
    // the same SQL with other values, or other SQL with the same values, is another filter
    expect(countKey('a = $1', ['x,y'])).not.toBe(countKey('a = $1', ['x', 'y']));
  });

  it('forgets after its lifetime and the least recently used first', () => {
    let t = 0;
    const m = createCountMemo({ maxEntries: 2, ttlMs: 1000, now: () => t });
    m.set('s', 'a', exact(1));
    m.set('s', 'b', exact(2));
    expect(m.get('s', 'a')).toEqual(exact(1)); // a is now the most recent
    m.set('s', 'c', exact(3));
    expect([m.get('s', 'a'), m.get('s', 'b'), m.get('s', 'c')]).toEqual([exact(1), undefined, exact(3)]);
    t = 1000;
    expect(m.get('s', 'a')).toBeUndefined();
  });

  it('hands an exact count out for renewal once, in the last quarter of its life, and a new count starts a new life', () => {
    let t = 0;
    const m = createCountMemo({ ttlMs: 1000, now: () => t });
    m.set('s', 'k', exact(7));
    m.set('s', 'e', { value: 900, exact: false });
    t = 749;
    expect(m.claimRenewal('s', 'k')).toBe(false);
    t = 750;
    expect(m.claimRenewal('s', 'e')).toBe(false); // an estimate is being counted anyway
    expect(m.claimRenewal('s', 'k')).toBe(true);
    expect(m.claimRenewal('s', 'k')).toBe(false); // once: a failed renewal is not retried on every page
    expect(m.get('s', 'k')).toEqual(exact(7));
    m.set('s', 'k', exact(8)); // at 750: lives until 1750, renewable from 1500
    t = 1499;
    expect(m.get('s', 'k')).toEqual(exact(8));
    expect(m.claimRenewal('s', 'k')).toBe(false);
    t = 1500;
    expect(m.claimRenewal('s', 'k')).toBe(true);
    t = 1750;
    expect(m.get('s', 'k')).toBeUndefined();
    expect(m.claimRenewal('s', 'k')).toBe(false);
  });

  it('lets an exact count replace an estimate, never the other way round', () => {
    const m = createCountMemo();
    m.set('s', 'k', { value: 900, exact: false });
    expect(m.get('s', 'k')).toEqual({ value: 900, exact: false });
    m.set('s', 'k', exact(1234));
    // a page computed with the estimate finishing after the background count
    m.set('s', 'k', { value: 900, exact: false });
    expect(m.get('s', 'k')).toEqual(exact(1234));
  });
});

describe('local scope', () => {
  it('is stable while the generation is followed without a gap, and moves on otherwise', () => {
    const s = createLocalScope();
    const a = s.of(3);
    expect(s.of(3)).toBe(a);
    const b = s.of(4);
    expect(b).not.toBe(a);
    // a store error: whatever was kept may have missed a change, even under the same number
    s.forget();
    expect(s.of(4)).not.toBe(b);
    // the store lost its data: the counter went back and may repeat numbers seen before
    const c = s.of(4);
    const back = s.of(0);
    expect(s.of(4)).not.toBe(c);
    expect(back).not.toBe(a);
  });
});

describe('local entries', () => {
  const entry = (body: string) => ({ scope: '0:1', status: 200, etag: '"e"', contentType: 'application/xml', body });

  it('keeps the bytes that are sent, for the entry lifetime', () => {
    let t = 0;
    const l = createLocalEntries({ now: () => t });
    const e = l.set('k', entry('<a>ü</a>'), 60);
    expect(e.bytes.equals(Buffer.from('<a>ü</a>', 'utf8'))).toBe(true);
    expect(l.get('k')?.body).toBe('<a>ü</a>');
    t = 59_999;
    expect(l.get('k')).toBeDefined();
    t = 60_000;
    expect(l.get('k')).toBeUndefined();
    // an entry whose shared copy is already gone is not kept at all
    l.set('gone', entry('<a/>'), -1);
    expect(l.get('gone')).toBeUndefined();
  });

  it('is bounded by bytes, least recently used first, and keeps no large answers', () => {
    const l = createLocalEntries({ maxBytes: 100, maxEntryBytes: 60 });
    l.set('a', entry('x'.repeat(20)), 60); // 40 bytes with its string
    l.set('b', entry('y'.repeat(20)), 60);
    l.get('a');
    l.set('c', entry('z'.repeat(20)), 60); // 120 > 100: b goes
    expect([!!l.get('a'), !!l.get('b'), !!l.get('c')]).toEqual([true, false, true]);
    const big = l.set('big', entry('w'.repeat(40)), 60); // 80 > 60 per entry
    expect(big.bytes.length).toBe(40);
    expect(l.get('big')).toBeUndefined();
  });
});
