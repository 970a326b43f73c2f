import { alignLocaleIds, documentLanguages } from '../../libs/import/doc-patch/locale-ids';

/*
 * The locale ids a translations edit writes (locale-ids.ts): PT_Locale/@id is an xs:ID, so a new
 * declaration must not repeat an id of the document, and a language the document already declares
 * is referred to by the document's own id (its other free texts point at that declaration).
 */
const GMD = 'xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco"';
const locale = (id: string, lang: string): string =>
  `<gmd:locale><gmd:PT_Locale id="${id}"><gmd:languageCode><gmd:LanguageCode codeList="x" codeListValue="${lang}">${lang}</gmd:LanguageCode></gmd:languageCode></gmd:PT_Locale></gmd:locale>`;
const render = `<gmd:MD_Metadata ${GMD}>${locale('ID', 'ind')}${locale('EN', 'eng')}<gmd:title><gmd:PT_FreeText>`
  + '<gmd:textGroup><gmd:LocalisedCharacterString locale="#ID">Judul</gmd:LocalisedCharacterString></gmd:textGroup>'
  + '<gmd:textGroup><gmd:LocalisedCharacterString locale="#EN">Title</gmd:LocalisedCharacterString></gmd:textGroup>'
  + '</gmd:PT_FreeText></gmd:title></gmd:MD_Metadata>';

describe('locale ids of a translations edit', () => {
  it('refers to the document\'s own declaration of a language', () => {
    const doc = `<gmd:MD_Metadata ${GMD}>${locale('locale-en', 'en')}</gmd:MD_Metadata>`;
    const out = alignLocaleIds(doc, render);
    expect(out).toContain('locale="#locale-en">Title<');
    expect(out).toContain('<gmd:PT_Locale id="locale-en">');
    expect(out).toContain('locale="#ID">Judul<');
    expect(documentLanguages(doc)).toEqual(new Set(['eng']));
  });

  it('declares a new language under an id no element of the document uses', () => {
    // "ID" is taken by another element (a gml:id) and "EN" by a French locale
    const doc = `<gmd:MD_Metadata ${GMD} xmlns:gml="http://www.opengis.net/gml"><gml:TimePeriod gml:id="ID"/>${locale('EN', 'fre')}</gmd:MD_Metadata>`;
    const out = alignLocaleIds(doc, render);
    expect(out).toContain('<gmd:PT_Locale id="ID-2">');
    expect(out).toContain('locale="#ID-2">Judul<');
    expect(out).toContain('<gmd:PT_Locale id="EN-2">');
    expect(out).toContain('locale="#EN-2">Title<');
  });

  it('leaves the render as it is when the document names neither id nor language', () => {
    expect(alignLocaleIds(`<gmd:MD_Metadata ${GMD}/>`, render)).toBe(render);
  });
});
