import { parseItemQuery } from '../../libs/oarec/request/item-query';
import { OarecError } from '../../libs/oarec/oarec-error';
import { contentWords, freeTextTokens, suggestedText, typoTolerantFilter } from '../../libs/search/free-text';

/**
 * The free-text query value of the search core (issue 21), without a database: OGC API – Records
 * `q` → text nodes (commas are alternatives), the words that must occur, the typo-tolerant twin
 * of a filter and the suggestion text. The SQL side runs in test/integration/free-text-search.test.ts.
 */
describe('OGC API – Records q → free-text nodes', () => {
  it('one term is one node of its tokens; commas make alternatives; blanks are dropped', () => {
    expect(parseItemQuery({ q: 'Peta  Hutan' }).filter).toEqual({ op: 'text', tokens: ['Peta', 'Hutan'] });
    expect(parseItemQuery({ q: 'batimetri, air tanah,' }).filter).toEqual({
      op: 'or', children: [{ op: 'text', tokens: ['batimetri'] }, { op: 'text', tokens: ['air', 'tanah'] }],
    });
  });

  it('bounds a request: at most 16 terms, 32 tokens a term, 100 characters a token', () => {
    expect(() => parseItemQuery({ q: Array.from({ length: 17 }, (_, i) => `w${i}`).join(',') })).toThrow(OarecError);
    expect(parseItemQuery({ q: Array.from({ length: 16 }, (_, i) => `w${i}`).join(',') }).filter).toMatchObject({ op: 'or' });
    expect(freeTextTokens(Array.from({ length: 40 }, () => 'x').join(' '))).toHaveLength(32);
    expect(freeTextTokens('a'.repeat(300))[0]).toHaveLength(100);
  });
});

describe('free-text words', () => {
  it('Indonesian function words are not demanded, unless nothing else is left', () => {
    expect(contentWords(['peta', 'tutupan', 'lahan', 'di', 'Jawa', 'dan', 'Bali'])).toEqual(['peta', 'tutupan', 'lahan', 'Jawa', 'Bali']);
    expect(contentWords(['di', 'dan'])).toEqual(['di', 'dan']);
  });

  it('the typo-tolerant twin changes the text nodes outside a Not, and nothing else', () => {
    const bbox = { op: 'spatial', spatial: 'bbox', property: 'ows:BoundingBox', geometryWkt: 'POINT(1 1)' } as const;
    const filter = { op: 'and', children: [{ op: 'text', tokens: ['hutn'] }, bbox, { op: 'not', child: { op: 'text', tokens: ['x'] } }] } as const;
    expect(typoTolerantFilter(filter as never)).toEqual({
      op: 'and', children: [{ op: 'text', tokens: ['hutn'], typoTolerant: true }, bbox, { op: 'not', child: { op: 'text', tokens: ['x'] } }],
    });
    expect(typoTolerantFilter(bbox)).toBeUndefined();
  });

  it('the suggestion replaces the corrected words in the typed text, terms joined by commas; none without a change', () => {
    const nodes = [{ op: 'text', tokens: ['Perkebunna', 'sawit'] }, { op: 'text', tokens: ['batimteri'] }] as const;
    expect(suggestedText(nodes as never, new Map([['Perkebunna', 'perkebunan'], ['batimteri', 'batimetri']]))).toBe('perkebunan sawit, batimetri');
    expect(suggestedText(nodes as never, new Map())).toBeUndefined();
  });
});
