import SaxonJS, { type SaxonNode } from 'saxon-js';
import { create } from 'xmlbuilder2';
import { GMD_ROOT_NAMESPACES, buildGmdTree, writeGmd } from '../../libs/render/gmd-builder';
import { createTree } from '../../libs/render/gmd-tree';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { SAMPLE_RECORDS, generateRecord } from '../helpers/sample-records';
import { awkwardRecord } from '../helpers/awkward-records';

/**
 * The gmd form is built straight into a SaxonJS tree (gmd-tree.ts) instead of as xmlbuilder2
 * text that SaxonJS then parses. Both halves of that contract, over many records: the text is
 * byte for byte what xmlbuilder2 writes for the same builder calls, and the tree is the one
 * SaxonJS's parser builds from that text, so every form derived from it is unchanged.
 */
const RECORDS: MetadataRecord[] = [
  ...SAMPLE_RECORDS,
  ...Array.from({ length: 150 }, (_, i) => generateRecord(i)),
  ...SAMPLE_RECORDS.map(awkwardRecord),
  ...Array.from({ length: 60 }, (_, i) => awkwardRecord(generateRecord(i), i)),
];

function withXmlbuilder2(record: MetadataRecord): string {
  const attrs = Object.fromEntries(Object.entries(GMD_ROOT_NAMESPACES).map(([p, uri]) => [`xmlns:${p}`, uri]));
  const root = create().ele(GMD_ROOT_NAMESPACES.gmd as string, 'gmd:MD_Metadata', attrs);
  writeGmd(root, record);
  return root.end({ headless: true, prettyPrint: false });
}

/* SaxonJS DOM nodes, read generically */
interface N {
  nodeType: number; nodeName: string; namespaceURI?: string | null; localName?: string; prefix?: string | null;
  data?: string; firstChild: N | null; nextSibling: N | null;
  attributes?: { length: number; item(i: number): { name: string; namespaceURI: string | null; value: string } };
}

/** A canonical description of a tree: every property the transforms can see. */
function outline(node: N, out: string[] = []): string[] {
  if (node.nodeType === 3) out.push(`text ${JSON.stringify(node.data)}`);
  else if (node.nodeType === 1) {
    const attrs: string[] = [];
    for (let i = 0; i < (node.attributes?.length ?? 0); i++) {
      const a = node.attributes!.item(i);
      attrs.push(`${a.name}{${a.namespaceURI ?? ''}}=${JSON.stringify(a.value)}`);
    }
    out.push(`<${node.nodeName} {${node.namespaceURI ?? ''}}${node.localName} prefix=${node.prefix ?? ''} ${attrs.join(' ')}`);
  } else out.push(`node ${node.nodeType}`);
  for (let c = node.firstChild; c; c = c.nextSibling) outline(c, out);
  if (node.nodeType === 1) out.push(`</${node.nodeName}>`);
  return out;
}

it('covers records with awkward text', () => {
  expect(RECORDS.length).toBe(10 + 150 + 10 + 60);
  expect(RECORDS.some((r) => (r.title ?? '').includes('\r'))).toBe(true);
});

it('the text is what xmlbuilder2 writes for the same calls', () => {
  const differing = RECORDS.filter((r) => buildGmdTree(r).text !== withXmlbuilder2(r)).map((r) => r.id);
  expect(differing).toEqual([]);
});

it("the tree is the one SaxonJS's parser builds from the text", () => {
  const differing = RECORDS.filter((r) => {
    const { text, tree } = buildGmdTree(r);
    const parsed = SaxonJS.getPlatform().parseXmlFromString(text);
    return outline(tree as unknown as N).join('\n') !== outline(parsed as unknown as N).join('\n');
  }).map((r) => r.id);
  expect(differing).toEqual([]);
});

it('the comparison sees a difference (it is not vacuous)', () => {
  const { tree } = buildGmdTree(generateRecord(1));
  const other = SaxonJS.getPlatform().parseXmlFromString(buildGmdTree(generateRecord(2)).text);
  expect(outline(tree as unknown as N).join('\n')).not.toBe(outline(other as unknown as N).join('\n'));
});

describe('the tree builder', () => {
  const build = (fn: (t: ReturnType<typeof createTree>) => void): { text: string; tree: SaxonNode } => {
    const t = createTree('a:r', { a: 'urn:a', b: 'urn:b' });
    fn(t);
    return { text: t.markup(), tree: t.document() };
  };
  it('keeps references in text and attributes as xmlbuilder2 does, and gives the parser\'s tree', () => {
    const { text, tree } = build((t) => {
      t.root.ele('b:x', { k: 'a &amp; "b" <c>', 'b:z': undefined }).txt('1 &#13; & &lt; > ').txt('2');
      t.root.ele('a:empty');
      t.root.ele('a:emptyText').txt('');
    });
    expect(text).toBe('<a:r xmlns:a="urn:a" xmlns:b="urn:b"><b:x k="a &amp; &quot;b&quot; &lt;c&gt;">1 &#13; &amp; &lt; &gt; 2</b:x><a:empty/><a:emptyText></a:emptyText></a:r>');
    expect(outline(tree as unknown as N)).toEqual(outline(SaxonJS.getPlatform().parseXmlFromString(text) as unknown as N));
  });
  it('refuses an undeclared prefix and an unknown entity, as the parser would', () => {
    expect(() => build((t) => t.root.ele('c:x'))).toThrow(/c/);
    expect(() => build((t) => t.root.ele('a:x').txt('&nbsp;'))).toThrow(/nbsp/);
  });
});
