/**
 * A read-only DOM for XML the catalogue already trusts (trusted-parse.ts): the few properties and
 * methods that the render's readers use (crosswalk/, dublin-core/, element-sets.ts), with the
 * values @xmldom/xmldom gives for the same text, so the readers work on either and write the
 * same bytes. Nodes are plain objects linked by first child / next sibling; nothing here can be
 * changed after the parse, and there is no serializer.
 *
 * Why not xmldom: an xmldom parse was a third of a stored document's render (issue 19, render
 * speed): it checks every name against Unicode grammar expressions, builds a new one for every end
 * tag, and maintains live node lists the readers never use.
 */
export const ELEMENT_NODE = 1;
export const ATTRIBUTE_NODE = 2;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;
export const PROCESSING_INSTRUCTION_NODE = 7;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;

export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

export class LightNode {
  parentNode: LightParent | null = null;
  firstChild: LightNode | null = null;
  lastChild: LightNode | null = null;
  nextSibling: LightNode | null = null;
  previousSibling: LightNode | null = null;
  // as xmldom: only elements and attributes have names in a namespace
  readonly prefix: string | null = null;
  readonly localName: string | null = null;
  readonly namespaceURI: string | null = null;

  constructor(readonly nodeType: number, readonly nodeName: string, readonly nodeValue: string | null) {}

  /** appends `child` (the parser builds the tree in document order) */
  append(child: LightNode): void {
    child.parentNode = this as unknown as LightParent;
    child.previousSibling = this.lastChild;
    if (this.lastChild) this.lastChild.nextSibling = child;
    else this.firstChild = child;
    this.lastChild = child;
  }
}

/** Text, CDATA section, comment or processing instruction: `data` as xmldom gives it. */
export class LightCharacterData extends LightNode {
  constructor(nodeType: number, nodeName: string, readonly data: string, readonly target?: string) {
    super(nodeType, nodeName, data);
  }
}

export class LightAttr {
  readonly nodeType = ATTRIBUTE_NODE;
  constructor(
    readonly name: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    readonly value: string,
  ) {}

  get nodeName(): string { return this.name; }
  get nodeValue(): string { return this.value; }
}

/** An element's attributes in the order written, namespace declarations included (as xmldom lists them). */
export type LightAttributes = LightAttr[] & { item(i: number): LightAttr };

function item(this: LightAttr[], i: number): LightAttr | null {
  return this[i] ?? null;
}

export function attributeList(attrs: LightAttr[]): LightAttributes {
  const list = attrs as LightAttributes;
  list.item = item as LightAttributes['item'];
  return list;
}

const NO_ATTRIBUTES: LightAttributes = attributeList([]);

export class LightElement extends LightNode {
  declare readonly prefix: string | null;
  declare readonly localName: string;
  declare readonly namespaceURI: string | null;
  readonly attributes: LightAttributes;
  /** the namespaces this element declares itself (prefix, '' for the default): what lookupNamespaceURI walks */
  readonly declared: Readonly<Record<string, string>> | null;

  constructor(qname: string, prefix: string | null, localName: string, namespaceURI: string | null,
    attributes: LightAttr[] | null, declared: Record<string, string> | null) {
    super(ELEMENT_NODE, qname, null);
    (this as { prefix: string | null }).prefix = prefix;
    (this as { localName: string }).localName = localName;
    (this as { namespaceURI: string | null }).namespaceURI = namespaceURI;
    this.attributes = attributes ? attributeList(attributes) : NO_ATTRIBUTES;
    this.declared = declared;
  }

  get tagName(): string { return this.nodeName; }

  /** the value of the attribute of this qualified name, or null (xmldom's getAttribute) */
  getAttribute(name: string): string | null {
    for (const a of this.attributes) if (a.name === name) return a.value;
    return null;
  }

  hasAttribute(name: string): boolean {
    for (const a of this.attributes) if (a.name === name) return true;
    return false;
  }

  /**
   * The namespace `prefix` ('' for the default) is bound to here, from the declarations of this
   * element and its ancestors, as xmldom answers it: the implicit `xml` prefix is not looked up.
   */
  lookupNamespaceURI(prefix: string | null): string | null {
    // xmldom looks a null prefix up as the key "null" (its map is a plain object): the same answer here
    const key = prefix ?? 'null';
    for (let n: LightNode | null = this; n && n.nodeType === ELEMENT_NODE; n = n.parentNode) {
      const d = (n as LightElement).declared;
      if (d && Object.prototype.hasOwnProperty.call(d, key)) return d[key] ?? null;
    }
    return null;
  }
}

export class LightDocument extends LightNode {
  documentElement: LightElement | null = null;
  constructor() {
    super(DOCUMENT_NODE, '#document', null);
  }
}

export type LightParent = LightElement | LightDocument;

/* ------------------------------------------------------------------------------------------ */

/** What lightCopy reads of another DOM (xmldom's, when the light parser refused a text). */
interface ForeignNode {
  nodeType: number; nodeName: string; nodeValue: string | null; firstChild: ForeignNode | null; nextSibling: ForeignNode | null;
  prefix?: string | null; localName?: string | null; namespaceURI?: string | null; target?: string;
  attributes?: { length: number; [i: number]: { name: string; prefix: string | null; localName: string | null; namespaceURI: string | null; value: string } };
}

/** The light DOM of another DOM's element tree: the same nodes, names and values. */
export function lightCopy(root: ForeignNode): LightDocument {
  const doc = new LightDocument();
  const copy = (from: ForeignNode, into: LightNode): void => {
    for (let n = from.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === ELEMENT_NODE) {
        const attrs: LightAttr[] = [];
        let declared: Record<string, string> | null = null;
        for (let i = 0; i < (n.attributes?.length ?? 0); i++) {
          const a = n.attributes![i]!;
          attrs.push(new LightAttr(a.name, a.prefix, a.localName ?? a.name, a.namespaceURI, a.value));
          if (a.namespaceURI === XMLNS_NAMESPACE) (declared ??= Object.create(null) as Record<string, string>)[a.prefix ? a.localName! : ''] = a.value;
        }
        const el = new LightElement(n.nodeName, n.prefix ?? null, n.localName ?? n.nodeName, n.namespaceURI ?? null, attrs.length ? attrs : null, declared);
        into.append(el);
        if (into === doc && !doc.documentElement) doc.documentElement = el;
        copy(n, el);
      } else if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_SECTION_NODE || n.nodeType === COMMENT_NODE || n.nodeType === PROCESSING_INSTRUCTION_NODE) {
        into.append(new LightCharacterData(n.nodeType, n.nodeName, n.nodeValue ?? '', n.target));
      }
    }
  };
  copy(root, doc);
  return doc;
}
