import { linksFrom, urlWith } from '../../libs/oarec/html/page-context';
import { formatCount } from '../../libs/oarec/html/labels';

/*
 * The search page's links and counts are written without URLSearchParams and Intl for speed
 * (libs/oarec/html/page-context.ts, labels.ts); they must read exactly as those write them.
 */
const viaParams = (path: string, query: Record<string, string | undefined>): string => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.append(k, v);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
};

describe('search page links and counts', () => {
  it('urlWith writes what URLSearchParams writes, for every kind of character', () => {
    const all = Array.from({ length: 0x250 }, (_, i) => String.fromCharCode(i)).join('');
    const values = [all, 'peta jawa', "a!b'c(d)e~f*g-h.i_j", 'é ü 東京 🌏', '\uD800 lone', 'x+y=z&w?#%', ' ', 'q'];
    for (const v of values) {
      const query = { q: v, [`k ${v.slice(0, 3)}`]: 'n', skip: undefined, empty: '' };
      expect(urlWith('/collections/metadata/items', query)).toBe(viaParams('/collections/metadata/items', query));
    }
    expect(urlWith('/x', {})).toBe('/x');
  });

  it('a page\'s links from its state are urlWith over the state with the changes, keys in the same order', () => {
    const states: Record<string, string | undefined>[] = [
      {},
      { q: 'water' },
      { q: 'peta jawa!', bbox: '95,-11,141,6', offset: '20', sortby: '-title', type: undefined, keywords: 'a&b=c', empty: '' },
      { 'k y': 'é 東京', limit: '10', __proto__x: 'p' },
    ];
    const changes: Record<string, string | undefined>[] = [
      {},
      { offset: undefined },
      { offset: '30' },
      { q: 'tanah (air)', offset: undefined },
      { type: 'service', offset: undefined },
      { sortby: undefined, offset: '' },
      { f: 'json' },
      { bbox: undefined, z: 'baru', limit: '50' },
    ];
    for (const state of states) {
      const link = linksFrom('/collections/metadata/items', state);
      for (const c of changes) expect(link(c)).toBe(urlWith('/collections/metadata/items', { ...state, ...c }));
    }
  });

  it('formatCount groups digits as Intl does in Indonesian', () => {
    const intl = new Intl.NumberFormat('id-ID');
    for (const n of [0, 7, 999, 1000, 1001, 47519, 999999, 1000000, 474828, 12345678901, 2 ** 53 - 1, 1.5, -1234, 0.25]) {
      expect(formatCount(n)).toBe(intl.format(n));
    }
  });
});
