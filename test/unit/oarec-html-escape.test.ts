import fc from 'fast-check';
import { escapeHtml, html, jsonForScript, raw } from '../../libs/oarec/html/html-escape';
import { recordPage } from '../../libs/oarec/html/record.page';
import { searchPage } from '../../libs/oarec/html/search.page';
import { FULL, SPECIAL_CHARS } from '../helpers/sample-records';
import { oarecRecordOf } from '../helpers/oarec-record-fixture';

const BASE = 'https://katalog.contoh.go.id';

function jsonLdOf(page: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page);
  if (!m) throw new Error('no JSON-LD');
  return JSON.parse(m[1] as string) as Record<string, unknown>;
}

const countOf = (s: string, needle: string) => s.split(needle).length - 1;

describe('html escaping template', () => {
  it('escapes the five special characters in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    const title = '"><script>alert(1)</script>';
    expect(html`<a title="${title}">${title}</a>`.value).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a>',
    );
  });

  it('keeps nested templates and raw() markup, joins arrays and drops empty values', () => {
    const items = ['a<b', 'c&d'].map((s) => html`<li>${s}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${raw('<hr>')}${0}`.value).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul><hr>0');
  });

  it('writes JSON for a script element that cannot close it and parses back to the same value', () => {
    const v = { name: '</script><script>alert(1)</script>', d: '<!-- & -->', u: '\u2028\u2029' };
    const out = jsonForScript(v).value;
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(v);
    expect(jsonForScript({ i: 0, geometry: [[106.8, -6.2]] }).value).toBe('{"i":0,"geometry":[[106.8,-6.2]]}');
  });
});

describe('public pages: hostile text stays text', () => {
  it('the special-characters sample record renders with every value escaped', () => {
    const page = recordPage(oarecRecordOf(SPECIAL_CHARS, BASE), { baseUrl: BASE, catalogueName: 'Katalog <Uji>' });
    expect(page).toContain('Sungai &amp; Danau &lt;Kalimantan&gt; &quot;Barat&quot; &#39;2024&#39;');
    expect(page).not.toContain('<Kalimantan>');
    expect(page).not.toContain('<danau>');
    expect(page).not.toContain('<b>HTML</b>');
    expect(jsonLdOf(page).name).toBe(SPECIAL_CHARS.title);
    // the distribution URL with & and quotes stays one attribute value
    expect(page).toContain('href="https://example.go.id/data?a=1&amp;b=&lt;2&gt;&amp;c=&quot;3&quot;"');
  });

  it('a javascript: link from harvested data is shown as text, never as a link', () => {
    const rec = oarecRecordOf(FULL, BASE);
    rec.links = [...(rec.links ?? []), { rel: 'enclosure', href: 'javascript:alert(1)', title: 'jahat' }];
    const page = recordPage(rec, { baseUrl: BASE, catalogueName: 'K' });
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('jahat');
  });

  it('property: random titles, abstracts and keywords never add markup to the record page', () => {
    const baseline = recordPage(oarecRecordOf({ ...FULL, title: 'x', abstract: 'y', keywords: [{ type: 'theme', values: ['z'] }] }, BASE), { baseUrl: BASE, catalogueName: 'K' });
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), fc.string({ unit: 'binary', minLength: 1 }), fc.string({ unit: 'binary', minLength: 1 }), (title, abstract, kw) => {
        const rec = { ...FULL, title, abstract, keywords: [{ type: 'theme', values: [kw] }] };
        const page = recordPage(oarecRecordOf(rec, BASE), { baseUrl: BASE, catalogueName: 'K' });
        // every `<` in the page is one the template wrote: as many as with harmless text
        expect(countOf(page, '<')).toBe(countOf(baseline, '<'));
        expect(countOf(page, '</script')).toBe(countOf(baseline, '</script'));
        const ld = jsonLdOf(page);
        expect(ld.name).toBe(title);
        expect(ld.description).toBe(abstract);
        expect(ld.keywords).toEqual([kw]);
      }),
      { numRuns: 300 },
    );
  });

  it('property: random search text and result titles never add markup to the search page', () => {
    const feature = (title: string) => ({ ...oarecRecordOf({ ...FULL, title }, BASE) });
    const render = (q: string, title: string) =>
      searchPage({ type: 'FeatureCollection', features: [feature(title)], numberMatched: 1, numberReturned: 1 },
        { keywords: [{ value: title, count: 1 }] }, { baseUrl: BASE, query: { q, keywords: title } }, { catalogueName: 'K' });
    const baseline = render('a', 'b');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), fc.string({ unit: 'binary', minLength: 1 }), (q, title) => {
        expect(countOf(render(q, title), '<')).toBe(countOf(baseline, '<'));
      }),
      { numRuns: 200 },
    );
  });
});
