import SaxonJS, { type SaxonNode } from 'saxon-js';

/**
 * The builder the gmd form is written with: the same two calls as xmlbuilder2 (`ele`, `txt`),
 * but each call builds the node directly in a SaxonJS document as well as keeping the markup.
 * Building the text with xmlbuilder2 and having SaxonJS parse it again cost two thirds of the
 * non-XSLT time of a render; here the text is written once from the kept markup and the tree
 * SaxonJS transforms is the one built here.
 *
 * Contract (pinned by test/unit/render-gmd-tree.test.ts over many records): `markup()` is byte
 * for byte what xmlbuilder2's `end({ headless: true, prettyPrint: false })` writes for the same
 * calls, and the tree is the one `SaxonJS.getPlatform().parseXmlFromString(markup())` builds
 * (names, namespaces, attributes in order, text after entity decoding). Text passed to `txt`
 * and attribute values may already hold character or entity references (gmd-xml.ts escapes
 * every "&" itself): like xmlbuilder2, an "&" that starts a reference is kept as it is.
 */
export interface XmlNodeBuilder {
  ele(name: string, attributes?: Record<string, string | undefined>): XmlNodeBuilder;
  txt(text: string): XmlNodeBuilder;
}

const XMLNS = 'http://www.w3.org/2000/xmlns/';
const XML = 'http://www.w3.org/XML/1998/namespace';

// xmlbuilder2's escaping (writers/BaseWriter.js): an "&" that does not start a reference, "<", ">" (and '"' in attributes)
const LONE_AMP = /&(?![A-Za-z]+;|#\d+;)/g;
const escText = (s: string): string => s.replace(LONE_AMP, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string): string => escText(s).replace(/"/g, '&quot;');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9A-Fa-f]+|#\d+|[A-Za-z]+);/g;

/** What an XML parser reads from escaped markup: line ends normalised, references replaced (unknown entity: an error, as SaxonJS's parser). */
function decode(markup: string): string {
  const text = markup.indexOf('\r') >= 0 ? markup.replace(/\r\n|\r(?!\n)/g, '\n') : markup;
  if (text.indexOf('&') < 0) return text;
  return text.replace(REFERENCE, (_m, ref: string) => {
    if (ref[0] !== '#') {
      const ch = ENTITIES[ref];
      if (ch === undefined) throw new Error(`XML parse error: reference to unknown entity &${ref};`);
      return ch;
    }
    return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
  });
}

/* A minimal view of SaxonJS's Node.js DOM (the classes its parser builds). */
interface DomDocument {
  createElementNS(ns: string, qname: string): DomElement;
  createAttributeNS(ns: string, qname: string): DomAttr;
  createTextNode(data: string): DomNode;
  appendChild(node: DomNode): DomNode;
}
interface DomNode { nodeType: number }
interface DomAttr extends DomNode { value: string; nodeValue: string }
interface DomElement extends DomNode {
  appendChild(node: DomNode): DomNode;
  setAttributeNode(attr: DomAttr): void;
  lastChild: (DomNode & { appendData?: (s: string) => void }) | null;
}

class TreeElement implements XmlNodeBuilder {
  /** markup of the start tag without its closing ">" */
  private readonly start: string;
  private readonly children: (TreeElement | string)[] = [];

  constructor(
    private readonly doc: DomDocument,
    private readonly namespaces: ReadonlyMap<string, string>,
    private readonly qname: string,
    readonly node: DomElement,
    attributes: Record<string, string | undefined> | undefined,
  ) {
    let start = `<${qname}`;
    if (attributes) {
      for (const name in attributes) {
        const value = attributes[name];
        if (value === undefined) continue; // xmlbuilder2 leaves such attributes out
        const markup = escAttr(value);
        start += ` ${name}="${markup}"`;
        const attr = doc.createAttributeNS(attributeNamespace(name, namespaces), name);
        let parsed = decode(markup);
        if (name === 'id' || name === 'xml:id') parsed = parsed.replace(/\s+/g, ' ').trim(); // as SaxonJS's parser does
        attr.value = attr.nodeValue = parsed;
        node.setAttributeNode(attr);
      }
    }
    this.start = start;
  }

  ele(name: string, attributes?: Record<string, string | undefined>): XmlNodeBuilder {
    const ns = elementNamespace(name, this.namespaces);
    const node = this.doc.createElementNS(ns, name);
    this.node.appendChild(node as DomNode);
    const child = new TreeElement(this.doc, this.namespaces, name, node, attributes);
    this.children.push(child);
    return child;
  }

  txt(text: string): XmlNodeBuilder {
    const markup = escText(text);
    this.children.push(markup);
    const data = decode(markup);
    if (data === '') return this;
    // one text node per run of text, as the parser (which normalises the document) gives
    const last = this.node.lastChild;
    if (last && last.nodeType === 3 && last.appendData) last.appendData(data);
    else this.node.appendChild(this.doc.createTextNode(data));
    return this;
  }

  write(out: string[]): void {
    if (this.children.length === 0) {
      out.push(this.start, '/>');
      return;
    }
    out.push(this.start, '>');
    for (const c of this.children) {
      if (typeof c === 'string') out.push(c);
      else c.write(out);
    }
    out.push('</', this.qname, '>');
  }
}

function prefixOf(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? '' : qname.slice(0, i);
}

function elementNamespace(qname: string, namespaces: ReadonlyMap<string, string>): string {
  const prefix = prefixOf(qname);
  const ns = namespaces.get(prefix);
  if (ns === undefined) {
    if (prefix === '') return '';
    throw new Error(`prefiks namespace "${prefix}" tidak dideklarasikan (${qname})`);
  }
  return ns;
}

function attributeNamespace(qname: string, namespaces: ReadonlyMap<string, string>): string {
  const prefix = prefixOf(qname);
  if (prefix === '') return qname === 'xmlns' ? XMLNS : '';
  if (prefix === 'xmlns') return XMLNS;
  if (prefix === 'xml') return XML;
  const ns = namespaces.get(prefix);
  if (ns === undefined) throw new Error(`prefiks namespace "${prefix}" tidak dideklarasikan (${qname})`);
  return ns;
}

export interface GmdTree {
  root: XmlNodeBuilder;
  /** the document SaxonJS transforms */
  document(): SaxonNode;
  /** the text, as xmlbuilder2 writes it (no XML declaration) */
  markup(): string;
}

/**
 * A new document whose root element declares `namespaces` (prefix → URI); every element and
 * attribute below must use one of those prefixes (the gmd form declares all on its root).
 */
export function createTree(qname: string, namespaces: Record<string, string>): GmdTree {
  const doc = SaxonJS.getPlatform().createDocument() as unknown as DomDocument;
  const map = new Map(Object.entries(namespaces));
  const node = doc.createElementNS(elementNamespace(qname, map), qname);
  doc.appendChild(node);
  const attributes: Record<string, string> = {};
  for (const [prefix, uri] of map) attributes[prefix ? `xmlns:${prefix}` : 'xmlns'] = uri;
  const root = new TreeElement(doc, map, qname, node, attributes);
  return {
    root,
    document: () => doc as unknown as SaxonNode,
    markup: () => {
      const out: string[] = [];
      root.write(out);
      return out.join('');
    },
  };
}
