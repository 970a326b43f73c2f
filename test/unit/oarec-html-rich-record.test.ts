import { recordPage } from '../../libs/oarec/html/record.page';
import type { OarecRecord } from '../../libs/oarec/html/record-feature.types';
import { pickText } from '../../libs/oarec/html/page-language';
import { richLinks, richProperties } from '../../libs/oarec/responses/record-rich';
import type { RichView } from '../../libs/catalogue/rich-view.types';

/**
 * The record page's rich sections and language choice as pure functions: hostile values in
 * the new sections stay text, a link is made only of a web address, a section without content
 * is left out, and the page's language picks the translation.
 */
const BASE = 'https://katalog.contoh.go.id';
const HOSTILE = '"><script>alert(1)</script>';

const empty: RichView = {
  conformity: [], qualityResults: [], resolutions: [], referenceSystems: [], resourceDates: [], identifiers: [],
  constraints: [], associations: [], operatesOn: [], formats: [], locales: [],
};

function recordWith(view: RichView, extra: Record<string, unknown> = {}): OarecRecord {
  return {
    id: 'rec-rich', type: 'Feature', geometry: null,
    properties: { type: 'dataset', title: 'Judul asli', description: 'Abstrak asli', language: { code: 'no' }, ...richProperties(view), ...extra },
    links: richLinks(view, BASE, []),
  };
}

describe('record page: the rich sections', () => {
  it('leaves every rich section out when the document has nothing for it', () => {
    const page = recordPage(recordWith(empty), { baseUrl: BASE, catalogueName: 'Katalog' });
    for (const id of ['h-tujuan', 'h-teknis', 'h-silsilah', 'h-kualitas', 'h-batasan', 'h-terkait']) expect(page).not.toContain(`id="${id}"`);
  });

  it('keeps hostile values as text and links only web addresses', () => {
    const view: RichView = {
      ...empty,
      purpose: { text: HOSTILE },
      lineage: { statement: { text: HOSTILE }, processSteps: 2, sources: 0 },
      conformity: [{ specification: { text: HOSTILE, href: 'javascript:alert(1)' }, pass: false, explanation: HOSTILE }],
      qualityResults: [{ element: 'DQ_Thematic', value: HOSTILE }],
      referenceSystems: [{ code: HOSTILE, codeSpace: HOSTILE }],
      constraints: [{ kind: 'legal', access: ['otherRestrictions'], use: [], other: [{ text: HOSTILE, href: 'javascript:alert(2)' }], useLimitation: [HOSTILE] }],
      operatesOn: [{ uuidref: HOSTILE, title: HOSTILE }],
      associations: [{ type: 'crossReference', title: HOSTILE, href: 'javascript:alert(3)' }],
    };
    const page = recordPage(recordWith(view), { baseUrl: BASE, catalogueName: 'Katalog' });
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('href="javascript:');
    for (const id of ['h-tujuan', 'h-teknis', 'h-silsilah', 'h-kualitas', 'h-batasan', 'h-terkait']) expect(page).toContain(`id="${id}"`);
    expect(page).toContain('<td>Tidak sesuai</td>');
    expect(page).toContain('<dt>Batasan akses</dt><dd>pembatasan lain</dd>');
    expect(page).toContain('<dt>Langkah proses</dt><dd>2</dd>');
    // an operatesOn by uuidref links to this catalogue's record of it
    expect(page).toContain(`href="/collections/metadata/items/${encodeURIComponent(HOSTILE)}"`);
  });

  it('picks the translation in the page\'s language, else the text marked with the record\'s language', () => {
    const view: RichView = { ...empty, title: { text: 'Judul asli', translations: { eng: 'English title' } }, purpose: { text: 'Formål' } };
    const en = recordPage(recordWith(view, { title: 'Judul asli' }), { baseUrl: BASE, catalogueName: 'Katalog', lang: 'en' });
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<h1 id="judul-rekaman">English title</h1>');
    expect(en).toContain('<p class="prose" lang="no">Formål</p>');
    expect(en).toContain('<h2 id="h-tujuan">Purpose</h2>');
    const id = recordPage(recordWith(view, { title: 'Judul asli' }), { baseUrl: BASE, catalogueName: 'Katalog' });
    expect(id).toContain('<h1 id="judul-rekaman" lang="no">Judul asli</h1>');
    expect(id).toContain('hreflang="en" lang="en">English</a>');
  });

  it('pickText: translation first, then the text with its language, nothing when there is neither', () => {
    expect(pickText('a', { en: 'b' }, 'en', 'no')).toEqual({ text: 'b', lang: 'en' });
    expect(pickText('a', { en: 'b' }, 'id', 'no')).toEqual({ text: 'a', lang: 'no' });
    expect(pickText(undefined, undefined, 'id', undefined)).toBeUndefined();
  });
});

describe('GeoJSON: rich properties and links', () => {
  it('puts identifiers in externalIds, the licence anchor of use constraints in rel=license, translations by RFC 5646 tag', () => {
    const view: RichView = {
      ...empty,
      identifiers: [{ code: 'abc', codeSpace: 'http://id.example/' }],
      constraints: [
        { kind: 'legal', access: ['otherRestrictions'], use: [], other: [{ text: 'no limits', href: 'http://inspire.ec.europa.eu/x' }], useLimitation: [] },
        { kind: 'legal', access: [], use: ['otherRestrictions'], other: [{ text: 'CC BY 4.0', href: 'https://creativecommons.org/licenses/by/4.0/' }], useLimitation: [] },
      ],
      title: { text: 't', translations: { eng: 'T', ind: 'J' } },
      operatesOn: [{ uuidref: 'u-1' }],
    };
    const p = richProperties(view);
    expect(p.externalIds).toEqual([{ value: 'abc', scheme: 'http://id.example/' }]);
    expect(p['iso:translations']).toEqual({ title: { en: 'T', id: 'J' } });
    expect(Object.keys(p).some((k) => p[k] === undefined)).toBe(false);
    const links = richLinks(view, BASE, []);
    expect(links.filter((l) => l.rel === 'license').map((l) => l.href)).toEqual(['https://creativecommons.org/licenses/by/4.0/']);
    expect(links).toContainEqual(expect.objectContaining({ rel: 'related', href: `${BASE}/collections/metadata/items/u-1` }));
  });
});
