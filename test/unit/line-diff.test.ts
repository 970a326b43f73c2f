import { unifiedLineDiff } from '../../libs/catalogue/line-diff';

describe('unifiedLineDiff', () => {
  const lines = (n: number): string => Array.from({ length: n }, (_, i) => `l${i + 1}`).join('\n');

  it('is empty for equal texts, also across line-ending styles', () => {
    expect(unifiedLineDiff('a\nb\n', 'a\nb\n')).toBe('');
    expect(unifiedLineDiff('a\r\nb\r\n', 'a\nb\n')).toBe('');
  });

  it('writes hunks with three lines of context and correct ranges', () => {
    const before = lines(20);
    const after = before.replace('l5', 'L5').replace('l18', 'L18');
    expect(unifiedLineDiff(before, after, { before: 'x', after: 'y' })).toBe([
      '--- x', '+++ y',
      '@@ -2,7 +2,7 @@', ' l2', ' l3', ' l4', '-l5', '+L5', ' l6', ' l7', ' l8',
      '@@ -15,6 +15,6 @@', ' l15', ' l16', ' l17', '-l18', '+L18', ' l19', ' l20', '',
    ].join('\n'));
  });

  it('joins changes closer than twice the context into one hunk, and handles insertions and deletions at the ends', () => {
    const d = unifiedLineDiff(lines(10), `l0\n${lines(10).replace('l4\n', '')}`);
    expect(d.match(/^@@/gm)).toHaveLength(1);
    expect(d).toContain('@@ -1,7 +1,7 @@\n+l0\n l1\n l2\n l3\n-l4\n l5');
    expect(unifiedLineDiff('', 'x\n')).toBe('--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n');
    expect(unifiedLineDiff('x\n', '')).toBe('--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n');
  });
});
