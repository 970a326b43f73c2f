import { readFileSync } from 'node:fs';
import path from 'node:path';
import SaxonJS from 'saxon-js';
import { createRenderer } from '../../libs/render';
import type { DomNode } from '../../libs/render/dublin-core/dom';
import { dublinCoreRecords } from '../../libs/render/dublin-core/records';
import { gmdBrief, gmdSummary } from '../../libs/render/element-sets';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { parseTrustedXml } from '../../libs/xml/trusted-parse';
import { generateRecord } from '../helpers/sample-records';

/**
 * The Dublin Core records are written in TypeScript (libs/render/dublin-core/) instead of by
 * xslt/gmd-to-dc.xsl. The expected texts in test/fixtures/dublin-core/ are what that stylesheet
 * wrote (SaxonJS 2.7) for a document made of the awkward cases: a gmi 1.0 root, values in
 * gmx:Anchor, CDATA and a comment inside a value, two identification sections (one a service),
 * blank hierarchyLevelName, parties without a role or with two, an identification language
 * that is not a LanguageCode, dates without a type, gml 3.2 periods (not read), protocols with
 * spaces, carriage return and U+2028, empty keywords and links, and service topics to tokenize.
 * The 777-record proof over the corpus and generated records is bench/render-identity.ts.
 */
const DIR = path.join(__dirname, '../fixtures/dublin-core');
const read = (name: string): string => readFileSync(path.join(DIR, name), 'utf8');
const SERVICE_TOPICS = '  society   oceans ';

describe('Dublin Core records', () => {
  const xml = read('edge-cases.xml');
  const expected = { full: read('edge-cases.dc-full.xml'), summary: read('edge-cases.dc-summary.xml'), brief: read('edge-cases.dc-brief.xml') };

  it('give the retired stylesheet\'s bytes from a SaxonJS tree', () => {
    const tree = SaxonJS.getPlatform().parseXmlFromString(xml);
    expect(dublinCoreRecords(tree as unknown as DomNode, SERVICE_TOPICS)).toEqual(expected);
  });

  it('give the same bytes from an xmldom Document (the safe parser)', () => {
    expect(dublinCoreRecords(parseXmlSafely(xml) as unknown as DomNode, SERVICE_TOPICS)).toEqual(expected);
  });

  it('give the same bytes from the light DOM (the render\'s parse of a stored document)', () => {
    expect(dublinCoreRecords(parseTrustedXml(xml) as unknown as DomNode, SERVICE_TOPICS)).toEqual(expected);
  });

  it('a stored document parsed by xmldom gives the element sets SaxonJS\'s parse gave (CDATA included)', () => {
    const saxon = SaxonJS.getPlatform().parseXmlFromString(xml);
    const xmldom = parseXmlSafely(xml) as unknown as typeof saxon;
    expect(gmdSummary(xmldom)).toBe(gmdSummary(saxon));
    expect(gmdBrief(xmldom)).toBe(gmdBrief(saxon));
    const light = parseTrustedXml(xml) as unknown as typeof saxon;
    expect(gmdSummary(light)).toBe(gmdSummary(saxon));
    expect(gmdBrief(light)).toBe(gmdBrief(saxon));
    expect(gmdSummary(xmldom)).toContain('<gco:CharacterString>Peta &lt;rupa&gt; bumi &amp; laut</gco:CharacterString>');
  });

  it('refuse a document that is not ISO 19139 or 19115-2', () => {
    const doc = parseXmlSafely('<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"/>');
    expect(() => dublinCoreRecords(doc as unknown as DomNode)).toThrow(/MD_Metadata/);
  });

  it('are the renderer\'s dc forms, on the JSON path and from a stored document', async () => {
    const renderer = await createRenderer();
    const record = generateRecord(7);
    const json = renderer.renderAll(record);
    const stored = renderer.renderAll({ ...record, id: 'dc-doc', isoDocument: { xml: read('edge-cases.xml'), schema: 'iso19115-2' } });
    const fromGmd = dublinCoreRecords(SaxonJS.getPlatform().parseXmlFromString(json.gmd) as unknown as DomNode);
    expect(json['dc-brief']).toBe(fromGmd.brief);
    expect(json['dc-full']).toContain('<dc:identifier>');
    expect(stored['dc-full']).toBe(dublinCoreRecords(parseXmlSafely(xml) as unknown as DomNode).full);
    expect(stored['dc-summary']).toBe(dublinCoreRecords(parseXmlSafely(xml) as unknown as DomNode).summary);
    expect(stored['dc-brief']).toBe(expected.brief);
  }, 120_000);
});
