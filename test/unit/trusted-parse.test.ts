import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crosswalk, isoSchemaOf } from '../../libs/render/crosswalk';
import { embeddable } from '../../libs/render/document-forms';
import { lightCopy, type LightElement } from '../../libs/xml/light-dom';
import { XmlInputError, parseXmlSafely } from '../../libs/xml/safe-parse';
import { TrustedParseError, parseForRender, parseTrustedXml } from '../../libs/xml/trusted-parse';
import { domDifferences } from '../helpers/dom-compare';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/**
 * The render reads stored documents and crosswalk outputs with the light parser
 * (libs/xml/trusted-parse.ts) instead of xmldom; its readers must see the tree xmldom builds
 * from the same text, or a form's bytes would change (bench/render-identity.ts checks the bytes
 * of every form over 777 records; this checks the trees and the parser's edges).
 */
const sameAsXmldom = (xml: string): string[] =>
  domDifferences(parseTrustedXml(xml).documentElement as never, parseXmlSafely(xml).documentElement as never);

describe('the light parser of trusted XML', () => {
  it('builds xmldom\'s tree for every corpus document and every crosswalk output of it', () => {
    const files = readdirSync(ISO_CORPUS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.xml')).sort();
    let compared = 0;
    const differing: string[] = [];
    for (const f of files) {
      const xml = readFileSync(path.join(ISO_CORPUS_DIR, f), 'utf8');
      const schema = isoSchemaOf(xml);
      const texts = [embeddable(xml)];
      for (const to of ['iso19139', 'iso19115-3-2018', 'iso19115-3-2016'] as const) {
        if (schema && to !== schema) texts.push(crosswalk(xml, schema, to));
      }
      for (const t of texts) {
        compared++;
        const d = sameAsXmldom(t);
        if (d.length) differing.push(`${f}: ${d.slice(0, 2).join('; ')}`);
      }
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(500);
  });

  it.each([
    ['line ends of every kind, in text, attributes, comments and CDATA', '<a b="x\r\ny\rz\u2028"><!--c\r\n-->t\r\nu\u0085v\u2029<![CDATA[w\r\n]]></a>'],
    ['tabs and line feeds in attribute values, and their references', '<a b="1\t2\n3" c="&#9;&#10;&#13;"/>'],
    ['the five entities and character references, astral ones too', '<a b="&lt;&amp;&quot;&apos;&gt;">&lt;&#65;&#x41;&#x1F600;&amp;amp;</a>'],
    ['processing instructions and comments inside, the declaration outside', '<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><a><?pi  some data?><!-- d --></a>'],
    // (a processing instruction without data: xmldom leaves its data undefined, the light DOM ''; no reader reads it)
    ['namespaces redeclared, undeclared and on attributes', '<p:a xmlns:p="urn:p" xmlns="urn:d" p:x="1" y="2" xml:lang="id"><b xmlns=""><p:c xmlns:p="urn:q" p:z="3"/></b></p:a>'],
    ['white space around names and in end tags', '<a\tb = "1"\n/><!-- -->'],
    ['white space between elements kept as text', '<a>\n  <b> </b>\n</a>'],
    ['the xml prefix declared by the document itself', '<a xmlns:xml="http://www.w3.org/XML/1998/namespace" xml:lang="en"><b xml:lang="id"/></a>'],
  ])('%s', (_label, xml) => {
    expect(sameAsXmldom(xml)).toEqual([]);
  });

  it('answers lookupNamespaceURI, getAttribute and hasAttribute as xmldom does', () => {
    const xml = '<p:a xmlns:p="urn:p" xmlns="urn:d" p:x="1" y="2"><b xmlns=""><c xmlns:q="urn:q"/></b></p:a>';
    const light = parseTrustedXml(xml).documentElement!;
    const dom = parseXmlSafely(xml).documentElement!;
    const c = (light.firstChild!.firstChild as LightElement);
    const domC = dom.firstChild!.firstChild as unknown as LightElement;
    for (const prefix of ['p', 'q', '', 'xml', 'none']) expect([prefix, c.lookupNamespaceURI(prefix)]).toEqual([prefix, domC.lookupNamespaceURI(prefix)]);
    for (const name of ['p:x', 'y', 'x', 'xmlns', 'xmlns:p', 'z']) {
      expect([name, light.getAttribute(name), light.hasAttribute(name)]).toEqual([name, dom.getAttribute(name), dom.hasAttribute(name)]);
    }
    expect(light.attributes.item(2)).toBe(light.attributes[2]);
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an entity it does not expand', '<a>&nbsp;</a>'],
    ['a bare ampersand', '<a>fish & chips</a>'],
    ['an undeclared prefix', '<p:a/>'],
    ['a mismatched end tag', '<a><b></a></b>'],
    ['an unclosed element', '<a><b/>'],
    ['two roots', '<a/><b/>'],
    ['text outside the root', 'x<a/>'],
    ["a '<' in an attribute value", '<a b="<"/>'],
  ])('refuses %s (the render then asks the safe parser)', (_label, xml) => {
    expect(() => parseTrustedXml(xml)).toThrow(TrustedParseError);
  });

  it('falls back to the safe parser: its refusal for what is not XML, its tree (copied) for what the light parser does not expect', () => {
    expect(() => parseForRender('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>')).toThrow(XmlInputError);
    expect(() => parseForRender('<a>&nbsp;</a>')).toThrow(XmlInputError);
    expect(() => parseForRender('<a>&#x110000;</a>')).toThrow(XmlInputError);
    // the copy of xmldom's tree is the tree the light parser builds itself
    const xml = readFileSync(path.join(__dirname, '../fixtures/dublin-core/edge-cases.xml'), 'utf8');
    const copied = lightCopy(parseXmlSafely(xml) as never);
    expect(domDifferences(copied.documentElement as never, parseTrustedXml(xml).documentElement as never)).toEqual([]);
    expect(copied.documentElement!.lookupNamespaceURI('gmd')).toBe(parseTrustedXml(xml).documentElement!.lookupNamespaceURI('gmd'));
  });
});
