import { searchPage } from '../../libs/oarec/html/search.page';
import { FULL } from '../helpers/sample-records';
import { oarecRecordOf } from '../helpers/oarec-record-fixture';

/**
 * Issue 21: the items JSON's `suggestion` ("maksud Anda") and `typoTolerant` members reach the
 * HTML search page: one line under the result summary, a link that searches the suggestion.
 */
const BASE = 'https://katalog.contoh.go.id';
const render = (extra: { suggestion?: string; typoTolerant?: boolean }, q = 'batimteri') =>
  searchPage({ type: 'FeatureCollection', features: [oarecRecordOf(FULL, BASE)], numberMatched: 1, numberReturned: 1, ...extra },
    undefined, { baseUrl: BASE, query: { q } }, { catalogueName: 'K' });

describe('the search page shows the spelling suggestion', () => {
  it('links "Maksud Anda" to the corrected search and says the results are similar spellings', () => {
    const page = render({ suggestion: 'batimetri', typoTolerant: true });
    const line = /<p class="suggestion" data-suggestion>([\s\S]*?)<\/p>/.exec(page)?.[1] ?? '';
    expect(line).toContain('ejaannya mirip');
    expect(line).toMatch(/Maksud Anda: <a href="[^"]*[?&]q=batimetri[^"]*">batimetri<\/a>\?/);
  });

  it('without a suggestion or fallback there is no such line; a fallback without a suggestion says so', () => {
    expect(render({})).not.toContain('data-suggestion');
    const page = render({ typoTolerant: true });
    expect(page).toContain('ejaannya mirip');
    expect(page).not.toContain('Maksud Anda');
  });

  it('escapes the suggestion', () => {
    const page = render({ suggestion: '<b>x</b>' });
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(page).not.toContain('<b>x</b>');
  });
});
