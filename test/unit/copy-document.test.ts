import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importMetadataXml } from '../../libs/import';
import { copyIsoDocument } from '../../libs/import/copy-document';
import { leafValues, normaliseLeaf } from '../helpers/leaf-values';

/*
 * A copy's ISO document (issue 20 §5): the source's XML with the copy's metadata identifier and
 * title inside, every other leaf value as the source had it, in both encodings; a document without
 * an identifier gets one in the place its schema puts it.
 */
const corpus = (dir: string, file: string): string => readFileSync(path.join(__dirname, '../data/iso-corpus', dir, file), 'utf8');
const ids = { fileIdentifier: 'salinan-baru-1', title: 'Salinan: Uji' };

/** the document's leaf values with their counts, without those a copy changes */
function kept(xml: string, sourceId: string, sourceTitle: string): [string, number][] {
  const changed = new Set([sourceId, sourceTitle, ids.fileIdentifier, ids.title].map(normaliseLeaf));
  // keys are "<kind>\u0000<value>" (text, codeListValue, href, uom)
  return [...leafValues(xml)].filter(([k]) => !changed.has(k.slice(k.indexOf('\u0000') + 1))).sort(([a], [b]) => a.localeCompare(b));
}

describe('copyIsoDocument', () => {
  it.each([
    ['iso19139', 'ckanext-spatial__04_Dataset_Valid.xml'],
    ['iso19115-3', 'aodn-es-indexer__sample1.xml'],
  ])('rewrites the identifier and title of a %s document and keeps every other value', (dir, file) => {
    const xml = corpus(dir, file);
    const source = importMetadataXml(xml);
    const copy = copyIsoDocument(xml, ids);
    expect(copy).toBeDefined();
    expect(copy!.doc.fileIdentifier).toBe('salinan-baru-1');
    expect(copy!.doc.title).toBe('Salinan: Uji');
    expect(copy!.document.schema).toBe(source.document!.schema);
    expect(copy!.document.xml).not.toContain(`>${source.doc.fileIdentifier!}<`);
    expect(kept(copy!.document.xml, source.doc.fileIdentifier!, source.doc.title!)).toEqual(kept(xml, source.doc.fileIdentifier!, source.doc.title!));
    // the JSON is the same mapping of the same document, but for the two values a copy changes
    const { fileIdentifier: _a, title: _b, ...rest } = copy!.doc;
    const { fileIdentifier: _c, title: _d, ...restSource } = source.doc;
    expect(rest).toEqual(restSource);
  });

  it('gives a document without an identifier one, as the first element', () => {
    const xml = '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">'
      + '<gmd:dateStamp><gco:Date>2024-01-01</gco:Date></gmd:dateStamp><gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation>'
      + '<gmd:title><gco:CharacterString>Tanpa pengenal</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation>'
      + '<gmd:abstract><gco:CharacterString>A</gco:CharacterString></gmd:abstract></gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>';
    const copy = copyIsoDocument(xml, ids)!;
    expect(copy.document.xml).toMatch(/^<gmd:MD_Metadata[^>]*><gmd:fileIdentifier><gco:CharacterString>salinan-baru-1<\/gco:CharacterString><\/gmd:fileIdentifier><gmd:dateStamp>/);
    expect(copy.doc.fileIdentifier).toBe('salinan-baru-1');
  });

  it('answers undefined for what is not an ISO document', () => {
    expect(copyIsoDocument('<a/>', ids)).toBeUndefined();
    expect(copyIsoDocument('not xml', ids)).toBeUndefined();
  });
});
